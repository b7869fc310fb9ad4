import { describe, expect, it } from "vitest";
import { GUITAR_PICKING, type PickingPattern, pickNotes, UKULELE_PICKING } from "./fingerpicking.js";

const travis = GUITAR_PICKING.find((p) => p.name === "Travis") as PickingPattern;
const triplets = GUITAR_PICKING.find((p) => p.name === "p-i-m-a triplets") as PickingPattern;

describe("fingerpicking figures", () => {
  it("place each slot evenly in the bar: eighths at half a beat, triplets at a third", () => {
    const eighths = pickNotes(travis, 6, 1, 1, 0.5);
    expect([...new Set(eighths.map((n) => n.time))]).toEqual([1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75]);
    const thirds = [...new Set(pickNotes(triplets, 6, 0, 1, 0.6).map((n) => n.time))];
    expect(thirds).toHaveLength(12);
    expect(thirds[1]).toBeCloseTo(0.2, 12);
    expect(thirds[11]).toBeCloseTo(2.2, 12);
  });

  it("read negative strings from the top and clamp past either end, so a four-string shape plays every figure", () => {
    // Travis on a six-string shape: bass and top string pinched on the downbeat.
    expect(pickNotes(travis, 6, 0, 1, 0.5).slice(0, 2)).toEqual([
      { string: 0, time: 0 },
      { string: 5, time: 0 },
    ]);
    // Rolling up and back reaches index 5; a D shape has four sounding strings.
    const roll = GUITAR_PICKING.find((p) => p.name === "rolling up and back") as PickingPattern;
    const onFour = pickNotes(roll, 4, 0, 1, 0.5).map((n) => n.string);
    expect(onFour).toEqual([0, 1, 2, 3, 3, 3, 3, 3]);
    for (const p of [...GUITAR_PICKING, ...UKULELE_PICKING])
      for (const strings of [1, 4, 5, 6])
        for (const n of pickNotes(p, strings, 0, 2, 0.5)) {
          expect(n.string).toBeGreaterThanOrEqual(0);
          expect(n.string).toBeLessThan(strings);
        }
  });

  it("strike a string once a slot, even when two indices land on it", () => {
    const pinch = UKULELE_PICKING.find((p) => p.name === "pinches") as PickingPattern;
    // On a one-string shape, 1 and 3 both clamp to string 0.
    const first = pickNotes(pinch, 1, 0, 1, 0.5).filter((n) => n.time === 0);
    expect(first).toEqual([{ string: 0, time: 0 }]);
  });

  it("jitter every slot but the first, and return notes in time order", () => {
    const notes = pickNotes(travis, 6, 2, 2, 0.5, () => 0.004);
    expect(notes[0]?.time).toBe(2);
    expect(notes[2]?.time).toBeCloseTo(2.254, 12);
    for (let i = 1; i < notes.length; i++)
      expect((notes[i] as { time: number }).time).toBeGreaterThanOrEqual(
        (notes[i - 1] as { time: number }).time,
      );
    expect(notes.filter((n) => n.time >= 6)).toHaveLength(0);
  });

  it("refuse an empty shape, no bars or a beat of no length", () => {
    expect(() => pickNotes(travis, 0, 0, 1, 0.5)).toThrow(RangeError);
    expect(() => pickNotes(travis, 6, 0, 0, 0.5)).toThrow(RangeError);
    expect(() => pickNotes(travis, 6, 0, 1, 0)).toThrow(RangeError);
  });
});
