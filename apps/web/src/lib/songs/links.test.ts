import { describe, expect, it } from "vitest";
import { classifySearchInput, isVideoId, watchLink } from "./links";

describe("classifySearchInput (web)", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=4", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=x", "dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://music.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
  ])("%s is a link to %s", (input, id) => {
    expect(classifySearchInput(input)).toEqual({ kind: "link", videoId: id });
  });

  it.each([
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=abc",
    "https://youtu.be/",
  ])("%s is an invalid link", (input) => {
    expect(classifySearchInput(input)).toEqual({ kind: "invalid-link", message: "Invalid YouTube URL" });
  });

  it("keeps text as a query", () => {
    expect(classifySearchInput("  tum hi ho  ")).toEqual({ kind: "text", query: "tum hi ho" });
    expect(classifySearchInput("AC/DC")).toEqual({ kind: "text", query: "AC/DC" });
  });

  it("knows video ids and watch links", () => {
    expect(isVideoId("dQw4w9WgXcQ")).toBe(true);
    expect(isVideoId("demo-c-major-pop")).toBe(true);
    expect(isVideoId("<script>")).toBe(false);
    expect(watchLink("dQw4w9WgXcQ")).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(watchLink("demo-c-major-pop")).toBe("demo-c-major-pop");
  });
});
