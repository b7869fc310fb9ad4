import { describe, expect, it } from "vitest";
import {
  keyNll,
  learnProfiles,
  type MelodyExcerpt,
  phraseExcerpts,
  scoreEstimator,
  splitPhrases,
} from "./vocal-key-profiles.js";

/** An excerpt of one-second notes on the given MIDI numbers. */
function excerpt(midis: number[], tonic: number, mode: "major" | "minor"): MelodyExcerpt {
  return {
    id: "x",
    fold: 1,
    validation: false,
    notes: midis.map((midi, k) => ({ start: k, end: k + 1, midi })),
    tonic,
    mode,
  };
}

describe("learnProfiles", () => {
  it("averages each excerpt's pitch-class shares, rotated to its tonic, per mode", () => {
    // C major: C C E G (tonic 1/2, third 1/4, fifth 1/4); D major: D F# (tonic 1/2, third 1/2).
    const p = learnProfiles([excerpt([60, 72, 64, 67], 0, "major"), excerpt([62, 66], 2, "major")]);
    expect(p.major).toEqual([0.5, 0, 0, 0, 0.375, 0, 0, 0.125, 0, 0, 0, 0]);
    // No minor excerpt: an all-zero profile, never NaN.
    expect(p.minor).toEqual(new Array(12).fill(0));
  });
});

describe("scoreEstimator", () => {
  it("scores exact keys and the MIREX weighted score", () => {
    const cMajor = excerpt([60, 62, 64, 65, 67, 69, 71, 72, 67, 64, 60], 0, "major");
    expect(scoreEstimator([cMajor], {})).toEqual({ exact: 1, mirex: 1 });
    // Labelled G major, the estimator says C major: a fifth below, which MIREX does not credit.
    expect(scoreEstimator([{ ...cMajor, tonic: 7 }], {})).toEqual({ exact: 0, mirex: 0 });
    // Labelled F major: the estimate is its fifth above (0.5).
    expect(scoreEstimator([{ ...cMajor, tonic: 5 }], {})).toEqual({ exact: 0, mirex: 0.5 });
  });
});

describe("splitPhrases and phraseExcerpts", () => {
  /** Notes of `len` s starting at the given onsets, on MIDI 60. */
  const at = (onsets: number[], len = 0.5) => onsets.map((t) => ({ start: t, end: t + len, midi: 60 }));

  it("ends a phrase at a rest of at least the given length", () => {
    // Rests: 0.5 s (inside), 1.5 s (a boundary), exactly 1 s (a boundary).
    const notes = at([0, 1, 3, 3.5, 5]);
    const phrases = splitPhrases(notes, 1);
    expect(phrases.map((p) => p.map((n) => n.start))).toEqual([[0, 1], [3, 3.5], [5]]);
    expect(splitPhrases([], 1)).toEqual([]);
  });

  it("joins whole phrases up to the span limit, starts the next excerpt after them, and drops short ones", () => {
    // Three phrases of 10 notes over 5 s each, starting at 0, 10 and 20 s: the first two fit in 16 s
    // (span 15 s), the third alone spans 5 s, under the 8 s minimum.
    const phrase = (t0: number) => at(Array.from({ length: 10 }, (_, k) => t0 + k * 0.5));
    const phrases = splitPhrases([...phrase(0), ...phrase(10), ...phrase(20)], 1);
    expect(phrases).toHaveLength(3);
    const excerpts = phraseExcerpts(phrases, 16, 8);
    expect(excerpts).toHaveLength(1);
    expect(excerpts[0]).toHaveLength(20);
    expect(excerpts[0]?.[19]?.start).toBe(14.5);
    // A phrase longer than the limit on its own is skipped, not cut.
    expect(phraseExcerpts([phrase(0)], 4, 1)).toEqual([]);
    // Notes shorter than 0.12 s are not the detector's sustained notes and are left out.
    const short = splitPhrases(at([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 0.1), 1);
    expect(phraseExcerpts(short, 30, 1)).toEqual([]);
  });
});

describe("keyNll", () => {
  it("is the mean negative log-probability of the annotated key, lower for the right key", () => {
    const cMajor = excerpt([60, 62, 64, 65, 67, 69, 71, 72, 67, 64, 60], 0, "major");
    const right = keyNll([cMajor], {});
    const wrong = keyNll([{ ...cMajor, tonic: 6 }], {});
    expect(right).toBeGreaterThan(0);
    expect(right).toBeLessThan(Math.log(2));
    expect(wrong).toBeGreaterThan(right + 1);
  });
});
