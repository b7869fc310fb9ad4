import { Note } from "tonal";
import { describe, expect, it } from "vitest";
import { DEFAULT_OCTAVE_RANGE, FRET_COUNT, GUITAR_STRINGS } from "./constants.js";
import {
  canShiftOctave,
  fretboardPositions,
  isValidOctaveRange,
  pianoKeys,
  shiftOctaveRange,
  voiceAscending,
} from "./instruments.js";

describe("pianoKeys", () => {
  it("default range 4–5 is C4 … B5", () => {
    const keys = pianoKeys(DEFAULT_OCTAVE_RANGE);
    expect(keys).toHaveLength(24);
    expect(keys[0]).toEqual({ note: "C", fullNote: "C4", octave: 4, midi: 60, isBlack: false });
    expect(keys[1]).toMatchObject({ note: "C#", fullNote: "C#4", isBlack: true });
    expect(keys.at(-1)).toMatchObject({ note: "B", fullNote: "B5", octave: 5, midi: 83 });
    expect(keys.filter((k) => k.isBlack)).toHaveLength(10);
  });

  it("covers the bounds 0 and 8", () => {
    expect(pianoKeys({ start: 0, end: 0 })[0]!.midi).toBe(12);
    expect(pianoKeys({ start: 8, end: 8 }).at(-1)!.midi).toBe(119);
  });

  it("rejects invalid ranges", () => {
    expect(() => pianoKeys({ start: -1, end: 0 })).toThrow(RangeError);
    expect(() => pianoKeys({ start: 8, end: 9 })).toThrow(RangeError);
    expect(() => pianoKeys({ start: 5, end: 4 })).toThrow(RangeError);
    expect(isValidOctaveRange({ start: 4.5, end: 5 })).toBe(false);
  });
});

describe("octave shifting (PRODUCT §4)", () => {
  it("shifts both ends and stops at 0 and 8", () => {
    expect(shiftOctaveRange({ start: 4, end: 5 }, -1)).toEqual({ start: 3, end: 4 });
    expect(shiftOctaveRange({ start: 4, end: 5 }, 1)).toEqual({ start: 5, end: 6 });
    expect(shiftOctaveRange({ start: 0, end: 1 }, -1)).toEqual({ start: 0, end: 1 });
    expect(shiftOctaveRange({ start: 7, end: 8 }, 1)).toEqual({ start: 7, end: 8 });
    expect(canShiftOctave({ start: 0, end: 1 }, -1)).toBe(false);
    expect(canShiftOctave({ start: 1, end: 2 }, -1)).toBe(true);
    expect(canShiftOctave({ start: 7, end: 8 }, 1)).toBe(false);
    expect(canShiftOctave({ start: 6, end: 7 }, 1)).toBe(true);
  });

  it("reaches each bound after 4 presses from the default", () => {
    let range = DEFAULT_OCTAVE_RANGE;
    for (let i = 0; i < 10; i++) range = shiftOctaveRange(range, -1);
    expect(range).toEqual({ start: 0, end: 1 });
    for (let i = 0; i < 10; i++) range = shiftOctaveRange(range, 1);
    expect(range).toEqual({ start: 7, end: 8 });
  });
});

describe("fretboardPositions", () => {
  it("6 strings E4 B3 G3 D3 A2 E2 × frets 0–11", () => {
    const board = fretboardPositions();
    expect(board).toHaveLength(6);
    expect(board.map((row) => row[0]!.fullNote)).toEqual([...GUITAR_STRINGS]);
    for (const row of board) expect(row.map((p) => p.fret)).toEqual([...Array(FRET_COUNT).keys()]);
  });

  it("each position sounds the open string plus the fret, checked with tonal", () => {
    for (const row of fretboardPositions()) {
      for (const pos of row) {
        expect(pos.midi).toBe((Note.midi(pos.openNote) ?? Number.NaN) + pos.fret);
        expect(Note.midi(pos.fullNote)).toBe(pos.midi);
        expect(pos.fullNote).toBe(`${pos.note}${pos.octave}`);
      }
    }
  });

  it("spot checks", () => {
    const board = fretboardPositions();
    expect(board[0]![1]!.fullNote).toBe("F4");
    expect(board[1]![1]!.fullNote).toBe("C4");
    expect(board[5]![11]!.fullNote).toBe("D#3");
    expect(board[4]![3]!.fullNote).toBe("C3");
  });
});

describe("voiceAscending", () => {
  it("wraps into the next octave so the notes ascend", () => {
    expect(voiceAscending(["C", "E", "G"], 4)).toEqual(["C4", "E4", "G4"]);
    expect(voiceAscending(["A", "C", "E"], 4)).toEqual(["A4", "C5", "E5"]);
    expect(voiceAscending(["B", "D", "F"], 3)).toEqual(["B3", "D4", "F4"]);
    expect(voiceAscending(["C", "C"], 4)).toEqual(["C4", "C5"]);
    expect(() => voiceAscending(["G", "C"], 9)).toThrow(RangeError);
  });
});
