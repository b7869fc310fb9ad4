import { describe, expect, it } from "vitest";
import {
  addChordTime,
  addToKeyProfile,
  type ChordStats,
  emptyChordStats,
  estimateKey,
  isMinorQuality,
  LOCAL_KEY_DEFAULTS,
  localKeys,
} from "./key.js";
import { type BeatSyncFeatures, keyProfile } from "./stages.js";
import { seconds } from "./types.js";

const C = 0;
const D = 2;
const E = 4;
const F = 5;
const G = 7;
const A = 9;
const B = 11;

/** Pitch-class profile summing unit triads (root, third, fifth) weighted by beats. */
function triadProfile(chords: readonly [root: number, minor: boolean, beats: number][]): Float64Array {
  const p = new Float64Array(12);
  for (const [root, minor, beats] of chords)
    for (const iv of [0, minor ? 3 : 4, 7]) p[(root + iv) % 12] = (p[(root + iv) % 12] as number) + beats;
  return p;
}

/** Chord statistics with `seconds` on each (root, minor) chord. */
function stats(chords: readonly [root: number, minor: boolean, seconds: number][]): ChordStats {
  const s = emptyChordStats();
  for (const [root, minor, sec] of chords) {
    const acc = minor ? s.minorSeconds : s.majorSeconds;
    acc[root] = (acc[root] as number) + sec;
    s.totalSeconds += sec;
  }
  return s;
}

const NO_CHORDS = stats([]);
/** The seven white keys, equally loud: C major and A minor fit it equally well by pitch content alone. */
const WHITE_KEYS = (() => {
  const p = new Float64Array(12);
  for (const pc of [C, D, E, F, G, A, B]) p[pc] = 1;
  return p;
})();

describe("estimateKey", () => {
  it("reads i–iv–V–i in A minor as A minor and I–IV–V–I in C major as C major from the profile", () => {
    const aMinor = triadProfile([
      [A, true, 4],
      [D, true, 2],
      [E, false, 2],
      [A, true, 4],
    ]);
    const cMajor = triadProfile([
      [C, false, 4],
      [F, false, 2],
      [G, false, 2],
      [C, false, 4],
    ]);
    expect(estimateKey(aMinor, NO_CHORDS).key).toBe("A Minor");
    expect(estimateKey(cMajor, NO_CHORDS).key).toBe("C Major");
  });

  it("reads the Aeolian pop loop i–♭VI–♭III–♭VII (Am–F–C–G) as A minor, not its relative C major", () => {
    // Pop minor keys use the flat seventh (G), rarely the leading tone (G♯): the POP909 profiles know it;
    // the classical Albrecht–Shanahan ones read this loop as C major.
    const loop = triadProfile([
      [A, true, 4],
      [F, false, 2],
      [C, false, 2],
      [G, false, 2],
    ]);
    expect(estimateKey(loop, NO_CHORDS).key).toBe("A Minor");
  });

  it("decides a relative pair with the same pitch content by the time spent on the tonic chord", () => {
    const onAm = estimateKey(
      WHITE_KEYS,
      stats([
        [A, true, 12],
        [C, false, 2],
        [G, false, 2],
      ]),
    );
    const onC = estimateKey(
      WHITE_KEYS,
      stats([
        [C, false, 12],
        [A, true, 2],
        [G, false, 2],
      ]),
    );
    expect(onAm.key).toBe("A Minor");
    expect(onAm.runnerUp?.key).toBe("C Major");
    expect(onC.key).toBe("C Major");
    expect(onC.runnerUp?.key).toBe("A Minor");
  });

  it("lets a clear profile outweigh a misleading chord track", () => {
    // A minor material whose chords were decoded mostly as C major (relative-key confusion in the recogniser).
    const aMinor = triadProfile([
      [A, true, 8],
      [D, true, 2],
      [E, false, 4],
    ]);
    expect(estimateKey(aMinor, stats([[C, false, 6]])).key).toBe("A Minor");
  });

  it("gives calibrated shares: the confidences of the 24 keys sum to at most 1 and rank the runner-up second", () => {
    const k = estimateKey(WHITE_KEYS, stats([[C, false, 10]]));
    expect(k.confidence).toBeGreaterThan(0);
    expect(k.confidence).toBeLessThanOrEqual(1);
    expect(k.runnerUp).not.toBeNull();
    expect(k.confidence + (k.runnerUp?.confidence ?? 0)).toBeLessThanOrEqual(1);
    expect(k.runnerUp?.confidence ?? 1).toBeLessThanOrEqual(k.confidence);
  });

  it("returns C Major with confidence 0 for a flat profile", () => {
    expect(estimateKey(new Float64Array(12), NO_CHORDS)).toEqual({
      key: "C Major",
      confidence: 0,
      runnerUp: null,
    });
  });
});

