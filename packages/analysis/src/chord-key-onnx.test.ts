import { renderProgression } from "@tonic/analysis/testing";
import * as ort from "onnxruntime-node";
import { describe, expect, it } from "vitest";
import { analyzeAudio } from "./analyze.js";
import {
  CHORD_CLASSES,
  CHORD_KEY_MODEL_FILE,
  createOnnxChordKeyModel,
  type OnnxSessionLike,
} from "./key-model.js";
import { keyName } from "./labels.js";
import { loadNodeModels, modelPath } from "./onnx-node.js";
import { AnalysisError, type ChordKeyModelInput } from "./types.js";

type Tensor = { data: unknown; dims: readonly number[] };
const tensor = (data: Float32Array, dims: readonly number[]): Tensor => ({ data, dims });
const argmax = (p: Float32Array) => p.indexOf(Math.max(...p));
const name = (i: number) => (i < 12 ? keyName(i, "major") : keyName(i - 12, "minor"));

/** Quality indices of the chord model's classes (q·12 + root). */
const MAJ = 0;
const MIN = 1;

/**
 * B beats of chord-model output sure of one chord per beat (`[quality, root]`, cycled), with the given
 * key probabilities (uniform by default: the chords alone decide).
 */
function chordBeats(
  beats: number,
  chords: readonly (readonly [number, number])[],
  keyProbabilities = new Float32Array(24).fill(1 / 24),
): ChordKeyModelInput {
  const lp = new Float32Array(beats * CHORD_CLASSES).fill(Math.log(0.02 / (CHORD_CLASSES - 1)));
  for (let b = 0; b < beats; b++) {
    const [q, r] = chords[b % chords.length] as readonly [number, number];
    lp[b * CHORD_CLASSES + q * 12 + r] = Math.log(0.98);
  }
  return {
    beats,
    chordLogProbabilities: lp,
    weights: new Float32Array(beats).fill(0.5),
    keyProbabilities,
  };
}

const C_CADENCE: [number, number][] = [
  [MAJ, 0],
  [MAJ, 0],
  [MAJ, 5],
  [MAJ, 7],
];
const A_MINOR_CADENCE: [number, number][] = [
  [MIN, 9],
  [MIN, 9],
  [MIN, 2],
  [MAJ, 4],
];

describe("the shipped chord-informed key model on onnxruntime-node", () => {
  it("is in the package's models folder", () => {
    expect(modelPath(CHORD_KEY_MODEL_FILE)).toMatch(/packages\/analysis\/models\/key-chords\.onnx$/);
  });

  it("returns 24 probabilities that sum to 1, for any number of beats", async () => {
    const { chordKey } = await loadNodeModels();
    if (!chordKey) throw new Error("no chord-informed key model");
    for (const beats of [1, 7, 300]) {
      const p = await chordKey.predict(chordBeats(beats, C_CADENCE));
      expect(p).toHaveLength(24);
      expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 4);
    }
  });

  it("reads I–I–IV–V in C major and i–i–iv–V in A minor from the chords alone, and follows a transposition", async () => {
    const { chordKey } = await loadNodeModels();
    if (!chordKey) throw new Error("no chord-informed key model");
    expect(name(argmax(await chordKey.predict(chordBeats(64, C_CADENCE))))).toBe("C Major");
    expect(name(argmax(await chordKey.predict(chordBeats(64, A_MINOR_CADENCE))))).toBe("A Minor");
    const up = C_CADENCE.map(([q, r]) => [q, (r + 3) % 12] as [number, number]);
    const p0 = await chordKey.predict(chordBeats(64, C_CADENCE));
    const p3 = await chordKey.predict(chordBeats(64, up));
    expect(argmax(p3)).toBe(3); // E♭ (D♯) major
    for (let k = 0; k < 24; k++) {
      const moved = k < 12 ? (k + 3) % 12 : 12 + ((k - 12 + 3) % 12);
      expect(p3[moved]).toBeCloseTo(p0[k] as number, 4);
    }
  });

  it("keeps the key model's answer where the chords say nothing (no chord on every beat)", async () => {
    const { chordKey } = await loadNodeModels();
    if (!chordKey) throw new Error("no chord-informed key model");
    const sure = new Float32Array(24).fill(0.1 / 23);
    sure[19] = 0.9; // G minor
    const silent = chordBeats(32, [[8, 0]], sure); // class 96 = "no chord" (quality index 8, root 0)
    expect(name(argmax(await chordKey.predict(silent)))).toBe("G Minor");
  });
});

