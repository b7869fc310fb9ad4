import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Lesson, LessonListResponse, SaveProgressResponse } from "@tonic/api";
import { ApiError, api } from "@/lib/api";
import { useSession } from "@/lib/auth";

export type { CourseAccess, Lesson, LessonSection, LessonSummary, QuizQuestion } from "@tonic/api";

const LESSONS_KEY = ["course", "lessons"] as const;

/** The course list and the caller's access; waits for the session so progress belongs to the right user. */
export function useLessons() {
  const session = useSession();
  const query = useQuery({
    queryKey: [...LESSONS_KEY, session.user?.id ?? null],
    queryFn: () => api("/api/learn", LessonListResponse),
    enabled: session.status !== "loading",
  });
  return { ...query, isPending: query.isPending || session.status === "loading" };
}

/** One lesson; 401 / 403 / 404 are not retried (they are answers, not failures). */
export function useLesson(slug: string) {
  const session = useSession();
  return useQuery({
    queryKey: ["course", "lesson", slug, session.user?.id ?? null],
    queryFn: () => api(`/api/learn/${encodeURIComponent(slug)}`, Lesson),
    enabled: session.status !== "loading",
    retry: (count, err) => count < 2 && !(err instanceof ApiError && [401, 403, 404].includes(err.status)),
    staleTime: 5 * 60_000,
  });
}

/**
 * Save "lesson completed" (PRODUCT §7 concept_progress upsert). A failure is only logged and never
 * blocks the learner (PRODUCT §8).
 */
export function useSaveProgress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) =>
      api(`/api/learn/${encodeURIComponent(slug)}/progress`, SaveProgressResponse, { method: "PUT" }),
    onError: (err) => console.error("Failed to save course progress", err),
    onSettled: () => qc.invalidateQueries({ queryKey: LESSONS_KEY }),
  });
}
