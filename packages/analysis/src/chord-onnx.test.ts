import { renderProgression } from "@tonic/analysis/testing";
import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { analyzeAudio } from "./analyze.js";
import { CHORD_CLASSES, CHORD_MODEL_FILE, createOnnxChordModel, type OnnxSessionLike } from "./key-model.js";
import { loadNodeModels, modelPath } from "./onnx-node.js";
import {
  type BeatSyncFeatures,
  beatSyncSalienceStage,
  chordModelInput,
  decimateSignal,
  extractFeatures,
  type Salience,
} from "./stages.js";
import { AnalysisError, type ChordModelInput, seconds } from "./types.js";

type Tensor = { data: unknown; dims: readonly number[] };
const tensor = (data: Float32Array, dims: readonly number[]): Tensor => ({ data, dims });

/** B beats, each one triad (root, third, fifth) in the treble at maximum 1 and its root in the bass. */
function triads(list: readonly (readonly [number, number, number])[]): ChordModelInput {
  const features = new Float32Array(list.length * 24);
  list.forEach(([r, t, f], b) => {
    for (const pc of [r, t, f]) features[b * 24 + pc] = 1;
    features[b * 24 + 12 + r] = 1;
  });
  return { beats: list.length, features };
}

/** Most probable class per beat of `[B × 97]` log-probabilities. */
function argmaxRows(lp: Float32Array): number[] {
  const out: number[] = [];
  for (let b = 0; b < lp.length / CHORD_CLASSES; b++) {
    const row = lp.subarray(b * CHORD_CLASSES, (b + 1) * CHORD_CLASSES);
    out.push(row.indexOf(Math.max(...row)));
  }
  return out;
}

const C: [number, number, number] = [0, 4, 7];
const Am: [number, number, number] = [9, 0, 4];
const F: [number, number, number] = [5, 9, 0];
const G: [number, number, number] = [7, 11, 2];

/** The shipped chord model's input for a rendered progression, through the engine's own front end. */
function renderedInput(chords: readonly string[]): { input: ChordModelInput; bounds: readonly number[] } {
  const pcm = renderProgression({ chords, bpm: 100, repeats: 2, sampleRate: 22050 });
  const f = extractFeatures(decimateSignal(pcm, 22050));
  return { input: chordModelInput(f.harmonic, f.harmonicSpectrum), bounds: f.harmonic.bounds };
}

describe("the shipped chord model on onnxruntime-node", () => {
  it("is in the package's models folder", () => {
    expect(modelPath(CHORD_MODEL_FILE)).toMatch(/packages\/analysis\/models\/chords\.onnx$/);
  });

  it("returns B × 97 log-probabilities, each row summing to 1, for any number of beats", async () => {
    const { chords } = await loadNodeModels();
    if (!chords) throw new Error("no chord model");
    const { input } = renderedInput(["C", "G"]);
    for (const beats of [1, 5, input.beats]) {
      const lp = await chords.predict({
        beats,
        features: input.features.subarray(0, beats * 24),
        spectrum: input.spectrum?.subarray(0, beats * 72),
      });
      expect(lp).toHaveLength(beats * CHORD_CLASSES);
      for (let b = 0; b < beats; b += 7) {
        let sum = 0;
        for (let k = 0; k < CHORD_CLASSES; k++) sum += Math.exp(lp[b * CHORD_CLASSES + k] as number);
        expect(sum).toBeCloseTo(1, 4);
      }
    }
  });

  it("names rendered triads (class q·12 + root) and moves with a transposition", async () => {
    const { chords } = await loadNodeModels();
    if (!chords) throw new Error("no chord model");
    // Each chord lasts 4 beats at 100 BPM (2.4 s); read the beat segment in the middle of each.
    const heard = async (names: readonly string[]) => {
      const { input, bounds } = renderedInput(names);
      const got = argmaxRows(await chords.predict(input));
      return names.map((_, i) => {
        const t = (i + 0.5) * 2.4;
        const s = bounds.findIndex((b, j) => b <= t && t < (bounds[j + 1] ?? Number.POSITIVE_INFINITY));
        return got[s];
      });
    };
    // maj = quality 0, min = quality 1: C (0), A minor (12 + 9), F (5), G (7).
    expect(await heard(["C", "Am", "F", "G"])).toEqual([0, 21, 5, 7]);
    expect(await heard(["D", "Bm", "G", "A"])).toEqual([2, 23, 7, 9]);
  });
});

