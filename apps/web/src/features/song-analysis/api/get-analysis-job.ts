import { AnalysisJobResponse } from "@tonic/api";
import { api } from "@/lib/api";

/** Reads a job's state, with the song once it is done (`GET /api/analysis-jobs/:id`). */
export function getAnalysisJob(id: string): Promise<AnalysisJobResponse> {
  return api(`/api/analysis-jobs/${encodeURIComponent(id)}`, AnalysisJobResponse);
}
