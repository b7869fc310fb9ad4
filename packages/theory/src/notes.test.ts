import { Midi, Note } from "tonal";
import { describe, expect, it } from "vitest";
import { isPitchClass } from "./constants.js";
import { noteValueToSeconds } from "./durations.js";
import {
  asMidiNote,
  hzToMidi,
  midiToHz,
  midiToNoteName,
  noteName,
  noteToMidi,
  parseNoteName,
  pitchClassFromChroma,
  toPitchClass,
  transposeChordName,
  transposePitchClass,
} from "./notes.js";

describe("toPitchClass (enharmonic fixes, PRODUCT §9)", () => {
  it.each([
    ["E#", "F"],
    ["B#", "C"],
    ["F##", "G"],
    ["C##", "D"],
    ["Bb", "A#"],
    ["Db4", "C#"],
    ["Cb", "B"],
    ["Fb", "E"],
    ["G#", "G#"],
    ["A", "A"],
  ])("%s → %s", (input, expected) => {
    expect(toPitchClass(input)).toBe(expected);
  });

  it("rejects garbage", () => {
    expect(() => toPitchClass("H")).toThrow(RangeError);
    expect(() => toPitchClass("")).toThrow(RangeError);
  });
});

describe("pitch-class helpers", () => {
  it("isPitchClass accepts only the 12 sharp names", () => {
    expect(isPitchClass("C#")).toBe(true);
    expect(isPitchClass("Db")).toBe(false);
    expect(isPitchClass("C4")).toBe(false);
  });

  it("pitchClassFromChroma wraps", () => {
    expect(pitchClassFromChroma(13)).toBe("C#");
    expect(pitchClassFromChroma(-1)).toBe("B");
    expect(() => pitchClassFromChroma(1.5)).toThrow(RangeError);
  });

  it("transposePitchClass wraps both ways", () => {
    expect(transposePitchClass("A#", 2)).toBe("C");
    expect(transposePitchClass("C", -1)).toBe("B");
    expect(transposePitchClass("E", 25)).toBe("F");
    expect(() => transposePitchClass("C", 0.5)).toThrow(RangeError);
  });
});

describe("transposeChordName (PRODUCT §4)", () => {
  it.each([
    ["C", 1, "C#"],
    ["Am", 2, "Bm"],
    ["B", 1, "C"],
    ["C#m", -2, "Bm"],
    ["Bbm", 1, "Bm"],
    ["G7", 5, "C7"],
    ["F/A", 2, "G/B"],
    ["Cdim", 12, "Cdim"],
    ["Eb", 0, "D#"],
    ["N", 3, "N"],
  ] as const)("%s by %d → %s", (chord, semitones, expected) => {
    expect(transposeChordName(chord, semitones)).toBe(expected);
  });

  it("rejects fractional steps", () => {
    expect(() => transposeChordName("C", 0.5)).toThrow(RangeError);
  });
});

describe("MIDI and frequency (A4 = 440 Hz, MIDI 0–127)", () => {
  it("A4 is 69 and 440 Hz", () => {
    expect(noteToMidi("A4")).toBe(69);
    expect(midiToHz(asMidiNote(69))).toBe(440);
    expect(hzToMidi(440)).toBe(69);
  });

  it("agrees with tonal for every MIDI note", () => {
    for (let m = 0; m <= 127; m++) {
      const midi = asMidiNote(m);
      expect(midiToHz(midi)).toBeCloseTo(Midi.midiToFreq(m), 9);
      expect(hzToMidi(midiToHz(midi))).toBe(m);
      expect(Note.midi(midiToNoteName(midi))).toBe(m);
    }
  });

  it("middle C and spellings", () => {
    expect(midiToHz(asMidiNote(60))).toBeCloseTo(261.6256, 3);
    expect(midiToNoteName(asMidiNote(61))).toBe("C#4");
    expect(noteToMidi("B#3")).toBe(60);
    expect(parseNoteName("B#3")).toEqual({ pitchClass: "C", octave: 4, midi: 60 });
    expect(parseNoteName("Bb2")).toEqual({ pitchClass: "A#", octave: 2, midi: 46 });
  });

  it("rejects out-of-range input", () => {
    expect(() => asMidiNote(128)).toThrow(RangeError);
    expect(() => asMidiNote(-1)).toThrow(RangeError);
    expect(() => asMidiNote(60.5)).toThrow(RangeError);
    expect(() => hzToMidi(0)).toThrow(RangeError);
    expect(() => hzToMidi(Number.NaN)).toThrow(RangeError);
    expect(() => hzToMidi(30_000)).toThrow(RangeError);
    expect(() => noteToMidi("C")).toThrow(RangeError);
    expect(() => noteName("A", 10)).toThrow(RangeError);
    expect(noteName("G", 9)).toBe("G9");
  });
});

describe("noteValueToSeconds", () => {
  it("eighth and half notes at 120 BPM", () => {
    expect(noteValueToSeconds("8n")).toBe(0.25);
    expect(noteValueToSeconds("2n")).toBe(1);
    expect(noteValueToSeconds("4n", 60)).toBe(1);
    expect(() => noteValueToSeconds("3n")).toThrow(RangeError);
    expect(() => noteValueToSeconds("8n", 0)).toThrow(RangeError);
  });
});
