/**
 * Branded and literal types used at the edges of the theory package.
 *
 * Numbers that carry a unit are branded so a frequency cannot be passed where a MIDI
 * number or a duration is expected. Pitch classes are a literal union of the 12 sharp
 * names of PRODUCT §3 ("Note names").
 */

/** The 12 chromatic pitch-class names, sharps only (PRODUCT §3 "Note names"). */
export type PitchClass = "C" | "C#" | "D" | "D#" | "E" | "F" | "F#" | "G" | "G#" | "A" | "A#" | "B";

/** A pitch class plus a scientific-pitch octave, sharps only, e.g. `"C#4"`. */
export type NoteName = string & { readonly __brand: "NoteName" };

// The branded units, shared with the analysis engine through `@tonic/theory/units` (`./units.ts`, which
// also holds the conversions between them).

/** A duration or an instant in seconds. */
export type Seconds = number & { readonly __brand: "Seconds" };

/** A frequency in hertz (> 0). */
export type Hz = number & { readonly __brand: "Hz" };

/**
 * A MIDI note number, 69 = A4. The theory tools use integers 0–127 (PRODUCT §9; `asMidiNote` checks); the
 * analysis engine's pitch tracks may be fractional (69.5 = a quarter tone above A4).
 */
export type MidiNote = number & { readonly __brand: "MidiNote" };

/** A pitch interval in cents (100 = one equal-tempered semitone). */
export type Cents = number & { readonly __brand: "Cents" };

/**
 * A pitch class as a number 0–11 (chroma), 0 = C, 1 = C♯/D♭ … 11 = B — the analysis engine's pitch
 * class, kept apart by type from the note-name {@link PitchClass}.
 */
export type PitchClassIndex = number & { readonly __brand: "PitchClassIndex" };

/** Scale types offered by the product (PRODUCT §5: "scale types to Major and Minor"). */
export type ScaleType = "major" | "minor";

/** Triad qualities that occur in the diatonic chords of Major and Minor (PRODUCT §3 "Chord"). */
export type ChordQuality = "major" | "minor" | "diminished";

/** Time signatures for which progressions are defined (PRODUCT §2, §9). */
export type TimeSignature = "4/4" | "3/4";

/** An inclusive range of piano octaves (PRODUCT §3 "Piano key"; bounds 0–8, PRODUCT §9). */
export interface OctaveRange {
  readonly start: number;
  readonly end: number;
}
