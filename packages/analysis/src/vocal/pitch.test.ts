import { makeRng, sineTone, synthesizeVoice } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { trackPitch } from "./index.js";

const SR = 44100;

/** Mean deviation in cents of voiced frames between t0 and t1 from `hz`, plus the voiced share. */
function centsStats(f0: Float32Array, hz: number, t0: number, t1: number) {
  let n = 0;
  let voiced = 0;
  let sum = 0;
  for (let i = Math.round(t0 / 0.01); i < Math.round(t1 / 0.01); i++) {
    n++;
    const f = f0[i] as number;
    if (f > 0) {
      voiced++;
      sum += 1200 * Math.log2(f / hz);
    }
  }
  return { meanCents: voiced ? sum / voiced : Number.NaN, voicedShare: voiced / n };
}

describe("trackPitch", () => {
  it("returns one frame per 10 ms with aligned arrays", () => {
    const r = trackPitch(sineTone(220, 1, SR), SR);
    expect(r.f0.length).toBe(100);
    expect(r.times.length).toBe(100);
    expect(r.voicedProbability.length).toBe(100);
    expect(r.times[37]).toBeCloseTo(0.37, 9);
  });

  it.each([82.41, 220, 659.26, 1046.5])("tracks a pure tone at %f Hz within 10 cents", (hz) => {
    const r = trackPitch(sineTone(hz, 1.5, SR), SR);
    const s = centsStats(r.f0, hz, 0.2, 1.3);
    expect(s.voicedShare).toBeGreaterThan(0.95);
    expect(Math.abs(s.meanCents)).toBeLessThan(10);
  });

  it.each([43, 57, 69, 81])("tracks a formant-filtered sung tone at MIDI %i within 10 cents", (midi) => {
    const hz = 440 * 2 ** ((midi - 69) / 12);
    const x = synthesizeVoice({ notes: [{ midi, start: 0.2, end: 1.8 }], sampleRate: SR, vibratoCents: 0 });
    const s = centsStats(trackPitch(x, SR).f0, hz, 0.4, 1.6);
    expect(s.voicedShare).toBeGreaterThan(0.95);
    expect(Math.abs(s.meanCents)).toBeLessThan(10);
  });

  it("keeps the mean right under ±50 cent vibrato at 5.5 Hz, breath noise, noise and 50 Hz hum", () => {
    const hz = 440 * 2 ** ((50 - 69) / 12);
    const x = synthesizeVoice({
      notes: [{ midi: 50, start: 0.2, end: 2.4 }],
      sampleRate: SR,
      vibratoCents: 50,
      vibratoHz: 5.5,
      breathiness: 0.15,
      humLevel: 0.03,
      noiseLevel: 0.01,
    });
    const r = trackPitch(x, SR);
    const s = centsStats(r.f0, hz, 0.6, 2.2);
    expect(s.voicedShare).toBeGreaterThan(0.95);
    expect(Math.abs(s.meanCents)).toBeLessThan(10);
    // the vibrato itself is tracked, not smoothed away
    let maxDev = 0;
    for (let i = 60; i < 220; i++) {
      const f = r.f0[i] as number;
      if (f > 0) maxDev = Math.max(maxDev, Math.abs(1200 * Math.log2(f / hz)));
    }
    expect(maxDev).toBeGreaterThan(25);
    expect(maxDev).toBeLessThan(90);
  });

  it("reports silence and white noise as unvoiced", () => {
    expect(Array.from(trackPitch(new Float32Array(SR), SR).f0).every((f) => f === 0)).toBe(true);
    const noise = new Float32Array(SR);
    const rng = makeRng(3);
    for (let i = 0; i < noise.length; i++) noise[i] = (rng() - 0.5) * 0.2;
    const r = trackPitch(noise, SR);
    const voiced = Array.from(r.f0).filter((f) => f > 0).length;
    expect(voiced / r.f0.length).toBeLessThan(0.1);
  });

  it("works at 16 kHz and 48 kHz", () => {
    for (const sr of [16000, 48000]) {
      const s = centsStats(trackPitch(sineTone(196, 1, sr), sr).f0, 196, 0.2, 0.8);
      expect(Math.abs(s.meanCents)).toBeLessThan(10);
    }
  });

  it("validates its input", () => {
    expect(() => trackPitch(new Float32Array(0), SR)).toThrow(/empty/);
    expect(() => trackPitch(Float32Array.from([0, Number.NaN, 0]), SR)).toThrow(/non-finite/);
    expect(() => trackPitch(new Float32Array(100), 0)).toThrow(/sampleRate/);
    expect(() => trackPitch(new Float32Array(100), Number.NaN)).toThrow(/sampleRate/);
    expect(() => trackPitch(new Float32Array(100), SR, { fmin: 5 })).toThrow(/fmin/);
    expect(() => trackPitch(new Float32Array(100), SR, { fmin: 100, fmax: 150 })).toThrow(/fmax/);
  });
});
