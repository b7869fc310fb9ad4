import { describe, expect, it } from "vitest";
import { analyzeVocal, type VocalNote } from "./analyze.js";
import { estimateSa, saCues } from "./tonic.js";

/** The ten thaats (semitones above Sa): Bilawal, Kalyan, Khamaj, Kafi, Asavari, Bhairavi, Bhairav, Marwa, Purvi, Todi. */
const THAATS = [
  [0, 2, 4, 5, 7, 9, 11],
  [0, 2, 4, 6, 7, 9, 11],
  [0, 2, 4, 5, 7, 9, 10],
  [0, 2, 3, 5, 7, 9, 10],
  [0, 2, 3, 5, 7, 8, 10],
  [0, 1, 3, 5, 7, 8, 10],
  [0, 1, 4, 5, 7, 8, 11],
  [0, 1, 4, 6, 7, 9, 11],
  [0, 1, 4, 6, 7, 8, 11],
  [0, 1, 3, 6, 7, 8, 11],
];

/** Notes of `steps` (semitones above Sa at MIDI `sa`), each `seconds` long; longer where `hold` says. */
function melody(sa: number, steps: number[], hold: (i: number) => boolean = () => false): VocalNote[] {
  let t = 0.2;
  return steps.map((s, i) => {
    const d = hold(i) ? 0.9 : 0.35;
    const n = { start: t, end: t + d, midi: sa + s };
    t += d + 0.05;
    return n;
  });
}

// Yaman (Kalyan thaat) in four phrases, each coming to rest on Sa (nyas): N R G R S | N, D, N, R S | G M' D N S' |
// N D P M' G R S.
const YAMAN = [-1, 2, 4, 2, 0, -1, -3, -1, 2, 0, 4, 6, 9, 11, 12, 11, 9, 7, 6, 4, 2, 0];
/** The phrase ends (held). */
const YAMAN_REST = new Set([4, 9, 14, 21]);

describe("estimateSa", () => {
  it("finds the Sa of a raga phrase and the thaat it fits, in any key", () => {
    for (const saMidi of [50, 55, 60, 61]) {
      const notes = melody(saMidi, YAMAN, (i) => YAMAN_REST.has(i));
      const est = estimateSa(notes, THAATS);
      expect(est?.pitchClass).toBe(saMidi % 12);
      expect(est?.scale).toEqual(THAATS[1]);
      expect(est?.confidence).toBeGreaterThan(est?.runnerUp?.confidence ?? 1);
    }
  });

  it("reads the cues: Sa and Pa time, the scale fit, the final note and the held notes", () => {
    const notes = melody(62, [0, 2, 4, 7, 4, 2, 0], (i) => i === 6);
    const cues = saCues(notes, THAATS);
    const d = cues?.[2];
    expect(d?.final).toBe(1);
    expect(d?.scaleFit).toBeCloseTo(1, 6);
    // D and A: 0.35 + 0.35 + 0.9 of 2.7 s sung.
    expect(d?.saPa).toBeCloseTo((0.35 + 0.35 + 0.9) / (5 * 0.35 + 0.9 + 0.35), 6);
    expect(cues?.[7]?.final).toBe(0);
  });

  it("is less sure of a melody that only walks the scale than of one that dwells on Sa", () => {
    const walk = melody(60, [0, 2, 4, 5, 7, 9, 11, 12, 11, 9, 7, 5, 4, 2]);
    const home = melody(60, [0, 4, 7, 0, 2, 4, 0, 7, 4, 2, 0], (i) => i === 10 || i === 3);
    const a = estimateSa(walk, THAATS);
    const b = estimateSa(home, THAATS);
    expect(b?.pitchClass).toBe(0);
    expect(b?.confidence ?? 0).toBeGreaterThan(a?.confidence ?? 1);
  });

  it("answers null without a held note and refuses an empty scale list", () => {
    expect(estimateSa([{ start: 0, end: 0.05, midi: 60 }], THAATS)).toBeNull();
    expect(() => estimateSa(melody(60, [0]), [])).toThrow(RangeError);
  });

  it("comes with the vocal analysis when the caller gives the candidate scales", async () => {
    const { synthesizeVoice } = await import("../../testing/index.js");
    const sr = 16000;
    const notes = melody(57, YAMAN, (i) => YAMAN_REST.has(i));
    const audio = synthesizeVoice({ notes, sampleRate: sr, seed: 3 });
    const with_ = analyzeVocal(audio, sr, { saScales: THAATS });
    expect(with_?.sa?.pitchClass).toBe(9);
    expect(analyzeVocal(audio, sr)?.sa).toBeUndefined();
  });

  it("finds Sa and the range when the singer sings over a tanpura drone (Pa, Sa, Sa, low Sa)", async () => {
    const { synthesizeVoice } = await import("../../testing/index.js");
    const { addTone } = await import("../synth.js");
    const sr = 16000;
    for (const saMidi of [57, 62]) {
      const notes = melody(saMidi, YAMAN, (i) => YAMAN_REST.has(i));
      const voice = synthesizeVoice({ notes, sampleRate: sr, seed: 5 });
      // The drone: strings plucked every 1.1 s (Pa of the lower octave, Sa, Sa, low Sa), each ringing 3 s, at
      // about −16 dB under the voice (RMS), what reaches the recording of a tanpura played by the page once
      // the browser's echo cancellation has taken most of it out (the recorder turns it on while the
      // tanpura plays), or a drone in headphones leaking into the microphone.
      const drone = new Float32Array(voice.length);
      const strings = [saMidi - 5, saMidi, saMidi, saMidi - 12];
      for (let k = 0, t = 0; t < voice.length / sr; k++, t += 1.1) {
        const midi = strings[k % 4] ?? saMidi;
        addTone(drone, sr, t, 3, 440 * 2 ** ((midi - 69) / 12), 0.02);
      }
      const mix = voice.map((v, i) => v + (drone[i] ?? 0));
      const result = analyzeVocal(mix, sr, { saScales: THAATS });
      expect(result?.sa?.pitchClass).toBe(saMidi % 12);
      // The range is the singer's (N of the lower octave to Sa of the upper), not the drone's low Sa.
      expect(Math.abs((result?.vocal_range.min_midi ?? 0) - (saMidi - 3))).toBeLessThanOrEqual(1);
      expect(Math.abs((result?.vocal_range.max_midi ?? 0) - (saMidi + 12))).toBeLessThanOrEqual(1);
    }
  });
});
