import { Key, Note, Chord as TonalChord, Scale as TonalScale } from "tonal";
import { describe, expect, it } from "vitest";
import { isScaleType, PITCH_CLASSES, PROGRESSIONS, SCALE_TYPES } from "./constants.js";
import {
  arpeggios,
  chordFormula,
  diatonicChords,
  getScale,
  pianoScaleNotes,
  progressions,
  relativeScale,
  scaleDegree,
  scaleNotes,
  triadAt,
} from "./scales.js";
import type { ChordQuality, PitchClass, ScaleType } from "./types.js";

/** tonal's spelling (E#, Bb, F##…) reduced to a pitch-class number, independent of our code. */
const chroma = (name: string): number => Note.chroma(name) ?? Number.NaN;
const cases = PITCH_CLASSES.flatMap((root) => SCALE_TYPES.map((type) => [root, type] as const));

const tonalTriads = (root: PitchClass, type: ScaleType): readonly string[] =>
  type === "major" ? Key.majorKey(root).triads : Key.minorKey(root).natural.triads;

const qualityOfTonalSymbol = (symbol: string): ChordQuality => {
  const type = TonalChord.get(symbol).type;
  if (type === "major" || type === "minor" || type === "diminished") return type;
  throw new Error(`Unexpected tonal chord type ${type} for ${symbol}`);
};

describe("scaleNotes against tonal, every root × type", () => {
  it.each(cases)("%s %s", (root, type) => {
    const ours = scaleNotes(root, type);
    const theirs = TonalScale.get(`${root} ${type}`).notes;
    expect(theirs).toHaveLength(7);
    expect(ours.map(chroma)).toEqual(theirs.map(chroma));
    for (const note of ours) expect(PITCH_CLASSES).toContain(note);
  });
});

describe("diatonicChords against tonal Key triads, every root × type", () => {
  it.each(cases)("%s %s", (root, type) => {
    const chords = diatonicChords(root, type);
    const triads = tonalTriads(root, type);
    expect(chords).toHaveLength(7);
    chords.forEach((chord, degree) => {
      const symbol = triads[degree]!;
      const tonal = TonalChord.get(symbol);
      expect(chroma(chord.root)).toBe(chroma(tonal.tonic ?? ""));
      expect(chord.type).toBe(qualityOfTonalSymbol(symbol));
      expect(chord.notes.map(chroma)).toEqual(tonal.notes.map(chroma));
    });
  });
});

describe("getScale", () => {
  it("spells with sharps only and applies the enharmonic fixes", () => {
    expect(scaleNotes("C#", "major")).toEqual(["C#", "D#", "F", "F#", "G#", "A#", "C"]);
    expect(scaleNotes("G#", "major")).toEqual(["G#", "A#", "C", "C#", "D#", "F", "G"]);
    expect(scaleNotes("F", "major")).toEqual(["F", "G", "A", "A#", "C", "D", "E"]);
    expect(scaleNotes("A", "minor")).toEqual(["A", "B", "C", "D", "E", "F", "G"]);
    expect(scaleNotes("D#", "minor")).toEqual(["D#", "F", "F#", "G#", "A#", "B", "C#"]);
  });

  it("has name, formula and steps from PRODUCT §9", () => {
    const cMajor = getScale("C", "major");
    expect(cMajor.name).toBe("C Major");
    expect(cMajor.formula).toBe("W-W-H-W-W-W-H");
    expect(cMajor.steps).toEqual([2, 2, 1, 2, 2, 2, 1]);
    const fsMinor = getScale("F#", "minor");
    expect(fsMinor.name).toBe("F# Minor");
    expect(fsMinor.formula).toBe("W-H-W-W-H-W-W");
    expect(fsMinor.steps).toEqual([2, 1, 2, 2, 1, 2, 2]);
  });

  it("gives C major chords I ii iii IV V vi vii°", () => {
    const chords = diatonicChords("C", "major");
    expect(chords.map((c) => c.symbol)).toEqual(["C", "Dm", "Em", "F", "G", "Am", "Bdim"]);
    expect(chords.map((c) => c.numeral)).toEqual(["I", "ii", "iii", "IV", "V", "vi", "vii°"]);
    expect(chords[1]!.name).toBe("D Minor");
    expect(chords[6]!.notes).toEqual(["B", "D", "F"]);
  });

  it("gives A minor chords i ii° III iv v VI VII", () => {
    const chords = diatonicChords("A", "minor");
    expect(chords.map((c) => c.symbol)).toEqual(["Am", "Bdim", "C", "Dm", "Em", "F", "G"]);
    expect(chords.map((c) => c.numeral)).toEqual(["i", "ii°", "III", "iv", "v", "VI", "VII"]);
  });

  it("formats the chord formula", () => {
    expect(chordFormula("major")).toBe("I - ii - iii - IV - V - vi - vii°");
    expect(chordFormula("minor")).toBe("i - ii° - III - iv - v - VI - VII");
  });
});

