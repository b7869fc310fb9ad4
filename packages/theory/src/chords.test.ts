import { describe, expect, it } from "vitest";
import { chordNotes, isChordSymbol } from "./chords.js";
import { PITCH_CLASSES } from "./constants.js";
import { diatonicChords } from "./scales.js";

describe("chordNotes", () => {
  it("spells sevenths, suspended and slash chords with sharps", () => {
    expect(chordNotes("G7")).toEqual(["G", "B", "D", "F"]);
    expect(chordNotes("Cmaj7")).toEqual(["C", "E", "G", "B"]);
    expect(chordNotes("Bm7b5")).toEqual(["B", "D", "F", "A"]);
    expect(chordNotes("Bdim7")).toEqual(["B", "D", "F", "G#"]);
    expect(chordNotes("Dsus4")).toEqual(["D", "G", "A"]);
    expect(chordNotes("C/E")).toEqual(["E", "G", "C"]);
    expect(chordNotes("Bb")).toEqual(["A#", "D", "F"]);
  });

  it("agrees with the diatonic triads for every key", () => {
    for (const root of PITCH_CLASSES) {
      for (const type of ["major", "minor"] as const) {
        for (const chord of diatonicChords(root, type)) {
          expect(chordNotes(chord.symbol), chord.symbol).toEqual([...chord.notes]);
        }
      }
    }
  });

  it("rejects strings that are not chords", () => {
    expect(() => chordNotes("H7")).toThrow(RangeError);
    expect(() => chordNotes("")).toThrow(RangeError);
    expect(isChordSymbol("Cxyz")).toBe(false);
    expect(isChordSymbol("F#m")).toBe(true);
  });
});
