/// <reference lib="webworker" />
import { LiveListener } from "@tonic/analysis";
import type { LiveWorkerMessage, LiveWorkerRequest } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

let listener: LiveListener | null = null;
let tuningCents = 0;

function post(msg: LiveWorkerMessage) {
  self.postMessage(msg);
}

/** Runs `LiveListener` (the same code as `npm run bench:live`) on the microphone blocks. */
self.onmessage = (event: MessageEvent<LiveWorkerRequest>) => {
  const msg = event.data;
  try {
    if (msg.type === "start") {
      listener = new LiveListener(msg.sampleRate, { a4Hz: msg.a4Hz });
      tuningCents = 0;
    } else if (msg.type === "tuner") {
      listener?.setTuner(msg.on, msg.instrument, msg.a4Hz);
    } else if (msg.type === "reset-key") {
      listener?.resetKey();
    } else if (msg.type === "audio" && listener) {
      const u = listener.push(msg.samples);
      if (Number.isFinite(u.tuningCents)) tuningCents = u.tuningCents;
      const last = u.chords[u.chords.length - 1];
      if (!last && u.tuner === undefined) return;
      post({
        type: "update",
        chord: last?.chord ?? "N",
        changed: u.chords.some((c) => c.changed),
        confidence: last?.confidence ?? 0,
        key: u.key,
        tuner: u.tuner,
        time: last ? last.time : null,
        tuningCents,
      });
    }
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};

post({ type: "ready" });
