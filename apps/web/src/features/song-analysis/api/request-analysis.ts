import { AnalyzeResponse } from "@tonic/api";
import { api } from "@/lib/api";

/**
 * Starts (or joins) the analysis of a link (`POST /api/analyze-audio`).
 * @throws {ApiError} 401/403 from the gate (body `{ error, reason, expired }`), 400 bad link, 503 tools missing.
 */
export function requestAnalysis(youtubeUrl: string): Promise<AnalyzeResponse> {
  return api("/api/analyze-audio", AnalyzeResponse, { method: "POST", json: { youtubeUrl } });
}
