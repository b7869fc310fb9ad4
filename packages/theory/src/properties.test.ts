import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PITCH_CLASSES, SCALE_TYPES } from "./constants.js";
import {
  asMidiNote,
  chromaOf,
  hzToMidi,
  midiToHz,
  transposeChordName,
  transposePitchClass,
} from "./notes.js";
import { diatonicChords, pianoScaleNotes, relativeScale, scaleNotes, triadAt } from "./scales.js";

const pitchClass = fc.constantFrom(...PITCH_CLASSES);
const scaleType = fc.constantFrom(...SCALE_TYPES);
const semitones = fc.integer({ min: -1000, max: 1000 });

describe("invariants", () => {
  it("12 transpositions by one semitone return to the start", () => {
    fc.assert(
      fc.property(pitchClass, (pc) => {
        let current = pc;
        const seen = new Set<string>();
        for (let i = 0; i < 12; i++) {
          seen.add(current);
          current = transposePitchClass(current, 1);
        }
        expect(current).toBe(pc);
        expect(seen.size).toBe(12);
      }),
    );
  });

  it("transposing a chord name by n then −n, or by a multiple of 12, is the identity", () => {
    const suffix = fc.constantFrom("", "m", "dim", "7", "maj7");
    fc.assert(
      fc.property(pitchClass, suffix, semitones, fc.integer({ min: -50, max: 50 }), (root, s, n, k) => {
        const chord = `${root}${s}`;
        expect(transposeChordName(transposeChordName(chord, n), -n)).toBe(chord);
        expect(transposeChordName(chord, 12 * k)).toBe(chord);
      }),
    );
  });

  it("transposition is additive", () => {
    fc.assert(
      fc.property(pitchClass, semitones, semitones, (pc, a, b) => {
        expect(transposePitchClass(transposePitchClass(pc, a), b)).toBe(transposePitchClass(pc, a + b));
      }),
    );
  });

  it("every scale has 7 distinct pitch classes and starts on its root", () => {
    fc.assert(
      fc.property(pitchClass, scaleType, (root, type) => {
        const notes = scaleNotes(root, type);
        expect(notes).toHaveLength(7);
        expect(new Set(notes).size).toBe(7);
        expect(notes[0]).toBe(root);
        const piano = pianoScaleNotes(root, type);
        expect(piano).toHaveLength(8);
        expect(piano.at(-1)).toBe(root);
      }),
    );
  });

  it("relative scales share their notes, and the relation is an involution", () => {
    fc.assert(
      fc.property(pitchClass, scaleType, (root, type) => {
        const relative = relativeScale(root, type);
        expect(new Set(relative.notes)).toEqual(new Set(scaleNotes(root, type)));
        expect(relative.type).not.toBe(type);
        const back = relativeScale(relative.root, relative.type);
        expect([back.root, back.type]).toEqual([root, type]);
      }),
    );
  });

  it("transposing a scale's root transposes every note", () => {
    fc.assert(
      fc.property(pitchClass, scaleType, semitones, (root, type, n) => {
        expect(scaleNotes(transposePitchClass(root, n), type)).toEqual(
          scaleNotes(root, type).map((pc) => transposePitchClass(pc, n)),
        );
      }),
    );
  });

  it("diatonic triads have the interval shape of their quality and stay in the scale", () => {
    const shape = { major: [4, 7], minor: [3, 7], diminished: [3, 6] } as const;
    fc.assert(
      fc.property(pitchClass, scaleType, (root, type) => {
        const notes = scaleNotes(root, type);
        for (const chord of diatonicChords(root, type)) {
          const [r, third, fifth] = chord.notes.map(chromaOf);
          const intervals = [(third! - r! + 12) % 12, (fifth! - r! + 12) % 12];
          expect(intervals).toEqual([...shape[chord.type]]);
          expect(chord.notes).toEqual(triadAt(notes, chord.degree));
          for (const note of chord.notes) expect(notes).toContain(note);
        }
      }),
    );
  });

  it("MIDI → Hz → MIDI round-trips over 0–127 and frequency doubles per octave", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 115 }), (m) => {
        const midi = asMidiNote(m);
        expect(hzToMidi(midiToHz(midi))).toBe(m);
        expect(midiToHz(asMidiNote(m + 12)) / midiToHz(midi)).toBeCloseTo(2, 12);
      }),
    );
  });
});
