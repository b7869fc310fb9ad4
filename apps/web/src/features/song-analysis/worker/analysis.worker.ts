/// <reference lib="webworker" />
import { analyzeAudio, toMono } from "@tonic/analysis";
import type { AnalyzeRequest, WorkerMessage } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

function post(msg: WorkerMessage) {
  self.postMessage(msg);
}

self.onmessage = async (event: MessageEvent<AnalyzeRequest>) => {
  const { channels, sampleRate } = event.data;
  try {
    const mono = channels.length === 1 && channels[0] ? channels[0] : toMono(channels);
    const result = await analyzeAudio(mono, sampleRate, {
      onProgress: (fraction, stage) => post({ type: "progress", fraction, stage }),
    });
    post({ type: "result", result });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};
