import { makeRng, synthesizeVoice } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { detectPitch } from "./live.js";

const cents = (a: number, b: number) => 1200 * Math.log2(a / b);

function sine(hz: number, n: number, sr: number, amp = 0.3) {
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) x[i] = amp * Math.sin((2 * Math.PI * hz * i) / sr);
  return x;
}

describe("detectPitch (live YIN frame)", () => {
  it("finds sine pitches within 10 cents across the vocal range at 48 and 44.1 kHz", () => {
    for (const sr of [48000, 44100]) {
      for (const hz of [82.4, 110, 196, 261.63, 440, 659.3, 987.8]) {
        const p = detectPitch(sine(hz, 2048, sr), sr);
        expect(p, `${hz} Hz @ ${sr}`).not.toBeNull();
        expect(Math.abs(cents(p!.hz, hz))).toBeLessThan(10);
        expect(p!.clarity).toBeGreaterThan(0.9);
      }
    }
  });

  it("finds the f0 (not a formant or an octave) of a synthesized sung vowel", () => {
    const sr = 48000;
    const voice = synthesizeVoice({
      notes: [{ midi: 57, start: 0, end: 1 }],
      sampleRate: sr,
      vibratoCents: 0,
      vowel: "a",
      duration: 1,
    });
    const p = detectPitch(voice.subarray(24000, 26048), sr);
    expect(p).not.toBeNull();
    expect(Math.abs(cents(p!.hz, 220))).toBeLessThan(30);
  });

  it("answers null for silence and for white noise", () => {
    expect(detectPitch(new Float32Array(2048), 48000)).toBeNull();
    const rng = makeRng(3);
    const noise = new Float32Array(2048).map(() => 0.3 * (rng() * 2 - 1));
    expect(detectPitch(noise, 48000)).toBeNull();
    expect(detectPitch(new Float32Array(0), 48000)).toBeNull();
  });
});
