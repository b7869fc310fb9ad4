/// <reference lib="webworker" />
import { analyzeVocal } from "@tonic/analysis";
import type { VocalAnalyzeRequest, VocalWorkerMessage } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

function post(msg: VocalWorkerMessage) {
  self.postMessage(msg);
}

self.onmessage = (event: MessageEvent<VocalAnalyzeRequest>) => {
  const { samples, sampleRate } = event.data;
  try {
    const r = analyzeVocal(samples, sampleRate);
    if (!r) {
      post({ type: "result", result: null });
      return;
    }
    const { pitchTrack: _track, notes: _notes, ...rest } = r;
    post({ type: "result", result: rest });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};

// Tells the page the module loaded (a browser that cannot run module workers never sends it).
post({ type: "ready" });
