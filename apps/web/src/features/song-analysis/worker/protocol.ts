import type { AnalysisResult, AnalysisStage } from "@tonic/analysis";

/** Main thread → worker. The channel buffers are transferred, not copied. */
export interface AnalyzeRequest {
  type: "analyze";
  channels: Float32Array[];
  sampleRate: number;
}

/** Worker → main thread. */
export type WorkerMessage =
  | { type: "progress"; fraction: number; stage: AnalysisStage }
  | { type: "result"; result: AnalysisResult }
  | { type: "error"; message: string };
