import { describe, expect, it } from "vitest";
import { chordVocabulary, HARMONIC_DECAY } from "./chords.js";
import { type BeatSyncFeatures, CHORD_DECODING, chordSegments, chordStage } from "./stages.js";
import { seconds } from "./types.js";

/** The template's value on a pitch class, scaled so that its largest value is 1 (templates are centred). */
function relative(template: Float64Array, pc: number): number {
  let min = Infinity;
  let max = -Infinity;
  for (const v of template) {
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return ((template[pc] as number) - min) / (max - min);
}

describe("chord templates' harmonic decay", () => {
  it("with decay 0 holds the chord tones alone, equally weighted", () => {
    const cMajor = chordVocabulary(0, 0).find((s) => s.name === "C");
    if (!cMajor) throw new Error("no C major state");
    for (const pc of [0, 4, 7]) expect(relative(cMajor.template, pc)).toBeCloseTo(1, 12);
    for (const pc of [1, 2, 3, 5, 6, 8, 9, 10, 11]) expect(relative(cMajor.template, pc)).toBeCloseTo(0, 12);
  });

  it("adds each tone's partials: E's third (B) grows with the decay, and G gains C's third", () => {
    const at = (decay: number, pc: number) => {
      const c = chordVocabulary(0, decay).find((s) => s.name === "C");
      if (!c) throw new Error("no C major state");
      return relative(c.template, pc);
    };
    // B is no chord tone; it is E's third harmonic, weighed decay².
    expect(at(0.3, 11)).toBeGreaterThan(0);
    expect(at(0.6, 11)).toBeGreaterThan(at(0.3, 11));
    // G gets C's third harmonic on top of its own fundamental: it outweighs E.
    expect(at(0.6, 7)).toBeGreaterThan(at(0.6, 4));
  });

  it("keeps the same states in the same order for every decay", () => {
    const a = chordVocabulary(0, HARMONIC_DECAY).map((s) => s.name);
    const b = chordVocabulary(0, 0.8).map((s) => s.name);
    expect(b).toEqual(a);
  });

  it("rejects a decay outside [0, 1]", () => {
    expect(() => chordVocabulary(0, -0.1)).toThrow(RangeError);
    expect(() => chordVocabulary(0, 1.5)).toThrow(/harmonicDecay/);
    expect(() => chordVocabulary(0, Number.NaN)).toThrow(RangeError);
  });
});

describe("chord stage decoding", () => {
  /** Four beats of C major then four of A minor, as one-hot treble chroma with the root in the bass. */
  function features(): BeatSyncFeatures {
    const S = 8;
    const treble = new Float64Array(S * 12);
    const bass = new Float64Array(S * 12);
    for (let s = 0; s < S; s++) {
      const tones = s < 4 ? [0, 4, 7] : [9, 0, 4];
      for (const pc of tones) treble[s * 12 + pc] = 1;
      bass[s * 12 + (tones[0] as number)] = 1;
    }
    return {
      bounds: Array.from({ length: S + 1 }, (_, i) => seconds(i * 0.5)),
      segments: S,
      treble,
      bass,
      silent: new Uint8Array(S),
      loudness: new Float64Array(S).fill(1),
    };
  }

  it("names the chords under any template decay it is given", () => {
    for (const harmonicDecay of [0, 0.45, 0.6, 1]) {
      const f = features();
      const names = chordSegments(
        f,
        chordStage(f, null, false, null, { ...CHORD_DECODING, harmonicDecay }),
      ).map((c) => c.chord);
      expect(names).toEqual(["C", "Am"]);
    }
  });

  it("throws on a decay outside [0, 1]", () => {
    const f = features();
    expect(() => chordStage(f, null, false, null, { ...CHORD_DECODING, harmonicDecay: 2 })).toThrow(
      RangeError,
    );
  });
});
