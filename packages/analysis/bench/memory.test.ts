import { describe, expect, it } from "vitest";
import { MEMORY_TARGET_MB, memorySummary } from "./memory.js";

describe("memorySummary", () => {
  it("takes each file's median run and meets the target only when every median is within it", () => {
    const under = memorySummary(
      new Map([
        ["a.wav", [250, 320, 260]],
        ["b.mp3", [280, 270]],
      ]),
    );
    expect(under.rows.map((r) => r.medianMB)).toEqual([260, 275]);
    expect(under.met).toBe(true);
    const over = memorySummary(new Map([["c.mp3", [MEMORY_TARGET_MB + 1, 200, MEMORY_TARGET_MB + 5]]]));
    expect(over.rows[0]?.medianMB).toBe(MEMORY_TARGET_MB + 1);
    expect(over.met).toBe(false);
  });

  it("refuses a file without runs", () => {
    expect(() => memorySummary(new Map([["d.wav", []]]))).toThrow(RangeError);
  });
});
