import { describe, expect, it } from "vitest";
import { AnalysisError, type LiveChordModel, type LiveChordModelInput } from "../types.js";
import { averageLiveChordModels } from "./frame-ensemble.js";
import { FRAME_MODEL_CLASSES } from "./frame-features.js";

/** A fake model whose every frame puts probability `p` on class `cls` and spreads the rest evenly. */
function sure(cls: number, p: number): LiveChordModel {
  return {
    async predict(input: LiveChordModelInput): Promise<Float32Array> {
      const out = new Float32Array(input.frames * FRAME_MODEL_CLASSES);
      const rest = Math.log((1 - p) / (FRAME_MODEL_CLASSES - 1));
      for (let t = 0; t < input.frames; t++)
        for (let c = 0; c < FRAME_MODEL_CLASSES; c++)
          out[t * FRAME_MODEL_CLASSES + c] = c === cls ? Math.log(p) : rest;
      return out;
    },
  };
}

const input = (frames: number): LiveChordModelInput => ({ frames, features: new Float32Array(frames * 53) });
const prob = (lp: Float32Array, t: number, c: number) => Math.exp(lp[t * FRAME_MODEL_CLASSES + c] as number);

describe("averageLiveChordModels", () => {
  it("answers the mean of the members' probabilities per frame and class", async () => {
    const lp = await averageLiveChordModels([sure(1, 0.9), sure(13, 0.5)]).predict(input(3));
    expect(lp.length).toBe(3 * FRAME_MODEL_CLASSES);
    for (let t = 0; t < 3; t++) {
      const c1 = (0.9 + 0.5 / 60) / 2;
      const c13 = (0.1 / 60 + 0.5) / 2;
      expect(prob(lp, t, 1)).toBeCloseTo(c1, 6);
      expect(prob(lp, t, 13)).toBeCloseTo(c13, 6);
      let total = 0;
      for (let c = 0; c < FRAME_MODEL_CLASSES; c++) total += prob(lp, t, c);
      expect(total).toBeCloseTo(1, 5);
    }
  });

  it("keeps a class that every member finds very unlikely finite (no underflow to 0)", async () => {
    /** Class 0 at log-probability `lp0`, the rest on class 1. */
    const tiny = (lp0: number): LiveChordModel => ({
      async predict(input: LiveChordModelInput): Promise<Float32Array> {
        const out = new Float32Array(input.frames * FRAME_MODEL_CLASSES).fill(-1000);
        for (let t = 0; t < input.frames; t++) {
          out[t * FRAME_MODEL_CLASSES] = lp0;
          out[t * FRAME_MODEL_CLASSES + 1] = 0;
        }
        return out;
      },
    });
    const lp = await averageLiveChordModels([tiny(-800), tiny(-900)]).predict(input(1));
    // exp(−800) underflows to 0 in float64; the mean is exp(−800) / 2 (exp(−900) adds nothing at float32).
    expect(lp[0]).toBeCloseTo(-800 - Math.LN2, 3);
    expect(lp[1]).toBeCloseTo(0, 6);
  });

  it("keeps a class that every member rules out (log 0) at −∞, not NaN", async () => {
    const lp = await averageLiveChordModels([sure(1, 1), sure(1, 1)]).predict(input(1));
    expect(lp[0]).toBe(Number.NEGATIVE_INFINITY);
    expect(lp[1]).toBeCloseTo(0, 6);
  });

  it("returns a single model as it is and refuses an empty list", () => {
    const one = sure(1, 0.9);
    expect(averageLiveChordModels([one])).toBe(one);
    expect(() => averageLiveChordModels([])).toThrow(RangeError);
  });

  it("rejects with the member's AnalysisError, and when the answers differ in length", async () => {
    const failing: LiveChordModel = {
      predict: () => Promise.reject(new AnalysisError("Live's chord model failed: out of memory")),
    };
    await expect(averageLiveChordModels([sure(1, 0.9), failing]).predict(input(2))).rejects.toThrow(
      "out of memory",
    );
    const short: LiveChordModel = { predict: async () => new Float32Array(FRAME_MODEL_CLASSES) };
    await expect(averageLiveChordModels([sure(1, 0.9), short]).predict(input(2))).rejects.toBeInstanceOf(
      AnalysisError,
    );
  });
});
