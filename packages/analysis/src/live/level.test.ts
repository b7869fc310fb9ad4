import { renderChordSequence } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { LIVE_BLOCK, LiveListener } from "./index.js";
import {
  blockDbfs,
  isQuietInput,
  LEVEL_RELEASE_DB_PER_SECOND,
  LiveLevel,
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
});
