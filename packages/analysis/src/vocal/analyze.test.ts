import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type SynthNote, scaleMelody, synthesizeVoice } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import {
  analyzeVocal,
  diatonicChords,
  estimateKey,
  isKeyUncertain,
  isSpeechLike,
  keyPosterior,
  midiToNoteName,
  noteOnsetEnvelope,
} from "./index.js";

const SR = 44100;

function sing(notes: SynthNote[], extra: Partial<Parameters<typeof synthesizeVoice>[0]> = {}) {
  return synthesizeVoice({ notes, sampleRate: SR, ...extra });
}

describe("music helpers", () => {
  it("names notes with sharps and A4 = 69", () => {
    expect(midiToNoteName(69)).toBe("A4");
    expect(midiToNoteName(60)).toBe("C4");
    expect(midiToNoteName(43)).toBe("G2");
    expect(midiToNoteName(73)).toBe("C#5");
  });
  it("lists diatonic chords most singable first", () => {
    expect(diatonicChords(0, "major")).toEqual(["C", "F", "G", "Am", "Dm", "Em", "Bdim"]);
    expect(diatonicChords(9, "minor")).toEqual(["Am", "Dm", "Em", "F", "C", "G", "Bdim"]);
  });
  it("separates relative keys by the final note", () => {
    const degreesMajor = [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0];
    const cMaj = scaleMelody(60, "major", degreesMajor);
    const aMin = scaleMelody(57, "minor", degreesMajor);
    expect(estimateKey(cMaj)).toMatchObject({ tonic: 0, mode: "major" });
    expect(estimateKey(aMin)).toMatchObject({ tonic: 9, mode: "minor" });
  });
  it("takes its profiles and tonic bonuses as options, and rejects bad ones", () => {
    // A tune in A minor that ends on C: the final-note bonus decides between the relative keys.
    const tune = scaleMelody(57, "minor", [0, 2, 4, 2, 0, 4, 3, 2, 0, 1, 2]);
    const withBonus = estimateKey(tune, { finalBonus: 0.5, firstBonus: 0 });
    expect(withBonus).toMatchObject({ tonic: 0, mode: "major" });
    const noBonus = estimateKey(tune, { finalBonus: 0, firstBonus: 0.5 });
    expect(noBonus).toMatchObject({ tonic: 9, mode: "minor" });
    const bare = [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0];
    expect(() => estimateKey(tune, { profiles: { major: [1, 2, 3], minor: bare } })).toThrow(RangeError);
    expect(() => estimateKey(tune, { profiles: { major: bare, minor: bare.map(() => Number.NaN) } })).toThrow(
      /12 finite/,
    );
    expect(() => estimateKey(tune, { finalBonus: -0.1 })).toThrow(RangeError);
    expect(() => estimateKey(tune, { firstBonus: Number.POSITIVE_INFINITY })).toThrow(/finite/);
  });
  it("names the runner-up key with its probability, below the winner's", () => {
    // The white keys up and down from C: C major, and A minor (same notes) or a fifth away close behind.
    const k = estimateKey(scaleMelody(60, "major", [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0]))!;
    expect(k.runnerUp).not.toBeNull();
    const r = k.runnerUp!;
    expect(r.tonic + 12 * Number(r.mode === "minor")).not.toBe(k.tonic + 12 * Number(k.mode === "minor"));
    expect(["9 minor", "7 major", "5 major", "0 minor"]).toContain(`${r.tonic} ${r.mode}`);
    expect(r.confidence).toBeGreaterThan(0);
    expect(r.confidence).toBeLessThanOrEqual(k.confidence);
    expect(k.confidence + r.confidence).toBeLessThanOrEqual(1.001);
  });
});

