/**
 * The frame model's training items heard as a phone or laptop would hear them (`dump-live-frames.ts
 * --augment`; PROVENANCE.md, "Live's frame model trained on quieter and hissing input"). Every training
 * item of the recipe is peak-normalised and half of the instrument items are clean, so the frame model
 * never learnt a microphone's hiss, nor an instrument raised from far below by Live's loudness gain
 * (`LiveLoudness`): measured, hiss 30 dB under the items costs Live 0.981 → 0.954 majmin and 0.83 → 3.06
 * false changes a minute on the validation folders.
 *
 * Each item draws, from a generator seeded by crc32 of its name (so a dump is reproducible):
 * - with probability {@link AUGMENT_HISS_SHARE}, pink noise at an SNR uniform in {@link AUGMENT_HISS_SNR_DB}
 *   dB under the item's RMS (the whole item's, silence included);
 * - with probability {@link AUGMENT_QUIET_SHARE}, a level uniform in {@link AUGMENT_LEVEL_DB} dB (after the
 *   hiss, so the hiss falls with it, as a room's noise does), else its own level.
 * The ranges and shares were set by reasoning before any training (a phone in a room: SNR 10–40 dB; the
 * loudness gain's −30 dB reach), not tuned. A milder mix (`share`, e.g. ¼ each: PROVENANCE.md, "a milder
 * mix") gives both draws that share instead; an item then hisses or is quieter only where it would at ½, since
 * the same generator values are compared with a smaller share.
 */
import { crc32 } from "node:zlib";
import { peakingEqInPlace } from "../src/dsp.js";
import { addHiss, makeRng } from "../testing/index.js";

/** Share of items given a microphone's hiss. */
export const AUGMENT_HISS_SHARE = 0.5;
/** The hiss's SNR range, dB under the item's RMS: [lowest, highest]. */
export const AUGMENT_HISS_SNR_DB = [10, 40] as const;
/** Share of items played quieter. */
export const AUGMENT_QUIET_SHARE = 0.5;
/** The range of their level change, dB: [quietest, loudest]. */
export const AUGMENT_LEVEL_DB = [-30, 0] as const;

/** One item's draw: its level change (dB, ≤ 0) and its hiss's SNR (dB; null: no hiss). */
export interface Augmentation {
  levelDb: number;
  hissSnrDb: number | null;
}

/**
 * The augmentation of the item named `name` (deterministic: the same name and share, the same draw).
 *
 * @param name the item's name, "<folder's name>/<item>".
 * @param share the probability of each of the two draws (hiss, quieter), 0…1; default ½
 *   ({@link AUGMENT_HISS_SHARE}, {@link AUGMENT_QUIET_SHARE}).
 * @throws RangeError when `share` is outside 0…1 or not a number.
 */
export function augmentationFor(name: string, share?: number): Augmentation {
  if (share !== undefined && !(share >= 0 && share <= 1)) {
    throw new RangeError(`augmentation share must be 0…1, got ${share}`);
  }
  const hissShare = share ?? AUGMENT_HISS_SHARE;
  const quietShare = share ?? AUGMENT_QUIET_SHARE;
  const r = makeRng(crc32(name));
  const [snrLo, snrHi] = AUGMENT_HISS_SNR_DB;
  const [lvLo, lvHi] = AUGMENT_LEVEL_DB;
  const hiss = r() < hissShare;
  const snr = snrLo + (snrHi - snrLo) * r();
  const quiet = r() < quietShare;
  const level = lvLo + (lvHi - lvLo) * r();
  return { levelDb: quiet ? level : 0, hissSnrDb: hiss ? snr : null };
}

/**
 * `pcm` with `aug` applied: the hiss added (testing's `addHiss`, seeded by `seed`), then the
 * level change. A new array; `pcm` is not changed.
 *
 * @param pcm mono PCM, any rate.
 * @param aug the draw ({@link augmentationFor}).
 * @param seed a 32-bit seed for the noise.
 */
