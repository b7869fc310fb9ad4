import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { AnalysisResult, AnalysisStage, VocalAnalysisResult } from "@tonic/analysis";
import type { ThreadMessage, ThreadRequest } from "./thread-protocol.js";

/**
 * Runs `analyzeAudio` from `@tonic/analysis/node` with the engine's learned models (`loadNodeModels`,
 * onnxruntime-node) in a worker thread (one thread per call, ended afterwards).
 * The thread is `analysis-thread.ts`. The compiled server's thread imports the engine's built module;
 * when this file runs from its TypeScript source (tests, `tsx`), the thread starts through
 * `analysis-thread-source.mjs` (tsx) and imports the engine's source, so a test never runs a stale `dist`.
 *
 * @param samples mono PCM, −1..1 (its buffer is transferred: do not use it afterwards).
 * @param sampleRate Hz.
 * @param onProgress called with the engine's overall fraction (0..1) and stage.
 * @param signal aborts the analysis (terminates the thread).
 * @returns the engine's result.
 * @throws Error with the engine's message when it fails, or "aborted" when `signal` fires.
 */
export function analyzeInThread(
  samples: Float32Array,
  sampleRate: number,
  onProgress?: (fraction: number, stage: AnalysisStage) => void,
  signal?: AbortSignal,
): Promise<AnalysisResult> {
  return runInThread({ kind: "song", samples, sampleRate }, signal, (m) => {
    if (m.type === "progress") onProgress?.(m.fraction, m.stage);
    return m.type === "result" ? { value: m.result } : null;
  });
}

/**
 * Runs `analyzeVocal` (pYIN, `@tonic/analysis`) on a voice recording in a worker thread, the same
 * one-thread-per-call mechanism as {@link analyzeInThread}, so the event loop stays free. The engine
 * decimates to 11–22 kHz itself before pitch tracking, so any rate from 8 to 384 kHz may be passed.
 *
 * @param samples mono PCM, −1..1 (its buffer is transferred: do not use it afterwards).
 * @param sampleRate Hz, 8000..384000.
 * @param signal aborts the analysis (terminates the thread).
 * @returns the engine's vocal result, or null when no scale can be detected.
 * @throws Error with the engine's message when it fails, or "aborted" when `signal` fires.
 */
export function analyzeVocalInThread(
  samples: Float32Array,
  sampleRate: number,
  signal?: AbortSignal,
): Promise<VocalAnalysisResult | null> {
  return runInThread({ kind: "vocal", samples, sampleRate }, signal, (m) =>
    m.type === "vocal-result" ? { value: m.result } : null,
  );
}

/**
 * Starts one thread for `req` and settles with what `pick` takes from its messages (`{ value }`), or
 * rejects on an error message, a thread error or exit, or `signal`.
 */
function runInThread<T>(
  req: ThreadRequest,
  signal: AbortSignal | undefined,
  pick: (m: ThreadMessage) => { value: T } | null,
): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("aborted"));
    const worker = new Worker(THREAD_FILE, { workerData: { engineUrl: engineUrl() } });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      fn();
    };
    const onAbort = () => finish(() => reject(new Error("aborted")));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("message", (m: ThreadMessage) => {
      if (m.type === "error") return finish(() => reject(new Error(m.message)));
      const picked = pick(m);
      if (picked) finish(() => resolve(picked.value));
    });
    worker.on("error", (err) => finish(() => reject(err)));
    worker.on("exit", (code) => finish(() => reject(new Error(`analysis thread exited with code ${code}`))));
    worker.postMessage(req, [req.samples.buffer as ArrayBuffer]);
  });
}

/** True when this module runs from its TypeScript source (tests, `tsx`) rather than from `dist`. */
const FROM_SOURCE = import.meta.url.endsWith(".ts");

/** The thread's module: `analysis-thread.js` next to this one, or its source through tsx. */
const THREAD_FILE = new URL(
  FROM_SOURCE ? "./analysis-thread-source.mjs" : "./analysis-thread.js",
  import.meta.url,
);

/**
 * The engine the thread runs: its built Node entry (`@tonic/analysis/node`) for the compiled server, or
 * `packages/analysis/src/node.ts` (through tsx) when this module itself runs from source.
 */
function engineUrl(): string {
  if (FROM_SOURCE) return new URL("../../../../packages/analysis/src/node.ts", import.meta.url).href;
  return pathToFileURL(createRequire(import.meta.url).resolve("@tonic/analysis/node")).href;
}
