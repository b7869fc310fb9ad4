import { describe, expect, it } from "vitest";
import { evalTruth, keyName } from "./eval-item.js";

describe("evalTruth", () => {
  const meta = { id: "billboard-0004", source: "test", group: "band billboard" };
  const song = {
    chords: [
      { start: 2, end: 4, label: "C:maj" },
      { start: 4, end: 6, label: "A:min" },
      { start: 7, end: 30, label: "F:maj" },
    ],
    keys: [
      { start: 0, end: 5, label: "A:min" },
      { start: 5, end: 1e9, label: "C:maj" },
    ],
    metre: "4/4",
  };
  // The render starts 1 s into the song and is 10 s long.
  const at = (t: number) => t - 1;
  const beats = [-0.5, 0, 0.5, 1, 1.5, 2, 2.5, 10.5];
  const truth = evalTruth(meta, song, at, beats, [0, 2, 12], 10);

  it("covers the audio with chords in audio time, N where the song has none", () => {
    expect(truth.chords).toEqual([
      { start: 0, end: 1, label: "N" },
      { start: 1, end: 3, label: "C:maj" },
      { start: 3, end: 5, label: "A:min" },
      { start: 5, end: 6, label: "N" },
      { start: 6, end: 10, label: "F:maj" },
    ]);
  });

  it("names the key that spans the most of the audio, and keeps beats inside it", () => {
    expect(truth.key).toBe("C major"); // A minor 0–4 s, C major 4–10 s
    expect(truth.beats).toEqual([0, 0.5, 1, 1.5, 2, 2.5]);
    expect(truth.downbeats).toEqual([0, 2]);
    expect(truth.bpm).toBe(120);
    expect(truth.time_signature).toBe("4/4");
    expect(truth.duration).toBe(10);
  });

  it("reads Harte key labels as key names", () => {
    expect(keyName("F#:min")).toBe("F# minor");
    expect(keyName("Bb:maj")).toBe("Bb major");
  });
});
