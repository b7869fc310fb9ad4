import { describe, expect, it } from "vitest";
import { mirex } from "./key-score.js";

describe("mirex (MIREX weighted key score on key indices)", () => {
  // Key indices: tonic pitch class, + 12 for minor. C major = 0, G major = 7, A minor = 21, C minor = 12.
  it("gives 1 / 0.5 / 0.3 / 0.2 for the same key, a fifth above, the relative and the parallel", () => {
    expect(mirex(0, 0)).toBe(1);
    expect(mirex(0, 7)).toBe(0.5);
    expect(mirex(0, 21)).toBe(0.3);
    expect(mirex(21, 0)).toBe(0.3);
    expect(mirex(0, 12)).toBe(0.2);
  });
  it("gives 0 to a fourth above and to unrelated keys", () => {
    expect(mirex(0, 5)).toBe(0);
    expect(mirex(0, 1)).toBe(0);
    expect(mirex(21, 14)).toBe(0);
  });
});
