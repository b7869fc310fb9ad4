/**
 * Business constants of PRODUCT §9 that concern the theory tools, in one place, with their type guards.
 *
 * Every value here is quoted from the specification; the web app imports them rather than
 * repeating literals. No tonal import: `@tonic/theory/constants` is cheap to load on a page's first
 * load (the settings store, the API contract).
 */
import type { ChordQuality, OctaveRange, PitchClass, ScaleType, TimeSignature } from "./types.js";

// The guards below name these types, so this entry point exports them too.
export type { PitchClass, ScaleType } from "./types.js";

/** The 12 chromatic names in order from C, sharps only (PRODUCT §3 "Note names"). */
export const PITCH_CLASSES: readonly PitchClass[] = [
  "C",
  "C#",
  "D",
  "D#",
  "E",
  "F",
  "F#",
  "G",
  "G#",
  "A",
  "A#",
  "B",
];

/** Scale types in the order of the pickers (PRODUCT §2). */
export const SCALE_TYPES: readonly ScaleType[] = ["major", "minor"];

/** Scale steps in semitones (PRODUCT §9). Each list sums to 12. */
export const SCALE_STEPS: Readonly<Record<ScaleType, readonly number[]>> = {
  major: [2, 2, 1, 2, 2, 2, 1],
  minor: [2, 1, 2, 2, 1, 2, 2],
};

/** Scale formulas as displayed (PRODUCT §9). */
export const SCALE_FORMULAS: Readonly<Record<ScaleType, string>> = {
  major: "W-W-H-W-W-W-H",
  minor: "W-H-W-W-H-W-W",
};

/** Triad quality of each scale degree, index 0 = first degree (PRODUCT §9). */
export const CHORD_QUALITIES: Readonly<Record<ScaleType, readonly ChordQuality[]>> = {
  major: ["major", "minor", "minor", "major", "major", "minor", "diminished"],
  minor: ["minor", "diminished", "major", "minor", "minor", "major", "major"],
};

/** Roman numerals by degree (PRODUCT §9: I ii iii IV V vi vii°; i ii° III iv v VI VII). */
export const ROMAN_NUMERALS: Readonly<Record<ScaleType, readonly string[]>> = {
  major: ["I", "ii", "iii", "IV", "V", "vi", "vii°"],
  minor: ["i", "ii°", "III", "iv", "v", "VI", "VII"],
};

/** A named progression as zero-based scale-degree indexes (PRODUCT §3 "Progression"). */
export interface ProgressionPattern {
  readonly name: string;
  readonly pattern: Readonly<Record<ScaleType, readonly number[]>>;
}

/** Progressions by time signature, exact patterns of PRODUCT §9. */
export const PROGRESSIONS: Readonly<Record<TimeSignature, readonly ProgressionPattern[]>> = {
  "4/4": [
    { name: "Basic", pattern: { major: [0, 5, 3, 4], minor: [0, 3, 4, 5] } },
    { name: "Alternative", pattern: { major: [0, 3, 4, 0], minor: [0, 5, 3, 0] } },
  ],
  "3/4": [
    { name: "Waltz", pattern: { major: [0, 5, 4], minor: [0, 5, 4] } },
    { name: "Alternative Waltz", pattern: { major: [0, 3, 4], minor: [0, 3, 4] } },
  ],
};

/** Time signatures in display order. */
export const TIME_SIGNATURES: readonly TimeSignature[] = ["4/4", "3/4"];

/** Lowest and highest piano octave (PRODUCT §5, §9). */
export const OCTAVE_MIN = 0;
export const OCTAVE_MAX = 8;

/** Default piano octave range 4–5 (PRODUCT §9). */
export const DEFAULT_OCTAVE_RANGE: OctaveRange = { start: 4, end: 5 };

/** How long a tapped piano key stays lit, in milliseconds (PRODUCT §9). */
export const ACTIVE_KEY_HIGHLIGHT_MS = 300;

/** Minimum piano key width in rem (PRODUCT §9). */
export const MIN_KEY_WIDTH_REM = 2.5;

/** Default single-note duration: an eighth note, Tone.js notation (PRODUCT §9). */
export const NOTE_DURATION = "8n";

/** Default chord duration: a half note, Tone.js notation (PRODUCT §9). */
export const CHORD_DURATION = "2n";

/** Default synth polyphony in voices (PRODUCT §9). */
export const POLYPHONY = 32;

/** Reference pitch A4 in hertz and its MIDI number (PRODUCT §9). */
export const A4_HZ = 440;
export const A4_MIDI = 69;

/** MIDI note-number range (PRODUCT §9). */
export const MIDI_MIN = 0;
export const MIDI_MAX = 127;

/** Viewport width below which visualizers use the rotated layout, in CSS px (PRODUCT §9). */
export const MOBILE_BREAKPOINT_PX = 768;

/** Guitar strings top to bottom as shown on the fretboard (PRODUCT §2). */
export const GUITAR_STRINGS = ["E4", "B3", "G3", "D3", "A2", "E2"] as const;

/** Number of frets shown, fret 0 (open) to 11 (PRODUCT §2, §9). */
export const FRET_COUNT = 12;

/**
 * Whether a string is one of the 12 sharp pitch-class names.
 *
 * Parameters
 * ----------
 * value : string
 *     Any string.
 *
 * Returns
 * -------
 * boolean
 *     True for exactly "C", "C#", …, "B" (PRODUCT §3 "Note names"); false for flats,
 *     double sharps, octave suffixes and anything else.
 */
export function isPitchClass(value: string): value is PitchClass {
  return (PITCH_CLASSES as readonly string[]).includes(value);
}

/**
 * Whether a string is a supported scale type.
 *
 * Parameters
 * ----------
 * value : string
 *     Any string; compared exactly ("major" or "minor").
 *
 * Returns
 * -------
 * boolean
 *     True for "major" and "minor" (PRODUCT §5).
 */
export function isScaleType(value: string): value is ScaleType {
  return (SCALE_TYPES as readonly string[]).includes(value);
}
