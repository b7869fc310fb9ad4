/**
 * Live key: the key of what was played over the last {@link LIVE_KEY_WINDOW_SECONDS} s — the offline key
 * stage on a sliding window.
 * Pure module (no Node or DOM APIs).
 */
import {
  addChordTime,
  addToKeyProfile,
  emptyChordStats,
  estimateKey,
  isMinorQuality,
  type KeyEstimate,
} from "../key.js";
import { parseKey } from "../labels.js";
import { keyFromProbabilities, OPENING_SECONDS, OPENING_WEIGHT } from "../stages.js";
import type { KeyModelInput } from "../types.js";
import type { ChromaFrame } from "./chroma.js";

/** The live key estimate. */
export interface LiveKey {
  /** Key in product spelling ("A Minor"), or null until enough harmonic content was heard. */
  key: string | null;
  /** Tonic pitch class of `key` (−1 when null). */
  tonic: number;
  /** Mode of `key` (null when `key` is null). */
  mode: "major" | "minor" | null;
  /** 0..1 probability of `key` among the 24 (the key model's, or `estimateKey`'s softmax); 0 when `key` is null. */
  confidence: number;
  /** Seconds of harmonic content in the window. */
  heardSeconds: number;
}

/** Length of one bin of the key window, seconds: about a beat, the segment the key model reads. */
export const KEY_BIN_SECONDS = 0.5;

/**
 * Live's key window, seconds: the key shown is the key of the last this many seconds, so a song's key
 * holds across its sections (a chorus on IV–V–vi alone can read as the relative minor) while a new piece
 * takes the display over a median 15.8 s after it starts with Live's key model (18.2 s with the offline
 * engine's; 24 pairs of band validation songs back to back; "Reset key" at once). Chosen on the 172 band
 * validation songs, the instrument and ukulele validation folders by a rule set before the runs
 * (PROVENANCE.md, "Live's key over 30 seconds"; 20 before).
 */
export const LIVE_KEY_WINDOW_SECONDS = 30;

/**
 * Segment weights that cancel the learned key model's opening emphasis, so that the model pools its input
 * evenly. The key models (`models/key.onnx`, train/train_key_model.py) weigh segment k by w_k·(1 +
 * OPENING_WEIGHT·exp(−t_k / OPENING_SECONDS)), t_k the sum of the weights before it: the first bars of a
 * piece establish its key (Longuet-Higgins & Steedman 1971). In Live's sliding window the first segments
 * are only the oldest, not a piece's opening. Feeding u_k = w_k / (1 + OPENING_WEIGHT·exp(−T_k /
 * OPENING_SECONDS)), T_k the sum of the u before k, makes the model's weight exactly w_k.
 * @param weights per segment, seconds of harmonic content (≥ 0), oldest first; not modified.
 * @returns the weights to feed, the same length.
 * @throws {RangeError} when a weight is negative or not finite.
 */
export function cancelOpeningEmphasis(weights: Float32Array): Float32Array {
  const out = new Float32Array(weights.length);
  let t = 0;
  for (let k = 0; k < weights.length; k++) {
    const w = weights[k] as number;
    if (!(w >= 0 && Number.isFinite(w))) throw new RangeError(`weight ${k} must be finite and ≥ 0, got ${w}`);
    const u = w / (1 + OPENING_WEIGHT * Math.exp(-t / OPENING_SECONDS));
    out[k] = u;
    // The model sums its float32 input, so advance by what it will read.
    t += out[k] as number;
  }
  return out;
}

/**
 * Sliding-window key finder: the offline key stages run on the last `windowSeconds` of what was
 * played. Each frame with harmonic content (a chord shown) adds its treble and bass pitch-class
 * distributions to a half-second bin of a ring, and the chord shown adds to that bin's chord statistics.
 * Two readings of the window:
 * - {@link estimate}: the hand-written key stage, `estimateKey` on the window's profile
 *   (`addToKeyProfile`, as `keyProfile` builds it per beat) and chord statistics (`addChordTime`, as
 *   `chordStats`) — used where the learned model cannot run;
 * - {@link modelInput} / {@link fromProbabilities}: the learned key model's input, one segment per bin
 *   (its per-beat features: each half normalised to sum 1, weighted by the seconds heard), and its answer
 *   as a {@link LiveKey} (`keyFromProbabilities`) — the engine's key stage on a sliding window, with the
 *   key model fine-tuned on these windows (`models/live-key.onnx`, train/dump-live-key-windows.ts).
 *
 * @param windowSeconds 10..30 (clamped), default {@link LIVE_KEY_WINDOW_SECONDS}.
 * @param minSeconds harmonic content needed before a key is reported, seconds (default 3).
 */
export class LiveKeyFinder {
  /** Per bin: 12 treble then 12 bass pitch-class distributions, summed over its frames × seconds. */
  private readonly bins: Float64Array;
  private readonly major: Float64Array;
  private readonly minor: Float64Array;
  private readonly heard: Float64Array;
  private readonly nBins: number;
  private readonly minSeconds: number;
  private slot = -1;
  private lastBin = -1;

  constructor(windowSeconds = LIVE_KEY_WINDOW_SECONDS, minSeconds = 3) {
    const seconds = Math.round(Math.max(10, Math.min(30, windowSeconds)));
    this.nBins = Math.round(seconds / KEY_BIN_SECONDS);
    this.minSeconds = minSeconds;
    this.bins = new Float64Array(this.nBins * 24);
    this.major = new Float64Array(this.nBins * 12);
    this.minor = new Float64Array(this.nBins * 12);
    this.heard = new Float64Array(this.nBins);
  }

