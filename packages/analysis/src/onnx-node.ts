/**
 * Node entry of the engine's learned models: onnxruntime-node sessions over the ONNX files shipped in
 * the package's `models/` folder. Used by the CLI, the benchmark and the server's analysis threads.
 */
import { fileURLToPath } from "node:url";
import * as ort from "onnxruntime-node";
import {
  BEAT_MODEL_FILE,
  CHORD_KEY_MODEL_FILE,
  CHORD_MODEL_FILE,
  createOnnxBeatModel,
  createOnnxChordKeyModel,
  createOnnxChordModel,
  createOnnxKeyModel,
  createOnnxLiveChordModel,
  KEY_MODEL_FILE,
  LIVE_CHORD_MODEL_FILES,
  LIVE_KEY_MODEL_FILE,
  loadOnce,
} from "./key-model.js";
import { averageLiveChordModels } from "./live/frame-ensemble.js";
import { AnalysisError, type EngineModels, type KeyModel, type LiveChordModel } from "./types.js";

/** Absolute path of a file in the package's `models/` folder (the same from `src/` and `dist/`). */
export function modelPath(file: string): string {
  return fileURLToPath(new URL(`../models/${file}`, import.meta.url));
}

/** onnxruntime-node session options of every model (see {@link loadNodeModels}). */
const SESSION_OPTIONS = {
  executionProviders: ["cpu"],
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  enableCpuMemArena: false,
};
const tensor = (data: Float32Array, dims: readonly number[]) => new ort.Tensor("float32", data, dims);

/**
 * Load the engine's models with onnxruntime-node (CPU, one intra-op thread: the engine runs one song per
 * thread), once per process or worker thread; later calls share the first load. The CPU memory arena is
 * off: each model runs once per song, and an arena would keep its largest buffers (a 10-minute song's
 * beat bands and chord probabilities) for the life of the process — with it a 10-minute song peaked at
 * about 290 MB in the CLI, without it at about 240 MB, at the same speed.
 * @throws {AnalysisError} (as a rejection) when a model file is missing or invalid; the next call tries again.
 */
export const loadNodeModels: () => Promise<EngineModels> = loadOnce(async () => {
  const [key, chords, beats, chordKey] = await Promise.all([
    ort.InferenceSession.create(modelPath(KEY_MODEL_FILE), SESSION_OPTIONS),
    ort.InferenceSession.create(modelPath(CHORD_MODEL_FILE), SESSION_OPTIONS),
    ort.InferenceSession.create(modelPath(BEAT_MODEL_FILE), SESSION_OPTIONS),
    ort.InferenceSession.create(modelPath(CHORD_KEY_MODEL_FILE), SESSION_OPTIONS),
  ]);
  return {
    key: createOnnxKeyModel(key, tensor),
    chords: createOnnxChordModel(chords, tensor),
    beats: createOnnxBeatModel(beats, tensor),
    chordKey: createOnnxChordKeyModel(chordKey, tensor),
  };
}, `the engine's models (models/${KEY_MODEL_FILE}, models/${CHORD_MODEL_FILE}, models/${BEAT_MODEL_FILE}, models/${CHORD_KEY_MODEL_FILE})`);

/**
 * Live's frame model with onnxruntime-node, for `bench:live` and tests (the offline engine does not read
 * it, so {@link loadNodeModels} leaves it out; in the browser the live Worker loads it).
 * @param path one `.onnx` file: a candidate compared with `bench:live --frame-model`. Default: the
 *   package's members ({@link LIVE_CHORD_MODEL_FILES}) read as one by `averageLiveChordModels`, as Live runs them.
 * @throws {AnalysisError} (as a rejection) when a file cannot be loaded or lacks the model's input or output.
 */
export async function loadNodeLiveChordModel(path?: string): Promise<LiveChordModel> {
  if (path === undefined)
    return averageLiveChordModels(
      await Promise.all(LIVE_CHORD_MODEL_FILES.map((file) => loadNodeLiveChordModel(modelPath(file)))),
    );
  try {
    return createOnnxLiveChordModel(await ort.InferenceSession.create(path, SESSION_OPTIONS), tensor);
  } catch (cause) {
    throw cause instanceof AnalysisError
      ? cause
      : new AnalysisError(`could not load Live's chord model ${path}: ${String(cause)}`, { cause });
  }
}

/**
 * Live's key model with onnxruntime-node, for `bench:live` and tests (the offline engine reads
 * `models/key.onnx` through {@link loadNodeModels}; in the browser the live Worker loads this one), or
 * another `.onnx` file of the key model's signature (inputs `features` [1, B, 24] and `weights` [1, B],
 * output `probabilities` [1, 24]): a candidate compared with `bench:live --key-model`.
 * @param path the `.onnx` file (default the package's `models/live-key.onnx`).
 * @throws {AnalysisError} (as a rejection) when it cannot be loaded or lacks the model's inputs or output.
 */
export async function loadNodeKeyModel(path: string = modelPath(LIVE_KEY_MODEL_FILE)): Promise<KeyModel> {
  try {
    return createOnnxKeyModel(await ort.InferenceSession.create(path, SESSION_OPTIONS), tensor);
  } catch (cause) {
    throw cause instanceof AnalysisError
      ? cause
      : new AnalysisError(`could not load the key model ${path}: ${String(cause)}`, { cause });
  }
}
