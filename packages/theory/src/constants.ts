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

/**
 * One chord quality of the chord-sheet grammar (`chord-symbol.ts`) and of the analysis engine: its
 * canonical suffix, words for a picker, its intervals and, for a quality the engine can answer, its Harte
 * shorthand (Harte et al. 2005, "Symbolic representation of musical chords", ISMIR; as parsed by
 * mir_eval).
 */
export interface ChordSymbolQuality {
  /** Canonical suffix after the root ("" major, "m", "7", "maj7", …). */
  suffix: string;
  /** Words for a picker ("major", "minor seventh"). */
  name: string;
  /** Semitones above the root, root first. */
  intervals: readonly number[];
  /** Harte shorthand ("maj", "min7", "hdim7") where the analysis engine knows the quality; else absent. */
  harte?: string;
}

/**
 * The qualities a sheet may hold. The first ten are the picker's (issue 30: major, minor, 7, maj7, m7,
 * dim, sus2, sus4, add9, 6); the rest are the other qualities the engine can answer. The engine's
 * qualities are the entries with a `harte` shorthand (`QUALITIES` of `@tonic/analysis`'s labels.ts is
 * this table's), so every engine label is a valid sheet label.
 */
export const CHORD_SYMBOL_QUALITIES: readonly ChordSymbolQuality[] = [
  { suffix: "", name: "major", intervals: [0, 4, 7], harte: "maj" },
  { suffix: "m", name: "minor", intervals: [0, 3, 7], harte: "min" },
  { suffix: "7", name: "dominant seventh", intervals: [0, 4, 7, 10], harte: "7" },
  { suffix: "maj7", name: "major seventh", intervals: [0, 4, 7, 11], harte: "maj7" },
  { suffix: "m7", name: "minor seventh", intervals: [0, 3, 7, 10], harte: "min7" },
  { suffix: "dim", name: "diminished", intervals: [0, 3, 6], harte: "dim" },
  { suffix: "sus2", name: "suspended second", intervals: [0, 2, 7], harte: "sus2" },
  { suffix: "sus4", name: "suspended fourth", intervals: [0, 5, 7], harte: "sus4" },
  { suffix: "add9", name: "added ninth", intervals: [0, 4, 7, 14] },
  { suffix: "6", name: "sixth", intervals: [0, 4, 7, 9], harte: "maj6" },
  { suffix: "m6", name: "minor sixth", intervals: [0, 3, 7, 9], harte: "min6" },
  { suffix: "m7b5", name: "half-diminished", intervals: [0, 3, 6, 10], harte: "hdim7" },
  { suffix: "dim7", name: "diminished seventh", intervals: [0, 3, 6, 9], harte: "dim7" },
  { suffix: "aug", name: "augmented", intervals: [0, 4, 8], harte: "aug" },
  { suffix: "9", name: "dominant ninth", intervals: [0, 4, 7, 10, 14], harte: "9" },
  { suffix: "mMaj7", name: "minor-major seventh", intervals: [0, 3, 7, 11], harte: "minmaj7" },
];

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
