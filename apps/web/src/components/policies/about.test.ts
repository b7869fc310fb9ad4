import { describe, expect, it } from "vitest";
import { ABOUT_COUNTERS, COUNTER_DURATION_MS, counterValue, TEAM } from "./About";

describe("About counters", () => {
  it("start at 0, rise monotonically and land on the target after about 2 s", () => {
    expect(COUNTER_DURATION_MS).toBe(2000);
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
  it("show the SPEC §2 numbers and a team of a founder & CEO and a CTO", () => {
    expect(ABOUT_COUNTERS.map((c) => `${c.label} ${c.value}${c.suffix}`)).toEqual([
      "Active Students 50+",
      "Learning Modules 20+",
      "Learner Satisfaction 95%",
    ]);
    expect(TEAM.map((m) => m.role)).toEqual(["Founder & CEO", "CTO"]);
  });
});
