import { semitoneSpectrum } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { ResidueMask } from "./residue-mask.js";
import { FAST_KEPT } from "./restrike.js";

// A7 (A2 E3 G3 C#4 E4) before the change.
const a7 = semitoneSpectrum({ 45: 1, 52: 1, 55: 1, 61: 1, 64: 1 });
const A7 = Uint8Array.from([0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0]);

describe("ResidueMask", () => {
  it("scales the previous chord's stopped notes by their kept share / FAST_KEPT, and leaves sounding ones", () => {
    const mask = new ResidueMask();
    mask.start(a7, A7);
    expect(mask.active).toBe(true);
    // F#sus4 with A7's A, E and G ringing on at a tenth of their amplitude; its C# held.
    const sus4 = semitoneSpectrum({ 42: 1, 49: 1, 54: 1, 59: 1, 61: 1, 45: 0.1, 52: 0.1, 55: 0.1 });
    expect(mask.compute(sus4)).toBe(true);
    for (const pc of [9, 4, 7]) expect(mask.gain[pc], `pc ${pc}`).toBeCloseTo(0.1 / FAST_KEPT, 6);
    expect(mask.gain[1]).toBe(1);
    expect(mask.gain[6]).toBe(1);
  });

  it("counts a note struck again (one pitch of its pitch class at its level) as sounding", () => {
    const mask = new ResidueMask();
    mask.start(a7, A7);
    // F#m: its A3 struck anew, while A2 rings on at a tenth.
    const minor = semitoneSpectrum({ 42: 1, 49: 1, 54: 1, 57: 1, 61: 1, 45: 0.1, 52: 0.1, 55: 0.1 });
    expect(mask.compute(minor)).toBe(true);
    expect(mask.gain[9]).toBe(1);
    expect(mask.gain[4]).toBeCloseTo(0.1 / FAST_KEPT, 6);
  });

  it("scales nothing without a reference, or while every note of the previous chord keeps its level", () => {
    const mask = new ResidueMask();
    expect(mask.compute(a7)).toBe(false);
    mask.start(null, A7);
    expect(mask.active).toBe(false);
    expect(mask.compute(a7)).toBe(false);
    mask.start(a7, A7);
    expect(mask.compute(a7)).toBe(false);
    expect([...mask.gain]).toEqual(new Array(12).fill(1));
    mask.clear();
    expect(mask.active).toBe(false);
  });
});