describe("keyPosterior", () => {
  it("gives the 24 keys' probabilities, the winner's equal to estimateKey's confidence, softer when hotter", () => {
    const tune = scaleMelody(60, "major", [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0]);
    const p = keyPosterior(tune)!;
    expect(p).toHaveLength(24);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    const k = estimateKey(tune)!;
    const winner = k.tonic + (k.mode === "minor" ? 12 : 0);
    expect(Math.max(...p)).toBe(p[winner]);
    expect(p[winner]).toBeCloseTo(k.confidence, 3);
    // A higher temperature spreads the probability: the winner's share falls, and estimateKey agrees.
    const hot = keyPosterior(tune, { temperature: 0.2 })!;
    expect(hot[winner]).toBeLessThan(p[winner]!);
    expect(estimateKey(tune, { temperature: 0.2 })!.confidence).toBeCloseTo(hot[winner]!, 3);
    expect(keyPosterior([])).toBeNull();
    expect(() => keyPosterior(tune, { temperature: 0 })).toThrow(/temperature/);
    expect(() => estimateKey(tune, { temperature: Number.NaN })).toThrow(RangeError);
  });
});

describe("isKeyUncertain", () => {
  it("flags a key that is a near tie, fits its profile poorly, leaves the scale or sits off the semitones", () => {
    const cMajor = estimateKey(scaleMelody(60, "major", [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0]));
    expect(cMajor).toMatchObject({ tonic: 0, mode: "major", outOfScaleShare: 0 });
    expect(isKeyUncertain(cMajor!, 0.9)).toBe(false);
    const clear = { confidence: 0.9, profileCorrelation: 0.8, outOfScaleShare: 0.1 };
    expect(isKeyUncertain(clear, 0.9)).toBe(false);
    expect(isKeyUncertain({ ...clear, confidence: 0.4 }, 0.9)).toBe(true);
    expect(isKeyUncertain({ ...clear, profileCorrelation: 0.4 }, 0.9)).toBe(true);
    // More than 15 % of the time outside the scale, unless the threshold is raised.
    expect(isKeyUncertain({ ...clear, outOfScaleShare: 0.2 }, 0.9)).toBe(true);
    expect(isKeyUncertain({ ...clear, outOfScaleShare: 0.2 }, 0.9, 0.3)).toBe(false);
    // Intervals no closer to whole semitones than chance (or unmeasured).
    expect(isKeyUncertain(clear, 0.3)).toBe(true);
    expect(isKeyUncertain(clear, Number.NaN)).toBe(true);
    expect(() => isKeyUncertain(clear, 0.9, 1.5)).toThrow(RangeError);
    expect(() => isKeyUncertain(clear, 0.9, Number.NaN)).toThrow(/maxOutOfScaleShare/);
  });
});

describe("isSpeechLike", () => {
  it("calls gliding pitch speech and held notes singing", () => {
    expect(isSpeechLike({ stableShare: 0.2, latticeShare: 0.9 })).toBe(true);
    expect(isSpeechLike({ stableShare: 0.45, latticeShare: 0.3 })).toBe(true);
    expect(isSpeechLike({ stableShare: 0.45, latticeShare: Number.NaN })).toBe(true);
    // out-of-tune but held notes: singing
    expect(isSpeechLike({ stableShare: 0.45, latticeShare: 0.5 })).toBe(false);
    expect(isSpeechLike({ stableShare: 0.7, latticeShare: 0.2 })).toBe(false);
  });
});

