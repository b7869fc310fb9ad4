import { describe, expect, it } from "vitest";
import { silentGapInside } from "./fluidsynth.js";

const SR = 1000;

/** One second of a 50 Hz sine per second of `seconds`, with exact zeros over `gap` (seconds). */
function withGap(seconds: number, gap: readonly [number, number] | null): Float32Array {
  const x = Float32Array.from(
    { length: seconds * SR },
    (_, i) => Math.sin((2 * Math.PI * 50 * i) / SR) + 0.01,
  );
  if (gap) x.fill(0, Math.round(gap[0] * SR), Math.round(gap[1] * SR));
  return x;
}

describe("silentGapInside", () => {
  it("finds a run of digital silence inside a held note", () => {
    expect(silentGapInside(withGap(4, [1.5, 2.5]), SR, [[1, 3]])).toBe(true);
  });

  it("finds a run across consecutive notes, as in a strum whose strings ring into each other", () => {
    const strum: [number, number][] = [
      [0, 1],
      [0.8, 2],
      [2, 3.5],
    ];
    expect(silentGapInside(withGap(4, [0.5, 3]), SR, strum)).toBe(true);
    // Between two notes that do not meet, silence is the music's own.
    expect(
      silentGapInside(withGap(4, [1.2, 2.8]), SR, [
        [0, 1.2],
        [2.8, 4],
      ]),
    ).toBe(false);
  });

  it("ignores silence outside the notes, runs shorter than the minimum and a render without gaps", () => {
    expect(silentGapInside(withGap(4, [3.2, 4]), SR, [[0, 3]])).toBe(false);
    expect(silentGapInside(withGap(4, [1.5, 1.7]), SR, [[1, 3]])).toBe(false);
    expect(silentGapInside(withGap(4, null), SR, [[0, 4]])).toBe(false);
    // A gap that straddles a note's end is a sample ending with its note, not a dropped render.
    expect(silentGapInside(withGap(4, [2.5, 3.5]), SR, [[1, 3]])).toBe(false);
  });
});
