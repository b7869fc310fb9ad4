import { hzToMidi, midiNoteName } from "@tonic/theory/units";

/**
 * Scientific name of a MIDI note with sharps (60 → "C4"), for any integer (no 0–127 check): theory's
 * `midiNoteName`.
 */
export const midiToNoteName: (midi: number) => string = midiNoteName;

/**
 * Position of a frequency relative to the nearest equal-tempered note (A4 = 440 Hz).
 *
 * @param hz frequency, Hz (> 0).
 * @returns the note's MIDI number, its name with octave and the deviation in cents (−50..50).
 */
export function nearestNote(hz: number): { midi: number; name: string; cents: number } {
  const exact: number = hzToMidi(hz);
  const midi = Math.round(exact);
  return { midi, name: midiToNoteName(midi), cents: Math.round((exact - midi) * 100) };
}
