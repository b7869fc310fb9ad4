import { renderProgression } from "@tonic/analysis/testing";
import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { analyzeAudio } from "./analyze.js";
import { createOnnxKeyModel, KEY_MODEL_FILE, loadOnce, type OnnxSessionLike } from "./key-model.js";
import { keyName } from "./labels.js";
import { loadNodeModels, modelPath } from "./onnx-node.js";
import { AnalysisError, AnalysisInputError, type KeyModelInput } from "./types.js";

type Tensor = { data: unknown; dims: readonly number[] };
const tensor = (data: Float32Array, dims: readonly number[]): Tensor => ({ data, dims });

/** B beats of one triad (root, third, fifth) in the treble and the root in the bass. */
function triadBeats(beats: number, triads: readonly (readonly [number, number, number])[]): KeyModelInput {
  const features = new Float32Array(beats * 24);
  const weights = new Float32Array(beats).fill(0.5);
  for (let b = 0; b < beats; b++) {
    const [r, t, f] = triads[b % triads.length] as readonly [number, number, number];
    for (const pc of [r, t, f]) features[b * 24 + pc] = 1 / 3;
    features[b * 24 + 12 + r] = 1;
  }
  return { beats, features, weights };
}

const argmax = (p: Float32Array) => p.indexOf(Math.max(...p));
const name = (i: number) => (i < 12 ? keyName(i, "major") : keyName(i - 12, "minor"));

describe("the shipped key model on onnxruntime-node", () => {
  it("is in the package's models folder", () => {
    expect(modelPath(KEY_MODEL_FILE)).toMatch(/packages\/analysis\/models\/key\.onnx$/);
  });

  it("returns 24 probabilities that sum to 1, for any number of beats", async () => {
    const { key } = await loadNodeModels();
    if (!key) throw new Error("no key model");
    for (const beats of [1, 7, 300]) {
      const p = await key.predict(triadBeats(beats, [[0, 4, 7]]));
      expect(p).toHaveLength(24);
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    }
  });

  it("reads I–IV–V–I in C major and i–iv–V–i in A minor, and follows a transposition", async () => {
    const { key } = await loadNodeModels();
    if (!key) throw new Error("no key model");
    const cMajor: [number, number, number][] = [
      [0, 4, 7],
      [0, 4, 7],
      [5, 9, 0],
      [7, 11, 2],
    ];
    const aMinor: [number, number, number][] = [
      [9, 0, 4],
      [9, 0, 4],
      [2, 5, 9],
      [4, 8, 11],
    ];
    expect(name(argmax(await key.predict(triadBeats(64, cMajor))))).toBe("C Major");
    expect(name(argmax(await key.predict(triadBeats(64, aMinor))))).toBe("A Minor");
    // The model shares its weights across the 12 tonics: up a whole tone, the answer moves with it.
    const up = cMajor.map((t) => t.map((pc) => (pc + 2) % 12) as [number, number, number]);
    const p0 = await key.predict(triadBeats(64, cMajor));
    const p2 = await key.predict(triadBeats(64, up));
    expect(name(argmax(p2))).toBe("D Major");
    for (let k = 0; k < 24; k++) {
      const moved = (k < 12 ? (k + 2) % 12 : 12 + ((k - 12 + 2) % 12)) as number;
      expect(p2[moved]).toBeCloseTo(p0[k] as number, 4);
    }
  });
});

describe("analyzeAudio with the shipped models", () => {
  it("reads a rendered I–vi–IV–V in G major and reports a calibrated confidence and a runner-up", async () => {
    const models = await loadNodeModels();
    const pcm = renderProgression({ chords: ["G", "Em", "C", "D"], bpm: 100, repeats: 4, sampleRate: 22050 });
    const r = await analyzeAudio(pcm, 22050, { models });
    expect(r.key).toBe("G Major");
    expect(r.keyConfidence).toBeGreaterThan(0);
    expect(r.keyConfidence).toBeLessThanOrEqual(1);
    expect(r.keyRunnerUp?.key).not.toBe("G Major");
    expect(r.keyRunnerUp?.confidence ?? 1).toBeLessThanOrEqual(r.keyConfidence);
  });

  it("answers the shortest, silent and broken audio without crashing; 0.2 s gets a clear error", async () => {
    const models = await loadNodeModels();
    const chord = renderProgression({ chords: ["C"], bpm: 120, repeats: 1, sampleRate: 22050 });
    // One second, the shortest accepted: the models run on it (a beat or two) and answer.
    const r = await analyzeAudio(chord.slice(0, 22050), 22050, { models });
    expect(r.durationSeconds).toBeCloseTo(1, 2);
    await expect(analyzeAudio(chord.slice(0, 4410), 22050, { models })).rejects.toThrow(/too short/);
    expect((await analyzeAudio(new Float32Array(22050), 22050, { models })).key).toBeNull();
    await expect(analyzeAudio(new Float32Array(0), 22050, { models })).rejects.toThrow(AnalysisInputError);
    await expect(analyzeAudio(Float32Array.of(0, Number.NaN), 22050, { models })).rejects.toThrow(
      AnalysisInputError,
    );
  });
});

