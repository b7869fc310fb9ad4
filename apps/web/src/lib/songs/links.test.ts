import { describe, expect, it } from "vitest";
import { isVideoId, watchLink } from "./links";

describe("app video ids (web)", () => {
  it("knows video ids and watch links", () => {
    expect(isVideoId("dQw4w9WgXcQ")).toBe(true);
    expect(isVideoId("demo-c-major-pop")).toBe(true);
    expect(isVideoId("<script>")).toBe(false);
    expect(watchLink("dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(watchLink("demo-c-major-pop")).toBe("demo-c-major-pop");
  });
});