export function applyAugmentation(pcm: Float32Array, aug: Augmentation, seed: number): Float32Array {
  const out = Float32Array.from(pcm);
  if (aug.hissSnrDb !== null) {
    let e = 0;
    for (let i = 0; i < pcm.length; i++) e += (pcm[i] as number) ** 2;
    // A silent item gets no hiss (its level is −∞ dBFS).
    if (e > 0) addHiss(out, 10 * Math.log10(e / pcm.length) - aug.hissSnrDb, seed);
  }
  if (aug.levelDb !== 0) {
    const g = 10 ** (aug.levelDb / 20);
    for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * g;
  }
  return out;
}

/**
 * Share of items given another timbre by {@link timbreEqFor} (`dump-live-frames.ts --timbre-eq`;
 * PROVENANCE.md, "Live's frame model trained on recoloured timbres"). Set by reasoning before any training,
 * not tuned: half the items keep the sample sets' own sound.
 */
export const TIMBRE_EQ_SHARE = 0.5;
/** Peaking bands per recoloured item. */
export const TIMBRE_EQ_BANDS = 3;
/**
 * Range of the bands' centres, Hz (drawn log-uniformly): from a guitar body's and a piano soundboard's
 * low resonances to a microphone's presence peak.
 */
export const TIMBRE_EQ_HZ = [100, 5000] as const;
/** Range of the bands' gains, dB (uniform): the size of a body resonance or a microphone's colouring. */
export const TIMBRE_EQ_GAIN_DB = [-9, 9] as const;
/** Range of the bands' Q (uniform): about two octaves wide to about two-thirds of an octave. */
export const TIMBRE_EQ_Q = [0.7, 2] as const;

/** One peaking band of a recolouring: centre (Hz), Q and gain (dB). */
export interface EqBand {
  hz: number;
  q: number;
  gainDb: number;
}

/**
 * The recolouring of the item named `name`: {@link TIMBRE_EQ_BANDS} peaking bands for a share
 * {@link TIMBRE_EQ_SHARE} of the items, none for the rest. Deterministic (crc32 of `name` and "#eq", a
 * generator of its own, so the hiss and level draws of {@link augmentationFor} do not move). The idea:
 * if another sample set's instrument differed from the trained-on ones mainly in its spectral envelope
 * (body, voicing, microphone), a random envelope per item would teach the frame model to read the chord
 * through it. Checked with one seed, it did not lower Live's false changes on unheard sample sets
 * (PROVENANCE.md), so no shipped model is trained with it.
 *
 * @param name the item's name, "<folder's name>/<item>".
 * @returns the bands, in the order they are applied; empty when the item keeps its sound.
 */
export function timbreEqFor(name: string): EqBand[] {
  const r = makeRng(crc32(`${name}#eq`));
  if (!(r() < TIMBRE_EQ_SHARE)) return [];
  const [hzLo, hzHi] = TIMBRE_EQ_HZ;
  const [gLo, gHi] = TIMBRE_EQ_GAIN_DB;
  const [qLo, qHi] = TIMBRE_EQ_Q;
  return Array.from({ length: TIMBRE_EQ_BANDS }, () => ({
    hz: hzLo * (hzHi / hzLo) ** r(),
    q: qLo + (qHi - qLo) * r(),
    gainDb: gLo + (gHi - gLo) * r(),
  }));
}

/**
 * `pcm` through `bands` (RBJ peaking biquads, `peakingEqInPlace`, one after another). A new array; `pcm`
 * is not changed.
 *
 * @param pcm mono PCM at `sampleRate` Hz.
 * @param bands from {@link timbreEqFor}; each centre must lie below `sampleRate` / 2.
 * @throws RangeError from `peakingEqInPlace` on a band it cannot apply.
 */
export function applyTimbreEq(pcm: Float32Array, sampleRate: number, bands: readonly EqBand[]): Float32Array {
  const out = Float32Array.from(pcm);
  for (const b of bands) peakingEqInPlace(out, sampleRate, b.hz, b.q, b.gainDb);
  return out;
}
