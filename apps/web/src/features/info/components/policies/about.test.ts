import { describe, expect, it } from "vitest";
import { counterValue } from "./About";

describe("About counters", () => {
  it("start at 0, rise monotonically and land on the target after 2 s (PRODUCT §2)", () => {
    let prev = -1;
    for (let ms = 0; ms <= 2000; ms += 100) {
      const v = counterValue(95, ms);
      expect(v).toBeGreaterThanOrEqual(prev);
      prev = v;
    }
    expect(counterValue(95, 0)).toBe(0);
    expect(counterValue(95, 1000)).toBeLessThan(95);
    expect(counterValue(95, 2000)).toBe(95);
    expect(counterValue(95, 5000)).toBe(95);
  });
});
