import { describe, expect, it } from "vitest";
import { identifiableAt } from "./identifiable.js";

describe("identifiableAt", () => {
  it("is the first note of a strum whose strings sound together", () => {
    // C major strummed: C3 E3 G3 C4 E4, 10 ms apart.
    const onsets = [48, 52, 55, 60, 64].map((midi, i) => ({ time: 1 + i * 0.01, midi }));
    expect(identifiableAt(0, 4, onsets)).toBeCloseTo(1.01, 9);
  });

  it("waits for the third in an arpeggio that starts on the root and fifth", () => {
    // A minor broken chord: A2 E3 A3 C4 in eighths at 0.25 s.
    const onsets = [45, 52, 57, 60].map((midi, i) => ({ time: 2 + i * 0.25, midi }));
    expect(identifiableAt(9, 0, onsets)).toBeCloseTo(2.75, 9);
  });

  it("waits for the root when the arpeggio starts on the fifth in the bass", () => {
    // B minor from F♯: F♯2 F♯3 B3 D4.
    const onsets = [42, 54, 59, 62].map((midi, i) => ({ time: i * 0.3, midi }));
    expect(identifiableAt(11, 2, onsets)).toBeCloseTo(0.9, 9);
  });

  it("is Infinity when the third never sounds, and rejects a bad pitch class", () => {
    expect(
      identifiableAt(0, 4, [
        { time: 0, midi: 48 },
        { time: 0.1, midi: 55 },
      ]),
    ).toBe(Number.POSITIVE_INFINITY);
    expect(() => identifiableAt(12, 4, [])).toThrow(RangeError);
  });
});