describe("createOnnxKeyModel", () => {
  const ok: OnnxSessionLike<Tensor> = {
    inputNames: ["features", "weights"],
    outputNames: ["probabilities"],
    run: async (feeds) => {
      expect(feeds.features?.dims).toEqual([1, 3, 24]);
      expect(feeds.weights?.dims).toEqual([1, 3]);
      return { probabilities: tensor(new Float32Array(24).fill(1 / 24), [1, 24]) };
    },
  };

  it("feeds [1, B, 24] and [1, B] and returns the probabilities", async () => {
    const p = await createOnnxKeyModel(ok, tensor).predict(triadBeats(3, [[0, 4, 7]]));
    expect(p[5]).toBeCloseTo(1 / 24, 6);
  });

  it("refuses a session without the model's inputs or output", () => {
    expect(() => createOnnxKeyModel({ ...ok, inputNames: ["x"] }, tensor)).toThrow(AnalysisError);
    expect(() => createOnnxKeyModel({ ...ok, outputNames: ["y"] }, tensor)).toThrow(/probabilities/);
  });

  it("turns a runtime failure into an AnalysisError with the cause", async () => {
    const boom = new Error("ORT session run failed");
    const model = createOnnxKeyModel(
      {
        ...ok,
        run: async () => {
          throw boom;
        },
      },
      tensor,
    );
    const err = await model.predict(triadBeats(3, [[0, 4, 7]])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).cause).toBe(boom);
  });

  it("rejects bad input and bad output shapes", async () => {
    const model = createOnnxKeyModel(ok, tensor);
    await expect(
      model.predict({ beats: 0, features: new Float32Array(0), weights: new Float32Array(0) }),
    ).rejects.toThrow(AnalysisError);
    await expect(
      model.predict({ beats: 2, features: new Float32Array(24), weights: new Float32Array(2) }),
    ).rejects.toThrow(/24 features/);
    const short = createOnnxKeyModel(
      { ...ok, run: async () => ({ probabilities: tensor(new Float32Array(12), [1, 12]) }) },
      tensor,
    );
    await expect(short.predict(triadBeats(3, [[0, 4, 7]]))).rejects.toThrow(/24/);
    const nan = createOnnxKeyModel(
      { ...ok, run: async () => ({ probabilities: tensor(new Float32Array(24).fill(Number.NaN), [1, 24]) }) },
      tensor,
    );
    await expect(nan.predict(triadBeats(3, [[0, 4, 7]]))).rejects.toThrow(/non-finite/);
  });

  it("works with onnxruntime-node's own tensors", async () => {
    const session = await ort.InferenceSession.create(modelPath(KEY_MODEL_FILE));
    const model = createOnnxKeyModel(session, (data, dims) => new ort.Tensor("float32", data, dims));
    expect(await model.predict(triadBeats(5, [[0, 4, 7]]))).toHaveLength(24);
  });
});

describe("loadOnce", () => {
  it("shares one load, forgets a failure as an AnalysisError and tries again", async () => {
    let calls = 0;
    const boom = new Error("no such file");
    const load = loadOnce(async () => {
      calls++;
      if (calls === 1) throw boom;
      return calls;
    }, "the test model");
    const err = await load().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).message).toMatch(/could not load the test model/);
    expect((err as AnalysisError).cause).toBe(boom);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(2);
    expect(b).toBe(2);
    expect(await load()).toBe(2);
    expect(calls).toBe(2);
  });
});
