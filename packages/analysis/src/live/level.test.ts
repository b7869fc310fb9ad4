import { renderChordSequence } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { LIVE_BLOCK, LiveListener } from "./index.js";
import {
  blockDbfs,
  LEVEL_HIGH_DBFS,
  LEVEL_LOW_DBFS,
  LEVEL_MAX_CUT_DB,
  LEVEL_MAX_GAIN_DB,
  LEVEL_RELEASE_DB_PER_SECOND,
  LiveLevel,
} from "./level.js";

const SR = 48000;

/** A block of a 375 Hz sine (four periods in LIVE_BLOCK samples) whose RMS is `db` dBFS. */
function sineAt(db: number, n = LIVE_BLOCK): Float32Array {
  const a = Math.SQRT2 * 10 ** (db / 20);
  return Float32Array.from({ length: n }, (_, i) => a * Math.sin((2 * Math.PI * 375 * i) / SR));
}

describe("blockDbfs", () => {
  it("reads a sine's RMS in dBFS and silence as −Infinity", () => {
    expect(blockDbfs(sineAt(-20, 4800))).toBeCloseTo(-20, 1);
    expect(blockDbfs(new Float32Array(64))).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe("LiveLevel", () => {
  it("passes a block within the training levels unchanged (the same array)", () => {
    const level = new LiveLevel(SR);
    const block = sineAt((LEVEL_LOW_DBFS + LEVEL_HIGH_DBFS) / 2);
    expect(level.process(block)).toBe(block);
    expect(level.gainDb).toBe(0);
  });

  it("raises a quiet input to the low edge of the training levels", () => {
    const level = new LiveLevel(SR);
    const quiet = LEVEL_LOW_DBFS - 20;
    const out = level.process(sineAt(quiet));
    expect(level.gainDb).toBeCloseTo(20, 1);
    expect(blockDbfs(out)).toBeCloseTo(LEVEL_LOW_DBFS, 1);
  });

  it("adds at most LEVEL_MAX_GAIN_DB and cuts at most LEVEL_MAX_CUT_DB", () => {
    const quiet = new LiveLevel(SR);
    quiet.process(sineAt(LEVEL_LOW_DBFS - LEVEL_MAX_GAIN_DB - 15));
    expect(quiet.gainDb).toBeCloseTo(LEVEL_MAX_GAIN_DB, 6);
    const loud = new LiveLevel(SR, { lowDbfs: -60, highDbfs: -40 });
    loud.process(sineAt(-3));
    expect(loud.gainDb).toBeCloseTo(-LEVEL_MAX_CUT_DB, 6);
    const above = new LiveLevel(SR, { lowDbfs: -30, highDbfs: -10 });
    expect(blockDbfs(above.process(sineAt(-4)))).toBeCloseTo(-10, 1);
  });

  it("keeps a held chord's decay: the reference falls only at the release rate", () => {
    const level = new LiveLevel(SR);
    const start = LEVEL_LOW_DBFS + 6;
    level.process(sineAt(start));
    // One second of a decay 20 dB a second: the reference falls 1 dB, so no gain is added yet.
    const blocks = Math.round(SR / LIVE_BLOCK);
    for (let k = 1; k <= blocks; k++) level.process(sineAt(start - (20 * k) / blocks));
    expect(level.reference).toBeCloseTo(start - (LEVEL_RELEASE_DB_PER_SECOND * blocks * LIVE_BLOCK) / SR, 3);
    expect(level.gainDb).toBe(0);
  });

  it("follows a louder note at once, and forgets on reset", () => {
    const level = new LiveLevel(SR);
    level.process(sineAt(-60));
    expect(level.gainDb).toBeGreaterThan(0);
    level.process(sineAt(LEVEL_HIGH_DBFS - 1));
    expect(level.gainDb).toBe(0);
    level.reset();
    expect(level.reference).toBe(Number.NEGATIVE_INFINITY);
    expect(level.gainDb).toBe(0);
  });

  it("leaves digital silence silent and does not count it", () => {
    const level = new LiveLevel(SR);
    const out = level.process(new Float32Array(LIVE_BLOCK));
    expect(level.reference).toBe(Number.NEGATIVE_INFINITY);
    expect(Array.from(out).every((v) => v === 0)).toBe(true);
  });

  it("with slew, keeps its gain through a strum and moves it at most the release rate", () => {
    const level = new LiveLevel(SR, { slew: true });
    level.process(sineAt(LEVEL_LOW_DBFS - 20));
    expect(level.gainDb).toBeCloseTo(20, 1);
    // A strum 6 dB louder: without slew the gain would drop by 6 dB at once.
    level.process(sineAt(LEVEL_LOW_DBFS - 14));
    expect(level.gainDb).toBeCloseTo(20 - (LEVEL_RELEASE_DB_PER_SECOND * LIVE_BLOCK) / SR, 3);
    const instant = new LiveLevel(SR);
    instant.process(sineAt(LEVEL_LOW_DBFS - 20));
    instant.process(sineAt(LEVEL_LOW_DBFS - 14));
    expect(instant.gainDb).toBeCloseTo(14, 1);
  });

  it("with slew, lowers at once a gain that would carry a loud entry above the training levels", () => {
    const level = new LiveLevel(SR, { slew: true });
    level.process(sineAt(-70)); // hiss before the first strum: the most gain
    expect(level.gainDb).toBeCloseTo(LEVEL_MAX_GAIN_DB, 6);
    level.process(sineAt(-20));
    expect(level.gainDb).toBeCloseTo(LEVEL_HIGH_DBFS + 20, 1);
  });

  it("rejects bad options", () => {
    expect(() => new LiveLevel(0)).toThrow(RangeError);
    expect(() => new LiveLevel(SR, { lowDbfs: -10, highDbfs: -20 })).toThrow(RangeError);
    expect(() => new LiveLevel(SR, { releaseDbPerSecond: 0 })).toThrow(RangeError);
    expect(() => new LiveLevel(SR, { maxGainDb: -1 })).toThrow(RangeError);
  });
});

describe("LiveListener's input level stage", () => {
  /** The chords shown over the second half of `pcm`, pushed in LIVE_BLOCK blocks. */
  function shownLate(pcm: Float32Array, listener: LiveListener): string[] {
    const shown: string[] = [];
    for (let i = 0; i + LIVE_BLOCK <= pcm.length; i += LIVE_BLOCK)
      for (const c of listener.push(pcm.subarray(i, i + LIVE_BLOCK)).chords)
        if (c.time > 1) shown.push(c.chord);
    return shown;
  }

  it("names a G major played at −50 dBFS peak, which the recogniser alone takes for silence", () => {
    const loud = renderChordSequence([{ chord: "G", seconds: 2 }], { timbre: "piano", sampleRate: SR });
    const peak = loud.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    // −50 dBFS peak: under the recogniser's silence floor (about −48 dBFS RMS), within the stage's gain.
    const quiet = loud.map((v) => (v / peak) * 10 ** (-50 / 20));
    const without = shownLate(quiet, new LiveListener(SR));
    const withStage = shownLate(quiet, new LiveListener(SR, { level: true }));
    expect(without.filter((c) => c === "G").length).toBe(0);
    expect(withStage.filter((c) => c === "G").length / withStage.length).toBeGreaterThan(0.9);
  });
});
