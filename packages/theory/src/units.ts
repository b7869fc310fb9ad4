/**
 * Units of pitch and time in one place: the branded numbers used at package boundaries and the
 * conversions between hertz, MIDI note numbers, cents and pitch-class names.
 *
 * No dependencies (no tonal): the analysis engine imports it in a browser Web Worker and in Node, the
 * web app on a first load. `@tonic/theory/units`.
 *
 * Two kinds of "pitch class" exist in Tonic and are kept apart by type: {@link PitchClassIndex} is a
 * number 0–11 (chroma, 0 = C) used by the analysis engine; `PitchClass` (`./types.ts`) is the note-name
 * string "C" … "B" used by the theory tools and the UI. {@link pitchClassName} turns the first into the
 * second.
 */
import { A4_HZ, A4_MIDI, PITCH_CLASSES } from "./constants.js";
import type { Cents, Hz, MidiNote, PitchClass, PitchClassIndex, Seconds } from "./types.js";

export type { Cents, Hz, MidiNote, PitchClassIndex, Seconds };

/** Reference pitch A4 = 440 Hz and its MIDI number 69 (defined with the other product constants). */
export { A4_HZ, A4_MIDI };

/** Brand a number of seconds as {@link Seconds} (no check). */
export const seconds = (x: number): Seconds => x as Seconds;
/** Brand a frequency in hertz as {@link Hz} (no check). */
export const hz = (x: number): Hz => x as Hz;
/** Brand a (possibly fractional) MIDI number as {@link MidiNote} (no check). */
export const midiNote = (x: number): MidiNote => x as MidiNote;
/** Brand a number of cents as {@link Cents} (no check). */
export const cents = (x: number): Cents => x as Cents;
/**
 * A {@link PitchClassIndex} from any number: rounded to an integer, then reduced modulo 12
 * (−1 → 11, 12 → 0, 13.4 → 1).
 */
export const pitchClassIndex = (x: number): PitchClassIndex =>
  (((Math.round(x) % 12) + 12) % 12) as PitchClassIndex;

/**
 * MIDI note number of a frequency, not rounded.
 * @param frequency Hz, > 0 (0 gives −Infinity, a negative value NaN).
 * @param a4 the reference pitch of A4 in Hz (default 440); a tuning estimate, for instance.
 * @returns `69 + 12 · log2(frequency / a4)`: 440 → 69, 261.63 → ≈60.
 */
export function hzToMidi(frequency: number, a4: number = A4_HZ): MidiNote {
  return (A4_MIDI + 12 * Math.log2(frequency / a4)) as MidiNote;
}

/**
 * Equal-tempered frequency of a (possibly fractional) MIDI note number.
 * @param midi MIDI number, 69 = A4; any finite value.
 * @param a4 the reference pitch of A4 in Hz (default 440).
 * @returns Hz, `a4 · 2^((midi − 69) / 12)`: 69 → 440, 60 → ≈261.63.
 */
export function midiToHz(midi: number, a4: number = A4_HZ): Hz {
  return (a4 * 2 ** ((midi - A4_MIDI) / 12)) as Hz;
}

/**
 * Interval from a reference frequency to a frequency, in cents.
 * @param frequency Hz, > 0.
 * @param reference Hz, > 0.
 * @returns `1200 · log2(frequency / reference)`: positive when `frequency` is sharp of `reference`.
 */
export function centsBetween(frequency: number, reference: number): Cents {
  return (1200 * Math.log2(frequency / reference)) as Cents;
}

/**
 * Sharp name of a pitch class number.
 * @param index any integer-ish number; rounded and reduced modulo 12 (0 = C, 13 → "C#").
 * @returns "C", "C#", "D" … "B".
 */
export function pitchClassName(index: number): PitchClass {
  return PITCH_CLASSES[pitchClassIndex(index)] ?? "C";
}

/**
 * Scientific note name with octave, sharps only, of a MIDI number rounded to the nearest note.
 * @param midi MIDI number (69 = A4), any finite value; no range check (0 → "C-1", 127 → "G9").
 * @returns e.g. 60 → "C4", 69.4 → "A4", 61 → "C#4".
 */
export function midiNoteName(midi: number): string {
  const m = Math.round(midi);
  return `${pitchClassName(m)}${Math.floor(m / 12) - 1}`;
}
