import { describe, expect, it } from "vitest";
import {
  AUGMENT_HISS_SNR_DB,
  AUGMENT_LEVEL_DB,
  applyAugmentation,
  applyTimbreEq,
  augmentationFor,
  TIMBRE_EQ_BANDS,
  TIMBRE_EQ_GAIN_DB,
  TIMBRE_EQ_HZ,
  TIMBRE_EQ_Q,
  timbreEqFor,
} from "./live-augment.js";

const rmsDb = (x: Float32Array) => {
  let e = 0;
  for (const v of x) e += v * v;
  return 10 * Math.log10(e / x.length);
};

describe("augmentationFor", () => {
  it("draws the same for the same name, within the ranges, hiss and quiet for about half the items each", () => {
    expect(augmentationFor("3/guitar-nylon-strum-clean")).toEqual(
      augmentationFor("3/guitar-nylon-strum-clean"),
    );
    const draws = Array.from({ length: 2000 }, (_, i) => augmentationFor(`${i % 24}/item-${i}`));
    const hissed = draws.filter((d) => d.hissSnrDb !== null);
    const quiet = draws.filter((d) => d.levelDb !== 0);
    expect(hissed.length / draws.length).toBeGreaterThan(0.45);
    expect(hissed.length / draws.length).toBeLessThan(0.55);
    expect(quiet.length / draws.length).toBeGreaterThan(0.45);
    expect(quiet.length / draws.length).toBeLessThan(0.55);
    for (const d of hissed) {
      expect(d.hissSnrDb).toBeGreaterThanOrEqual(AUGMENT_HISS_SNR_DB[0]);
      expect(d.hissSnrDb).toBeLessThanOrEqual(AUGMENT_HISS_SNR_DB[1]);
    }
    for (const d of quiet) {
      expect(d.levelDb).toBeGreaterThanOrEqual(AUGMENT_LEVEL_DB[0]);
      expect(d.levelDb).toBeLessThanOrEqual(AUGMENT_LEVEL_DB[1]);
    }
    // The two draws are independent: some items are both quiet and hissing, some neither.
    expect(draws.some((d) => d.hissSnrDb !== null && d.levelDb !== 0)).toBe(true);
    expect(draws.some((d) => d.hissSnrDb === null && d.levelDb === 0)).toBe(true);
  });
});

describe("augmentationFor with a milder share", () => {
  it("hisses or quietens about a quarter of the items each, only items that would at a half", () => {
    const names = Array.from({ length: 2000 }, (_, i) => `${i % 24}/item-${i}`);
    const half = names.map((n) => augmentationFor(n));
    const quarter = names.map((n) => augmentationFor(n, 0.25));
    const hissed = quarter.filter((d) => d.hissSnrDb !== null).length / names.length;
    const quiet = quarter.filter((d) => d.levelDb !== 0).length / names.length;
    expect(hissed).toBeGreaterThan(0.2);
    expect(hissed).toBeLessThan(0.3);
    expect(quiet).toBeGreaterThan(0.2);
    expect(quiet).toBeLessThan(0.3);
    for (const [i, d] of quarter.entries()) {
      const h = half[i] as (typeof half)[number];
      if (d.hissSnrDb !== null) expect(d.hissSnrDb).toBe(h.hissSnrDb);
      if (d.levelDb !== 0) expect(d.levelDb).toBe(h.levelDb);
    }
    expect(names.map((n) => augmentationFor(n, 0))).toEqual(
      names.map(() => ({ levelDb: 0, hissSnrDb: null })),
    );
  });

  it("rejects a share outside 0…1", () => {
    expect(() => augmentationFor("1/x", 1.5)).toThrow(RangeError);
    expect(() => augmentationFor("1/x", -0.1)).toThrow(RangeError);
    expect(() => augmentationFor("1/x", Number.NaN)).toThrow(RangeError);
  });
});

