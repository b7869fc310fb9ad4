import { describe, expect, it } from "vitest";
import { buildTimeline, currentSlot, formatSemitones, transposeChord, transposeKey } from "./timeline";

describe("buildTimeline (PRODUCT §4)", () => {
  it("gives one slot per whole second with the latest chord at or before it", () => {
    const chords = [
      { time: 0, chord: "C" },
      { time: 2.5, chord: "Am" },
      { time: 4, chord: "F" },
    ];
    expect(buildTimeline(chords, 6.9)).toEqual(["C", "C", "C", "Am", "F", "F"]);
  });

  it("applies the +0.01 s tolerance and nothing more", () => {
    expect(
      buildTimeline(
        [
          { time: 0, chord: "C" },
          { time: 1.01, chord: "G" },
        ],
        3,
      ),
    ).toEqual(["C", "G", "G"]);
    expect(
      buildTimeline(
        [
          { time: 0, chord: "C" },
          { time: 1.02, chord: "G" },
        ],
        3,
      ),
    ).toEqual(["C", "C", "G"]);
  });

  it("leaves slots before the first chord empty and accepts unsorted input", () => {
    expect(
      buildTimeline(
        [
          { time: 2, chord: "D" },
          { time: 1, chord: "E" },
        ],
        4,
      ),
    ).toEqual([null, "E", "D", "D"]);
  });

  it("handles empty and short durations", () => {
    expect(buildTimeline([{ time: 0, chord: "C" }], 0)).toEqual([]);
    expect(buildTimeline([{ time: 0, chord: "C" }], 0.4)).toEqual(["C"]);
    expect(buildTimeline([], 2)).toEqual([null, null]);
  });
});

describe("currentSlot", () => {
  it("floors and clamps", () => {
    expect(currentSlot(0, 5)).toBe(0);
    expect(currentSlot(2.99, 5)).toBe(2);
    expect(currentSlot(99, 5)).toBe(4);
    expect(currentSlot(-1, 5)).toBe(0);
  });
});

describe("transpose (PRODUCT §4)", () => {
  it("shifts by semitones and wraps around the 12 names", () => {
    expect(transposeChord("C", 2)).toBe("D");
    expect(transposeChord("Am", 3)).toBe("Cm");
    expect(transposeChord("B", 1)).toBe("C");
    expect(transposeChord("C", -1)).toBe("B");
    expect(transposeChord("G7", 12)).toBe("G7");
    expect(transposeChord("F#m", 1)).toBe("Gm");
    expect(transposeChord("N", 5)).toBe("N");
  });

  it("transposes keys", () => {
    expect(transposeKey("A Minor", 3)).toBe("C Minor");
    expect(transposeKey("E Major", 2)).toBe("F# Major");
    expect(transposeKey("C Major", 0)).toBe("C Major");
  });

  it("formats the offset", () => {
    expect(formatSemitones(2)).toBe("+2");
    expect(formatSemitones(-3)).toBe("-3");
    expect(formatSemitones(0)).toBe("0");
  });
});
