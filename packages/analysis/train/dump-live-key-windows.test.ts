import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodeWav } from "../bench/live-folder.js";
import { KEY_BIN_SECONDS, LIVE_KEY_WINDOW_SECONDS } from "../src/live/index.js";
import { renderChordSequence } from "../testing/index.js";
import { dumpKeyWindows, keyClass, windowChord } from "./dump-live-key-windows.js";

describe("keyClass and windowChord", () => {
  it("number keys as the key model does (tonic, +12 for minor)", () => {
    expect(keyClass("C major")).toBe(0);
    expect(keyClass("G major")).toBe(7);
    expect(keyClass("A minor")).toBe(21);
    expect(keyClass("Bb minor")).toBe(22);
    expect(() => keyClass("H dorian")).toThrow();
  });

  it("turn a true chord label into the chord Live would add to its window", () => {
    expect(windowChord("N")).toEqual({ root: -1, quality: "" });
    expect(windowChord("X").root).toBe(-1);
    expect(windowChord("G")).toEqual({ root: 7, quality: "maj" });
    expect(windowChord("E:min7")).toEqual({ root: 4, quality: "min7" });
    expect(windowChord("D:maj/3")).toEqual({ root: 2, quality: "maj" });
  });
});

describe("dumpKeyWindows on a tiny folder", () => {
  const root = mkdtempSync(join(tmpdir(), "tonic-key-windows-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const SR = 48000;
  const seq = Array.from({ length: 4 }, () =>
    ["G", "Em", "C", "D"].map((chord) => ({ chord, seconds: 1 })),
  ).flat();
  const truthChords = seq.map((c, i) => ({
    start: i,
    end: i + 1,
    label: c.chord === "Em" ? "E:min" : c.chord,
  }));
  const write = (name: string, truth: object) => {
    mkdirSync(join(root, name));
    writeFileSync(
      join(root, name, "audio.wav"),
      encodeWav(renderChordSequence(seq, { timbre: "organ", sampleRate: SR }), SR),
    );
    writeFileSync(join(root, name, "truth.json"), JSON.stringify(truth));
  };
  write("song-g", { key: "G major", chords: truthChords });
  write("no-key", { chords: truthChords });
  // The first half silent in the truth: those frames add nothing to the window.
  write("song-half", {
    key: "E minor",
    chords: truthChords.map((c) => (c.start < 8 ? { ...c, label: "N" } : c)),
  });

  it("takes a window every 2.5 s from 10 s, with the item's key, and skips items without one", async () => {
    const w = await dumpKeyWindows([root]);
    expect(w.items.map((i) => i.split("/").at(-1))).toEqual(["song-g", "song-half"]);
    expect(w.bins).toBe(LIVE_KEY_WINDOW_SECONDS / KEY_BIN_SECONDS);
    // 16 s each: windows at 10, 12.5 and 15 s; at 10 s the half-silent song has 2 s of harmony, under
    // the 3 s the finder waits for.
    expect(w.ends.map((t) => Math.round(t * 2) / 2)).toEqual([10, 12.5, 15, 12.5, 15]);
    expect(w.keys).toEqual([7, 7, 7, 16, 16]);
    expect(w.itemOf).toEqual([0, 0, 0, 1, 1]);
    const heard = w.weights.map((x) => x.reduce((a, b) => a + b, 0));
    // All that was played so far is in the window (it is shorter than the window), less the frames
    // still in the front end.
    for (const [i, t] of w.ends.slice(0, 3).entries()) {
      expect(heard[i]).toBeGreaterThan(t - 0.5);
      expect(heard[i]).toBeLessThanOrEqual(t + 0.05);
    }
    for (const [i, t] of w.ends.slice(3).entries()) {
      expect(heard[i + 3]).toBeGreaterThan(t - 8.5);
      // (one frame's hop of slack: a frame's time is its window's centre)
      expect(heard[i + 3]).toBeLessThanOrEqual(t - 8 + 0.05);
    }
    // A bin with content holds two pitch-class distributions (treble, bass) that sum to 1 each; an empty bin
    // holds nothing.
    for (const [i, f] of w.features.entries()) {
      const weights = w.weights[i] as Float32Array;
      for (let k = 0; k < w.bins; k++) {
        const half = (o: number) => f.subarray(k * 24 + o, k * 24 + o + 12).reduce((x, y) => x + y, 0);
        const full = (weights[k] as number) > 0;
        expect(half(0)).toBeCloseTo(full ? 1 : 0, 4);
        expect(half(12)).toBeCloseTo(full ? 1 : 0, 4);
      }
    }
  });

  it("refuses a non-positive step", async () => {
    await expect(dumpKeyWindows([root], { every: 0 })).rejects.toThrow(RangeError);
  });
});
