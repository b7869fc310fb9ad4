import { describe, expect, it } from "vitest";
import { learnProfiles, type MelodyExcerpt, scoreEstimator } from "./vocal-key-profiles.js";

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
