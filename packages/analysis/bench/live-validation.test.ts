import { describe, expect, it } from "vitest";
import { emptyScore, type LiveScore } from "./live-folder.js";
import { liveGap, validationSummary } from "./live-validation.js";

/** A folder's pooled score with the given latencies (seconds) and counts. */
function folder(latencies: number[], falseChanges: number, heldSeconds: number, right: number): LiveScore {
  return {
    ...emptyScore(),
    seconds: 100,
    latencies,
    falseChanges,
    heldSeconds,
    majmin: { right, of: 100 },
    sevenths: { right, of: 100 },
    chordSeconds: 100,
  };
}

describe("liveGap", () => {
  it("is 0 when both targets hold and adds each side's distance in its own unit", () => {
    expect(liveGap(0.5, 150)).toBe(0);
    expect(liveGap(1, 200)).toBe(0);
    expect(liveGap(3.53, 200)).toBeCloseTo(1, 10);
    expect(liveGap(1, 509)).toBeCloseTo(1, 10);
    expect(liveGap(2.42, 742)).toBeCloseTo(1.42 / 2.53 + 542 / 309, 10);
  });
});

describe("validationSummary", () => {
  it("pools counts over the folders and averages the folders' latency percentiles", () => {
    // Folder A: 20 changes at 0.1 s (median and p95 100 ms); folder B: 19 at 0.3 s and one at 2 s
    // (median 300 ms, p95 = the element at ⌊0.95·20⌋ = 19 of the sorted list, 2,000 ms).
    const a = folder(Array(20).fill(0.1), 1, 60, 90);
    const b = folder([...Array(19).fill(0.3), 2], 3, 60, 100);
    const s = validationSummary([a, b], { noise: 1 });
    expect(s.latencyMedianMs).toBe(200);
    expect(s.latencyP95Ms).toBe(1050);
    expect(s.pooled.falseChangesPerMin).toBe(2); // 4 changes in 2 minutes held
    expect(s.pooled.majmin).toBe(0.95);
    expect(s.pooled.changes).toBe(40);
    expect(s.gap).toBeCloseTo(liveGap(2, 1050), 3);
    expect(s.nonMusicShownN).toEqual({ noise: 1 });
    // The inputs are not changed by pooling.
    expect(a.latencies).toHaveLength(20);
  });

  it("averages the folders' identifiable-moment measures only when every folder's truth gives them", () => {
    const a = {
      ...folder(Array(20).fill(0.1), 0, 60, 90),
      identifiableDelays: Array(20).fill(0),
      afterIdentifiable: Array(20).fill(0.1),
    };
    const b = {
      ...folder(Array(20).fill(0.5), 0, 60, 90),
      identifiableDelays: [...Array(19).fill(0), 0.8],
      afterIdentifiable: [...Array(19).fill(0.2), 0.6],
    };
    const s = validationSummary([a, b]);
    expect(s.identifiableP95Ms).toBe(400); // mean of 0 and 800 ms
    expect(s.afterIdentifiableMedianMs).toBe(150);
    expect(s.afterIdentifiableP95Ms).toBe(350);
    expect("identifiableP95Ms" in validationSummary([a, folder([0.1], 0, 60, 90)])).toBe(false);
  });

  it("refuses no folders", () => {
    expect(() => validationSummary([])).toThrow(RangeError);
  });
});
