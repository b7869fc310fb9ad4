/**
 * Note names and diatonic chords for the vocal analysis (A4 = 440 Hz, sharps only). The names, the
 * scale steps and the triad qualities come from `@tonic/theory`; only the vocal detector's order of the
 * chords (most singable first) is its own.
 */
import { CHORD_QUALITIES, PITCH_CLASSES, SCALE_STEPS } from "@tonic/theory/constants";
import { midiNoteName, pitchClassName } from "@tonic/theory/units";

/** The 12 chromatic pitch-class names, sharps only (`@tonic/theory`'s list). */
export { PITCH_CLASSES };

/** Scientific note name with octave for a MIDI number, rounded to the nearest note (60 → "C4", 69 → "A4"). */
export const midiToNoteName: (midi: number) => string = midiNoteName;

/** Semitones above the tonic of each degree, from the theory package's scale steps. */
const degreeOffsets = (steps: readonly number[]): number[] => {
  const out = [0];
  for (const step of steps.slice(0, -1)) out.push((out[out.length - 1] as number) + step);
  return out;
};
const OFFSETS = { major: degreeOffsets(SCALE_STEPS.major), minor: degreeOffsets(SCALE_STEPS.minor) };
const SUFFIX = { major: "", minor: "m", diminished: "dim" } as const;
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
  const order = mode === "major" ? MAJOR_ORDER : MINOR_ORDER;
  return order.map(
    (d) =>
      `${pitchClassName((tonic + (OFFSETS[mode][d] as number)) % 12)}${SUFFIX[CHORD_QUALITIES[mode][d] ?? "major"]}`,
  );
}
