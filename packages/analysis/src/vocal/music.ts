/** Note names, key profiles and diatonic chords for the vocal analysis (A4 = 440 Hz, sharps only). */

/** The 12 chromatic pitch-class names, sharps only. */
export const PITCH_CLASSES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"] as const;

/** Scientific note name with octave for a MIDI number (60 → "C4", 69 → "A4"). */
export function midiToNoteName(midi: number): string {
  const m = Math.round(midi);
  const pc = ((m % 12) + 12) % 12;
  return `${PITCH_CLASSES[pc]}${Math.floor(m / 12) - 1}`;
}

const MAJOR_STEPS = [0, 2, 4, 5, 7, 9, 11];
const MINOR_STEPS = [0, 2, 3, 5, 7, 8, 10];
const MAJOR_QUALITIES = ["", "m", "m", "", "", "m", "dim"];
const MINOR_QUALITIES = ["m", "dim", "", "m", "m", "", ""];
/** Singability order of degrees (0-based): major I IV V vi ii iii vii°; minor i iv v VI III VII ii°. */
const MAJOR_ORDER = [0, 3, 4, 5, 1, 2, 6];
const MINOR_ORDER = [0, 3, 4, 5, 2, 6, 1];

/**
 * The 7 diatonic triads of a key, most singable first.
 *
 * @param tonic pitch class 0..11 (0 = C).
 * @param mode "major" or "minor" (natural minor qualities: i ii° III iv v VI VII).
 * @returns chord names like ["C", "F", "G", "Am", "Dm", "Em", "Bdim"].
 */
export function diatonicChords(tonic: number, mode: "major" | "minor"): string[] {
  const steps = mode === "major" ? MAJOR_STEPS : MINOR_STEPS;
  const qual = mode === "major" ? MAJOR_QUALITIES : MINOR_QUALITIES;
  const order = mode === "major" ? MAJOR_ORDER : MINOR_ORDER;
  return order.map((d) => `${PITCH_CLASSES[(tonic + (steps[d] as number)) % 12]}${qual[d]}`);
}