describe("beatSyncSalienceStage", () => {
  it("averages each segment's frames by their overlap and keeps the 72 pitches apart", () => {
    // 8 frames 0.1 s apart with a 0.4 s window (each frame covers ±0.1 s): pitch 0 on in frames 0..3,
    // pitch 71 in frames 4..7.
    const frames = 8;
    const semitones = new Float32Array(frames * 72);
    for (let f = 0; f < frames; f++) semitones[f * 72 + (f < 4 ? 0 : 71)] = 1;
    const salience: Salience = { semitones, frames, frameSeconds: seconds(0.1), windowSeconds: seconds(0.4) };
    const out = beatSyncSalienceStage(salience, [0, 0.35, 0.7].map(seconds));
    expect(out).toHaveLength(2 * 72);
    // Segment 0 (0–0.35 s) overlaps frames 0..4 by 0.1, 0.2, 0.2, 0.15, 0.05 s (0.7 in all); segment 1
    // (0.35–0.7 s) frames 3..7 by 0.05, 0.15, 0.2, 0.2, 0.1 s.
    expect(out[0]).toBeCloseTo(0.65 / 0.7, 6);
    expect(out[71]).toBeCloseTo(0.05 / 0.7, 6);
    expect(out[72]).toBeCloseTo(0.05 / 0.7, 6);
    expect(out[72 + 71]).toBeCloseTo(0.65 / 0.7, 6);
    expect([...out.subarray(1, 71)].every((v) => v === 0)).toBe(true);
    expect(beatSyncSalienceStage(salience, [seconds(0)])).toHaveLength(0);
  });
});

describe("chordModelInput", () => {
  it("scales the treble to maximum 1 and the bass to sum 1, and zeroes silent segments", () => {
    const treble = new Float64Array(24);
    const bass = new Float64Array(24);
    treble[0] = 4;
    treble[4] = 2;
    bass[0] = 3;
    bass[7] = 1;
    treble[12 + 2] = 5;
    const harmonic: BeatSyncFeatures = {
      bounds: [0, 0.5, 1].map(seconds),
      segments: 2,
      treble,
      bass,
      silent: Uint8Array.of(0, 1),
      loudness: new Float64Array(2),
    };
    const { beats, features } = chordModelInput(harmonic);
    expect(beats).toBe(2);
    expect(features[0]).toBe(1);
    expect(features[4]).toBe(0.5);
    expect(features[12]).toBe(0.75);
    expect(features[12 + 7]).toBe(0.25);
    expect([...features.subarray(24)].every((v) => v === 0)).toBe(true);
    const spectrum = new Float32Array(2 * 72).fill(2);
    const withSpectrum = chordModelInput(harmonic, spectrum);
    expect(withSpectrum.spectrum?.subarray(0, 72).every((v) => v === 2)).toBe(true);
    expect(withSpectrum.spectrum?.subarray(72).every((v) => v === 0)).toBe(true);
    expect(spectrum[100]).toBe(2); // the caller's array is left alone
    expect(() => chordModelInput(harmonic, new Float32Array(72))).toThrow(/2 segments × 72/);
  });
});

