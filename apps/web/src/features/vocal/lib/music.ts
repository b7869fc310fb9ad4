import { pitchClassFromChroma } from "@tonic/theory";

/**
 * Scientific name of a MIDI note with sharps (60 → "C4"), for any integer (no 0–127 check).
 * @param midi MIDI number (A4 = 69).
 */
export function midiToNoteName(midi: number): string {
  const m = Math.round(midi);
  return `${pitchClassFromChroma(m)}${Math.floor(m / 12) - 1}`;
}

/**
 * Position of a frequency relative to the nearest equal-tempered note (A4 = 440 Hz).
 *
 * @param hz frequency, Hz (> 0).
 * @returns the note's MIDI number, its name with octave and the deviation in cents (−50..50).
 */
export function nearestNote(hz: number): { midi: number; name: string; cents: number } {
  const exact = 69 + 12 * Math.log2(hz / 440);
  const midi = Math.round(exact);
  return { midi, name: midiToNoteName(midi), cents: Math.round((exact - midi) * 100) };
}