describe("analyzeAudio with a chord-informed key model", () => {
  const progression = () =>
    renderProgression({ chords: ["G", "Em", "C", "D"], bpm: 100, repeats: 4, sampleRate: 22050 });

  it("passes it the key model's probabilities and the chord model's output for the same beats, and reports its answer", async () => {
    const models = await loadNodeModels();
    const seen: ChordKeyModelInput[] = [];
    const r = await analyzeAudio(progression(), 22050, {
      models: {
        ...models,
        chordKey: {
          async predict(input) {
            seen.push(input);
            const p = new Float32Array(24);
            p[15] = 1; // D♯/E♭ minor, so that the answer is visibly this model's
            return p;
          },
        },
      },
    });
    expect(seen).toHaveLength(1);
    const input = seen[0] as ChordKeyModelInput;
    expect(input.chordLogProbabilities).toHaveLength(input.beats * CHORD_CLASSES);
    expect(input.weights).toHaveLength(input.beats);
    expect(argmax(input.keyProbabilities)).toBe(7); // the key model's own answer: G major
    expect(r.key).toBe(name(15));
  });

  it("is left out without the chord model, and never asked about silence", async () => {
    const { key } = await loadNodeModels();
    let calls = 0;
    const chordKey = {
      async predict() {
        calls++;
        return new Float32Array(24).fill(1 / 24);
      },
    };
    const r = await analyzeAudio(progression(), 22050, { models: { key, chordKey } });
    expect(r.key).toBe("G Major");
    const all = await loadNodeModels();
    await analyzeAudio(new Float32Array(22050), 22050, { models: { ...all, chordKey } });
    expect(calls).toBe(0);
  });

  it("turns its failure into an AnalysisError naming it", async () => {
    const models = await loadNodeModels();
    const boom = new Error("session lost");
    const err = await analyzeAudio(progression(), 22050, {
      models: {
        ...models,
        chordKey: {
          predict: async () => {
            throw boom;
          },
        },
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).message).toMatch(/chord-informed key model failed/);
    expect((err as AnalysisError).cause).toBe(boom);
  });
});

describe("createOnnxChordKeyModel", () => {
  const ok: OnnxSessionLike<Tensor> = {
    inputNames: ["chord_log_probabilities", "weights", "key_probabilities"],
    outputNames: ["probabilities"],
    run: async (feeds) => {
      expect(feeds.chord_log_probabilities?.dims).toEqual([1, 3, CHORD_CLASSES]);
      expect(feeds.weights?.dims).toEqual([1, 3]);
      expect(feeds.key_probabilities?.dims).toEqual([1, 24]);
      return { probabilities: tensor(new Float32Array(24).fill(1 / 24), [1, 24]) };
    },
  };

  it("feeds [1, B, 97], [1, B] and [1, 24] and returns the probabilities", async () => {
    const p = await createOnnxChordKeyModel(ok, tensor).predict(chordBeats(3, C_CADENCE));
    expect(p[5]).toBeCloseTo(1 / 24, 6);
  });

  it("refuses a session without the model's inputs or output", () => {
    expect(() => createOnnxChordKeyModel({ ...ok, inputNames: ["weights"] }, tensor)).toThrow(
      /chord_log_probabilities/,
    );
    expect(() => createOnnxChordKeyModel({ ...ok, outputNames: ["y"] }, tensor)).toThrow(/probabilities/);
  });

  it("turns a runtime failure into an AnalysisError with the cause", async () => {
    const boom = new Error("ORT session run failed");
    const model = createOnnxChordKeyModel(
      {
        ...ok,
        run: async () => {
          throw boom;
        },
      },
      tensor,
    );
    const err = await model.predict(chordBeats(3, C_CADENCE)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).cause).toBe(boom);
  });

  it("rejects inputs whose lengths disagree and outputs that are not 24 probabilities", async () => {
    const model = createOnnxChordKeyModel(ok, tensor);
    const good = chordBeats(3, C_CADENCE);
    await expect(model.predict({ ...good, beats: 0 })).rejects.toThrow(AnalysisError);
    await expect(model.predict({ ...good, weights: new Float32Array(2) })).rejects.toThrow(/B weights/);
    await expect(model.predict({ ...good, keyProbabilities: new Float32Array(12) })).rejects.toThrow(
      /24 key probabilities/,
    );
    const nan = createOnnxChordKeyModel(
      { ...ok, run: async () => ({ probabilities: tensor(new Float32Array(24).fill(Number.NaN), [1, 24]) }) },
      tensor,
    );
    await expect(nan.predict(good)).rejects.toThrow(/non-finite/);
  });

  it("works with onnxruntime-node's own tensors", async () => {
    const session = await ort.InferenceSession.create(modelPath(CHORD_KEY_MODEL_FILE));
    const model = createOnnxChordKeyModel(session, (data, dims) => new ort.Tensor("float32", data, dims));
    expect(await model.predict(chordBeats(5, C_CADENCE))).toHaveLength(24);
  });
});
