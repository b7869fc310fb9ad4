import { describe, expect, it } from "vitest";
import type { ChromaFrame } from "./chroma.js";
import { KEY_BIN_SECONDS, LIVE_KEY_WINDOW_SECONDS, LiveKeyFinder } from "./key.js";

const HOP = 0.02;

/** A chroma frame at `time` sounding the pitch classes `pcs` (the lowest also in the bass). */
function frame(time: number, pcs: readonly number[]): ChromaFrame {
  const treble = new Float64Array(12);
  const bass = new Float64Array(12);
  for (const pc of pcs) treble[pc] = 1;
  bass[pcs[0] as number] = 1;
  return {
    time,
    treble,
    bass,
    rms: 0.1,
    tonality: 1,
    novelty: 0,
    steadiness: 0.9,
    tuningCents: 0,
    trebleLong: treble,
    bassLong: bass,
    longSeconds: 0,
    shortSeconds: 0.085,
    semitones: new Float32Array(0),
  };
}

const C_MAJOR = [0, 4, 7];
const G_MAJOR = [7, 11, 2];
const E = 4;

/** Plays `pcs` as chord `root` from `from` to `to` seconds into `finder`. */
function play(finder: LiveKeyFinder, pcs: readonly number[], root: number, from: number, to: number) {
  for (let t = from + HOP; t <= to + 1e-9; t += HOP) finder.add(frame(t, pcs), HOP, { root, quality: "maj" });
}

/**
 * The model input's treble share of E (in C major's triad, not in G major's) times each segment's seconds:
 * a third of the seconds of C major in the window.
 */
function eWeight(finder: LiveKeyFinder): number {
  const input = finder.modelInput();
  if (!input) throw new Error("a model input expected");
  let w = 0;
  for (let k = 0; k < input.beats; k++)
    w += (input.features[k * 24 + E] as number) * (input.weights[k] as number);
  return w;
}

describe("LiveKeyFinder", () => {
  it("reads the last LIVE_KEY_WINDOW_SECONDS as half-second segments", () => {
    expect(LIVE_KEY_WINDOW_SECONDS).toBeGreaterThanOrEqual(10);
    expect(LIVE_KEY_WINDOW_SECONDS).toBeLessThanOrEqual(30);
    const finder = new LiveKeyFinder();
    expect(finder.modelInput()).toBeNull();
    play(finder, C_MAJOR, 0, 0, 5);
    expect(finder.modelInput()?.beats).toBe(LIVE_KEY_WINDOW_SECONDS / KEY_BIN_SECONDS);
    expect(finder.heardSeconds()).toBeCloseTo(5, 1);
  });

  it("keeps a piece's first chords for the whole window and then lets them go", () => {
    const finder = new LiveKeyFinder();
    play(finder, C_MAJOR, 0, 0, 10);
    // Ten seconds of C, then G: the C stays in the window until the window has passed over it (about 5 s
    // of it are left 5 s after the window's length; the newest segment has only begun).
    play(finder, G_MAJOR, 7, 10, LIVE_KEY_WINDOW_SECONDS + 5);
    expect(eWeight(finder)).toBeGreaterThanOrEqual((5 - KEY_BIN_SECONDS) / 3 - 1e-3);
    expect(eWeight(finder)).toBeLessThanOrEqual(5 / 3 + 1e-3);
    play(finder, G_MAJOR, 7, LIVE_KEY_WINDOW_SECONDS + 5, LIVE_KEY_WINDOW_SECONDS + 10.5);
    expect(eWeight(finder)).toBe(0);
    expect(finder.heardSeconds()).toBeCloseTo(LIVE_KEY_WINDOW_SECONDS, 0);
    // The hand-written reading of what is left is G major.
    expect(finder.estimate().key).toBe("G Major");
  });

  it("forgets everything on reset", () => {
    const finder = new LiveKeyFinder();
    play(finder, C_MAJOR, 0, 0, 8);
    finder.reset();
    expect(finder.heardSeconds()).toBe(0);
    expect(finder.modelInput()).toBeNull();
    expect(finder.estimate().key).toBeNull();
  });

  it("clamps the window to 10–30 s", () => {
    expect(new LiveKeyFinder(5).modelInput()).toBeNull();
    const short = new LiveKeyFinder(5);
    play(short, C_MAJOR, 0, 0, 4);
    expect(short.modelInput()?.beats).toBe(10 / KEY_BIN_SECONDS);
    const long = new LiveKeyFinder(60);
    play(long, C_MAJOR, 0, 0, 4);
    expect(long.modelInput()?.beats).toBe(30 / KEY_BIN_SECONDS);
  });
});
