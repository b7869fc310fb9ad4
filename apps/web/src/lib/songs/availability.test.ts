import { describe, expect, it } from "vitest";
import { songInputHints } from "./availability";

describe("songInputHints", () => {
  it("keeps the search wording while search works or the capabilities are loading", () => {
    const caps = { search: true, linkAnalysis: true };
    expect(songInputHints(caps, true, "home")).toEqual({
      placeholder: "Search or paste YouTube URL...",
      searchUnavailable: null,
    });
    expect(songInputHints(undefined, true, "search").placeholder).toBe(
      "Search songs or paste YouTube URL...",
    );
  });

  it("points to links and files without search keys", () => {
    const hints = songInputHints({ search: false, linkAnalysis: true }, true, "search");
    expect(hints.placeholder).toBe("Paste a YouTube link or analyse your own file");
    expect(hints.searchUnavailable).toBe(
      "Searching songs by name isn't available here. Paste a YouTube link, or analyse your own audio file below.",
    );
  });

  it("points to files alone when links cannot be analysed either", () => {
    const hints = songInputHints({ search: false, linkAnalysis: false }, true, "home");
    expect(hints.placeholder).toBe("Analyse your own audio file");
    expect(hints.searchUnavailable).toContain("You can analyse your own audio file.");
  });

  it("says offline before anything else, whatever the server offers", () => {
    const hints = songInputHints({ search: true, linkAnalysis: true }, false, "home");
    expect(hints.placeholder).toBe("You're offline: analyse your own file");
    expect(hints.searchUnavailable).toMatch(/^You're offline.*analyse your own audio file: it never leaves/);
  });
});
