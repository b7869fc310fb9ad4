import type { AnalysisResult, AnalysisStage } from "@tonic/analysis";

/** Main thread → analysis thread. */
export interface ThreadRequest {
  samples: Float32Array;
  /** Hz */
  sampleRate: number;
}

/** Analysis thread → main thread. */
export type ThreadMessage =
  | { type: "progress"; fraction: number; stage: AnalysisStage }
  | { type: "result"; result: AnalysisResult }
  | { type: "error"; message: string };
