import { describe, expect, it } from "vitest";
import { chordVocabulary } from "../chords.js";
import { liveChordDefaults } from "./chords.js";
import { LIVE_HARMONIC_DECAY, LIVE_QUALITIES, LiveVocabulary } from "./vocabulary.js";

describe("LiveVocabulary", () => {
  it("holds Live's qualities on the 12 roots, with the engine's templates at Live's harmonic decay", () => {
    const o = liveChordDefaults();
    expect(o.harmonicDecay).toBe(LIVE_HARMONIC_DECAY);
    const vocab = new LiveVocabulary(o);
    expect(vocab.size).toBe(LIVE_QUALITIES.length * 12);
    const engine = chordVocabulary(0, LIVE_HARMONIC_DECAY);
    for (let k = 0; k < vocab.size; k++) {
      const state = vocab.state(k);
      const same = engine.find((s) => s.name === state.name);
      expect(same?.template, state.name).toEqual(state.template);
    }
  });

  it("builds its templates at the harmonic decay it is given, and rejects one outside [0, 1]", () => {
    const o = liveChordDefaults();
    const pure = new LiveVocabulary({ ...o, harmonicDecay: 0 });
    const c = pure.state(pure.indexOf("C")).template;
    // Chord tones alone: C, E and G equal, every other pitch class equal and lower.
    expect(c[0]).toBeCloseTo(c[4] as number, 12);
    expect(c[0]).toBeCloseTo(c[7] as number, 12);
    expect(c[11]).toBeCloseTo(c[5] as number, 12);
    expect(c[0]).toBeGreaterThan(c[11] as number);
    // With partials, B (E's third harmonic) rises above F (no partial of C, E or G).
    const rich = new LiveVocabulary({ ...o, harmonicDecay: 0.8 }).state(pure.indexOf("C")).template;
    expect(rich[11]).toBeGreaterThan(rich[5] as number);
    expect(() => new LiveVocabulary({ ...o, harmonicDecay: 1.2 })).toThrow(RangeError);
  });
});
