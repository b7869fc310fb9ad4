import type { VocalAnalysisResult } from "@tonic/analysis";

/** Main thread → worker. The sample buffer is transferred, not copied. */
export interface VocalAnalyzeRequest {
  type: "analyze";
  samples: Float32Array;
  sampleRate: number;
}

/**
 * Worker → main thread. `result` is null when no scale could be detected; then `fewNotes` holds the one
 * to three different notes the singer held (MIDI, low to high), or null.
 */
export type VocalWorkerMessage =
  | { type: "ready" }
  | {
      type: "result";
      result: Omit<VocalAnalysisResult, "pitchTrack" | "notes"> | null;
      fewNotes?: number[] | null;
    }
  | { type: "error"; message: string };
