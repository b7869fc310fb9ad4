import { chromaFrame, semitoneSpectrum } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { loadNodeModels } from "../onnx-node.js";
import {
  CHORD_CONTEXT_SEGMENTS,
  CHORD_FUTURE_SEGMENTS,
  LiveChordWindow,
  SPECTRUM_GAMMA,
} from "./chord-window.js";

const HOP = 0.02;

/** Most probable class of row `r` of `[B × 97]` log-probabilities. */
function argmaxRow(lp: Float32Array, r: number): number {
  let best = 0;
  for (let c = 1; c < 97; c++) if ((lp[r * 97 + c] as number) > (lp[r * 97 + best] as number)) best = c;
  return best;
}

describe("LiveChordWindow", () => {
  it("needs a whole segment of sound, then gives context + newest + future rows in the chord model's format", () => {
    const w = new LiveChordWindow(HOP, 0.5);
    expect(w.perSegment).toBe(25);
    for (let k = 0; k < 24; k++) w.add(chromaFrame(k * HOP, [0, 4, 7], 0));
    expect(w.modelInput()).toBeNull();
    w.add(chromaFrame(24 * HOP, [0, 4, 7], 0));
    const input = w.modelInput();
    if (!input) throw new Error("no input after a whole segment");
    const rows = CHORD_CONTEXT_SEGMENTS + 1 + CHORD_FUTURE_SEGMENTS;
    expect(input.beats).toBe(rows);
    expect(input.features.length).toBe(rows * 24);
    // Only the newest segment was heard: the context rows are empty, the newest and future rows equal.
    const row = (r: number) => Array.from(input.features.subarray(r * 24, r * 24 + 24));
    for (let r = 0; r < w.newestRow; r++) expect(row(r).every((v) => v === 0)).toBe(true);
    const newest = row(w.newestRow);
    // Treble scaled to a maximum of 1 (C, E, G at 1; the 0.05 floor at 0.05); bass to a sum of 1.
    expect(newest.slice(0, 12).map((v) => Math.round(v * 100) / 100)).toEqual([
      1, 0.05, 0.05, 0.05, 1, 0.05, 0.05, 1, 0.05, 0.05, 0.05, 0.05,
    ]);
    expect(newest.slice(12).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(newest[12]).toBeCloseTo(1 / 1.55, 5);
    for (let r = w.newestRow + 1; r < rows; r++) expect(row(r)).toEqual(newest);
  });

  it("gives the log semitone spectrum the engine's model reads, scaled by the window's peak", () => {
    const w = new LiveChordWindow(HOP, 0.5);
    // Half a second of C4 at 0.2 with G4 at 0.1, then half a second of C4 alone at 0.05.
    for (let k = 0; k < 25; k++)
      w.add(chromaFrame(k * HOP, [0, 7], 0, semitoneSpectrum({ 60: 0.2, 67: 0.1 })));
    for (let k = 25; k < 50; k++) w.add(chromaFrame(k * HOP, [0], 0, semitoneSpectrum({ 60: 0.05 })));
    const spectrum = w.modelInput()?.spectrum;
    if (!spectrum) throw new Error("no spectrum");
    expect(spectrum).toHaveLength((CHORD_CONTEXT_SEGMENTS + 1 + CHORD_FUTURE_SEGMENTS) * 72);
    const at = (row: number, midi: number) => spectrum[row * 72 + midi - 24] as number;
    const last = w.newestRow;
    expect(at(last - 1, 60)).toBeCloseTo(Math.log1p(SPECTRUM_GAMMA), 5);
    expect(at(last - 1, 67)).toBeCloseTo(Math.log1p(SPECTRUM_GAMMA / 2), 5);
    expect(at(last, 60)).toBeCloseTo(Math.log1p(SPECTRUM_GAMMA / 4), 5);
    expect(at(last, 67)).toBe(0);
    expect(at(last + 1, 60)).toBe(at(last, 60));
  });

  it("slides: the newest segment is the last half-second, the one before it the half-second before", () => {
    const w = new LiveChordWindow(HOP, 0.5);
    for (let k = 0; k < 25; k++) w.add(chromaFrame(k * HOP, [0, 4, 7], 0)); // C
    for (let k = 25; k < 50; k++) w.add(chromaFrame(k * HOP, [7, 11, 2], 7)); // G
    const input = w.modelInput();
    if (!input) throw new Error("no input");
    const treble = (r: number) => Array.from(input.features.subarray(r * 24, r * 24 + 12));
    expect(treble(w.newestRow)[11]).toBe(1); // B, of G
    expect(treble(w.newestRow)[4]).toBeCloseTo(0.05, 5);
    expect(treble(w.newestRow - 1)[4]).toBe(1); // E, of C
  });

  it("gives nothing when the newest segment is silent, and nothing after a reset", () => {
    const w = new LiveChordWindow(HOP, 0.5);
    for (let k = 0; k < 30; k++) w.add(chromaFrame(k * HOP, [0, 4, 7], 0));
    const quiet = { ...chromaFrame(0, [0, 4, 7], 0), rms: 0 };
    for (let k = 0; k < 25; k++) w.add({ ...quiet, time: (30 + k) * HOP });
    expect(w.heard()).toBe(false);
    expect(w.modelInput()).toBeNull();
    w.add(chromaFrame(55 * HOP, [0, 4, 7], 0));
    expect(w.modelInput()).not.toBeNull();
    w.reset();
    expect(w.modelInput()).toBeNull();
  });

  it("rejects a hop that is not positive", () => {
    expect(() => new LiveChordWindow(0)).toThrow(RangeError);
  });

  it("is what the engine's chord model reads as the chord being played", async () => {
    const { chords } = await loadNodeModels();
    if (!chords) throw new Error("models/chords.onnx did not load");
    const w = new LiveChordWindow(HOP, 0.5);
    // A minor as a guitar holds it (A2 E3 A3 C4 E4), each string with its 2nd and 3rd partials.
    const notes: Record<number, number> = {};
    for (const m of [45, 52, 57, 60, 64])
      for (const [h, a] of [
        [0, 1],
        [12, 0.5],
        [19, 0.3],
      ] as const)
        notes[m + h] = (notes[m + h] ?? 0) + a;
    const spectrum = semitoneSpectrum(notes);
    for (let k = 0; k < 100; k++) w.add(chromaFrame(k * HOP, [9, 0, 4], 9, spectrum));
    const input = w.modelInput();
    if (!input) throw new Error("no input");
    const lp = await chords.predict(input);
    expect(argmaxRow(lp, w.newestRow)).toBe(1 * 12 + 9); // min on A
  });
});
