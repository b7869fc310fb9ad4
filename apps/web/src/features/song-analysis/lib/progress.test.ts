import { describe, expect, it } from "vitest";
import { animatedFloor, displayedProgress, stageLabel } from "./progress";

describe("analysis progress (PRODUCT §4, §9)", () => {
  it("checking grows 2 % every 50 ms up to 30 %", () => {
    expect(animatedFloor("checking", 0)).toBe(0);
    expect(animatedFloor("checking", 49)).toBe(0);
    expect(animatedFloor("checking", 50)).toBe(2);
    expect(animatedFloor("checking", 500)).toBe(20);
    expect(animatedFloor("checking", 10_000)).toBe(30);
  });

  it("analyzing grows 1 % every 200 ms from 30 % up to 90 %", () => {
    expect(animatedFloor("analyzing", 0)).toBe(30);
    expect(animatedFloor("analyzing", 1000)).toBe(35);
    expect(animatedFloor("analyzing", 60_000)).toBe(90);
  });

  it("follows the job's real progress within 30–90 % but never below the animation", () => {
    expect(displayedProgress("analyzing", 0, 0.5)).toBe(60);
    expect(displayedProgress("analyzing", 10_000, 0.1)).toBe(80);
    expect(displayedProgress("analyzing", 0, 1)).toBe(90);
    expect(displayedProgress("analyzing", 0, null)).toBe(30);
  });

  it("complete and error end at 100 %", () => {
    expect(displayedProgress("complete", 0, null)).toBe(100);
    expect(displayedProgress("error", 0, 0.2)).toBe(100);
  });

  it("labels the job's state", () => {
    expect(stageLabel("analyzing", "downloading")).toMatch(/Downloading/);
    expect(stageLabel("analyzing", "analysing")).toMatch(/key, tempo and chords/);
    expect(stageLabel("checking", null)).toMatch(/Checking/);
  });
});
