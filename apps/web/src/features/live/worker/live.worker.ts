/// <reference lib="webworker" />
import { type EngineModels, isQuietInput, LiveListener } from "@tonic/analysis";
import chordModelUrl from "@tonic/analysis/models/chords.onnx?url";
import liveChordModelUrl from "@tonic/analysis/models/live-chords.onnx?url";
import liveChordModel22Url from "@tonic/analysis/models/live-chords-seed22.onnx?url";
import liveChordModel23Url from "@tonic/analysis/models/live-chords-seed23.onnx?url";
import keyModelUrl from "@tonic/analysis/models/live-key.onnx?url";
import { loadWebModels } from "@tonic/analysis/web";
import wasmUrl from "onnxruntime-web/ort-wasm-simd-threaded.wasm?url";
import type { LiveWorkerMessage, LiveWorkerRequest } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

let listener: LiveListener | null = null;
let tuningCents = 0;

/**
 * Live's learned key model (`models/live-key.onnx`, the engine's key model fine-tuned on Live's own 30-s
 * windows), the engine's chord model and Live's frame model (onnxruntime-web), loaded when
 * listening starts — the Live page's first load fetches neither the runtime nor the models. Until they
 * have loaded, or when they cannot (no WebAssembly SIMD, say), the key comes from the hand-written key
 * stage and the chords from the template recogniser with the small built-in chord model; the reason goes
 * to the console.
 */
let models: Promise<EngineModels> | null = null;
function loadModels(): Promise<EngineModels> {
  // Live's frame model: the three members of LIVE_CHORD_MODEL_FILES, averaged.
  const liveChordModelUrls = [liveChordModelUrl, liveChordModel22Url, liveChordModel23Url];
  models ??= loadWebModels({ keyModelUrl, chordModelUrl, liveChordModelUrls, wasmUrl }).catch(
    (err: unknown) => {
      console.warn(
        "Tonic: the learned models are unavailable in Live, using the hand-written key stage and built-in chord model:",
        err,
      );
      return {};
    },
  );
  return models;
}

function post(msg: LiveWorkerMessage) {
  self.postMessage(msg);
}

/** Runs `LiveListener` (the same code as `npm run bench:live`) on the microphone blocks. */
self.onmessage = (event: MessageEvent<LiveWorkerRequest>) => {
  const msg = event.data;
  try {
    if (msg.type === "start") {
      const started = new LiveListener(msg.sampleRate, { a4Hz: msg.a4Hz });
      listener = started;
      tuningCents = 0;
      void loadModels().then((m) => {
        if (listener !== started) return;
        if (m.key) started.setKeyModel(m.key);
        if (m.chords) started.setChordModel(m.chords);
        if (m.liveChords) started.setLiveChordModel(m.liveChords);
      });
    } else if (msg.type === "tuner") {
      listener?.setTuner(msg.on, msg.instrument, msg.a4Hz);
    } else if (msg.type === "reset-key") {
      listener?.resetKey();
    } else if (msg.type === "audio" && listener) {
      const u = listener.push(msg.samples);
      listener.refreshKey().catch((err: unknown) => {
        console.warn("Tonic: the learned key model failed in Live, using the hand-written key stage:", err);
      });
      listener.refreshChords().catch((err: unknown) => {
        console.warn("Tonic: the learned chord model failed in Live, using the built-in chord model:", err);
      });
      listener.refreshFrames().catch((err: unknown) => {
        console.warn("Tonic: Live's learned chord model failed, using the template recogniser:", err);
      });
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
        quietInput: isQuietInput(u.inputDbfs),
      });
    }
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
};

post({ type: "ready" });
