import { describe, expect, it } from "vitest";
import { augmentOptions } from "./live-items.js";

describe("augmentOptions", () => {
  it("passes --augment through and leaves the share to its default when absent", () => {
    expect(augmentOptions(false, undefined)).toEqual({ augment: false });
    expect(augmentOptions(true, undefined)).toEqual({ augment: true });
  });

  it("takes a share from 0 to 1 with --augment", () => {
    expect(augmentOptions(true, "0.25")).toEqual({ augment: true, augmentShare: 0.25 });
    expect(augmentOptions(true, "0")).toEqual({ augment: true, augmentShare: 0 });
    expect(augmentOptions(true, "1")).toEqual({ augment: true, augmentShare: 1 });
  });

  it("refuses a share without --augment, outside 0…1, or not a number", () => {
    expect(augmentOptions(false, "0.25")).toBeNull();
    expect(augmentOptions(true, "1.5")).toBeNull();
    expect(augmentOptions(true, "-0.1")).toBeNull();
    expect(augmentOptions(true, "half")).toBeNull();
    expect(augmentOptions(true, "")).toBeNull();
  });
});
