/**
 * Property tests of the one spelling rule over all 24 keys: a scale's notes, its chords' notes, their names
 * and their Roman numerals agree letter by letter, whichever screen (Scale Explorer, piano, fretboard,
 * song screen, staff) asks.
 */
import * as Chord from "@tonaljs/chord";
import * as Note from "@tonaljs/note";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PITCH_CLASSES, ROMAN_NUMERALS, SCALE_TYPES } from "./constants.js";
import { spelledScale } from "./notation.js";
import { getScale, relativeScale } from "./scales.js";
import { keyTonic, romanNumeral, spellChord, spellNote, spellScale } from "./spelling.js";
import type { PitchClass, ScaleType } from "./types.js";

const LETTERS = "CDEFGAB";
const letterIndex = (note: string): number => LETTERS.indexOf(note.charAt(0));
const KEYS: readonly [PitchClass, ScaleType][] = PITCH_CLASSES.flatMap((root) =>
  SCALE_TYPES.map((type): [PitchClass, ScaleType] => [root, type]),
);
const keyName = (root: PitchClass, type: ScaleType) => `${root} ${type}`;
const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII"];

/** The degree (0–6) a numeral such as "♭VI7", "vii°" or "iv" names. */
function numeralDegree(numeral: string): number {
  const m = /^[♭♯]?([ivIV]+)/.exec(numeral);
  return ROMAN.indexOf((m?.[1] ?? "").toUpperCase());
}

describe("the spelling of all 24 keys", () => {
  it("has 24 keys, each with at most six accidentals", () => {
    expect(KEYS).toHaveLength(24);
    for (const [root, type] of KEYS) {
      const s = spellScale(root, type);
      expect(s.notes.filter((n) => n.length > 1).length, s.name).toBeLessThanOrEqual(6);
    }
  });

  it("uses every letter once, from the tonic up, on the scale's pitch classes", () => {
    for (const [root, type] of KEYS) {
      const s = spellScale(root, type);
      expect(s.notes[0]).toBe(s.tonic);
      expect(s.name).toBe(`${s.tonic} ${type === "major" ? "Major" : "Minor"}`);
      expect(s.notes.map(letterIndex)).toEqual(
        [0, 1, 2, 3, 4, 5, 6].map((i) => (letterIndex(s.tonic) + i) % 7),
      );
      expect(s.notes.map((n) => Note.chroma(n))).toEqual(
        getScale(root, type).notes.map((n) => Note.chroma(n)),
      );
      // No mixing of sharps and flats, no double accidentals.
      expect(s.notes.some((n) => n.includes("#")) && s.notes.some((n) => n.includes("b"))).toBe(false);
      for (const n of s.notes) expect(n).toMatch(/^[A-G](#|b)?$/);
    }
  });

  it("builds each diatonic chord from the scale's own letters, named by its root", () => {
    for (const [root, type] of KEYS) {
      const s = spellScale(root, type);
      const sharp = getScale(root, type);
      for (const c of s.chords) {
        expect(c.root).toBe(s.notes[c.degree]);
        expect(c.notes[0]).toBe(c.root);
        // Stacked thirds: each letter two steps above the last.
        expect(c.notes.map(letterIndex)).toEqual([0, 2, 4].map((i) => (letterIndex(c.root) + i) % 7));
        for (const n of c.notes) expect(s.notes).toContain(n);
        expect(c.symbol.startsWith(c.root)).toBe(true);
        expect(c.name.startsWith(`${c.root} `)).toBe(true);
        expect(c.numeral).toBe(ROMAN_NUMERALS[type][c.degree]);
        expect(c.pitchClasses).toEqual(sharp.chords[c.degree]?.notes);
        // The chord symbol means exactly these notes (tonal's own spelling of the symbol).
        expect(Chord.get(c.symbol).notes).toEqual(c.notes);
      }
    }
  });

  it("writes the same notes and chords on every screen: song chords, labels, staff, numerals", () => {
    for (const [root, type] of KEYS) {
      const s = spellScale(root, type);
      const key = keyName(root, type);
      expect(spelledScale(root, type)).toEqual(s.notes);
      getScale(root, type).notes.forEach((pc, i) => {
        expect(spellNote(pc, key)).toBe(s.notes[i]);
      });
      getScale(root, type).chords.forEach((sharpChord, i) => {
        const spelled = s.chords[i];
        expect(spellChord(sharpChord.symbol, key)).toBe(spelled?.symbol);
        expect(romanNumeral(sharpChord.symbol, key)).toBe(spelled?.numeral);
        // The engine's form of the key ("A# Minor") is spelled alike.
        expect(spellChord(sharpChord.symbol, `${root} ${type === "major" ? "Major" : "Minor"}`)).toBe(
          spelled?.symbol,
        );
      });
    }
  });

  it("spells a key and its relative alike", () => {
    for (const [root, type] of KEYS) {
      const rel = relativeScale(root, type);
      expect(new Set(spellScale(rel.root, rel.type).notes)).toEqual(new Set(spellScale(root, type).notes));
    }
  });

  it("gives the 12 sharp names everywhere with Sharps only", () => {
    for (const [root, type] of KEYS) {
      const s = spellScale(root, type, "sharps");
      const sharp = getScale(root, type);
      expect(s.name).toBe(sharp.name);
      expect(s.notes).toEqual(sharp.notes);
      expect(s.chords.map((c) => c.symbol)).toEqual(sharp.chords.map((c) => c.symbol));
      for (const c of s.chords) for (const n of c.notes) expect(PITCH_CLASSES).toContain(n);
    }
  });
});

describe("any chord in any key", () => {
  const pitchClass = fc.constantFrom(...PITCH_CLASSES);
  const scaleType = fc.constantFrom(...SCALE_TYPES);
  const suffix = fc.constantFrom("", "m", "7", "m7", "maj7", "dim", "dim7", "m7b5", "sus4");

  it("has a numeral whose degree is its spelled root's letter above the tonic", () => {
    fc.assert(
      fc.property(pitchClass, scaleType, pitchClass, suffix, (tonic, type, chordRoot, q) => {
        const key = keyName(tonic, type);
        const spelled = spellChord(`${chordRoot}${q}`, key);
        const numeral = romanNumeral(`${chordRoot}${q}`, key) ?? "";
        const tonicLetter = letterIndex(keyTonic(PITCH_CLASSES.indexOf(tonic), type));
        expect(numeralDegree(numeral)).toBe((letterIndex(spelled) - tonicLetter + 7) % 7);
        // The same chord written with a flat (or any enharmonic) reads the same.
        const other = Note.enharmonic(chordRoot);
        expect(romanNumeral(`${other}${q}`, key)).toBe(numeral);
        expect(spellChord(`${other}${q}`, key)).toBe(spelled);
        // Spelling is idempotent.
        expect(spellChord(spelled, key)).toBe(spelled);
      }),
      { numRuns: 500 },
    );
  });

  it("never writes figured bass unless asked", () => {
    fc.assert(
      fc.property(pitchClass, scaleType, pitchClass, pitchClass, suffix, (tonic, type, r, bass, q) => {
        const numeral = romanNumeral(`${r}${q}/${bass}`, keyName(tonic, type)) ?? "";
        expect(numeral).not.toMatch(/(64|65|43|42)$|[IViv°ø]6$/);
      }),
      { numRuns: 300 },
    );
  });
});
