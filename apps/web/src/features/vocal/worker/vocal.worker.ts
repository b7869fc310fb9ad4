/// <reference lib="webworker" />
import { analyzeVocal, segmentNotes, trackPitch } from "@tonic/analysis";
import { THAATS } from "@tonic/theory/indian";
import { fewSungNotes } from "../lib/few-notes";
import type { VocalAnalyzeRequest, VocalWorkerMessage } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

function post(msg: VocalWorkerMessage) {
  self.postMessage(msg);
}

self.onmessage = (event: MessageEvent<VocalAnalyzeRequest>) => {
  const { samples, sampleRate } = event.data;
  try {
    // The singer's Sa is looked for among scales built on each note: the ten thaats.
    const r = analyzeVocal(samples, sampleRate, { saScales: THAATS.map((t) => t.intervals) });
    if (!r) {
      // Too plain for a key: name the notes held, if only a few (a single steady note, say).
      const fewNotes = fewSungNotes(segmentNotes(trackPitch(samples, sampleRate)).notes);
      post({ type: "result", result: null, fewNotes });
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
