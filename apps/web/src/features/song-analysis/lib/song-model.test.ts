import { describe, expect, it } from "vitest";
import { closeRunnerUp, confidenceWords, fromEngine, heardMusic } from "./song-model";

const base = {
  key: "A Major",
  keyConfidence: 0.6,
  keyRunnerUp: { key: "F# Minor", confidence: 0.55 },
  bpm: 120,
  beats: [0, 0.5],
  downbeats: [0],
  timeSignature: "4/4",
  chords: [{ time: 0, chord: "A" }],
  keySegments: [],
  durationSeconds: 1,
};

describe("fromEngine", () => {
  it("turns a zero-confidence key and a zero BPM into null (silence), with no beats or meter", () => {
    const a = fromEngine("x", { ...base, keyConfidence: 0, keyRunnerUp: null, bpm: 0 });
    expect([a.key, a.bpm, a.timeSignature, a.beats, a.downbeats]).toEqual([null, null, null, [], []]);
  });
  it("keeps v2 nulls as they are", () => {
    const a = fromEngine("x", { ...base, key: null, bpm: null, timeSignature: null });
    expect([a.key, a.bpm, a.keyRunnerUp]).toEqual([null, null, null]);
  });
});

describe("closeRunnerUp / confidenceWords", () => {
  it("mentions the runner-up only when it is close", () => {
    expect(closeRunnerUp(fromEngine("x", base))?.key).toBe("F# Minor");
    expect(
      closeRunnerUp(fromEngine("x", { ...base, keyRunnerUp: { key: "E Major", confidence: 0.2 } })),
    ).toBeNull();
  });
  it("words a confidence", () => {
    expect([0.9, 0.5, 0.1, null].map(confidenceWords)).toEqual([
      "confident",
      "fairly confident",
      "unsure",
      null,
    ]);
  });
});

describe("heardMusic", () => {
  it("is false for silence, noise or drums: no key and no chord but N", () => {
    const silent = { key: null, keyConfidence: 0, chords: [{ time: 0, chord: "N" }] };
    expect(heardMusic(silent)).toBe(false);
    expect(heardMusic({ ...silent, chords: [] })).toBe(false);
    expect(heardMusic({ ...silent, key: "C Major" })).toBe(false);
  });

  it("is true with a key or with any chord", () => {
    expect(heardMusic(base)).toBe(true);
    expect(
      heardMusic({
        key: null,
        keyConfidence: 0,
        chords: [
          { time: 0, chord: "N" },
          { time: 2, chord: "G" },
        ],
      }),
    ).toBe(true);
    expect(heardMusic({ key: "E Minor", keyConfidence: 0.4, chords: [{ time: 0, chord: "N" }] })).toBe(true);
  });
});
