import { describe, expect, it } from "vitest";
import {
  beatFMeasure,
  chordWcsr,
  compareMajmin,
  compareSevenths,
  directionalHamming,
  encodeChord,
  keyWeightedScore,
  segmentationScore,
  tempoAcc1,
  tempoAcc2,
} from "./metrics.js";

describe("key score (MIREX weighted)", () => {
  it.each([
    ["C major", "C Major", 1],
    ["Bb minor", "A# Minor", 1],
    ["C major", "G Major", 0.5],
    ["E minor", "B Minor", 0.5],
    ["C major", "F Major", 0],
    ["C major", "A Minor", 0.3],
    ["A minor", "C Major", 0.3],
    ["C major", "C Minor", 0.2],
    ["C major", "D Major", 0],
  ])("%s vs %s = %d", (ref, est, score) => {
    expect(keyWeightedScore(ref, est)).toBe(score);
  });
});

describe("tempo accuracy", () => {
  it("Acc1 allows 4 %", () => {
    expect(tempoAcc1(120, 124.8)).toBe(true);
    expect(tempoAcc1(120, 125)).toBe(false);
  });
  it("Acc2 also allows ×1/3, ×1/2, ×2, ×3", () => {
    expect(tempoAcc2(120, 60)).toBe(true);
    expect(tempoAcc2(120, 40)).toBe(true);
    expect(tempoAcc2(120, 359)).toBe(true);
    expect(tempoAcc2(120, 90)).toBe(false);
  });
});

describe("beat F-measure", () => {
  it("ignores beats before 5 s and matches within ±70 ms", () => {
    // est after trimming: 5.05 (hit), 6.1 (miss), 7 (hit), 9 (miss); P = R = 2/4.
    expect(beatFMeasure([5, 6, 7, 8], [3, 5.05, 6.1, 7, 9])).toBeCloseTo(0.5, 10);
    expect(beatFMeasure([5, 6], [])).toBe(0);
    expect(beatFMeasure([5, 6, 7], [5, 6, 7])).toBe(1);
  });
});

describe("chord label encoding (mir_eval)", () => {
  it("adds the bass and ignores extensions beyond the octave", () => {
    expect(encodeChord("C:maj/3").bitmap).toEqual(encodeChord("C:maj").bitmap);
    expect(encodeChord("D:maj(9)").bitmap).toEqual(encodeChord("D:maj").bitmap);
    expect(encodeChord("C:maj/b7").bitmap).toEqual(encodeChord("C:7").bitmap);
    expect(encodeChord("Bb:min").root).toBe(10);
    expect(encodeChord("X").bitmap.every((v) => v === -1)).toBe(true);
  });
  it("compares in the majmin and sevenths vocabularies", () => {
    expect(compareMajmin("A:min7", "A:min")).toBe(1);
    expect(compareMajmin("G:7", "G:maj")).toBe(1);
    expect(compareMajmin("D:sus4(b7)", "D:7")).toBe(-1);
    expect(compareMajmin("B:hdim7", "B:dim")).toBe(-1);
    expect(compareMajmin("N", "N")).toBe(1);
    expect(compareMajmin("X", "C:maj")).toBe(-1);
    expect(compareSevenths("A:min7", "A:min")).toBe(0);
    expect(compareSevenths("C:maj/b7", "C:7")).toBe(1);
    expect(compareSevenths("C:maj(9)", "C:maj")).toBe(1);
    expect(compareSevenths("B:hdim7", "B:hdim7")).toBe(-1);
  });
});

describe("chord WCSR", () => {
  const ref = [
    { start: 0, end: 2, label: "C:maj" },
    { start: 2, end: 4, label: "A:min7" },
    { start: 4, end: 6, label: "G:7" },
    { start: 6, end: 8, label: "X" },
  ];
  // The estimate stops at 5 s: [5, 8) is padded with N.
  const est = [
    { start: 0, end: 1, label: "C:maj" },
    { start: 1, end: 3, label: "A:min" },
    { start: 3, end: 5, label: "G:7" },
  ];
  it("majmin: 1 + 0 + 1 + 0 + 1 + 0 over 6 s (X excluded)", () => {
    expect(chordWcsr(ref, est, compareMajmin)).toBeCloseTo(3 / 6, 10);
  });
  it("sevenths: A:min does not match A:min7", () => {
    expect(chordWcsr(ref, est, compareSevenths)).toBeCloseTo(2 / 6, 10);
  });
});

describe("segmentation", () => {
  const ref = [
    { start: 0, end: 2, label: "C:maj" },
    { start: 2, end: 4, label: "G:maj" },
  ];
  const est = [
    { start: 0, end: 1, label: "C:maj" },
    { start: 1, end: 3, label: "G:maj" },
    { start: 3, end: 4, label: "C:maj" },
  ];
  it("directional Hamming distances", () => {
    expect(directionalHamming(ref, est)).toBeCloseTo(0.5, 10);
    expect(directionalHamming(est, ref)).toBeCloseTo(0.25, 10);
  });
  it("is the mean of over- and under-segmentation", () => {
    expect(segmentationScore(ref, est)).toBeCloseTo((0.5 + 0.75) / 2, 10);
    expect(segmentationScore(ref, ref)).toBe(1);
  });
});
