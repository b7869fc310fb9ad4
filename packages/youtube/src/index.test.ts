import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  classifySearchInput,
  isoDurationSeconds,
  keepSearchResult,
  leadingMinutes,
  parseYouTubeUrl,
} from "./index.js";

describe("parseYouTubeUrl (PRODUCT §5 link parsing)", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42s", "dQw4w9WgXcQ"],
    ["http://m.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RDAMVM", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc&t=10", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/a_b-c1D2e3F", "a_b-c1D2e3F"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["  https://YOUTU.BE/dQw4w9WgXcQ  ", "dQw4w9WgXcQ"],
  ])("%s → %s", (input, id) => {
    expect(parseYouTubeUrl(input)).toBe(id);
  });

  it.each([
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQX",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/channel/UC1234567890",
    "https://evil.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ",
    "ftp://youtu.be/dQw4w9WgXcQ",
    "https://youtu.be/",
    "https://www.youtube.com/watch?v=dQw4w9WgX%20Q",
  ])("%s has no video id", (input) => {
    expect(parseYouTubeUrl(input)).toBeNull();
  });
});

describe("classifySearchInput", () => {
  it("treats anything that parses as a URL as a link, else text", () => {
    expect(classifySearchInput("coldplay yellow")).toEqual({ kind: "text", query: "coldplay yellow" });
    expect(classifySearchInput("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      kind: "link",
      videoId: "dQw4w9WgXcQ",
    });
    expect(classifySearchInput("https://vimeo.com/123")).toEqual({
      kind: "invalid-link",
      message: "Invalid YouTube URL",
    });
    expect(classifySearchInput("mailto:a@b.c")).toEqual({
      kind: "invalid-link",
      message: "Invalid YouTube URL",
    });
    expect(classifySearchInput("AC/DC: back in black")).toMatchObject({ kind: "text" });
  });

  it("never throws and a link always carries an 11-character id", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = classifySearchInput(s);
        if (r.kind === "link") expect(r.videoId).toMatch(/^[A-Za-z0-9_-]{11}$/);
        if (r.kind === "text") expect(r.query).toBe(s.trim());
      }),
    );
  });

  it("finds any valid id in the long and short forms", () => {
    const idChar = fc.constantFrom(..."ABCxyz019_-".split(""));
    fc.assert(
      fc.property(fc.array(idChar, { minLength: 11, maxLength: 11 }), (chars) => {
        const id = chars.join("");
        expect(parseYouTubeUrl(`https://www.youtube.com/watch?v=${id}`)).toBe(id);
        expect(parseYouTubeUrl(`https://youtu.be/${id}`)).toBe(id);
      }),
    );
  });
});

describe("duration filtering (PRODUCT §5: leading minutes, over 0 and at most 10)", () => {
  it.each([
    ["PT4M13S", 4, true],
    ["PT10M59S", 10, true],
    ["PT11M", 11, false],
    ["PT0M59S", 0, false],
    ["PT45S", null, false],
    ["PT1H2M3S", null, false],
    ["P1DT2M", null, false],
    ["PT1M", 1, true],
    ["", null, false],
    ["garbage", null, false],
  ] as const)("%s → minutes %s, kept %s", (iso, minutes, kept) => {
    expect(leadingMinutes(iso)).toBe(minutes);
    expect(keepSearchResult(iso)).toBe(kept);
  });

  it("reads exact seconds for the length check", () => {
    expect(isoDurationSeconds("PT4M13S")).toBe(253);
    expect(isoDurationSeconds("PT1H")).toBe(3600);
    expect(isoDurationSeconds("P1DT1S")).toBe(86401);
    expect(isoDurationSeconds("PT")).toBeNull();
    expect(isoDurationSeconds("4:13")).toBeNull();
  });
});

describe("classifySearchInput: search-box entries as typed in the web app", () => {
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
});
