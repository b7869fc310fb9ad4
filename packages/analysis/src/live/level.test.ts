import { renderChordSequence } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { LIVE_BLOCK, LiveListener } from "./index.js";
import {
  blockDbfs,
  gatedLoudness,
  isQuietInput,
  LEVEL_RELEASE_DB_PER_SECOND,
  LiveLevel,
  LiveLoudness,
  LOUDNESS_MAX_GAIN_DB,
  LOUDNESS_STEP_SECONDS,
  QUIET_INPUT_DBFS,
  SILENT_INPUT_DBFS,
} from "./level.js";

const SR = 48000;

/** A block of a 375 Hz sine (four periods in LIVE_BLOCK samples) whose RMS is `db` dBFS. */
function sineAt(db: number, n = LIVE_BLOCK): Float32Array {
  const a = Math.SQRT2 * 10 ** (db / 20);
  return Float32Array.from({ length: n }, (_, i) => a * Math.sin((2 * Math.PI * 375 * i) / SR));
}

describe("blockDbfs", () => {
  it("reads a sine's RMS in dBFS and silence as −Infinity", () => {
    expect(blockDbfs(sineAt(-20))).toBeCloseTo(-20, 6);
    expect(blockDbfs(new Float32Array(64))).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe("LiveLevel", () => {
  it("follows a louder block at once and falls at the release rate", () => {
    const level = new LiveLevel(SR);
    expect(level.push(sineAt(-30))).toBeCloseTo(-30, 6);
    expect(level.push(sineAt(-12))).toBeCloseTo(-12, 6);
    // One second of a decay 20 dB a second: the reference falls by the release rate only.
    const blocks = Math.round(SR / LIVE_BLOCK);
    for (let k = 1; k <= blocks; k++) level.push(sineAt(-12 - (20 * k) / blocks));
    expect(level.reference).toBeCloseTo(-12 - (LEVEL_RELEASE_DB_PER_SECOND * blocks * LIVE_BLOCK) / SR, 6);
  });

  it("does not count digital silence, and forgets on reset", () => {
    const level = new LiveLevel(SR);
    level.push(new Float32Array(LIVE_BLOCK));
    expect(level.reference).toBe(Number.NEGATIVE_INFINITY);
    level.push(sineAt(-40));
    level.reset();
    expect(level.reference).toBe(Number.NEGATIVE_INFINITY);
    expect(() => new LiveLevel(0)).toThrow(RangeError);
  });
});

describe("isQuietInput", () => {
  it("is true between the silence floor and the quiet threshold only", () => {
    expect(isQuietInput(QUIET_INPUT_DBFS - 10)).toBe(true);
    expect(isQuietInput(QUIET_INPUT_DBFS + 1)).toBe(false);
    expect(isQuietInput(SILENT_INPUT_DBFS - 1)).toBe(false);
    expect(isQuietInput(Number.NEGATIVE_INFINITY)).toBe(false);
  });
});

describe("LiveListener's input level", () => {
  /** The last `inputDbfs` reported after pushing `pcm` in LIVE_BLOCK blocks. */
  function lastLevel(pcm: Float32Array): number {
    const listener = new LiveListener(SR);
    let db = Number.NaN;
    for (let i = 0; i + LIVE_BLOCK <= pcm.length; i += LIVE_BLOCK)
      db = listener.push(pcm.subarray(i, i + LIVE_BLOCK)).inputDbfs;
    return db;
  }

  it("calls a chord played 40 dB under full scale quiet, and the same chord at full level not", () => {
    const loud = renderChordSequence([{ chord: "G", seconds: 2 }], { timbre: "piano", sampleRate: SR });
    const peak = loud.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    const at = (db: number) => loud.map((v) => (v / peak) * 10 ** (db / 20));
    expect(isQuietInput(lastLevel(at(-2)))).toBe(false);
    expect(isQuietInput(lastLevel(at(-40)))).toBe(true);
    expect(isQuietInput(lastLevel(new Float32Array(SR)))).toBe(false);
  });

  it("raises a quiet chord by its loudness gain (on by default) and leaves one at the training level alone", () => {
    const loud = renderChordSequence([{ chord: "G", seconds: 3 }], { timbre: "piano", sampleRate: SR });
    const peak = loud.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    const at = (db: number) => loud.map((v) => (v / peak) * 10 ** (db / 20));
    /** The listener's gain after `pcm`, dB. */
    const gainAfter = (pcm: Float32Array, options = {}) => {
      const listener = new LiveListener(SR, options);
      for (let i = 0; i + LIVE_BLOCK <= pcm.length; i += LIVE_BLOCK)
        listener.push(pcm.subarray(i, i + LIVE_BLOCK));
      return listener.inputGainDb;
    };
    // 30 dB under full scale the chord's loudness lies under LOUDNESS_LOW_DBFS: raised, never by more than the most gain.
    const quiet = gainAfter(at(-30));
    expect(quiet).toBeGreaterThan(5);
    expect(quiet).toBeLessThanOrEqual(LOUDNESS_MAX_GAIN_DB);
    // Ten dB quieter, ten dB more gain: the gain follows the loudness, not the peaks' history.
    expect(gainAfter(at(-40)) - quiet).toBeCloseTo(10, 1);
    expect(gainAfter(at(-2))).toBe(0);
    expect(gainAfter(at(-30), { loudnessGain: false })).toBe(0);
  });
});

describe("gatedLoudness", () => {
  const power = (db: number) => 10 ** (db / 10);
  it("is the mean power of the blocks past both gates, in dBFS", () => {
    expect(gatedLoudness([power(-20), power(-20)])).toBeCloseTo(-20, 9);
    // −40 dBFS is more than 10 dB under the mean of the three blocks: the relative gate drops it.
    expect(gatedLoudness([power(-20), power(-20), power(-40)])).toBeCloseTo(-20, 9);
    // −26 dBFS is within 10 dB of the mean: it counts.
    expect(gatedLoudness([power(-20), power(-26)])).toBeCloseTo(
      10 * Math.log10((power(-20) + power(-26)) / 2),
      9,
    );
  });

  it("is NaN when no block passes the absolute gate", () => {
    expect(gatedLoudness([])).toBeNaN();
    expect(gatedLoudness([power(SILENT_INPUT_DBFS - 5), 0])).toBeNaN();
  });
});

describe("LiveLoudness", () => {
  const step = Math.round(LOUDNESS_STEP_SECONDS * SR);
  /** Push `seconds` of a sine at `db` dBFS RMS in LIVE_BLOCK blocks; the output, concatenated. */
  function play(stage: LiveLoudness, db: number, seconds: number): Float32Array {
    const n = Math.round((seconds * SR) / LIVE_BLOCK) * LIVE_BLOCK;
    const input = sineAt(db, n);
    const out = new Float32Array(n);
    for (let at = 0; at < n; at += LIVE_BLOCK)
      out.set(stage.process(input.subarray(at, at + LIVE_BLOCK)), at);
    return out;
  }

  it("raises a quiet input to its low level, and leaves a louder one as it is", () => {
    const quiet = new LiveLoudness(SR, { lowDbfs: -25 });
    const out = play(quiet, -40, 3);
    expect(quiet.loudness).toBeCloseTo(-40, 1);
    expect(quiet.gainDb).toBeCloseTo(15, 1);
    expect(blockDbfs(out.subarray(out.length - step))).toBeCloseTo(-25, 1);

    const loud = new LiveLoudness(SR, { lowDbfs: -25 });
    const input = sineAt(-20, LIVE_BLOCK);
    for (let k = 0; k < 200; k++) expect(loud.process(input)).toBe(input);
    expect(loud.gainDb).toBe(0);
  });

  it("ramps the gain over a step, without a jump between samples", () => {
    const stage = new LiveLoudness(SR, { lowDbfs: -25 });
    const out = play(stage, -40, 1);
    // The sine's largest sample-to-sample step, at the final gain; the ramp must not add a jump above it.
    const amplitude = Math.SQRT2 * 10 ** (-25 / 20);
    const sineStep = amplitude * 2 * Math.sin((Math.PI * 375) / SR);
    for (let i = 1; i < out.length; i++)
      expect(Math.abs((out[i] as number) - (out[i - 1] as number))).toBeLessThanOrEqual(sineStep * 1.001);
  });

  it("adds at most its most gain, and never raises what the absolute gate calls silence", () => {
    const far = new LiveLoudness(SR, { lowDbfs: -20 });
    play(far, SILENT_INPUT_DBFS + 2, 2);
    expect(far.gainDb).toBeCloseTo(LOUDNESS_MAX_GAIN_DB, 6);
    const hiss = new LiveLoudness(SR, { lowDbfs: -20 });
    const input = sineAt(SILENT_INPUT_DBFS - 3, LIVE_BLOCK);
    for (let k = 0; k < 200; k++) expect(hiss.process(input)).toBe(input);
    expect(hiss.loudness).toBeNaN();
  });

  it("holds the gain through a pause longer than its window, and forgets on reset", () => {
    const stage = new LiveLoudness(SR, { lowDbfs: -25 });
    play(stage, -40, 2);
    const held = stage.gainDb;
    expect(held).toBeGreaterThan(10);
    // The sine's last blocks, fading into the pause, still count (within 10 dB of the window's loudness)…
    stage.process(new Float32Array(SR));
    const afterTail = stage.gainDb;
    expect(Math.abs(afterTail - held)).toBeLessThan(1);
    // …and then silence longer than the window moves nothing.
    stage.process(new Float32Array(12 * SR));
    expect(stage.gainDb).toBe(afterTail);
    stage.reset();
    expect(stage.gainDb).toBe(0);
    expect(stage.loudness).toBeNaN();
    expect(() => new LiveLoudness(0, { lowDbfs: -25 })).toThrow(RangeError);
    expect(() => new LiveLoudness(SR, { lowDbfs: Number.NaN })).toThrow(RangeError);
    expect(() => new LiveLoudness(SR, { lowDbfs: -25, maxGainDb: -1 })).toThrow(RangeError);
  });
});
