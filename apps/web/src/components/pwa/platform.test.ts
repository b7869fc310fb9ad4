import { describe, expect, it } from "vitest";
import { isIos } from "./platform";

describe("isIos", () => {
  it("recognises iPhone, iPod and iPad user agents", () => {
    expect(isIos("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15")).toBe(true);
    expect(isIos("Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)")).toBe(true);
  });
  it("recognises iPadOS desktop mode by touch points, not desktop Macs or Android", () => {
    const mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15";
    expect(isIos(mac, "MacIntel", 5)).toBe(true);
    expect(isIos(mac, "MacIntel", 0)).toBe(false);
    expect(isIos("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126", "Linux armv8l", 5)).toBe(false);
  });
});
