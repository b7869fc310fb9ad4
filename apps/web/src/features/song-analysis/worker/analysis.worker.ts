/// <reference lib="webworker" />
import { analyzeAudio, type EngineModels, toMono } from "@tonic/analysis";
import keyModelUrl from "@tonic/analysis/models/key.onnx?url";
import { loadWebModels } from "@tonic/analysis/web";
import wasmUrl from "onnxruntime-web/ort-wasm-simd-threaded.wasm?url";
import type { AnalyzeRequest, WorkerMessage } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

function post(msg: WorkerMessage) {
  self.postMessage(msg);
}

/**
 * The engine's learned models (onnxruntime-web, WebAssembly), loaded here and only here, so neither the
 * runtime nor the model is fetched before a file is analysed. When the runtime cannot start (a browser
 * without WebAssembly SIMD, say), the analysis still runs with the hand-written key stage; the reason
 * goes to the console, not to the user.
 */
async function models(): Promise<EngineModels> {
  try {
    return await loadWebModels({ keyModelUrl, wasmUrl });
  } catch (err) {
    console.warn("Tonic: learned key model unavailable, using the hand-written key stage:", err);
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