describe("applyAugmentation", () => {
  const tone = new Float32Array(48000).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / 48000));

  it("adds hiss at the drawn SNR under the item, then lowers the whole by the drawn level", () => {
    const before = tone.slice();
    const out = applyAugmentation(tone, { levelDb: -12, hissSnrDb: 20 }, 5);
    expect(out).not.toBe(tone);
    expect(tone).toEqual(before); // the input is left alone
    const g = 10 ** (-12 / 20);
    const noise = out.map((v, i) => v - (tone[i] as number) * g);
    expect(rmsDb(noise)).toBeCloseTo(rmsDb(tone) - 20 - 12, 1);
    expect(rmsDb(out)).toBeCloseTo(rmsDb(tone) - 12, 0);
  });

  it("changes nothing without hiss at the own level, and the same seed gives the same noise", () => {
    expect(applyAugmentation(tone, { levelDb: 0, hissSnrDb: null }, 1)).toEqual(tone);
    const a = applyAugmentation(tone, { levelDb: 0, hissSnrDb: 30 }, 9);
    expect(applyAugmentation(tone, { levelDb: 0, hissSnrDb: 30 }, 9)).toEqual(a);
    expect(applyAugmentation(tone, { levelDb: 0, hissSnrDb: 30 }, 10)).not.toEqual(a);
  });
});

describe("timbreEqFor", () => {
  it("recolours about half the items with bands inside the ranges, the same for the same name", () => {
    expect(timbreEqFor("7/piano-grand-held-room")).toEqual(timbreEqFor("7/piano-grand-held-room"));
    const draws = Array.from({ length: 2000 }, (_, i) => timbreEqFor(`${i % 24}/item-${i}`));
    const coloured = draws.filter((d) => d.length > 0);
    expect(coloured.length / draws.length).toBeGreaterThan(0.45);
    expect(coloured.length / draws.length).toBeLessThan(0.55);
    const bands = coloured.flat();
    expect(coloured.every((d) => d.length === TIMBRE_EQ_BANDS)).toBe(true);
    for (const b of bands) {
      expect(b.hz).toBeGreaterThanOrEqual(TIMBRE_EQ_HZ[0]);
      expect(b.hz).toBeLessThanOrEqual(TIMBRE_EQ_HZ[1]);
      expect(b.gainDb).toBeGreaterThanOrEqual(TIMBRE_EQ_GAIN_DB[0]);
      expect(b.gainDb).toBeLessThanOrEqual(TIMBRE_EQ_GAIN_DB[1]);
      expect(b.q).toBeGreaterThanOrEqual(TIMBRE_EQ_Q[0]);
      expect(b.q).toBeLessThanOrEqual(TIMBRE_EQ_Q[1]);
    }
    // Centres log-uniform: about half of them under the range's geometric middle (~707 Hz).
    const low =
      bands.filter((b) => b.hz < Math.sqrt(TIMBRE_EQ_HZ[0] * TIMBRE_EQ_HZ[1])).length / bands.length;
    expect(low).toBeGreaterThan(0.45);
    expect(low).toBeLessThan(0.55);
  });

  it("leaves the hiss and level draws as they were", () => {
    const names = Array.from({ length: 200 }, (_, i) => `${i % 24}/item-${i}`);
    const before = names.map((n) => augmentationFor(n, 0.25));
    for (const n of names) timbreEqFor(n);
    expect(names.map((n) => augmentationFor(n, 0.25))).toEqual(before);
  });
});

describe("applyTimbreEq", () => {
  const tone = new Float32Array(48000).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 1000 * i) / 48000));

  it("applies its bands in turn to a copy, and no bands change nothing", () => {
    const before = tone.slice();
    const out = applyTimbreEq(tone, 48000, [
      { hz: 1000, q: 1, gainDb: 6 },
      { hz: 1000, q: 1, gainDb: 6 },
    ]);
    expect(tone).toEqual(before);
    const late = (x: Float32Array) => x.subarray(24000);
    expect(rmsDb(late(out))).toBeCloseTo(rmsDb(late(tone)) + 12, 1);
    expect(applyTimbreEq(tone, 48000, [])).toEqual(tone);
  });
});
