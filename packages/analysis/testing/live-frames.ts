/**
 * Hand-made frames of the live chroma (`ChromaFrame`) for unit tests of the live recogniser's parts, so
 * that a part can be fed exactly the chroma and spectrum a test needs. Pure, no Node or DOM APIs.
 */
import { N_PITCH, PITCH_LO } from "../src/features.js";
import type { ChromaFrame } from "../src/live/chroma.js";

/** Short and long window lengths of the live chroma at 48 kHz (4096 and 6144 samples), seconds. */
const SHORT_SECONDS = 4096 / 48000;
const LONG_SECONDS = 6144 / 48000;

/**
 * A steady, tonal frame at `time` (seconds) whose treble chroma holds the pitch classes `pcs` (level 1
 * over a floor of 0.05) over the bass pitch class `bassPc`, in both windows, with the semitone spectrum
 * `semitones` (default silence: `N_PITCH` zeros). RMS 0.1, tonality 0.9, novelty 0, steadiness 1.
 */
export function chromaFrame(
  time: number,
  pcs: readonly number[],
  bassPc: number,
  semitones: Float32Array = new Float32Array(N_PITCH),
): ChromaFrame {
  const treble = new Float64Array(12).fill(0.05);
  for (const pc of pcs) treble[pc] = 1;
  const bass = new Float64Array(12).fill(0.05);
  bass[bassPc] = 1;
  return {
    time,
    treble,
    bass,
    trebleLong: treble,
    bassLong: bass,
    rms: 0.1,
    tonality: 0.9,
    novelty: 0,
    steadiness: 1,
    tuningCents: 0,
    longSeconds: LONG_SECONDS,
    shortSeconds: SHORT_SECONDS,
    semitones,
  };
}

/** A live semitone spectrum (`N_PITCH` bins from MIDI `PITCH_LO`): MIDI note → linear amplitude. */
export function semitoneSpectrum(notes: Record<number, number>): Float32Array {
  const s = new Float32Array(N_PITCH);
  for (const [m, a] of Object.entries(notes)) s[Number(m) - PITCH_LO] = a;
  return s;
}

/**
 * A held C major (C3 E3 G3 C4 E4, with A4 as a harmonic) whose G3 string shows its upper partials (G4,
 * D5, G5, B5): the "before" of a re-struck string.
 */
export const HELD_C_G_PARTIALS = semitoneSpectrum({
  48: 1,
  52: 1,
  55: 1,
  60: 1,
  64: 1,
  67: 0.5,
  69: 0.3,
  74: 0.6,
  79: 0.5,
  83: 0.4,
});

/**
 * {@link HELD_C_G_PARTIALS} strummed again: the G3 string's new pluck has a weaker fundamental (0.3 of
 * before) but brighter upper partials (D5, B5), so its level over its partials keeps ≈ 0.77 of before
 * while its G pitches alone keep ≈ 0.52.
 */
export const RESTRUCK_C_BRIGHT_G = semitoneSpectrum({
  48: 1.2,
  52: 1.2,
  55: 0.3,
  60: 1.2,
  64: 1.2,
  67: 0.35,
  69: 0.6,
  74: 0.9,
  79: 0.6,
  83: 0.6,
});
