import { parentPort, workerData } from "node:worker_threads";
import type { ThreadMessage, ThreadRequest } from "./thread-protocol.js";

/** What `analyze-in-thread.ts` passes: the engine module to load (see its `engineSource`). */
interface ThreadData {
  engineUrl: string;
}

type Engine = typeof import("@tonic/analysis/node");

/**
 * The analysis thread, started once per call by `analyze-in-thread.ts`: waits for one
 * {@link ThreadRequest}, posts progress and one result or error.
 */
const port = parentPort;
if (!port) throw new Error("analysis-thread runs as a worker thread only");
port.once("message", async (req: ThreadRequest) => {
  const post = (m: ThreadMessage) => port.postMessage(m);
  try {
    const engine = (await import((workerData as ThreadData).engineUrl)) as Engine;
    if (req.kind === "vocal") {
      post({ type: "vocal-result", result: engine.analyzeVocal(req.samples, req.sampleRate) });
      return;
    }
    const result = await engine.analyzeAudio(req.samples, req.sampleRate, {
      onProgress: (fraction, stage) => post({ type: "progress", fraction, stage }),
      models: await engine.loadNodeModels(),
    });
    post({ type: "result", result });
  } catch (err) {
    post({ type: "error", message: err instanceof Error ? err.message : String(err) });
  }
});
