import { addRoom, renderChordSequence, renderSpeech } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { liveChordDefaults } from "./chords.js";
import type { ChromaFrame } from "./chroma.js";
import { LiveChroma } from "./chroma.js";
import { FrameHistory } from "./history.js";
import { SpeechGate } from "./speech-gate.js";

const SR = 48000;

/** Run the speech gate alone over `pcm`'s chroma frames; the gate's verdict per frame, with its time. */
function gate(pcm: Float32Array, speech = new SpeechGate(liveChordDefaults())) {
  const o = liveChordDefaults();
  const chroma = new LiveChroma(SR);
  const history = new FrameHistory(1);
  const out: { time: number; speaking: boolean }[] = [];
  let n = -1;
  let last = Number.NaN;
  for (let i = 0; i + 512 <= pcm.length; i += 512) {
    for (const f of chroma.push(pcm.subarray(i, i + 512))) {
      if (f.time > last) history.hop = f.time - last;
      last = f.time;
      n++;
      const voiced = f.rms >= o.minRms && f.tonality >= o.minTonality;
      history.store(n, f, voiced);
      out.push({ time: f.time, speaking: speech.update(f, n, voiced, history) });
    }
  }
  return out;
}

const share = (v: { time: number; speaking: boolean }[], from: number) => {
  const after = v.filter((x) => x.time >= from);
  return after.filter((x) => x.speaking).length / after.length;
};

describe("SpeechGate", () => {
  it("judges a talking voice speech within a couple of seconds, low and high, clean and in a room", () => {
    for (const voice of ["low", "high"] as const) {
      const talk = renderSpeech({ seconds: 10, voice, sampleRate: SR });
      for (const [label, pcm] of [
        ["clean", talk],
        ["room", addRoom(talk, SR)],
      ] as const) {
        const v = gate(pcm);
        expect(share(v, 2), `${voice} ${label}`).toBeGreaterThan(0.8);
      }
    }
  });

  it("never judges strummed, re-strummed or changing chords speech", () => {
    const seq = ["C", "Am", "F", "G7", "Em", "Dsus4"].map((chord) => ({ chord, seconds: 1.5 }));
    for (const timbre of ["guitar", "piano", "organ"] as const) {
      const pcm = renderChordSequence(seq, { timbre, sampleRate: SR });
      const v = gate(addRoom(pcm, SR));
      expect(v.length).toBeGreaterThan(300);
      expect(share(v, 0), timbre).toBe(0);
    }
  });

  it("lets go of speech once the voice stops and a chord is held, and forgets it on reset", () => {
    const talk = renderSpeech({ seconds: 6, sampleRate: SR });
    const chord = renderChordSequence([{ chord: "G", seconds: 4 }], { timbre: "organ", sampleRate: SR });
    const pcm = new Float32Array(talk.length + chord.length);
    pcm.set(talk);
    pcm.set(chord, talk.length);
    const v = gate(pcm);
    expect(v.some((x) => x.time < 6 && x.speaking)).toBe(true);
    expect(v.filter((x) => x.time > 8.5).every((x) => !x.speaking)).toBe(true);
    const g = new SpeechGate(liveChordDefaults());
    gate(talk, g);
    expect(g.speaking).toBe(true);
    expect(g.share).toBeGreaterThan(0.3);
    g.reset();
    expect(g.speaking).toBe(false);
    expect(g.share).toBe(0);
  });

  it("needs gliding peaks: the same moving, pausing chroma is speech only while its peaks glide", () => {
    // A second of steady chroma, then frames whose chroma jumps every frame (one loud pitch class, a
    // pseudo-random walk); the level drops for a frame in every four (pauses), and the spectrum's peaks
    // are held at `steadiness`.
    const run = (steadiness: number) => {
      const o = liveChordDefaults();
      const history = new FrameHistory(1);
      const gate = new SpeechGate(o);
      let speaking = 0;
      for (let n = 0; n < 200; n++) {
        const treble = new Float64Array(12).fill(0.1);
        treble[n < 50 ? 0 : (n * 5 + (n >> 2)) % 12] = 1;
        const f: ChromaFrame = {
          time: n * history.hop,
          treble,
          bass: treble,
          trebleLong: treble,
          bassLong: treble,
          rms: n % 4 === 3 ? 0.01 : 0.1,
          tonality: 0.9,
          novelty: 0,
          steadiness,
          tuningCents: 0,
          longSeconds: 0.128,
          shortSeconds: 0.085,
          semitones: new Float32Array(0),
        };
        history.store(n, f, true);
        if (gate.update(f, n, true, history) && n >= 100) speaking++;
      }
      return speaking / 100;
    };
    expect(run(0.4)).toBe(1);
    expect(run(0.9)).toBe(0);
  });
});
