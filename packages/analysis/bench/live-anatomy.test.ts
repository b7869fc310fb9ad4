import { describe, expect, it } from "vitest";
import { FRAME_MODEL_CLASSES } from "../src/live/frame-features.js";
import {
  anatomySummary,
  familyOfLabel,
  frameFamily,
  latencyAnatomy,
  MODEL_HELD_FRAMES,
} from "./live-anatomy.js";

describe("live-anatomy", () => {
  it("reads a label's root and triad", () => {
    expect(familyOfLabel("C:maj")).toBe("0:maj");
    expect(familyOfLabel("A:min7")).toBe("9:min");
    expect(familyOfLabel("G:7")).toBe("7:maj");
    expect(familyOfLabel("N")).toBe("N");
  });

  it("sums a frame's classes by family: C and C7 together outweigh a likelier Am", () => {
    const lp = new Float32Array(FRAME_MODEL_CLASSES).fill(Math.log(0.01 / 58));
    lp[1] = Math.log(0.3); // C
    lp[1 + 24] = Math.log(0.3); // C7
    lp[1 + 12 + 9] = Math.log(0.39); // Am
    expect(frameFamily(lp)).toBe("0:maj");
  });

  it("times each change of root or triad from the change to the first right reading of each side", () => {
    const truth = [
      { start: 0, end: 2, label: "C:maj" },
      { start: 2, end: 4, label: "C:7" }, // the same family: not a change
      { start: 4, end: 6, label: "A:min" },
      { start: 6, end: 8, label: "F:maj" }, // never named by the model
    ];
    const model = [
      { time: 0.1, family: "0:maj" },
      { time: 4.05, family: "0:maj" },
      { time: 4.1, family: "9:min" },
      { time: 6.1, family: "9:min" },
    ];
    const shown = [
      { time: 0.2, family: "0:maj" },
      { time: 4.3, family: "9:min" },
      { time: 6.4, family: "5:maj" },
    ];
    const a = latencyAnatomy(truth, model, shown);
    expect(a.changes).toHaveLength(1);
    expect(a.changes[0]?.model).toBeCloseTo(0.1, 9);
    expect(a.changes[0]?.shown).toBeCloseTo(0.3, 9);
    expect(a.changes[0]?.modelHeld).toBeNull(); // one right frame is not a settled answer
    expect(a.modelMissed).toBe(1);
    expect(a.shownMissed).toBe(0);
    const s = anatomySummary(a.changes);
    expect(s).toMatchObject({
      changes: 1,
      modelMedianMs: 100,
      shownMedianMs: 300,
      shownAfterModelMedianMs: 200,
    });
  });

  it("times the model's settled answer from the first of MODEL_HELD_FRAMES right frames in a row", () => {
    const truth = [
      { start: 0, end: 1, label: "C:maj" },
      { start: 1, end: 9, label: "G:maj" },
    ];
    const at = (t: number, family: string) => ({ time: t, family });
    // Right at 1.02, wrong at 1.04, then right from 1.06 on.
    const model = [
      at(1.02, "7:maj"),
      at(1.04, "0:maj"),
      ...Array.from({ length: MODEL_HELD_FRAMES }, (_, k) => at(1.06 + 0.02 * k, "7:maj")),
    ];
    const a = latencyAnatomy(truth, model, [at(1.3, "7:maj")]);
    expect(a.changes[0]?.model).toBeCloseTo(0.02, 9);
    expect(a.changes[0]?.modelHeld).toBeCloseTo(0.06, 9);
    expect(anatomySummary(a.changes)).toMatchObject({ modelHeldMedianMs: 60, modelNeverHeld: 0 });
  });

  it("does not count a reading after the cap or after the next change", () => {
    const truth = [
      { start: 0, end: 1, label: "C:maj" },
      { start: 1, end: 2, label: "G:maj" },
      { start: 2, end: 9, label: "D:maj" },
    ];
    const late = [
      { time: 2.5, family: "7:maj" },
      { time: 4.5, family: "2:maj" },
    ];
    const a = latencyAnatomy(truth, late, late, 2);
    expect(a.changes).toHaveLength(0);
    expect(a.modelMissed).toBe(2);
    expect(a.shownMissed).toBe(2);
  });
});
