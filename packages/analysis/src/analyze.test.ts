import {
  addRoom,
  clickTrack,
  drumLoop,
  renderChordSequence,
  renderProgression,
  sine,
  speechLike,
  whiteNoise,
} from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { chordWcsr, compareMajmin } from "../testing/metrics.js";
import { stft } from "./dsp.js";
import { chromaFromSemitones, estimateTuning, N_PITCH, semitoneSpectrogram } from "./features.js";
import {
  AnalysisError,
  AnalysisInputError,
  type AnalysisResult,
  analyzeAudio,
  createAnalysisStream,
  type KeyModel,
  type KeyModelInput,
  MAX_ANALYSIS_SECONDS,
  MIN_ANALYSIS_SECONDS,
  seconds,
  toMono,
} from "./index.js";
import { chordName, chordToHarte } from "./labels.js";
import {
  analyzeSignal,
  type BeatSyncFeatures,
  beatStage,
  chromaStage,
  decimateSignal,
  keyFromProbabilities,
  keyModelInput,
  MIX_OVERTONE_SUPPRESSION,
  onsetStage,
  pitchSpectrum,
  salienceStage,
  tempoStage,
  tuningStage,
} from "./stages.js";

const SR = 11025;

/** The chord sounding at time t according to the result's segments. */
function chordAt(segments: { start: number; end: number; chord: string }[], t: number): string | undefined {
  return segments.find((s) => s.start <= t && t < s.end)?.chord;
}

describe("features", () => {
  it("a 440 Hz sine has pitch class A as its strongest chroma bin", () => {
    const x = sine(440, 2, 11025);
    const spec = stft(x, 11025, 4096, 512);
    const semi = semitoneSpectrogram(spec, 440);
    const chroma = chromaFromSemitones(semi, spec.frames);
    const t = Math.floor(spec.frames / 2);
    const row = Array.from(chroma.treble.subarray(t * 12, t * 12 + 12));
    expect(row.indexOf(Math.max(...row))).toBe(9);
  });

  it("estimates the tuning of a detuned tone", async () => {
    const x = sine(446, 3, 11025);
    const spec = stft(x, 11025, 4096, 512);
    expect(estimateTuning(spec)).toBeCloseTo(446, 0);
    expect((await analyzeAudio(sine(440, 3, SR), SR)).tuningHz).toBeCloseTo(440, 0);
  });
});

describe("salienceStage", () => {
  it("the overtone sieve's strength is an argument: stronger removes more of a tone's partials, the default is the whole mix's", () => {
    // A harmonic tone on A2 (110 Hz, MIDI 45) with six partials of amplitude 1/h.
    const rate = 11025;
    const x = new Float32Array(rate * 2);
    for (let i = 0; i < x.length; i++)
      for (let h = 1; h <= 6; h++)
        x[i] = (x[i] as number) + Math.sin((2 * Math.PI * 110 * h * i) / rate) / h / 3;
    const signal = decimateSignal(x, rate);
    const spec = pitchSpectrum(signal);
    const tuning = tuningStage(spec);
    const energyAt = (semis: Float32Array, midi: number) => {
      let e = 0;
      for (let f = 0; f < spec.frames; f++) e += semis[f * N_PITCH + midi - 24] as number;
      return e;
    };
    const none = salienceStage(spec, tuning, false, 0).semitones;
    const strong = salienceStage(spec, tuning, false, 1).semitones;
    // The 3rd partial (E4, MIDI 64) is weakened by the sieve; the fundamental keeps its energy.
    expect(energyAt(strong, 64)).toBeLessThan(0.8 * energyAt(none, 64));
    expect(energyAt(strong, 45)).toBeGreaterThan(0.9 * energyAt(none, 45));
    expect(salienceStage(spec, tuning).semitones).toEqual(
      salienceStage(spec, tuning, false, MIX_OVERTONE_SUPPRESSION).semitones,
    );
    expect(() => salienceStage(spec, tuning, false, 1.5)).toThrow(AnalysisError);
    expect(() => salienceStage(spec, tuning, false, Number.NaN)).toThrow(/0\.\.1/);
  });
});