describe("analyzeVocal", () => {
  it("finds D major and the range of a sung D major scale up and down", () => {
    const notes = scaleMelody(62, "major", [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0], 0.45, 0.05);
    const r = analyzeVocal(sing(notes, { humLevel: 0.02, noiseLevel: 0.005 }), SR);
    expect(r).not.toBeNull();
    expect(r!.key).toBe("D Major");
    expect(r!.recommended_chords).toEqual(["D", "G", "A", "Bm", "Em", "F#m", "C#dim"]);
    expect(r!.vocal_range.min).toBe("D4");
    expect(r!.vocal_range.max).toBe("D5");
    expect(r!.vocal_range.min_midi).toBe(62);
    expect(Math.abs(r!.vocal_range.min_hz - 293.66)).toBeLessThan(5);
    expect(r!.notes.length).toBeGreaterThanOrEqual(13);
    expect(r!.keyConfidence).toBeGreaterThan(0);
    expect(r!.keyConfidence).toBeLessThanOrEqual(1);
    expect(r!.pitchTrack.times.length).toBe(r!.pitchTrack.f0.length);
  });

  it("finds E minor in a low tune with vibrato and detuning", () => {
    const notes = scaleMelody(
      40 + 12,
      "minor",
      [4, 2, 0, 1, 2, 3, 4, 5, 4, 2, 3, 1, -1, 0, 2, 1, 0],
      0.4,
      0.0,
    );
    const r = analyzeVocal(
      sing(notes, { vibratoCents: 50, tuningCents: 20, vowel: "o", breathiness: 0.12 }),
      SR,
    );
    expect(r?.key).toBe("E Minor");
    expect(r?.vocal_range.min).toBe("D3");
    expect(r?.vocal_range.max).toBe("C4");
  });

  it("reports a steady pulse as BPM and never invents one", () => {
    const even = scaleMelody(67, "major", [0, 1, 2, 3, 4, 3, 2, 1, 0, 2, 4, 2, 0], 0.45, 0.05); // 0.5 s → 120 BPM
    const r = analyzeVocal(sing(even), SR);
    expect(r?.bpm).not.toBeNull();
    expect(Math.abs((r?.bpm ?? 0) - 120)).toBeLessThan(4);
    // irregular onsets: durations drawn far off any grid
    const irregular: SynthNote[] = [];
    const durs = [0.31, 0.77, 0.42, 1.13, 0.36, 0.58, 0.93, 0.33, 0.71, 0.49, 1.02, 0.39];
    let t = 0.3;
    durs.forEach((d, k) => {
      irregular.push({ midi: 60 + [0, 2, 4, 5, 7, 5, 4, 2, 0, 4, 2, 0][k]!, start: t, end: t + d });
      t += d + 0.04;
    });
    const q = analyzeVocal(sing(irregular), SR);
    expect(q).not.toBeNull();
    expect(q?.bpm).toBeNull();
    expect(q?.time_signature).toBeNull();
  });

  it("builds the note-onset envelope the shared tempo stage reads: duration accents at the onsets", () => {
    const notes = [
      { midi: 60, start: 0.5, end: 0.7 },
      { midi: 62, start: 1.0, end: 2.5 },
      { midi: 64, start: 2.5, end: 2.55 },
    ];
    const env = noteOnsetEnvelope(notes);
    expect(env[50]).toBeCloseTo(0.2, 6); // 0.2 s note
    expect(env[49]).toBeCloseTo(0.1, 6); // jitter, halved
    expect(env[100]).toBeCloseTo(1, 6); // 1.5 s note capped at 1
    expect(env[250]).toBeCloseTo(0, 6); // 50 ms: too short to count
  });

  it("returns null for silence, noise, a short blip and speech-like glides", () => {
    expect(analyzeVocal(new Float32Array(SR * 3), SR)).toBeNull();
    const noise = new Float32Array(SR * 3);
    let s = 11;
    for (let i = 0; i < noise.length; i++) {
      s = (s * 1664525 + 1013904223) >>> 0;
      noise[i] = (s / 2 ** 32 - 0.5) * 0.3;
    }
    expect(analyzeVocal(noise, SR)).toBeNull();
    expect(analyzeVocal(sing([{ midi: 60, start: 0.1, end: 0.6 }]), SR)).toBeNull();
    // speech-like: syllables whose pitch glides continuously (±3 semitones per 200 ms)
    const glides: SynthNote[] = [];
    for (let k = 0; k < 30; k++)
      glides.push({ midi: 50 + 3 * Math.sin(k * 1.7), start: 0.2 + 0.2 * k, end: 0.38 + 0.2 * k });
    const x = sing(glides, { vibratoCents: 250, vibratoHz: 3, portamento: 0.15 });
    expect(analyzeVocal(x, SR)).toBeNull();
  });

  it("answers an amateur-like singer: short notes, scoops from below, drifting and wavering intonation", () => {
    // A sight-singing exercise in C major, 0.3 s notes; each note scooped from 1.5 semitones
    // below, off pitch by up to ±20 cents, and the whole tune drifting 60 cents flat.
    const semitones = [0, 2, 4, 5, 7, 5, 4, 2, 0, 4, 7, 9, 7, 4, 2, 0, 2, 4, 5, 4, 2, 0, -1, 0];
    const notes: SynthNote[] = [];
    let t = 0.3;
    semitones.forEach((d, k) => {
      const semis = 60 + d;
      const off = 0.2 * Math.sin(k * 2.3) - (0.6 * k) / semitones.length;
      notes.push({ midi: semis + off - 1.5, start: t, end: t + 0.07 });
      notes.push({ midi: semis + off, start: t + 0.07, end: t + 0.34 });
      t += 0.42;
    });
    const r = analyzeVocal(
      sing(notes, { vibratoCents: 20, vibratoHz: 4.5, jitter: 0.01, portamento: 0.05, breathiness: 0.12 }),
      SR,
    );
    expect(r).not.toBeNull();
    expect(Math.abs(r!.vocal_range.min_midi - 59)).toBeLessThanOrEqual(1);
    expect(Math.abs(r!.vocal_range.max_midi - 69)).toBeLessThanOrEqual(1);
  });

  it("still answers with the range when the key is unclear, and flags the key as uncertain", () => {
    // A chromatic scale sung twice: every pitch class alike, no key.
    const chromatic = Array.from({ length: 24 }, (_, k) => k % 12);
    const notes = chromatic.map((d, k) => ({ midi: 57 + d, start: 0.3 + 0.45 * k, end: 0.7 + 0.45 * k }));
    const r = analyzeVocal(sing(notes), SR);
    expect(r).not.toBeNull();
    expect(r!.keyUncertain).toBe(true);
    // A runner-up is named beside the closest key.
    expect(r!.keyAlternative).toMatch(/^[A-G]#? (Major|Minor)$/);
    expect(r!.keyAlternative).not.toBe(r!.key);
    expect(r!.vocal_range).toMatchObject({ min: "A3", max: "G#4" });
    // Uneven note lengths (a hurried take, or a recording with gaps) tilt the histogram towards some
    // key, but 5 of the 12 pitch classes still lie outside its scale: still uncertain.
    const uneven = chromatic.map((d, k) => {
      const start = 0.3 + 0.45 * k;
      return { midi: 57 + d, start, end: start + 0.16 + (0.24 * ((k * 7) % 5)) / 4 };
    });
    const u = analyzeVocal(sing(uneven), SR);
    expect(u?.keyUncertain).toBe(true);
    // A clear diatonic tune is not flagged.
    const clear = analyzeVocal(
      sing(scaleMelody(62, "major", [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0])),
      SR,
    );
    expect(clear?.keyUncertain).toBe(false);
    // ... and its key is named with more confidence than the chromatic line's closest match.
    expect(clear!.keyConfidence).toBeGreaterThan(r!.keyConfidence + 0.2);
  });

  it("validates its input", () => {
    expect(() => analyzeVocal(new Float32Array(0), SR)).toThrow(/empty/);
    expect(() => analyzeVocal(Float32Array.from([0, Number.POSITIVE_INFINITY]), SR)).toThrow(/non-finite/);
    expect(() => analyzeVocal(new Float32Array(10), -1)).toThrow(/sampleRate/);
    expect(() => analyzeVocal(new Float32Array(10), SR, { minSustainSeconds: 0 })).toThrow(
      /minSustainSeconds/,
    );
  });
});

const VOCAL_DEV = join(process.cwd(), "..", "shared", "eval", "vocal-dev");
describe.runIf(existsSync(VOCAL_DEV))("vocal-dev smoke (scored fully in bench/vocal.ts)", () => {
  it("answers no key for the spoken items", async () => {
    const { default: decode } = await import("audio-decode");
    const spoken = readdirSync(VOCAL_DEV).filter((d) => {
      const p = join(VOCAL_DEV, d, "truth.json");
      return existsSync(p) && (JSON.parse(readFileSync(p, "utf8")) as { kind: string }).kind === "spoken";
    });
    expect(spoken.length).toBeGreaterThan(0);
    for (const d of spoken.slice(0, 2)) {
      const a = await decode(readFileSync(join(VOCAL_DEV, d, "audio.flac")));
      expect(analyzeVocal(a.channelData[0]!, a.sampleRate)).toBeNull();
    }
  });
});
