import { describe, expect, it } from "vitest";
import { biquadInPlace, peakingEqInPlace } from "./dsp.js";

/** RMS gain of a steady sine at `hz` through one biquad, measured after the transient has died away. */
function sineGain(hz: number, cutoffHz: number, type: "highpass" | "lowpass", q = Math.SQRT1_2): number {
  return filteredSineGain(hz, (y, rate) => biquadInPlace(y, rate, cutoffHz, q, type));
}

function filteredSineGain(hz: number, filter: (y: Float32Array, rate: number) => void): number {
  const rate = 48000;
  const x = new Float32Array(rate);
  for (let i = 0; i < x.length; i++) x[i] = Math.sin((2 * Math.PI * hz * i) / rate);
  const y = Float32Array.from(x);
  filter(y, rate);
  let ex = 0;
  let ey = 0;
  for (let i = rate / 2; i < rate; i++) {
    ex += (x[i] as number) ** 2;
    ey += (y[i] as number) ** 2;
  }
  return Math.sqrt(ey / ex);
}

describe("biquadInPlace", () => {
  it("matches a 2nd-order Butterworth's analytic magnitude, 1/sqrt(1 + (f/fc)^±4)", () => {
    for (const hz of [100, 250, 1000, 4000]) {
      expect(sineGain(hz, 1000, "highpass")).toBeCloseTo(1 / Math.sqrt(1 + (1000 / hz) ** 4), 2);
      expect(sineGain(hz, 1000, "lowpass")).toBeCloseTo(1 / Math.sqrt(1 + (hz / 1000) ** 4), 2);
    }
  });

  it("sets the resonance with Q: Q = 2 peaks about 6 dB at the cut-off", () => {
    expect(sineGain(1000, 1000, "lowpass", 2)).toBeCloseTo(2, 1);
  });

  it("rejects a cut-off outside (0, Nyquist) and a Q that is not positive", () => {
    const x = new Float32Array(8);
    expect(() => biquadInPlace(x, 48000, 24000, 0.7, "lowpass")).toThrow(RangeError);
    expect(() => biquadInPlace(x, 48000, 0, 0.7, "highpass")).toThrow(/cut-off/);
    expect(() => biquadInPlace(x, 48000, 100, 0, "highpass")).toThrow(/Q/);
  });
});

describe("peakingEqInPlace", () => {
  const db = (hz: number, centerHz: number, q: number, gainDb: number) =>
    20 * Math.log10(filteredSineGain(hz, (y, rate) => peakingEqInPlace(y, rate, centerHz, q, gainDb)));

  it("gives its gain at the centre, 0 dB far from it, and dips as deep as it boosts", () => {
    expect(db(1000, 1000, 1, 9)).toBeCloseTo(9, 1);
    expect(db(1000, 1000, 1, -9)).toBeCloseTo(-9, 1);
    expect(Math.abs(db(50, 1000, 1, 9))).toBeLessThan(0.2);
    expect(Math.abs(db(15000, 1000, 1, 9))).toBeLessThan(0.5);
    // Half the gain in dB an octave away for a bell about two octaves wide, less for a narrow one.
    const wide = db(2000, 1000, 0.7, 9);
    const narrow = db(2000, 1000, 2, 9);
    expect(wide).toBeGreaterThan(narrow);
    expect(narrow).toBeGreaterThan(0);
    expect(() => peakingEqInPlace(new Float32Array(0), 48000, 1000, 1, 6)).not.toThrow();
  });

  it("rejects a centre outside (0, Nyquist), a Q that is not positive and a gain that is not finite", () => {
    const x = new Float32Array(8);
    expect(() => peakingEqInPlace(x, 48000, 24000, 1, 6)).toThrow(/centre/);
    expect(() => peakingEqInPlace(x, 48000, 1000, 0, 6)).toThrow(/Q/);
    expect(() => peakingEqInPlace(x, 48000, 1000, 1, Number.NaN)).toThrow(/gain/);
  });
});