describe("analyzeAudio", () => {
  it("the beat stages find 120 BPM in a click track; the whole analysis reports none for clicks alone", async () => {
    // Stages callable on their own (librosa's beat_track on an onset envelope): the tempo and beats of
    // a metronome are found…
    const signal = decimateSignal(clickTrack(120, 20, SR), SR);
    const onset = onsetStage(signal);
    const tempo = tempoStage(onset);
    expect(Math.abs((tempo.bpm ?? 0) - 120)).toBeLessThanOrEqual(1);
    const spec = pitchSpectrum(signal);
    const track = beatStage(onset, tempo, chromaStage(salienceStage(spec, tuningStage(spec))));
    expect(track.beats.length).toBeGreaterThan(30);
    expect(track.confidence).toBeGreaterThan(0.5);
    // …but clicks with no harmony are not a song: no tempo is reported (issue 12, honest output).
    expect((await analyzeAudio(clickTrack(120, 20, SR), SR)).bpm).toBeNull();
  });

  it("finds 90 BPM in a rendered progression", async () => {
    const r = await analyzeAudio(
      renderProgression({ chords: ["C", "F", "G", "C"], bpm: 90, repeats: 2, sampleRate: SR }),
      SR,
    );
    expect(Math.abs((r.bpm ?? 0) - 90)).toBeLessThanOrEqual(1);
  });

  it("labels block triads and a dominant seventh; a final major seventh reads as Cmaj7 or its triad", async () => {
    // The learned chord model carries pop music's chord statistics (sevenths are rare, and most
    // sevenths heard in pop recordings are melody notes), so a tonic maj7 may be shown as the triad.
    const chords = ["C", "Am", "F", "G7", "Dm", "E", "Am", "Cmaj7"];
    const bpm = 100;
    const bpc = 4;
    const r = await analyzeAudio(renderProgression({ chords, bpm, beatsPerChord: bpc, sampleRate: SR }), SR);
    const span = (60 / bpm) * bpc;
    const got = chords.map((_, i) => chordAt(r.segments, (i + 0.5) * span));
    expect(got.slice(0, 7)).toEqual(chords.slice(0, 7));
    expect(got[7]).toMatch(/^C(maj7)?$/);
  });

  it.each([
    [["Am", "Dm", "E7", "Am"], "A Minor"],
    [["G", "C", "D7", "G"], "G Major"],
    [["Cm", "Fm", "G7", "Cm"], "C Minor"],
    [["D#", "G#", "A#7", "D#"], "D# Major"],
  ])("finds the key of %j", async (chords, key) => {
    const r = await analyzeAudio(renderProgression({ chords, bpm: 110, repeats: 2, sampleRate: SR }), SR);
    expect(r.key).toBe(key);
    expect(r.keyConfidence).toBeGreaterThan(0);
    expect(r.keyRunnerUp?.key).not.toBe(key);
  });

  it("reads the chords of a guitar strummed in a room (the chord path keeps chord tones that coincide with partials)", async () => {
    // 24 chords (12 roots × major/minor, 2 s each) strummed on a plucked-string guitar with reverb and
    // pink noise: the fifth of every chord is its root's 3rd partial, which an overtone sieve on the
    // chord path would remove. Scored like the benchmark (mir_eval majmin WCSR).
    const sr = 22050;
    const roots = [0, 7, 9, 5, 2, 4, 11, 1, 6, 3, 8, 10];
    const seq = roots.flatMap((r) => ["maj", "min"].map((q) => ({ chord: chordName(r, q), seconds: 2 })));
    const x = addRoom(renderChordSequence(seq, { timbre: "guitar", sampleRate: sr, seed: 3 }), sr, 15, 5);
    const r = await analyzeAudio(x, sr);
    const reference = seq.map((c, i) => ({ start: 2 * i, end: 2 * i + 2, label: chordToHarte(c.chord) }));
    const estimate = r.segments.map((s) => ({ start: s.start, end: s.end, label: chordToHarte(s.chord) }));
    expect(chordWcsr(reference, estimate, compareMajmin)).toBeGreaterThanOrEqual(0.9);
  });

  it("returns a consistent result shape and reports progress", async () => {
    const stages: string[] = [];
    const fractions: number[] = [];
    const x = renderProgression({ chords: ["C", "G"], bpm: 120, repeats: 1, sampleRate: 44100 });
    const r = await analyzeAudio(x, 44100, {
      onProgress: (f, s) => {
        stages.push(s);
        fractions.push(f);
      },
    });
    expect(stages[stages.length - 1]).toBe("done");
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(r.durationSeconds).toBeCloseTo(x.length / 44100, 2);
    expect(r.segments[0]?.start).toBe(0);
    expect(r.segments[r.segments.length - 1]?.end).toBeCloseTo(r.durationSeconds, 2);
    expect(r.chords.map((c) => c.time)).toEqual(r.segments.map((s) => s.start));
    for (const d of r.downbeats) expect(r.beats).toContain(d);
    // Two chords of four beats each: common time.
    expect(r.timeSignature).toBe("4/4");
    expect(r.key).toMatch(/^[A-G]#? (Major|Minor)$/);
  });

  it("reports no tempo for a steady tone", async () => {
    const r = await analyzeAudio(sine(330, 4, SR), SR);
    expect(r.bpm).toBeNull();
    expect(r.tempoConfidence).toBe(0);
    expect(r.beats).toEqual([]);
    expect(r.timeSignature).toBeNull();
  });

  it("rejects invalid input with AnalysisInputError", async () => {
    await expect(analyzeAudio(new Float32Array(0), SR)).rejects.toThrow(AnalysisInputError);
    await expect(analyzeAudio(Float32Array.of(0, Number.NaN, 0), SR)).rejects.toThrow(/non-finite/);
    await expect(analyzeAudio(new Float32Array(100), 0)).rejects.toThrow(AnalysisInputError);
    await expect(analyzeAudio(new Float32Array(100), Number.NaN)).rejects.toThrow(AnalysisInputError);
  });

  it("refuses a recording under one second, e.g. 0.2 s of a chord, with a clear error", async () => {
    expect(MIN_ANALYSIS_SECONDS).toBe(1);
    const chord = renderProgression({ chords: ["C"], sampleRate: SR }).subarray(0, Math.round(0.2 * SR));
    await expect(analyzeAudio(chord, SR)).rejects.toThrow(
      "the recording is too short to analyse (0.2 seconds; at least 1 second)",
    );
    const r = await analyzeAudio(renderProgression({ chords: ["C"], sampleRate: SR }).subarray(0, SR), SR);
    expect(r.durationSeconds).toBe(1);
  });

  it("refuses a recording longer than maxSeconds (default 20 minutes) before analysing it", async () => {
    expect(MAX_ANALYSIS_SECONDS).toBe(20 * 60);
    const rate = 4000;
    await expect(analyzeAudio(new Float32Array(rate * (MAX_ANALYSIS_SECONDS + 1)), rate)).rejects.toThrow(
      "the recording is too long to analyse (the limit is 20 minutes)",
    );
    await expect(analyzeAudio(new Float32Array(rate * 2), rate, { maxSeconds: 1.5 })).rejects.toThrow(
      /limit is 1\.5 seconds/,
    );
    // A stream refuses the chunk that passes the limit; exactly at the limit it analyses.
    const stream = createAnalysisStream(rate, { maxSeconds: 1.5 });
    stream.push(new Float32Array(rate));
    expect(() => stream.push(new Float32Array(rate))).toThrow(AnalysisInputError);
    const atLimit = createAnalysisStream(rate, { maxSeconds: 2 });
    atLimit.push(new Float32Array(rate * 2));
    expect((await atLimit.finish()).durationSeconds).toBe(2);
    for (const maxSeconds of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createAnalysisStream(rate, { maxSeconds })).toThrow(/maxSeconds must be a positive/);
    }
  });

  it("streams: push throws AnalysisInputError synchronously, finish rejects with it for an empty stream", async () => {
    expect(() => createAnalysisStream(0)).toThrow(AnalysisInputError);
    const stream = createAnalysisStream(SR);
    expect(() => stream.push(Float32Array.of(0, Number.POSITIVE_INFINITY))).toThrow(AnalysisInputError);
    await expect(createAnalysisStream(SR).finish()).rejects.toThrow(AnalysisInputError);
  });
});

