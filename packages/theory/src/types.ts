/**
 * Branded and literal types used at the edges of the theory package.
 *
 * Numbers that carry a unit are branded so a frequency cannot be passed where a MIDI
 * number or a duration is expected. Pitch classes are a literal union of the 12 sharp
 * names of SPEC §3 ("Note names").
 */

/** The 12 chromatic pitch-class names, sharps only (SPEC §3 "Note names"). */
export type PitchClass = "C" | "C#" | "D" | "D#" | "E" | "F" | "F#" | "G" | "G#" | "A" | "A#" | "B";

/** A pitch class plus a scientific-pitch octave, sharps only, e.g. `"C#4"`. */
export type NoteName = string & { readonly __brand: "NoteName" };

// The branded units (an integer MIDI note 0–127 here, SPEC §9; hertz; seconds) are defined once, in
// `./units.ts`, and shared with the analysis engine.
export type { Hz, MidiNote, Seconds } from "./units.js";

/** Scale types offered by the product (SPEC §5: "scale types to Major and Minor"). */
export type ScaleType = "major" | "minor";

/** Triad qualities that occur in the diatonic chords of Major and Minor (SPEC §3 "Chord"). */
export type ChordQuality = "major" | "minor" | "diminished";

/** Time signatures for which progressions are defined (SPEC §2, §9). */
export type TimeSignature = "4/4" | "3/4";

/** An inclusive range of piano octaves (SPEC §3 "Piano key"; bounds 0–8, SPEC §9). */
export interface OctaveRange {
  readonly start: number;
  readonly end: number;
}