describe("keyProfile", () => {
  it("counts every beat as one pitch-class distribution, however loud", () => {
    // Beat 1: a loud A (×100); beat 2: a quiet E. Equal weight per beat after normalisation.
    const treble = new Float64Array(24);
    const bass = new Float64Array(24);
    treble[A] = 100;
    bass[A] = 100;
    treble[12 + E] = 1;
    bass[12 + E] = 1;
    const features: BeatSyncFeatures = {
      bounds: [seconds(0), seconds(0.5), seconds(1)],
      segments: 2,
      treble,
      bass,
      silent: new Uint8Array(2),
      loudness: new Float64Array([1, 0.01]),
    };
    const p = keyProfile(features);
    // Opening weight decays by < 2 % over the first second, so the two beats contribute almost equally.
    expect((p[E] as number) / (p[A] as number)).toBeGreaterThan(0.95);
    expect(p[C]).toBe(0);
  });
});

describe("the key stage's shared accumulators (offline per beat, Live per frame)", () => {
  it("isMinorQuality sorts qualities by their third", () => {
    expect(["min", "min7", "minmaj7", "dim", "hdim7"].map(isMinorQuality)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["maj", "7", "maj7", "sus4", "aug"].map(isMinorQuality)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("addChordTime adds seconds per root and third and keeps the first and last chord", () => {
    const s = emptyChordStats();
    addChordTime(s, A, "min7", 2);
    addChordTime(s, F, "maj", 1.5);
    addChordTime(s, A, "min", 0.5);
    addChordTime(s, -1, "maj", 3); // no chord: nothing
    expect(s.minorSeconds[A]).toBe(2.5);
    expect(s.majorSeconds[F]).toBe(1.5);
    expect(s.totalSeconds).toBe(4);
    expect([s.firstRoot, s.firstMinor, s.lastRoot, s.lastMinor]).toEqual([A, true, A, true]);
  });

  it("addToKeyProfile adds each half as a distribution times the weight, at an offset", () => {
    // Two frames stored one after the other; the second's treble is C–E–G at 1:1:2, its bass a lone C.
    const treble = new Float64Array(24);
    const bass = new Float64Array(24);
    treble[12 + C] = 1;
    treble[12 + E] = 1;
    treble[12 + G] = 2;
    bass[12 + C] = 5;
    const p = new Float64Array(12);
    addToKeyProfile(p, treble, bass, 2, 12);
    expect([...p]).toEqual([2 * (0.25 + 1), 0, 0, 0, 0.5, 0, 0, 1, 0, 0, 0, 0]);
    // A silent frame (offset 0: all zero) adds nothing.
    addToKeyProfile(p, treble, bass, 2, 0);
    expect(p[C]).toBe(2.5);
  });
});

describe("localKeys", () => {
  /** 1-second segments: the major scale of `tonics[i]` in segment i, tonic and fifth weighted double. */
  function scaleProfiles(tonics: readonly number[]): { bounds: number[]; profiles: Float64Array } {
    const profiles = new Float64Array(tonics.length * 12);
    tonics.forEach((t, s) => {
      for (const [iv, w] of [
        [0, 2],
        [2, 1],
        [4, 1],
        [5, 1],
        [7, 2],
        [9, 1],
        [11, 1],
      ] as const)
        profiles[s * 12 + ((t + iv) % 12)] = w;
    });
    return { bounds: tonics.map((_, i) => i).concat(tonics.length), profiles };
  }
  const cThenE = scaleProfiles([...new Array(60).fill(C), ...new Array(60).fill(E)]);

  it("finds a modulation from C to E major with either profile set", () => {
    for (const profiles of ["kk-temperley", "pop909"] as const) {
      const segs = localKeys(cThenE.bounds, cThenE.profiles, null, { ...LOCAL_KEY_DEFAULTS, profiles });
      expect(segs.map((x) => x.key)).toEqual(["C Major", "E Major"]);
      expect(Math.abs((segs[0]?.end ?? 0) - 60)).toBeLessThanOrEqual(LOCAL_KEY_DEFAULTS.windowSeconds / 2);
    }
  });

  it("keeps one key over the whole piece when a change costs more than the new key's evidence", () => {
    const segs = localKeys(
      cThenE.bounds,
      cThenE.profiles,
      { tonic: C, mode: "major" },
      {
        ...LOCAL_KEY_DEFAULTS,
        switchPenalty: 1e6,
      },
    );
    // One segment over the whole piece, in the one key that fits both halves best.
    expect(segs).toHaveLength(1);
    expect([segs[0]?.start, segs[0]?.end]).toEqual([0, 120]);
  });
});
