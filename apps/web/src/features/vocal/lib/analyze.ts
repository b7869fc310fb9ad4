import { analyzeVocalScale } from "../api/analyze-vocal-scale";
import type { VocalAnalyzeRequest, VocalWorkerMessage } from "../worker/protocol";
import { fromEngine, fromServer, type VocalView } from "./result";

/** Raised when the analysis failed (PRODUCT §8 "Error analyzing audio"). */
export class VocalAnalysisError extends Error {
  override name = "VocalAnalysisError";
}

/** No scale could be detected; `fewNotes` are the one to three notes held (MIDI), when that is why. */
export interface NoScale {
  noScale: true;
  fewNotes: number[] | null;
}

/** The worker could not be started in this browser; the caller falls back to the server. */
class WorkerUnavailable extends Error {}

function analyzeInWorker(samples: Float32Array, sampleRate: number): Promise<VocalView | NoScale> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("../worker/vocal.worker.ts", import.meta.url), { type: "module" });
    } catch {
      reject(new WorkerUnavailable());
      return;
    }
    let ready = false;
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<VocalWorkerMessage>) => {
      const msg = event.data;
      if (msg.type === "ready") {
        ready = true;
        const request: VocalAnalyzeRequest = { type: "analyze", samples, sampleRate };
        worker.postMessage(request, [samples.buffer as ArrayBuffer]);
      } else if (msg.type === "result") {
        done();
        resolve(msg.result ? fromEngine(msg.result) : { noScale: true, fewNotes: msg.fewNotes ?? null });
      } else {
        done();
        reject(new VocalAnalysisError(msg.message));
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      done();
      reject(ready ? new VocalAnalysisError(e.message || "worker error") : new WorkerUnavailable());
    };
  });
}

async function analyzeOnServer(wav: Blob): Promise<VocalView | NoScale> {
  const result = await analyzeVocalScale(wav);
  return result ? fromServer(result) : { noScale: true, fewNotes: null };
}

/**
 * Analyse a recording: in a Web Worker on this device (the recording never leaves it), or — only
 * when this browser cannot run the module worker — on the server (`POST /api/analyze-vocal-scale`).
 *
 * @param samples mono PCM of the recording (transferred to the worker; do not reuse).
 * @param sampleRate Hz.
 * @param wav the same recording as a WAV blob, uploaded only on the fallback path.
 * @returns the result, or {@link NoScale} when no scale could be detected (PRODUCT §8 "Unable to detect
 *   scale"), with the notes held when there were only a few.
 * @throws {VocalAnalysisError} or {@link ApiError} when the analysis failed.
 */
export async function analyzeRecording(
  samples: Float32Array,
  sampleRate: number,
  wav: Blob,
): Promise<VocalView | NoScale> {
  if (typeof Worker === "function") {
    try {
      return await analyzeInWorker(samples, sampleRate);
    } catch (err) {
      if (!(err instanceof WorkerUnavailable)) throw err;
    }
  }
  return analyzeOnServer(wav);
}
