import { chromaFrame } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { OPENING_SECONDS, OPENING_WEIGHT } from "../stages.js";
import type { ChromaFrame } from "./chroma.js";
import { cancelOpeningEmphasis, KEY_BIN_SECONDS, LIVE_KEY_WINDOW_SECONDS, LiveKeyFinder } from "./key.js";

const HOP = 0.02;

/** A chroma frame at `time` sounding the pitch classes `pcs`, the first of them also in the bass. */
function frame(time: number, pcs: readonly number[]): ChromaFrame {
  return chromaFrame(time, pcs, pcs[0] as number);
}

const C_MAJOR = [0, 4, 7];
const G_MAJOR = [7, 11, 2];
const E = 4;

/** E's share of a frame's treble chroma, normalised to sum 1, when E sounds (C major) and when it does not (G major). */
function trebleShare(pcs: readonly number[], pc: number): number {
  const treble = frame(0, pcs).treble;
  let sum = 0;
  for (const x of treble) sum += x;
  return (treble[pc] as number) / sum;
}
const E_IN_C = trebleShare(C_MAJOR, E);
const E_FLOOR = trebleShare(G_MAJOR, E);

/** Plays `pcs` as chord `root` from `from` to `to` seconds into `finder`. */
function play(finder: LiveKeyFinder, pcs: readonly number[], root: number, from: number, to: number) {
  for (let t = from + HOP; t <= to + 1e-9; t += HOP) finder.add(frame(t, pcs), HOP, { root, quality: "maj" });
}

/**
 * The model input's treble share of E (in C major's triad, not in G major's) times each segment's seconds:
 * `E_IN_C` per second of C major in the window and only the chroma floor's `E_FLOOR` per second of G major.
 */
function eWeight(finder: LiveKeyFinder): number {
  const input = finder.modelInput();
  if (!input) throw new Error("a model input expected");
  let w = 0;
  for (let k = 0; k < input.beats; k++)
    w += (input.features[k * 24 + E] as number) * (input.weights[k] as number);
  return w;
}

describe("LiveKeyFinder", () => {
  it("reads the last LIVE_KEY_WINDOW_SECONDS as half-second segments", () => {
    expect(LIVE_KEY_WINDOW_SECONDS).toBeGreaterThanOrEqual(10);
    expect(LIVE_KEY_WINDOW_SECONDS).toBeLessThanOrEqual(30);
    const finder = new LiveKeyFinder();
    expect(finder.modelInput()).toBeNull();
    play(finder, C_MAJOR, 0, 0, 5);
    expect(finder.modelInput()?.beats).toBe(LIVE_KEY_WINDOW_SECONDS / KEY_BIN_SECONDS);
    expect(finder.heardSeconds()).toBeCloseTo(5, 1);
  });

  it("keeps a piece's first chords for the whole window and then lets them go", () => {
    const finder = new LiveKeyFinder();
    play(finder, C_MAJOR, 0, 0, 10);
    // Ten seconds of C, then G: the C stays in the window until the window has passed over it (about 5 s
    // of it are left 5 s after the window's length; the newest segment has only begun).
    play(finder, G_MAJOR, 7, 10, LIVE_KEY_WINDOW_SECONDS + 5);
    expect(E_IN_C).toBeGreaterThan(10 * E_FLOOR);
    // Seconds of C major left in the window, read from E's weight over the floor every segment carries.
    const cSeconds = (eWeight(finder) - finder.heardSeconds() * E_FLOOR) / (E_IN_C - E_FLOOR);
    expect(cSeconds).toBeGreaterThanOrEqual(5 - KEY_BIN_SECONDS - 1e-3);
    expect(cSeconds).toBeLessThanOrEqual(5 + 1e-3);
    play(finder, G_MAJOR, 7, LIVE_KEY_WINDOW_SECONDS + 5, LIVE_KEY_WINDOW_SECONDS + 10.5);
    // Only G major is left: E holds no more than the chroma floor's share.
    expect(finder.heardSeconds()).toBeCloseTo(LIVE_KEY_WINDOW_SECONDS, 0);
    expect(eWeight(finder)).toBeCloseTo(finder.heardSeconds() * E_FLOOR, 4);
    // The hand-written reading of what is left is G major.
    expect(finder.estimate().key).toBe("G Major");
  });

  it("forgets everything on reset", () => {
    const finder = new LiveKeyFinder();
    play(finder, C_MAJOR, 0, 0, 8);
    finder.reset();
    expect(finder.heardSeconds()).toBe(0);
    expect(finder.modelInput()).toBeNull();
    expect(finder.estimate().key).toBeNull();
  });

  it("clamps the window to 10–30 s", () => {
    expect(new LiveKeyFinder(5).modelInput()).toBeNull();
    const short = new LiveKeyFinder(5);
    play(short, C_MAJOR, 0, 0, 4);
    expect(short.modelInput()?.beats).toBe(10 / KEY_BIN_SECONDS);
    const long = new LiveKeyFinder(60);
    play(long, C_MAJOR, 0, 0, 4);
    expect(long.modelInput()?.beats).toBe(30 / KEY_BIN_SECONDS);
  });
});

/**
 * The weights the learned key model pools with, as its graph computes them (train/train_key_model.py,
 * `KeyNet.logits`): w_k·(1 + OPENING_WEIGHT·exp(−t_k / OPENING_SECONDS)), t_k the sum of w before k.
 */
function modelPoolingWeights(w: Float32Array): number[] {
  let t = 0;
  return Array.from(w, (x) => {
    const e = x * (1 + OPENING_WEIGHT * Math.exp(-t / OPENING_SECONDS));
    t += x;
    return e;
  });
}

describe("cancelOpeningEmphasis", () => {
  it("makes the key model pool a window's segments by their seconds alone", () => {
    // A full 30-s window (half-second segments, two of them silent) and a window half heard.
    for (const w of [
      Float32Array.from({ length: 60 }, (_, k) => (k === 7 || k === 8 ? 0 : 0.5)),
      Float32Array.from({ length: 60 }, (_, k) => (k < 30 ? 0 : 0.25 + 0.005 * k)),
    ]) {
      const pooled = modelPoolingWeights(cancelOpeningEmphasis(w));
      const scale = (pooled[59] as number) / (w[59] as number);
      for (let k = 0; k < w.length; k++) expect(pooled[k]).toBeCloseTo((w[k] as number) * scale, 5);
    }
    // Without it, the oldest seconds of a full window weigh about twice the newest.
    const full = modelPoolingWeights(Float32Array.from({ length: 60 }, () => 0.5));
    expect((full[0] as number) / (full[59] as number)).toBeGreaterThan(1.9);
  });

  it("keeps silent segments at 0, leaves its input alone and refuses negative weights", () => {
    const w = Float32Array.from([0, 0.5, 0, 0.5]);
    const u = cancelOpeningEmphasis(w);
    expect(Array.from(u, (x) => x === 0)).toEqual([true, false, true, false]);
    expect(Array.from(w)).toEqual([0, 0.5, 0, 0.5]);
    expect(() => cancelOpeningEmphasis(Float32Array.from([0.5, -0.1]))).toThrow(RangeError);
    expect(() => cancelOpeningEmphasis(Float32Array.from([Number.NaN]))).toThrow(RangeError);
  });
});
