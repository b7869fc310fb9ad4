import { chromaFrame, semitoneSpectrum } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { ChangeDetector, type ChordChange, notesChanged, ROOT_CHANGE_THRESHOLD } from "./change-detector.js";
import { ChordScorer } from "./chord-scorer.js";
import { liveChordDefaults } from "./chords.js";
import type { ChromaFrame } from "./chroma.js";
import { FrameHistory, HISTORY } from "./history.js";
import { LiveVocabulary } from "./vocabulary.js";

const SR = 48000;
const HOP = 1024 / SR;

/**
 * Run the change detector alone over 2 s of frames `at(t)`, the segment starting on `first` (its chroma
 * the sum of its frames, as the segment decision keeps it); after a change the segment is the new chord,
 * rebuilt from the history from the change's start. Returns the changes with the time of their frame.
 */
function detect(
  at: (t: number) => ChromaFrame,
  first: string,
  afterOnset = true,
  options: Parameters<typeof liveChordDefaults>[0] = {},
) {
  const o = liveChordDefaults(options);
  const vocab = new LiveVocabulary(o);
  const history = new FrameHistory(vocab.size);
  const scorer = new ChordScorer(vocab, o);
  const detector = new ChangeDetector(vocab, history, o);
  const segment = {
    chord: vocab.indexOf(first),
    start: -1,
    longCount: 0,
    chromaCount: 0,
    chroma: new Float64Array(12),
    chromaLong: new Float64Array(12),
  };
  const add = (j: number) => {
    const t = history.treble[j % HISTORY] as Float64Array;
    const tl = history.trebleLong[j % HISTORY] as Float64Array;
    for (let i = 0; i < 12; i++) {
      segment.chroma[i] = (segment.chroma[i] as number) + (t[i] as number);
      segment.chromaLong[i] = (segment.chromaLong[i] as number) + (tl[i] as number);
    }
    segment.chromaCount++;
    segment.longCount++;
  };
  const changes: (ChordChange & { time: number; name: string })[] = [];
  for (let n = 0; n * HOP < 2; n++) {
    const f = at(n * HOP);
    history.store(n, f, true);
    history.setWindows(f);
    const slot = n % HISTORY;
    scorer.score(
      f,
      history.short[slot] as Float64Array,
      history.longPlain[slot] as Float64Array,
      history.long[slot] as Float64Array,
    );
    const change = n > 0 ? detector.detect(n, segment, afterOnset) : null;
    if (change === null) {
      add(n);
      continue;
    }
    changes.push({ ...change, time: f.time, name: vocab.state(change.chord).name });
    detector.reset();
    segment.chord = change.chord;
    segment.start = change.start;
    segment.chroma.fill(0);
    segment.chromaLong.fill(0);
    segment.chromaCount = 0;
    segment.longCount = 0;
    for (let j = change.start + 1; j <= n; j++) add(j);
  }
  return changes;
}

// C major (C3 E3 G3 C4 E4 G4) with a little A (a harmonic); A minor with the Gs faded.
const heldC = semitoneSpectrum({ 48: 1, 52: 1, 55: 1, 60: 1, 64: 1, 67: 1, 69: 0.3 });
const restruckC = semitoneSpectrum({ 48: 1.2, 52: 1.2, 55: 1.2, 60: 1.2, 64: 1.2, 67: 1.2, 69: 0.6 });
const am = semitoneSpectrum({ 45: 1, 48: 1, 52: 1, 55: 0.1, 57: 1, 60: 1, 64: 1, 67: 0.1, 69: 1 });
const C = [0, 4, 7];
const AM = [9, 0, 4];

