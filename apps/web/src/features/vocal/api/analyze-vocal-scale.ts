import { VocalScaleResult } from "@tonic/api";
import { ApiError, api } from "@/lib/api";

/**
 * Analyses a WAV recording on the server (`POST /api/analyze-vocal-scale`, multipart field `audio`);
 * used only when the browser cannot run the analysis worker.
 * @returns the result, or null for 422 "Unable to detect scale" (PRODUCT §8).
 * @throws {ApiError} for any other failure (400/413/415 with the server's message, 0 offline).
 */
export async function analyzeVocalScale(wav: Blob): Promise<VocalScaleResult | null> {
  const form = new FormData();
  form.append("audio", wav, "recording.wav");
  try {
    return await api("/api/analyze-vocal-scale", VocalScaleResult, { method: "POST", body: form });
  } catch (err) {
    if (err instanceof ApiError && err.status === 422) return null;
    throw err;
  }
}
