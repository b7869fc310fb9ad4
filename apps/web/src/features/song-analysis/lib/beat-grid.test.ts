import { describe, expect, it } from "vitest";
import { barAt, beatAt, buildBeatGrid, chordsInWindows, loopRange } from "./beat-grid";

/** Beats every `period` s from `start`, `n` of them. */
const grid = (start: number, period: number, n: number) =>
  Array.from({ length: n }, (_, i) => Number((start + i * period).toFixed(4)));

describe("buildBeatGrid", () => {
  it("makes one bar per downbeat with a right-aligned pickup bar", () => {
    const beats = grid(0.5, 0.5, 18); // 0.5 … 9.0
    const downbeats = beats.filter((_, i) => i >= 2 && (i - 2) % 4 === 0); // bars start at 1.5 s
    const g = buildBeatGrid({
      beats,
      downbeats,
      timeSignature: "4/4",
      bpm: 120,
      chords: [
        { time: 0, chord: "N" },
        { time: 1.5, chord: "C" },
        { time: 3.5, chord: "G" },
      ],
      durationSeconds: 9.5,
    });
    expect(g.source).toBe("engine");
    expect(g.beatsPerBar).toBe(4);
    expect(g.bars).toHaveLength(downbeats.length + 1);
    expect(g.bars[0]?.cells.map((c) => c?.time ?? null)).toEqual([null, null, 0.5, 1]);
    expect(g.bars[1]?.start).toBe(1.5);
    expect(g.bars[1]?.cells.map((c) => c?.chord)).toEqual(["C", "C", "C", "C"]);
    expect(g.bars[2]?.cells.map((c) => c?.chord)).toEqual(["G", "G", "G", "G"]);
    // A name is shown only where the chord changes; "N" is no chord.
    expect(g.beats.filter((b) => b.change).map((b) => [b.time, b.chord])).toEqual([
      [1.5, "C"],
      [3.5, "G"],
    ]);
    expect(g.bars.at(-1)?.end).toBe(9.5);
  });

  it("reads 3 beats a bar from the downbeats", () => {
    const beats = grid(0, 0.5, 12);
    const downbeats = beats.filter((_, i) => i % 3 === 0);
    const g = buildBeatGrid({
      beats,
      downbeats,
      timeSignature: "3/4",
      bpm: 120,
      chords: [],
      durationSeconds: 6,
    });
    expect(g.beatsPerBar).toBe(3);
    expect(g.bars).toHaveLength(4);
    expect(g.bars.every((b) => b.cells.length === 3)).toBe(true);
  });

  it("spaces beats from the BPM when the song store has no beats", () => {
    const g = buildBeatGrid({ bpm: 100, chords: [{ time: 0, chord: "Am" }], durationSeconds: 9.6 });
    expect(g.source).toBe("tempo");
    expect(g.beats).toHaveLength(16);
    expect(g.bars).toHaveLength(4);
    expect(g.beats[1]?.time).toBeCloseTo(0.6, 6);
  });

  it("falls back to one cell per second without a tempo", () => {
    const g = buildBeatGrid({ bpm: null, chords: [], durationSeconds: 5 });
    expect(g.source).toBe("seconds");
    expect(g.beats.map((b) => b.time)).toEqual([0, 1, 2, 3, 4]);
    expect(g.beats.every((b) => b.chord === null && !b.change)).toBe(true);
  });

  it("is empty for a zero-length song", () => {
    expect(buildBeatGrid({ bpm: 120, chords: [], durationSeconds: 0 }).bars).toEqual([]);
  });
});

describe("chordsInWindows", () => {
  it("picks the chord sounding longest in each window", () => {
    const chords = [
      { time: 0, chord: "C" },
      { time: 0.9, chord: "F" },
      { time: 1.2, chord: "G" },
    ];
    expect(
      chordsInWindows(
        [
          { start: 0, end: 1 },
          { start: 1, end: 2 },
        ],
        chords,
      ),
    ).toEqual(["C", "G"]);
  });
});

describe("beatAt / barAt / loopRange", () => {
  const g = buildBeatGrid({ bpm: 120, chords: [], durationSeconds: 8 });
  it("finds the beat and bar at a time", () => {
    expect(beatAt(g.beats, 1.25)).toBe(2);
    expect(beatAt(g.beats, -1)).toBe(-1);
    expect(barAt(g, 2.1)).toBe(1);
  });
  it("turns bars into a time range", () => {
    expect(loopRange(g, 1, 2)).toEqual({ start: 2, end: 6 });
    expect(loopRange(g, 2, 1)).toEqual({ start: 2, end: 6 });
    expect(loopRange(g, 9, 10)).toBeNull();
  });
});