describe("honest output: no key, BPM or chords without musical content", () => {
  const expectNoKey = (r: AnalysisResult) => {
    expect(r.key).toBeNull();
    expect(r.keyConfidence).toBe(0);
    expect(r.keyRunnerUp).toBeNull();
    expect(r.keySegments).toEqual([]);
    expect(r.segments.every((s) => s.chord === "N")).toBe(true);
  };
  const expectNoBeat = (r: AnalysisResult) => {
    expect(r.bpm).toBeNull();
    expect(r.tempoConfidence).toBe(0);
    expect(r.beats).toEqual([]);
    expect(r.downbeats).toEqual([]);
    expect(r.timeSignature).toBeNull();
  };

  it("silence", async () => {
    const r = await analyzeAudio(new Float32Array(SR * 5), SR);
    expectNoKey(r);
    expectNoBeat(r);
    expect(r.chords).toEqual([{ time: 0, chord: "N" }]);
  });

  it("white noise", async () => {
    const r = await analyzeAudio(whiteNoise(20, 22050), 22050);
    expectNoKey(r);
    expectNoBeat(r);
  });

  it("speech", async () => {
    const r = await analyzeAudio(speechLike(20, 22050), 22050);
    expectNoKey(r);
    expectNoBeat(r);
  });

  it("a drum loop alone: no key, no tempo and no chords (issue 12, honest output)", async () => {
    const r = await analyzeAudio(drumLoop(110, 20, 22050), 22050);
    expectNoKey(r);
    expectNoBeat(r);
    expect(r.chords.every((c) => c.chord === "N")).toBe(true);
  });

  it("music keeps its key, tempo and chords, with confident scores", async () => {
    const r = await analyzeAudio(
      renderProgression({ chords: ["Am", "F", "C", "G"], bpm: 96, repeats: 3, sampleRate: 22050 }),
      22050,
    );
    expect(r.key).not.toBeNull();
    expect(r.keyConfidence).toBeGreaterThan(0.3);
    expect(r.bpm).not.toBeNull();
    expect(r.tempoConfidence).toBeGreaterThan(0.5);
    expect(r.segments.filter((s) => s.chord !== "N").length).toBeGreaterThan(4);
    for (const s of r.segments) expect(s.confidence).toBeGreaterThanOrEqual(0);
  });
});

