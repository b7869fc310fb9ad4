/// <reference lib="webworker" />
import { analyzeAudio, type EngineModels, toMono } from "@tonic/analysis";
import beatModelUrl from "@tonic/analysis/models/beats.onnx?url";
import chordModelUrl from "@tonic/analysis/models/chords.onnx?url";
import keyModelUrl from "@tonic/analysis/models/key.onnx?url";
import chordKeyModelUrl from "@tonic/analysis/models/key-chords.onnx?url";
import { loadWebModels } from "@tonic/analysis/web";
import wasmUrl from "onnxruntime-web/ort-wasm-simd-threaded.wasm?url";
import type { AnalyzeRequest, WorkerMessage } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

function post(msg: WorkerMessage) {
  self.postMessage(msg);
}

/**
 * The engine's learned models (onnxruntime-web, WebAssembly), loaded here and only here, so neither the
 * runtime nor the models are fetched before a file is analysed. When the runtime cannot start (a browser
 * without WebAssembly SIMD, say), the analysis still runs with the hand-written key, chord and beat stages;
 * the reason goes to the console, not to the user.
 */
async function models(): Promise<EngineModels> {
  try {
    return await loadWebModels({
      keyModelUrl,
      chordModelUrl,
      beatModelUrl,
      chordKeyModelUrl,
      wasmUrl,
    });
  } catch (err) {
    console.warn(
      "Tonic: learned models unavailable, using the hand-written key, chord and beat stages:",
      err,
    );
    return {};
  }
}

self.onmessage = async (event: MessageEvent<AnalyzeRequest>) => {
  const { channels, sampleRate } = event.data;
  try {
    const mono = channels.length === 1 && channels[0] ? channels[0] : toMono(channels);
    const result = await analyzeAudio(mono, sampleRate, {
      onProgress: (fraction, stage) => post({ type: "progress", fraction, stage }),
      models: await models(),
    });
    post({ type: "result", result });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};
