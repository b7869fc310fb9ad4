/**
 * Live key: the key of what was played over the last 10–30 s, from streaming chroma.
 * Pure module (no Node or DOM APIs).
 */
import { corrRot, KK_MAJOR, KK_MINOR, TEMPERLEY_MAJOR, TEMPERLEY_MINOR } from "../key.js";
import { keyName } from "../labels.js";
import type { ChromaFrame } from "./chroma.js";

/** The live key estimate. */
export interface LiveKey {
  /** Key in product spelling ("A Minor"), or null until enough harmonic content was heard. */
  key: string | null;
  /** Tonic pitch class of `key` (−1 when null). */
  tonic: number;
  /** Mode of `key` (null when `key` is null). */
  mode: "major" | "minor" | null;
  /** 0..1 softmax share of the best key among the 24 (temperature 0.05); 0 when `key` is null. */
  confidence: number;
  /** Seconds of harmonic content in the window. */
  heardSeconds: number;
}

/**
 * Sliding-window key finder. Frames with harmonic content add their unit-sum treble + bass chroma to a
 * one-second bin of a ring of `windowSeconds` bins; the key is the best of the 24 by the mean Pearson
 * correlation of the window's profile with the Krumhansl–Kessler (1982) and Temperley (2007) key profiles
 * — the engine's global-key profiles applied to a sliding window (Temperley 2007, ch. 4).
 *
 * @param windowSeconds 10..30 (clamped), default 20.
 * @param minSeconds harmonic content needed before a key is reported, seconds (default 3).
 */
export class LiveKeyFinder {
  private readonly bins: Float64Array;
  private readonly heard: Float64Array;
  private readonly windowSeconds: number;
  private readonly minSeconds: number;
  private slot = -1;
  private lastSecond = -1;

  constructor(windowSeconds = 20, minSeconds = 3) {
    this.windowSeconds = Math.round(Math.max(10, Math.min(30, windowSeconds)));
    this.minSeconds = minSeconds;
    this.bins = new Float64Array(this.windowSeconds * 12);
    this.heard = new Float64Array(this.windowSeconds);
  }

  /** Forget everything heard (the "reset" button). */
  reset(): void {
    this.bins.fill(0);
    this.heard.fill(0);
    this.slot = -1;
    this.lastSecond = -1;
  }

  /**
   * Add one frame.
   * @param frame a chroma frame.
   * @param hopSeconds the frame's duration (hop), seconds.
   * @param harmonic whether the frame holds harmonic content (e.g. the chord recogniser shows a chord).
   */
  add(frame: ChromaFrame, hopSeconds: number, harmonic: boolean): void {
    const sec = Math.floor(frame.time);
    if (sec !== this.lastSecond) {
      // Advance the ring, clearing the seconds skipped over.
      const steps = this.lastSecond < 0 ? 1 : Math.min(this.windowSeconds, sec - this.lastSecond);
      for (let s = 0; s < steps; s++) {
        this.slot = (this.slot + 1) % this.windowSeconds;
        this.heard[this.slot] = 0;
        this.bins.fill(0, this.slot * 12, this.slot * 12 + 12);
      }
      this.lastSecond = sec;
    }
    if (!harmonic) return;
    let ts = 0;
    let bs = 0;
    for (let i = 0; i < 12; i++) {
      ts += frame.treble[i] as number;
      bs += frame.bass[i] as number;
    }
    if (!(ts > 0)) return;
    const base = this.slot * 12;
    for (let i = 0; i < 12; i++) {
      const v = (frame.treble[i] as number) / ts + (bs > 0 ? (0.5 * (frame.bass[i] as number)) / bs : 0);
      this.bins[base + i] = (this.bins[base + i] as number) + v * hopSeconds;
    }
    this.heard[this.slot] = (this.heard[this.slot] as number) + hopSeconds;
  }

  /** The current estimate. */
  estimate(): LiveKey {
    let heardSeconds = 0;
    for (const h of this.heard) heardSeconds += h;
    const none: LiveKey = { key: null, tonic: -1, mode: null, confidence: 0, heardSeconds };
    if (heardSeconds < this.minSeconds) return none;
    const p = new Float64Array(12);
    for (let s = 0; s < this.windowSeconds; s++)
      for (let i = 0; i < 12; i++) p[i] = (p[i] as number) + (this.bins[s * 12 + i] as number);
    const scores: number[] = [];
    for (let t = 0; t < 12; t++) {
      scores.push((corrRot(p, KK_MAJOR, t) + corrRot(p, TEMPERLEY_MAJOR, t)) / 2);
    }
    for (let t = 0; t < 12; t++) {
      scores.push((corrRot(p, KK_MINOR, t) + corrRot(p, TEMPERLEY_MINOR, t)) / 2);
    }
    let best = 0;
    for (let k = 1; k < 24; k++) if ((scores[k] as number) > (scores[best] as number)) best = k;
    const top = scores[best] as number;
    if (!(top > 0)) return none;
    let z = 0;
    for (const s of scores) z += Math.exp((s - top) / 0.05);
    const mode = best < 12 ? "major" : "minor";
    const tonic = best % 12;
    return { key: keyName(tonic, mode), tonic, mode, confidence: 1 / z, heardSeconds };
  }
}
