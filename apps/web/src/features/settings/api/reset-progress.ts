import { ResetProgressResponse } from "@tonic/api";
import { api } from "@/lib/api";

/** Deletes the signed-in user's course progress (`DELETE /api/learn/progress`); resolves with the count deleted. */
export function resetProgress(): Promise<ResetProgressResponse> {
  return api("/api/learn/progress", ResetProgressResponse, { method: "DELETE" });
}
