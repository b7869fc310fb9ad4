import { renderProgression } from "@tonic/analysis/testing";
import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { analyzeAudio } from "./analyze.js";
import { CHORD_CLASSES, CHORD_MODEL_FILE, createOnnxChordModel, type OnnxSessionLike } from "./key-model.js";
import { loadNodeModels, modelPath } from "./onnx-node.js";
import { type BeatSyncFeatures, chordModelInput } from "./stages.js";
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

describe("the shipped chord model on onnxruntime-node", () => {
  it("is in the package's models folder", () => {
    expect(modelPath(CHORD_MODEL_FILE)).toMatch(/packages\/analysis\/models\/chords\.onnx$/);
  });

  it("returns B × 97 log-probabilities, each row summing to 1, for any number of beats", async () => {
    const { chords } = await loadNodeModels();
    if (!chords) throw new Error("no chord model");
    for (const beats of [1, 5, 400]) {
      const lp = await chords.predict(triads(Array.from({ length: beats }, () => C)));
      expect(lp).toHaveLength(beats * CHORD_CLASSES);
      for (let b = 0; b < beats; b += 97) {
        let sum = 0;
        for (let k = 0; k < CHORD_CLASSES; k++) sum += Math.exp(lp[b * CHORD_CLASSES + k] as number);
        expect(sum).toBeCloseTo(1, 4);
      }
    }
  });

  it("names held triads (class q·12 + root) and moves with a transposition", async () => {
    const { chords } = await loadNodeModels();
    if (!chords) throw new Error("no chord model");
    const seq = [C, C, C, C, Am, Am, Am, Am, F, F, F, F, G, G, G, G];
    const got = argmaxRows(await chords.predict(triads(seq)));
    // maj = quality 0, min = quality 1: C (0), A minor (12 + 9), F (5), G (7), in the middle of each run.
    expect([got[1], got[6], got[10], got[14]]).toEqual([0, 21, 5, 7]);
    const up = seq.map((t) => t.map((pc) => (pc + 2) % 12) as [number, number, number]);
    const lp0 = await chords.predict(triads(seq));
    const lp2 = await chords.predict(triads(up));
    for (let b = 0; b < seq.length; b += 3)
      for (let q = 0; q < 8; q++)
        for (let r = 0; r < 12; r++)
          expect(lp2[b * CHORD_CLASSES + q * 12 + ((r + 2) % 12)]).toBeCloseTo(
            lp0[b * CHORD_CLASSES + q * 12 + r] as number,
            3,
          );
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

  it("works with onnxruntime-node's own tensors", async () => {
    const session = await ort.InferenceSession.create(modelPath(CHORD_MODEL_FILE));
    const model = createOnnxChordModel(session, (data, dims) => new ort.Tensor("float32", data, dims));
    expect(await model.predict(triads([C, Am, F]))).toHaveLength(3 * CHORD_CLASSES);
  });
});
