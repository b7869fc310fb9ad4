import { describe, expect, it } from "vitest";
import {
  ChordLabelError,
  chordToHarte,
  harteToDisplay,
  keyName,
  noteToPitchClass,
  parseDisplayChord,
  parseKey,
  slashChordName,
} from "./index.js";

describe("chord labels", () => {
  it.each([
    ["C", "C:maj"],
    ["Am", "A:min"],
    ["G7", "G:7"],
    ["Cmaj7", "C:maj7"],
    ["Am7", "A:min7"],
    ["Bdim", "B:dim"],
    ["Bm7b5", "B:hdim7"],
    ["Dsus4", "D:sus4"],
    ["F#m", "F#:min"],
    ["N", "N"],
  ])("chordToHarte(%s) = %s and back", (display, harte) => {
    expect(chordToHarte(display)).toBe(harte);
    expect(harteToDisplay(harte)).toBe(display);
  });

  it("normalises flats to sharps and drops inversions and added tones", () => {
    expect(harteToDisplay("Bb:min7")).toBe("A#m7");
    expect(harteToDisplay("Eb")).toBe("D#");
    expect(harteToDisplay("C:maj/3")).toBe("C");
    expect(harteToDisplay("D:maj(9)")).toBe("D");
    expect(harteToDisplay("X")).toBe("N");
    expect(chordToHarte("Bbm")).toBe("A#:min");
  });

  it("writes slash chords as Harte inversions", () => {
    expect(chordToHarte("C/E")).toBe("C:maj/3");
    expect(chordToHarte("Am/C")).toBe("A:min/b3");
    expect(chordToHarte("G7/F")).toBe("G:7/b7");
    expect(chordToHarte("D/D")).toBe("D:maj");
    expect(parseDisplayChord("C/E")?.bass).toBe(4);
    expect(slashChordName(0, "maj", 7)).toBe("C/G");
    expect(slashChordName(9, "min", null)).toBe("Am");
  });

  it("rejects unknown labels with ChordLabelError", () => {
    expect(() => chordToHarte("Hm")).toThrow(ChordLabelError);
    expect(() => chordToHarte("Cxyz")).toThrow(ChordLabelError);
    expect(() => harteToDisplay("C:weird")).toThrow(ChordLabelError);
  });

  it("parses notes, chords and keys", () => {
    expect(noteToPitchClass("Db")).toBe(1);
    expect(noteToPitchClass("B#")).toBe(0);
    expect(parseDisplayChord("N")).toBeNull();
    expect(parseDisplayChord("G7")?.quality.intervals).toEqual([0, 4, 7, 10]);
    expect(parseKey("Bb minor")).toEqual({ tonic: 10, mode: "minor" });
    expect(keyName(10, "minor")).toBe("A# Minor");
  });
});