describe("analyzeAudio with the shipped chord model", () => {
  it("reads a rendered C–Am–F–G with the learned model and the built-in one alike", async () => {
    const { chords } = await loadNodeModels();
    const pcm = renderProgression({ chords: ["C", "Am", "F", "G"], bpm: 100, repeats: 3, sampleRate: 22050 });
    const learned = await analyzeAudio(pcm, 22050, { models: { chords } });
    const builtIn = await analyzeAudio(pcm, 22050);
    // The chords heard, in order (the render's fading tail may read as no chord).
    const names = (r: typeof learned) => [...new Set(r.chords.map((c) => c.chord).filter((c) => c !== "N"))];
    expect(names(learned)).toEqual(["C", "Am", "F", "G"]);
    expect(names(builtIn)).toEqual(["C", "Am", "F", "G"]);
  });

  it("is never asked about silence", async () => {
    let calls = 0;
    const r = await analyzeAudio(new Float32Array(22050 * 3), 22050, {
      models: {
        chords: {
          predict: async () => {
            calls++;
            return new Float32Array(0);
          },
        },
      },
    });
    expect(r.chords.every((c) => c.chord === "N")).toBe(true);
    expect(calls).toBe(0);
  });

  it("a failing or malformed model rejects the analysis with an AnalysisError", async () => {
    const pcm = renderProgression({ chords: ["C", "G"], bpm: 100, repeats: 2, sampleRate: 22050 });
    const boom = new Error("ORT failed");
    const err = await analyzeAudio(pcm, 22050, {
      models: {
        chords: {
          predict: async () => {
            throw boom;
          },
        },
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).message).toMatch(/chord model failed/);
    expect((err as AnalysisError).cause).toBe(boom);
    await expect(
      analyzeAudio(pcm, 22050, { models: { chords: { predict: async () => new Float32Array(5) } } }),
    ).rejects.toThrow(/97/);
  });
});

describe("createOnnxChordModel", () => {
  const ok: OnnxSessionLike<Tensor> = {
    inputNames: ["features"],
    outputNames: ["log_probabilities"],
    run: async (feeds) => {
      expect(feeds.features?.dims).toEqual([1, 2, 24]);
      return {
        log_probabilities: tensor(new Float32Array(2 * CHORD_CLASSES).fill(-Math.log(97)), [1, 2, 97]),
      };
    },
  };

  it("feeds [1, B, 24] and returns the log-probabilities", async () => {
    const lp = await createOnnxChordModel(ok, tensor).predict(triads([C, G]));
    expect(lp).toHaveLength(2 * CHORD_CLASSES);
    expect(lp[96]).toBeCloseTo(-Math.log(97), 5);
  });

  it("refuses a session without the model's input or output", () => {
    expect(() => createOnnxChordModel({ ...ok, inputNames: ["x"] }, tensor)).toThrow(/features/);
    expect(() => createOnnxChordModel({ ...ok, outputNames: ["y"] }, tensor)).toThrow(/log_probabilities/);
  });

  it("turns a runtime failure into an AnalysisError with the cause, and rejects bad shapes", async () => {
    const boom = new Error("ORT session run failed");
    const failing = createOnnxChordModel(
      {
        ...ok,
        run: async () => {
          throw boom;
        },
      },
      tensor,
    );
    const err = await failing.predict(triads([C, G])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).cause).toBe(boom);
    const model = createOnnxChordModel(ok, tensor);
    await expect(model.predict({ beats: 0, features: new Float32Array(0) })).rejects.toThrow(AnalysisError);
    await expect(model.predict({ beats: 2, features: new Float32Array(24) })).rejects.toThrow(/24 features/);
    const short = createOnnxChordModel(
      { ...ok, run: async () => ({ log_probabilities: tensor(new Float32Array(97), [1, 1, 97]) }) },
      tensor,
    );
    await expect(short.predict(triads([C, G]))).rejects.toThrow(/97/);
    const nan = createOnnxChordModel(
      {
        ...ok,
        run: async () => ({ log_probabilities: tensor(new Float32Array(194).fill(Number.NaN), [1, 2, 97]) }),
      },
      tensor,
    );
    await expect(nan.predict(triads([C, G]))).rejects.toThrow(/non-finite/);
  });

  it("feeds a spectrum model [1, B, 72] and rejects an input without the spectrum", async () => {
    const fed: (readonly number[])[] = [];
    const spectral = createOnnxChordModel<Tensor>(
      {
        inputNames: ["spectrum"],
        outputNames: ["log_probabilities"],
        run: async (feeds) => {
          fed.push(feeds.spectrum?.dims ?? []);
          return {
            log_probabilities: tensor(new Float32Array(2 * CHORD_CLASSES).fill(-Math.log(97)), [1, 2, 97]),
          };
        },
      },
      tensor,
    );
    const input = triads([C, G]);
    await expect(spectral.predict(input)).rejects.toThrow(/spectrum/);
    await expect(spectral.predict({ ...input, spectrum: new Float32Array(72) })).rejects.toThrow(
      /72 pitches/,
    );
    expect(await spectral.predict({ ...input, spectrum: new Float32Array(144) })).toHaveLength(
      2 * CHORD_CLASSES,
    );
    expect(fed).toEqual([[1, 2, 72]]);
    expect(() => createOnnxChordModel({ ...ok, inputNames: ["chroma"] }, tensor)).toThrow(
      /no "features" input/,
    );
  });

  it("works with onnxruntime-node's own tensors", async () => {
    const session = await ort.InferenceSession.create(modelPath(CHORD_MODEL_FILE));
    const model = createOnnxChordModel(session, (data, dims) => new ort.Tensor("float32", data, dims));
    const input = { ...triads([C, Am, F]), spectrum: new Float32Array(3 * 72) };
    expect(await model.predict(input)).toHaveLength(3 * CHORD_CLASSES);
  });
});
