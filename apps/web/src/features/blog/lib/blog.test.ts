import { describe, expect, it, vi } from "vitest";
import { formatPostDate, isBlogLanguage } from "./languages";
import { LINK_COPIED, sharePost } from "./share";
import { blogVideoId, youtubeEmbedUrl } from "./youtube";

describe("blogVideoId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=oOlDewpCfZQ", "oOlDewpCfZQ"],
    ["https://youtu.be/oOlDewpCfZQ?t=30", "oOlDewpCfZQ"],
    ["https://www.youtube.com/embed/oOlDewpCfZQ", "oOlDewpCfZQ"],
    ["https://www.youtube.com/watch?feature=share&v=oOlDewpCfZQ#t=1", "oOlDewpCfZQ"],
    ["https://m.youtube.com/shorts/oOlDewpCfZQ", "oOlDewpCfZQ"],
  ])("finds the id in %s", (url, id) => {
    expect(blogVideoId(url)).toBe(id);
  });

  it.each([
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=oOlDewpCfZQx",
    "https://example.com/page",
    "",
  ])("gives null for %s", (url) => {
    expect(blogVideoId(url)).toBeNull();
  });

  it("builds the embed url", () => {
    expect(youtubeEmbedUrl("oOlDewpCfZQ")).toBe("https://www.youtube.com/embed/oOlDewpCfZQ");
  });
});

describe("sharePost", () => {
  const data = { title: "T", url: "https://tonic.test/blog/x" };

  it("uses the Web Share API when there is one", async () => {
    const share = vi.fn(async () => {});
    const notify = vi.fn();
    expect(await sharePost(data, { share, notify, writeText: vi.fn() })).toBe("shared");
    expect(share).toHaveBeenCalledWith(data);
    expect(notify).not.toHaveBeenCalled();
  });

  it("copies the link and says so when sharing is unavailable or fails", async () => {
    const writeText = vi.fn(async () => {});
    const notify = vi.fn();
    expect(await sharePost(data, { writeText, notify })).toBe("copied");
    expect(writeText).toHaveBeenCalledWith(data.url);
    expect(notify).toHaveBeenCalledWith(LINK_COPIED);

    const failing = vi.fn(async () => {
      throw new Error("NotAllowedError");
    });
    expect(await sharePost(data, { share: failing, writeText, notify })).toBe("copied");
  });

  it("does nothing more when the user cancels the share sheet", async () => {
    const abort = Object.assign(new Error("cancelled"), { name: "AbortError" });
    const writeText = vi.fn(async () => {});
    const notify = vi.fn();
    const share = vi.fn(async () => {
      throw abort;
    });
    expect(await sharePost(data, { share, writeText, notify })).toBe("cancelled");
    expect(writeText).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it("shows the link when the clipboard is blocked", async () => {
    const notify = vi.fn();
    const writeText = vi.fn(async () => {
      throw new Error("denied");
    });
    expect(await sharePost(data, { writeText, notify })).toBe("failed");
    expect(notify).toHaveBeenCalledWith(`Copy this link: ${data.url}`);
  });
});

describe("languages and dates", () => {
  it("knows the six blog languages", () => {
    expect(["en", "hi", "te", "ta", "ml", "kn"].every(isBlogLanguage)).toBe(true);
    expect(isBlogLanguage("fr")).toBe(false);
  });
  it("shows the stored calendar date in UTC", () => {
    expect(formatPostDate("2026-10-20T00:00:00.000Z")).toBe("20 October 2026");
  });
});