describe("ChangeDetector", () => {
  it("finds exactly one change between two held chords, just after the boundary, starting at it", () => {
    const changes = detect((t) => (t < 1 ? chromaFrame(t, C, 0, heldC) : chromaFrame(t, AM, 9, am)), "C");
    expect(changes.map((c) => c.name)).toEqual(["Am"]);
    const c = changes[0] as ChordChange & { time: number };
    expect(c.time).toBeGreaterThanOrEqual(1);
    expect(c.time).toBeLessThan(1.1);
    // The segment starts within a window of the boundary (frame `start`'s window ends there).
    expect(Math.abs(c.start * HOP - 1)).toBeLessThan(0.1);
    // Its residue reference is the spectrum just before the change: still C.
    expect(c.residueRef).toBe(heldC);
  });

  it("finds no change in one chord held with a re-strum whose attack reads as another chord", () => {
    const strum = (t: number) =>
      t >= 1 && t < 1.13 ? chromaFrame(t, AM, 9, restruckC) : chromaFrame(t, C, 0, heldC);
    expect(detect(strum, "C")).toEqual([]);
    // The same chroma with the G strings damped is a change: the spectrum, not the chroma, decides.
    const damped = (t: number) =>
      t >= 1 && t < 1.13 ? chromaFrame(t, AM, 9, am) : chromaFrame(t, C, 0, heldC);
    expect(detect(damped, "C").map((c) => c.name)).toContain("Am");
  });

  it("asks clearer evidence without a recent onset", () => {
    const at = (t: number) => (t < 1 ? chromaFrame(t, C, 0, heldC) : chromaFrame(t, AM, 9, am));
    const withOnset = detect(at, "C", true)[0]?.time ?? Number.POSITIVE_INFINITY;
    const without = detect(at, "C", false)[0]?.time ?? Number.POSITIVE_INFINITY;
    expect(without).toBeGreaterThan(withOnset);
  });
});

describe("ChangeDetector's patience for another root", () => {
  // A held C under a band's passing bass note and melody: for 0.2 s the bass walks to A and the melody
  // sings A over the C chord, so that A minor leads C by a little on each frame.
  const passing = (t: number) =>
    t >= 1 && t < 1.2 ? chromaFrame(t, [0, 4, 7, 9], 9, am) : chromaFrame(t, C, 0, heldC);

  it("does not follow another root that leads only briefly (ROOT_CHANGE_THRESHOLD), but does at 0.4", () => {
    expect(ROOT_CHANGE_THRESHOLD).toBeGreaterThan(0.4);
    expect(detect(passing, "C")).toEqual([]);
    // At the earlier threshold the display flipped to the passing chord (C, E, G over A: Am7).
    expect(detect(passing, "C", true, { rootChangeThreshold: 0.4 })[0]?.name).toBe("Am7");
  });

  it("still follows another root that keeps leading, within a tenth of a second more", () => {
    const held = (t: number) => (t < 1 ? chromaFrame(t, C, 0, heldC) : chromaFrame(t, AM, 9, am));
    const patient = detect(held, "C");
    const eager = detect(held, "C", true, { rootChangeThreshold: 0.4 });
    expect(patient.map((c) => c.name)).toEqual(["Am"]);
    const delay = (patient[0]?.time ?? 9) - (eager[0]?.time ?? 0);
    expect(delay).toBeGreaterThan(0);
    expect(delay).toBeLessThan(0.1);
  });
});

describe("notesChanged", () => {
  const g7 = [0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1];
  const g = [0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1];
  const pcs = (flags: number[]) => Uint8Array.from(flags);
  const chroma = (levels: Record<number, number>) => {
    const c = new Float64Array(12).fill(0.05);
    for (const [pc, v] of Object.entries(levels)) c[Number(pc)] = v;
    return c;
  };
  const seg = chroma({ 7: 1, 11: 1, 2: 1, 5: 1 });

  it("takes a seventh dropped from the chroma (G7 → G) only once it has all but stopped", () => {
    expect(notesChanged(chroma({ 7: 1, 11: 1, 2: 1, 5: 0.05 }), seg, pcs(g7), pcs(g), true)).toBe(true);
    // At a fifth of its share the seventh only sounds softer (a re-strum), though half would do for a triad note.
    expect(notesChanged(chroma({ 7: 1, 11: 1, 2: 1, 5: 0.2 }), seg, pcs(g7), pcs(g), true)).toBe(false);
    expect(notesChanged(chroma({ 7: 1, 11: 1, 2: 1, 5: 0.2 }), seg, pcs(g7), pcs(g), false)).toBe(true);
  });

  it("takes a seventh added (G → G7) once it has at least doubled its share", () => {
    const segG = chroma({ 7: 1, 11: 1, 2: 1, 5: 0.1 });
    expect(notesChanged(chroma({ 7: 1, 11: 1, 2: 1, 5: 0.9 }), segG, pcs(g), pcs(g7), false)).toBe(true);
    expect(notesChanged(chroma({ 7: 1, 11: 1, 2: 1, 5: 0.15 }), segG, pcs(g), pcs(g7), false)).toBe(false);
  });
});
