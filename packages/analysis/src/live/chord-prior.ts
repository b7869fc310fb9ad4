/**
 * Live's chords weighed by the key: a prior over the frame model's classes from the key heard so far,
 * so that a chord heard before its third is struck (an arpeggio's bass and fifth) leans to the triad the
 * key makes likely, as a musician's ear does (a lone A bass in C major is Am until C♯ sounds). Pure
 * module (no Node or DOM APIs).
 *
 * The prior of class c (quality q on root r) is, with the key model's 24 probabilities P(k),
 *   π(c) = Σ_k P(k) · S[mode k][q][(r − tonic k) mod 12]
 * over the chord-in-key shares S of the training corpora (`CHORD_KEY_SHARES`), divided by the same
 * quality's prior spread evenly over the 12 roots (what the frame model, trained on every key alike,
 * already assumes), so that the prior moves a chord between roots and between the triads on one root,
 * not the balance of qualities. The log of that ratio, times a weight, is added to the model's
 * log-probabilities (Bayes' rule with a tempered prior; the key-dependent chord prior of Mauch & Dixon,
 * "Simultaneous estimation of chords and musical context from audio", IEEE TASLP 2010).
 */
import { CHORD_KEY_SHARES } from "./chord-key-prior.js";
import { FRAME_MODEL_CLASSES, FRAME_MODEL_QUALITIES } from "./frame-features.js";

/**
 * Weight of the key's prior in Live's frame decision (0 = off): 0.5, chosen from {0.5, 1} on the
 * instrument validation folders by a rule written before the runs, and checked on the band validation
 * songs (false changes 4.31 → 3.82 a minute, majmin 0.922 → 0.929). PROVENANCE.md, "Live's chords weighed
 * by the key".
 */
export const FRAME_KEY_PRIOR_WEIGHT = 0.5;

/**
 * The key's log prior over the frame model's classes (61: "no chord", then quality q on root r at
 * 1 + q·12 + r, as `FRAME_MODEL_QUALITIES`), relative to a key-free prior: 0 for "no chord".
 *
 * @param keyProbabilities the key model's 24 probabilities (0..11 major on tonic 0..11, 12..23 minor),
 *   each ≥ 0, not all 0; normalised here.
 * @param weight the prior's exponent, ≥ 0 (0 gives all zeros).
 * @param shares chord-in-key shares per mode, 60 each (default `CHORD_KEY_SHARES`), each > 0.
 * @returns natural-log values, one per class.
 * @throws {RangeError} for a vector that is not 24 finite probabilities, a negative weight or bad shares.
 */
export function chordKeyLogPrior(
  keyProbabilities: ArrayLike<number>,
  weight: number,
  shares: { readonly major: readonly number[]; readonly minor: readonly number[] } = CHORD_KEY_SHARES,
): Float64Array {
  if (keyProbabilities.length !== 24)
    throw new RangeError(`a key distribution has 24 values, got ${keyProbabilities.length}`);
  if (!(weight >= 0 && Number.isFinite(weight))) throw new RangeError(`weight must be ≥ 0, got ${weight}`);
  const nq = FRAME_MODEL_QUALITIES.length;
  for (const s of [shares.major, shares.minor])
    if (s.length !== nq * 12 || !s.every((v) => v > 0 && Number.isFinite(v)))
      throw new RangeError(`chord-in-key shares must be ${nq * 12} positive values per mode`);
  let total = 0;
  for (let k = 0; k < 24; k++) {
    const p = keyProbabilities[k] as number;
    if (!(p >= 0 && Number.isFinite(p))) throw new RangeError(`bad key probability ${p} at ${k}`);
    total += p;
  }
  if (!(total > 0)) throw new RangeError("the key probabilities are all 0");
  const mix = new Float64Array(nq * 12);
  for (let k = 0; k < 24; k++) {
    const p = (keyProbabilities[k] as number) / total;
    if (p === 0) continue;
    const s = k < 12 ? shares.major : shares.minor;
    const tonic = k % 12;
    for (let q = 0; q < nq; q++)
      for (let r = 0; r < 12; r++) {
        const i = q * 12 + r;
        mix[i] = (mix[i] as number) + p * (s[q * 12 + ((r - tonic + 12) % 12)] as number);
      }
  }
  const out = new Float64Array(FRAME_MODEL_CLASSES);
  if (weight === 0) return out;
  for (let q = 0; q < nq; q++) {
    let even = 0;
    for (let r = 0; r < 12; r++) even += mix[q * 12 + r] as number;
    even /= 12;
    for (let r = 0; r < 12; r++) out[1 + q * 12 + r] = weight * Math.log((mix[q * 12 + r] as number) / even);
  }
  return out;
}
