import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { AnalysisResult, AnalysisStage } from "@tonic/analysis";
import type { ThreadMessage, ThreadRequest } from "./thread-protocol.js";

/**
 * Runs `analyzeAudio` from `@tonic/analysis` in a worker thread (one thread per call, ended afterwards).
 * The thread's code is inline and imports the engine's built module, so it works the same from the
 * compiled server and from TypeScript sources (tests).
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
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("aborted"));
    const worker = new Worker(THREAD_CODE, { eval: true, workerData: { engineUrl: engineUrl() } });
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
      if (m.type === "progress") onProgress?.(m.fraction, m.stage);
      else if (m.type === "result") finish(() => resolve(m.result));
      else finish(() => reject(new Error(m.message)));
    });
    worker.on("error", (err) => finish(() => reject(err)));
    worker.on("exit", (code) => finish(() => reject(new Error(`analysis thread exited with code ${code}`))));
    const req: ThreadRequest = { samples, sampleRate };
    worker.postMessage(req, [samples.buffer as ArrayBuffer]);
  });
}

/** URL of the engine's built entry module (`@tonic/analysis`). */
function engineUrl(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve("@tonic/analysis")).href;
}

/** The thread: waits for one {@link ThreadRequest}, posts progress and one result or error. */
const THREAD_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
parentPort.once("message", async (req) => {
  const post = (m) => parentPort.postMessage(m);
  try {
    const { analyzeAudio } = await import(workerData.engineUrl);
    const result = analyzeAudio(req.samples, req.sampleRate, {
      onProgress: (fraction, stage) => post({ type: "progress", fraction, stage }),
    });
    post({ type: "result", result });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
});
`;