describe("pianoScaleNotes and triadAt", () => {
  it("repeats the root at the end (8 notes)", () => {
    expect(pianoScaleNotes("C", "minor")).toEqual(["C", "D", "D#", "F", "G", "G#", "A#", "C"]);
  });

  it("takes the degree, +2 and +4, wrapping", () => {
    const notes = scaleNotes("C", "major");
    expect(triadAt(notes, 0)).toEqual(["C", "E", "G"]);
    expect(triadAt(notes, 5)).toEqual(["A", "C", "E"]);
    expect(triadAt(notes, 6)).toEqual(["B", "D", "F"]);
    expect(triadAt(notes, 7)).toEqual(["C", "E", "G"]);
    expect(() => triadAt([], 0)).toThrow(RangeError);
    expect(() => triadAt(notes, 0.5)).toThrow(RangeError);
  });
});

describe("arpeggios", () => {
  it("one card per degree titled '<chord> Arpeggio'", () => {
    const cards = arpeggios("G", "major");
    expect(cards.map((a) => a.title)).toEqual([
      "G Major Arpeggio",
      "A Minor Arpeggio",
      "B Minor Arpeggio",
      "C Major Arpeggio",
      "D Major Arpeggio",
      "E Minor Arpeggio",
      "F# Diminished Arpeggio",
    ]);
    expect(cards[4]!.notes).toEqual(["D", "F#", "A"]);
  });
});

describe("relativeScale against tonal Key", () => {
  it.each(cases)("%s %s", (root, type) => {
    const relative = relativeScale(root, type);
    const tonalRelative =
      type === "major" ? Key.majorKey(root).minorRelative : Key.minorKey(root).relativeMajor;
    expect(chroma(relative.root)).toBe(chroma(tonalRelative));
    expect(relative.type).toBe(type === "major" ? "minor" : "major");
  });

  it("C Major ↔ A Minor", () => {
    expect(relativeScale("C", "major").name).toBe("A Minor");
    expect(relativeScale("A", "minor").name).toBe("C Major");
    expect(relativeScale("F#", "minor").name).toBe("A Major");
  });
});

describe("progressions", () => {
  it("uses the exact PRODUCT §9 patterns", () => {
    expect(PROGRESSIONS["4/4"]).toEqual([
      { name: "Basic", pattern: { major: [0, 5, 3, 4], minor: [0, 3, 4, 5] } },
      { name: "Alternative", pattern: { major: [0, 3, 4, 0], minor: [0, 5, 3, 0] } },
    ]);
    expect(PROGRESSIONS["3/4"]).toEqual([
      { name: "Waltz", pattern: { major: [0, 5, 4], minor: [0, 5, 4] } },
      { name: "Alternative Waltz", pattern: { major: [0, 3, 4], minor: [0, 3, 4] } },
    ]);
  });

  it("resolves C major", () => {
    const [fourFour, threeFour] = progressions("C", "major");
    expect(fourFour!.timeSignature).toBe("4/4");
    expect(fourFour!.progressions.map((p) => p.chords.map((c) => c.symbol))).toEqual([
      ["C", "Am", "F", "G"],
      ["C", "F", "G", "C"],
    ]);
    expect(threeFour!.timeSignature).toBe("3/4");
    expect(threeFour!.progressions.map((p) => [p.name, p.chords.map((c) => c.symbol)])).toEqual([
      ["Waltz", ["C", "Am", "G"]],
      ["Alternative Waltz", ["C", "F", "G"]],
    ]);
  });

  it("resolves A minor", () => {
    const [fourFour, threeFour] = progressions("A", "minor");
    expect(fourFour!.progressions.map((p) => p.chords.map((c) => c.symbol))).toEqual([
      ["Am", "Dm", "Em", "F"],
      ["Am", "F", "Dm", "Am"],
    ]);
    expect(threeFour!.progressions.map((p) => p.chords.map((c) => c.symbol))).toEqual([
      ["Am", "F", "Em"],
      ["Am", "Dm", "Em"],
    ]);
  });
});

describe("small helpers", () => {
  it("isScaleType", () => {
    expect(isScaleType("major")).toBe(true);
    expect(isScaleType("minor")).toBe(true);
    expect(isScaleType("Major")).toBe(false);
    expect(isScaleType("dorian")).toBe(false);
  });

  it("scaleDegree", () => {
    expect(scaleDegree("C", "C", "major")).toBe(0);
    expect(scaleDegree("B", "C", "major")).toBe(6);
    expect(scaleDegree("C#", "C", "major")).toBeNull();
  });
});
