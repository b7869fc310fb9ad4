import { describe, expect, it } from "vitest";
import { makeRng } from "../testing/index.js";
import {
  type Chord,
  guitarShape,
  INTERVALS,
  OPEN_STRINGS,
  type Quality,
  UKULELE_STRINGS,
  ukuleleShape,
} from "./fretted-shapes.js";

const QUALITIES: Quality[] = ["maj", "min", "7", "maj7", "min7"];
const every: Chord[] = QUALITIES.flatMap((quality) =>
  Array.from({ length: 12 }, (_, root) => ({ root, quality })),
);
const played = (shape: number[]) => shape.filter((m) => m >= 0);
const pitchClasses = (shape: number[]) => new Set(played(shape).map((m) => m % 12));

describe("fretted shapes from chords-db", () => {
  it("finger every chord the folders play, on both instruments, with only its tones, its root and third among them", () => {
    const r = makeRng(5);
    for (const c of every)
      for (const [shape, strings] of [
        [guitarShape(c, r), OPEN_STRINGS],
        [ukuleleShape(c, r), UKULELE_STRINGS],
      ] as const) {
        expect(shape).toHaveLength(strings.length);
        const tones = new Set(INTERVALS[c.quality].map((i) => (c.root + i) % 12));
        const pcs = pitchClasses(shape);
        for (const pc of pcs) expect(tones.has(pc)).toBe(true);
        expect(pcs.has(c.root)).toBe(true);
        expect(pcs.has((c.root + (INTERVALS[c.quality][1] as number)) % 12)).toBe(true);
        // Every note at or above its open string, within 15 frets.
        shape.forEach((m, s) => {
          if (m >= 0) expect(m - (strings[s] as number)).toBeGreaterThanOrEqual(0);
          if (m >= 0) expect(m - (strings[s] as number)).toBeLessThanOrEqual(15);
        });
      }
  });

  it("give a ukulele no bass: its G chord sounds D4 lowest and the g string above the C string", () => {
    // The first diagram (a generator that never asks for the second).
    const g = ukuleleShape({ root: 7, quality: "maj" }, () => 0.99);
    expect(g).toEqual([67, 62, 67, 71]);
    expect(Math.min(...played(g))).toBe(62);
    // No ukulele shape sounds below middle C; the guitars' open-position C has its root in the bass.
    for (const c of every)
      expect(Math.min(...played(ukuleleShape(c, () => 0.99)))).toBeGreaterThanOrEqual(60);
    const cGuitar = guitarShape({ root: 0, quality: "maj" }, () => 0.99);
    expect((played(cGuitar)[0] as number) % 12).toBe(0);
  });
});
