import type { AnalysisResult, AnalysisStage, VocalAnalysisResult } from "@tonic/analysis";

/**
 * Main thread → analysis thread: `song` runs `analyzeAudio` with the learned models (link analyses,
 * demo songs); `vocal` runs `analyzeVocal` (pYIN) on an uploaded voice recording.
 */
export interface ThreadRequest {
  kind: "song" | "vocal";
  samples: Float32Array;
  /** Hz */
  sampleRate: number;
}

/** Analysis thread → main thread. */
export type ThreadMessage =
  | { type: "progress"; fraction: number; stage: AnalysisStage }
  | { type: "result"; result: AnalysisResult }
  | { type: "vocal-result"; result: VocalAnalysisResult | null }
  | { type: "error"; message: string };
