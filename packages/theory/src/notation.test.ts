import { Key, Note } from "tonal";
import { describe, expect, it } from "vitest";
import { PITCH_CLASSES, SCALE_TYPES } from "./constants.js";
import {
  pitchClassOfSpelled,
  spelledAscending,
  spelledChord,
  spelledScale,
  spellKey,
  toAbc,
} from "./notation.js";
import { scaleNotes } from "./scales.js";

describe("spellKey", () => {
  it("picks the spelling with fewer accidentals, at most 6 (7 never)", () => {
    for (const root of PITCH_CLASSES) {
      for (const type of SCALE_TYPES) {
        const k = spellKey(root, type);
        expect(Math.abs(k.alteration)).toBeLessThanOrEqual(6);
        expect(Note.chroma(k.tonic)).toBe(PITCH_CLASSES.indexOf(root));
      }
    }
    expect(spellKey("A#", "major")).toMatchObject({ tonic: "Bb", alteration: -2, abcKey: "Bb" });
    expect(spellKey("C#", "major")).toMatchObject({ tonic: "Db", alteration: -5 });
    expect(spellKey("G#", "minor")).toMatchObject({ tonic: "G#", alteration: 5, abcKey: "G#m" });
    expect(spellKey("F#", "major")).toMatchObject({ tonic: "F#", alteration: 6 });
    expect(spellKey("D", "minor")).toMatchObject({ tonic: "D", alteration: -1, abcKey: "Dm" });
  });
});

describe("spelledScale", () => {
  it("uses each letter once and sounds the same pitch classes as scaleNotes", () => {
    for (const root of PITCH_CLASSES) {
      for (const type of SCALE_TYPES) {
        const notes = spelledScale(root, type);
        expect(new Set(notes.map((n) => n[0])).size).toBe(7);
        expect(notes.map(pitchClassOfSpelled)).toEqual(scaleNotes(root, type));
      }
    }
  });
  it("spells F major with B♭ and E major with four sharps", () => {
    expect(spelledScale("F", "major")).toEqual(["F", "G", "A", "Bb", "C", "D", "E"]);
    expect(spelledScale("E", "major")).toEqual(Key.majorKey("E").scale);
  });
});

describe("spelledChord", () => {
  it("spells from the root and respells a sharp root in a flat key", () => {
    expect(spelledChord("G7")).toEqual(["G", "B", "D", "F"]);
    expect(spelledChord("A#m", spellKey("F", "major"))).toEqual(["Bb", "Db", "F"]);
    expect(spelledChord("C/E")).toEqual(["E", "G", "C"]);
    expect(() => spelledChord("H7")).toThrow(RangeError);
  });
});

describe("spelledAscending", () => {
  it("stacks each note above the last", () => {
    expect(spelledAscending(["Bb", "D", "F", "Bb"], 3)).toEqual(["Bb3", "D4", "F4", "Bb4"]);
    expect(spelledAscending(["A", "C", "E"], 4)).toEqual(["A4", "C5", "E5"]);
  });
});

describe("toAbc", () => {
  it("writes the key signature and no accidentals the signature already gives", () => {
    const abc = toAbc({
      key: spellKey("F", "major"),
      clef: "treble",
      events: spelledAscending([...spelledScale("F", "major"), "F"], 4).map((n) => [n]),
    });
    expect(abc).toContain("K:F clef=treble");
    expect(abc.split("\n").at(-1)).toBe("F G A B c d e f |]");
  });
  it("writes accidentals against the key and cancels them within the bar", () => {
    const abc = toAbc({
      key: spellKey("C", "major"),
      clef: "treble",
      events: [["C4"], ["F#4"], ["F4"], ["Bb3"]],
    });
    expect(abc.split("\n").at(-1)).toBe("C ^F =F _B, |]");
  });
  it("puts octaves in ABC case and marks (C4 = C, C5 = c, C6 = c', C3 = C,)", () => {
    const abc = toAbc({
      key: spellKey("C", "major"),
      clef: "bass",
      events: [["C3"], ["C4"], ["C5"], ["C6"]],
      beats: 2,
    });
    expect(abc).toContain("K:C clef=bass");
    expect(abc.split("\n").at(-1)).toBe("C,2 C2 c2 c'2 |]");
  });
  it("splits a grand staff at middle C into treble and bass voices", () => {
    const abc = toAbc({
      key: spellKey("C", "major"),
      clef: "grand",
      events: [
        ["C3", "E4", "G4"],
        ["G2", "D4"],
      ],
    });
    expect(abc).toContain("%%score {RH LH}");
    expect(abc).toContain("[EG] D |]");
    expect(abc).toContain("C, G,, |]");
  });
  it("writes a chord as one bracketed event", () => {
    const abc = toAbc({
      key: spellKey("A#", "major"),
      clef: "treble",
      events: [spelledAscending(spelledChord("Bb"), 4)],
    });
    expect(abc).toContain("K:Bb");
    expect(abc.split("\n").at(-1)).toBe("[Bdf] |]");
  });
});