  /** Forget everything heard (the "reset" button). */
  reset(): void {
    this.bins.fill(0);
    this.major.fill(0);
    this.minor.fill(0);
    this.heard.fill(0);
    this.slot = -1;
    this.lastBin = -1;
  }

  /**
   * Add one frame.
   * @param frame a chroma frame.
   * @param hopSeconds the frame's duration (hop), seconds.
   * @param chord the chord shown for the frame (root −1 for none): frames without one hold no harmonic
   * content and add nothing.
   */
  add(frame: ChromaFrame, hopSeconds: number, chord: { root: number; quality: string }): void {
    const bin = Math.floor(frame.time / KEY_BIN_SECONDS);
    if (bin !== this.lastBin) {
      // Advance the ring, clearing the bins skipped over.
      const steps = this.lastBin < 0 ? 1 : Math.min(this.nBins, bin - this.lastBin);
      for (let s = 0; s < steps; s++) {
        this.slot = (this.slot + 1) % this.nBins;
        this.heard[this.slot] = 0;
        this.bins.fill(0, this.slot * 24, this.slot * 24 + 24);
        this.major.fill(0, this.slot * 12, this.slot * 12 + 12);
        this.minor.fill(0, this.slot * 12, this.slot * 12 + 12);
      }
      this.lastBin = bin;
    }
    if (chord.root < 0) return;
    let ts = 0;
    let bs = 0;
    for (let i = 0; i < 12; i++) {
      ts += frame.treble[i] as number;
      bs += frame.bass[i] as number;
    }
    if (!(ts > 0)) return;
    const o = this.slot * 24;
    for (let i = 0; i < 12; i++) {
      this.bins[o + i] = (this.bins[o + i] as number) + ((frame.treble[i] as number) / ts) * hopSeconds;
      if (bs > 0)
        this.bins[o + 12 + i] =
          (this.bins[o + 12 + i] as number) + ((frame.bass[i] as number) / bs) * hopSeconds;
    }
    const acc = isMinorQuality(chord.quality) ? this.minor : this.major;
    acc[this.slot * 12 + chord.root] = (acc[this.slot * 12 + chord.root] as number) + hopSeconds;
    this.heard[this.slot] = (this.heard[this.slot] as number) + hopSeconds;
  }

  /** Seconds of harmonic content in the window. */
  heardSeconds(): number {
    let h = 0;
    for (const x of this.heard) h += x;
    return h;
  }

  /** No key yet, with the seconds of harmonic content heard so far. */
  none(): LiveKey {
    return noKey(this.heardSeconds());
  }

  /** The hand-written key stage's estimate (`estimateKey`) of the window. */
  estimate(): LiveKey {
    const heardSeconds = this.heardSeconds();
    const none = noKey(heardSeconds);
    if (heardSeconds < this.minSeconds) return none;
    const profile = new Float64Array(12);
    const stats = emptyChordStats();
    for (let s = 0; s < this.nBins; s++) {
      addToKeyProfile(profile, this.bins, this.bins.subarray(12), this.heard[s] as number, s * 24);
      for (let i = 0; i < 12; i++) {
        addChordTime(stats, i, "maj", this.major[s * 12 + i] as number);
        addChordTime(stats, i, "min", this.minor[s * 12 + i] as number);
      }
    }
    const est = estimateKey(profile, stats);
    return est.confidence > 0 ? liveKey(est, heardSeconds) : none;
  }

  /**
   * The learned key model's input for the window: one segment per bin, oldest first, each with the
   * bin's treble and bass pitch-class distributions normalised to sum 1 and the seconds of harmonic
   * content heard in it as its weight (0: silent). Null until `minSeconds` of harmonic content were heard.
   */
  modelInput(): KeyModelInput | null {
    if (this.heardSeconds() < this.minSeconds) return null;
    const B = this.nBins;
    const features = new Float32Array(B * 24);
    const weights = new Float32Array(B);
    for (let k = 0; k < B; k++) {
      const s = (this.slot + 1 + k) % B;
      weights[k] = this.heard[s] as number;
      for (const half of [0, 12]) {
        let n = 0;
        for (let i = 0; i < 12; i++) n += this.bins[s * 24 + half + i] as number;
        if (n > 0)
          for (let i = 0; i < 12; i++)
            features[k * 24 + half + i] = (this.bins[s * 24 + half + i] as number) / n;
      }
    }
    return { beats: B, features, weights };
  }

  /**
   * The learned model's answer for {@link modelInput} as a live key.
   * @param p the model's 24 probabilities (major tonics 0..11, minor 12..23).
   * @throws {AnalysisError} when `p` does not hold 24 finite, non-negative values.
   */
  fromProbabilities(p: Float32Array): LiveKey {
    return liveKey(keyFromProbabilities(p), this.heardSeconds());
  }
}

function noKey(heardSeconds: number): LiveKey {
  return { key: null, tonic: -1, mode: null, confidence: 0, heardSeconds };
}

function liveKey(est: KeyEstimate, heardSeconds: number): LiveKey {
  const { tonic, mode } = parseKey(est.key);
  return { key: est.key, tonic, mode, confidence: est.confidence, heardSeconds };
}
