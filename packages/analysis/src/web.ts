/**
 * Browser entry of the engine's learned models: onnxruntime-web (WebAssembly, single-threaded) sessions
 * for the analysis Web Worker. Import it only from the Worker, so the runtime and the models never load
 * with the first page.
 *
 *   import { loadWebModels } from "@tonic/analysis/web";
 *   const models = await loadWebModels({ keyModelUrl, chordModelUrl, beatModelUrl, chordKeyModelUrl, wasmUrl });
 *   // the Live Worker: { keyModelUrl (of models/live-key.onnx), chordModelUrl, liveChordModelUrls, wasmUrl }
 *   await analyzeAudio(mono, rate, { models });
 */
import * as ort from "onnxruntime-web/wasm";
import {
  createOnnxBeatModel,
  createOnnxChordKeyModel,
  createOnnxChordModel,
  createOnnxKeyModel,
  createOnnxLiveChordModel,
  loadOnce,
} from "./key-model.js";
import { averageLiveChordModels } from "./live/frame-ensemble.js";
import type { EngineModels } from "./types.js";

/** Where the Worker finds the model and the runtime's WebAssembly binary (URLs the bundler emitted). */
export interface WebModelUrls {
  /** URL of `models/key.onnx` (the Live Worker gives Live's key model, `models/live-key.onnx`) */
  keyModelUrl: string;
  /** URL of `models/chords.onnx` */
  chordModelUrl: string;
  /** URL of `models/beats.onnx` (optional: Live has no beats to track, so its Worker leaves it out) */
  beatModelUrl?: string;
  /** URL of `models/key-chords.onnx` (optional, as the beat model: Live's key is the key model's) */
  chordKeyModelUrl?: string;
  /**
   * URLs of Live's frame model's members, `models/live-chords*.onnx` (`LIVE_CHORD_MODEL_FILES`; optional:
   * only the Live Worker reads Live's frame model), read as one by `averageLiveChordModels`.
   */
  liveChordModelUrls?: readonly string[];
  /** URL of onnxruntime-web's `ort-wasm-simd-threaded.wasm` */
  wasmUrl: string;
}

let load: (() => Promise<EngineModels>) | null = null;

/**
 * Load the engine's models with onnxruntime-web, once per Worker (later calls share the first load; the
 * URLs of the first call are used).
 * @throws {AnalysisError} (as a rejection) when the runtime or a model cannot be loaded; the next call
 * tries again.
 */
export function loadWebModels(urls: WebModelUrls): Promise<EngineModels> {
  load ??= loadOnce(async () => {
    ort.env.wasm.numThreads = 1;
    ort.env.wasm.wasmPaths = { wasm: urls.wasmUrl };
    const options = { executionProviders: ["wasm"] };
    const [key, chords, beats, chordKey, liveChords] = await Promise.all([
      ort.InferenceSession.create(urls.keyModelUrl, options),
      ort.InferenceSession.create(urls.chordModelUrl, options),
      urls.beatModelUrl ? ort.InferenceSession.create(urls.beatModelUrl, options) : null,
      urls.chordKeyModelUrl ? ort.InferenceSession.create(urls.chordKeyModelUrl, options) : null,
      Promise.all((urls.liveChordModelUrls ?? []).map((url) => ort.InferenceSession.create(url, options))),
    ]);
    const tensor = (data: Float32Array, dims: readonly number[]) => new ort.Tensor("float32", data, dims);
    const models: EngineModels = {
      key: createOnnxKeyModel(key, tensor),
      chords: createOnnxChordModel(chords, tensor),
    };
    if (beats) models.beats = createOnnxBeatModel(beats, tensor);
    if (chordKey) models.chordKey = createOnnxChordKeyModel(chordKey, tensor);
    if (liveChords.length > 0)
      models.liveChords = averageLiveChordModels(liveChords.map((s) => createOnnxLiveChordModel(s, tensor)));
    return models;
  }, "the engine's models");
  return load();
}
