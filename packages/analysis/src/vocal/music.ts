/** Note names, key profiles and diatonic chords for the vocal analysis (A4 = 440 Hz, sharps only). */

/** The 12 chromatic pitch-class names, sharps only. */
export const PITCH_CLASSES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"] as const;

/** Scientific note name with octave for a MIDI number (60 → "C4", 69 → "A4"). */
export function midiToNoteName(midi: number): string {
  const m = Math.round(midi);
  const pc = ((m % 12) + 12) % 12;
  return `${PITCH_CLASSES[pc]}${Math.floor(m / 12) - 1}`;
}

/**
 * Krumhansl & Kessler (1982) probe-tone key profiles, "Tracing the dynamic changes in perceived
 * tonal organization in a spatial representation of musical keys", Psychological Review 89(4).
 */
export const KK_MAJOR = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
export const KK_MINOR = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

/** Temperley (1999) key profiles, "What's key for key? The Krumhansl-Schmuckler key-finding algorithm reconsidered", Music Perception 17(1). */
export const TEMPERLEY_MAJOR = [5, 2, 3.5, 2, 4.5, 4, 2, 4.5, 2, 3.5, 1.5, 4];
export const TEMPERLEY_MINOR = [5, 2, 3.5, 4.5, 2, 4, 2, 4.5, 3.5, 2, 1.5, 4];

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

/** Pearson correlation of two equal-length vectors (0 when either is constant). */
export function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i] as number;
    mb += b[i] as number;
  }
  ma /= n;
  mb /= n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    const da = (a[i] as number) - ma;
    const db = (b[i] as number) - mb;
    sab += da * db;
    saa += da * da;
    sbb += db * db;
  }
  return saa > 0 && sbb > 0 ? sab / Math.sqrt(saa * sbb) : 0;
}