describe("toMono", () => {
  it("averages channels", () => {
    expect(Array.from(toMono([Float32Array.of(1, 0), Float32Array.of(0, 1)]))).toEqual([0.5, 0.5]);
    expect(() => toMono([])).toThrow(AnalysisInputError);
    expect(() => toMono([new Float32Array(2), new Float32Array(3)])).toThrow(AnalysisInputError);
  });
});

describe("learned key model", () => {
  // C major by the hand-written key stage, so a model's A minor can only come from the model.
  const x = renderProgression({ chords: ["C", "F", "G7", "C"], bpm: 110, repeats: 2, sampleRate: SR });
  /** 0.7 on A minor (12 + 9), 0.2 on C major, the remaining 0.1 spread over the other 22 keys. */
  const distribution = () => {
    const p = new Float32Array(24).fill(0.1 / 22);
    p[12 + 9] = 0.7;
    p[0] = 0.2;
    return p;
  };
  /** A fake model that records its inputs and answers {@link distribution}. */
  const recordingModel = () => {
    const inputs: KeyModelInput[] = [];
    const model: KeyModel = {
      predict: async (input) => {
        inputs.push(input);
        return distribution();
      },
    };
    return { model, inputs };
  };

  it("without models gives exactly the hand-written pipeline's result", async () => {
    const r = await analyzeAudio(x, SR);
    expect(r).toEqual(analyzeSignal(decimateSignal(x, SR)));
    expect(r.key).toBe("C Major");
  });

  it("reports the model's key and probability, and feeds it per-beat L1-normalised chroma", async () => {
    const { model, inputs } = recordingModel();
    const r = await analyzeAudio(x, SR, { models: { key: model } });
    expect(r.key).toBe("A Minor");
    expect(r.keyConfidence).toBe(0.7);
    expect(r.keyRunnerUp).toEqual({ key: "C Major", confidence: 0.2 });
    // The rest of the analysis is still there.
    expect(r.bpm).not.toBeNull();
    expect(r.segments.filter((s) => s.chord !== "N").length).toBeGreaterThan(4);
    expect(r.keySegments.length).toBeGreaterThan(0);

    expect(inputs).toHaveLength(1);
    const input = inputs[0] as KeyModelInput;
    expect(input.beats).toBeGreaterThan(8);
    expect(input.features).toBeInstanceOf(Float32Array);
    expect(input.weights).toBeInstanceOf(Float32Array);
    expect(input.features.length).toBe(24 * input.beats);
    expect(input.weights.length).toBe(input.beats);
    let voiced = 0;
    let total = 0;
    for (let b = 0; b < input.beats; b++) {
      const w = input.weights[b] as number;
      expect(w).toBeGreaterThanOrEqual(0);
      total += w;
      const row = Array.from(input.features.subarray(b * 24, b * 24 + 24));
      for (const v of row) expect(v).toBeGreaterThanOrEqual(0);
      const treble = row.slice(0, 12).reduce((a, v) => a + v, 0);
      const bass = row.slice(12).reduce((a, v) => a + v, 0);
      if (w === 0) {
        expect(treble).toBe(0);
        expect(bass).toBe(0);
        continue;
      }
      voiced++;
      expect(w).toBeLessThan(1); // one beat at 110 BPM is 0.55 s
      expect(treble).toBeCloseTo(1, 4);
      expect(bass).toBeCloseTo(1, 4);
    }
    expect(voiced).toBeGreaterThan(0.8 * input.beats);
    expect(total).toBeLessThanOrEqual(r.durationSeconds + 1e-3);
    expect(total).toBeGreaterThan(0.8 * r.durationSeconds);
  });

  it("streams with a model like analyzeAudio with it", async () => {
    const whole = await analyzeAudio(x, SR, { models: { key: recordingModel().model } });
    const stream = createAnalysisStream(SR, { models: { key: recordingModel().model } });
    for (let o = 0; o < x.length; o += 10_000) stream.push(x.subarray(o, o + 10_000));
    expect(await stream.finish()).toEqual(whole);
  });

  it("rejects with AnalysisError, keeping the cause, when the model fails", async () => {
    const boom = new Error("onnxruntime: session lost");
    const failing: KeyModel = { predict: () => Promise.reject(boom) };
    const err = await analyzeAudio(x, SR, { models: { key: failing } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect(err).not.toBeInstanceOf(AnalysisInputError);
    expect((err as Error).name).toBe("AnalysisError");
    expect((err as Error).message).toMatch(/key model failed/i);
    expect((err as Error).message).toContain("session lost");
    expect((err as Error).cause).toBe(boom);
  });

  it("rejects with AnalysisError when the model answers something other than 24 probabilities", async () => {
    const short: KeyModel = { predict: async () => new Float32Array(23).fill(1 / 23) };
    await expect(analyzeAudio(x, SR, { models: { key: short } })).rejects.toThrow(AnalysisError);
  });

  it("is never asked about silence, whose key stays null", async () => {
    const { model, inputs } = recordingModel();
    const r = await analyzeAudio(new Float32Array(SR * 5), SR, { models: { key: model } });
    expect(inputs).toHaveLength(0);
    expect(r.key).toBeNull();
    expect(r.keyConfidence).toBe(0);
    expect(r.keyRunnerUp).toBeNull();
    expect(r.keySegments).toEqual([]);
  });

  it("still rejects invalid input with AnalysisInputError before any model runs", async () => {
    const { model, inputs } = recordingModel();
    await expect(analyzeAudio(new Float32Array(0), SR, { models: { key: model } })).rejects.toThrow(
      AnalysisInputError,
    );
    expect(inputs).toHaveLength(0);
  });
});

describe("keyModelInput", () => {
  it("normalises each beat's treble and bass halves to sum 1 and weights beats by their seconds", () => {
    const treble = new Float64Array(3 * 12);
    const bass = new Float64Array(3 * 12);
    treble[0] = 3; // beat 0: C and G in the treble, A in the bass
    treble[7] = 1;
    bass[9] = 0.5;
    treble[12 + 4] = 2; // beat 1: silent, whatever its chroma says
    bass[12 + 4] = 2;
    treble[24 + 2] = 1; // beat 2: treble only, no bass energy
    const features: BeatSyncFeatures = {
      bounds: [0, 0.5, 1.25, 2].map((t) => seconds(t)),
      segments: 3,
      treble,
      bass,
      silent: Uint8Array.of(0, 1, 0),
      loudness: new Float64Array(3),
    };
    const input = keyModelInput(features);
    expect(input.beats).toBe(3);
    expect(Array.from(input.weights)).toEqual([0.5, 0, 0.75]);
    const row = (b: number) => Array.from(input.features.subarray(b * 24, b * 24 + 24));
    const want0 = new Array(24).fill(0);
    want0[0] = 0.75;
    want0[7] = 0.25;
    want0[12 + 9] = 1;
    expect(row(0)).toEqual(want0);
    expect(row(1)).toEqual(new Array(24).fill(0));
    const want2 = new Array(24).fill(0);
    want2[2] = 1;
    expect(row(2)).toEqual(want2);
  });
});

describe("keyFromProbabilities", () => {
  it("names the most probable key and the runner-up (index 12 + tonic = minor)", () => {
    const p = new Float32Array(24);
    p[7] = 0.25; // G major
    p[12 + 4] = 0.5; // E minor
    p[12 + 10] = 0.25; // A# minor: ties go to the lower index
    expect(keyFromProbabilities(p)).toEqual({
      key: "E Minor",
      confidence: 0.5,
      runnerUp: { key: "G Major", confidence: 0.25 },
    });
    const major = new Float32Array(24);
    major[0] = 1;
    expect(keyFromProbabilities(major)).toEqual({
      key: "C Major",
      confidence: 1,
      runnerUp: { key: "C# Major", confidence: 0 },
    });
  });

  it("throws AnalysisError for a wrong length or an invalid probability", () => {
    expect(() => keyFromProbabilities(new Float32Array(12))).toThrow(AnalysisError);
    const p = new Float32Array(24).fill(1 / 24);
    p[3] = Number.NaN;
    expect(() => keyFromProbabilities(p)).toThrow(AnalysisError);
    p[3] = -0.1;
    expect(() => keyFromProbabilities(p)).toThrow(AnalysisError);
  });
});
