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
import { CHORD_CHANGE_SHARES, CHORD_KEY_SHARES } from "./chord-key-prior.js";
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

/**
 * Weight of the chord progressions in Live's frame decision (0 = off: a change goes to any other class
 * alike). PROVENANCE.md, "Live's chord progressions".
 */
export const FRAME_PROGRESSION_WEIGHT = 0;

/**
 * Where Live's chord goes when it changes, from the chord changes of the training corpora: the frame
 * filter's transitions (`FrameDecisionOptions.transitions`), 61 × 61 over the frame model's classes.
 *
 * A change from chord p (quality q_p on root r_p) to chord c (q_c on r_c) weighs
 *   w(p, c) = (S[q_p][q_c · 12 + (r_c − r_p) mod 12] / m(q_c))^weight,
 * the share S of such changes in the charts (`CHORD_CHANGE_SHARES`, transposition-free: only the interval
 * between the roots counts) over the share m(q) of all changes that arrive on quality q spread over its
 * 12 roots — the frame model already holds the balance of qualities, so the table moves a change between
 * roots and between the qualities that follow a chord, not that balance. Each chord's 59 other chords
 * share 59/60 of its changes in proportion to w; "no chord" takes 1/60, and a change from "no chord" goes
 * to each chord alike (1/60), as in the filter without a table. This is the chord-bigram transition of
 * an HMM chord recogniser (Sheh & Ellis, "Chord segmentation and recognition using EM-trained hidden
 * Markov models", ISMIR 2003; Mauch & Dixon, IEEE TASLP 2010) on Live's frame filter.
 *
 * @param weight the table's exponent, ≥ 0 (0 gives every other class alike, the filter's default).
 * @param shares change shares per previous quality (default `CHORD_CHANGE_SHARES`): 60 values each,
 *   ≥ 0, 0 only on the chord itself (index q_p · 12).
 * @returns row-major probabilities, row p the next class given a change from class p (0 on the diagonal).
 * @throws {RangeError} for a negative or non-finite weight or bad shares.
 */
export function chordChangeTransitions(
  weight: number,
  shares: readonly (readonly number[])[] = CHORD_CHANGE_SHARES,
): Float64Array {
  if (!(weight >= 0 && Number.isFinite(weight))) throw new RangeError(`weight must be ≥ 0, got ${weight}`);
  const nq = FRAME_MODEL_QUALITIES.length;
  const n = FRAME_MODEL_CLASSES;
  if (shares.length !== nq) throw new RangeError(`change shares need ${nq} rows, got ${shares.length}`);
  for (let q = 0; q < nq; q++) {
    const row = shares[q] as readonly number[];
    if (row.length !== nq * 12) throw new RangeError(`change shares row ${q} needs ${nq * 12} values`);
    for (let i = 0; i < nq * 12; i++) {
      const v = row[i] as number;
      if (!(Number.isFinite(v) && (i === q * 12 ? v >= 0 : v > 0)))
        throw new RangeError(`bad change share ${v} at row ${q}, ${i}`);
    }
  }
  // m(q): each arriving quality's share of all changes, per root.
  const arriving = new Float64Array(nq);
  for (let q = 0; q < nq; q++)
    for (let i = 0; i < nq * 12; i++) {
      const k = Math.floor(i / 12);
      arriving[k] = (arriving[k] as number) + ((shares[q] as readonly number[])[i] as number) / nq / 12;
    }
  const t = new Float64Array(n * n);
  for (let c = 1; c < n; c++) t[c] = 1 / (n - 1);
  const w = new Float64Array(n);
  for (let p = 1; p < n; p++) {
    const qp = Math.floor((p - 1) / 12);
    const rp = (p - 1) % 12;
    const row = shares[qp] as readonly number[];
    let sum = 0;
    for (let c = 1; c < n; c++) {
      if (c === p) {
        w[c] = 0;
        continue;
      }
      const qc = Math.floor((c - 1) / 12);
      const rc = (c - 1) % 12;
      const v = ((row[qc * 12 + ((rc - rp + 12) % 12)] as number) / (arriving[qc] as number)) ** weight;
      w[c] = v;
      sum += v;
    }
    t[p * n] = 1 / (n - 1);
    for (let c = 1; c < n; c++) t[p * n + c] = (((n - 2) / (n - 1)) * (w[c] as number)) / sum;
  }
  return t;
}
