import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api";
import { useSession } from "@/lib/auth";

/** Who is asking, as the server decided it (SPEC §6). */
export type CourseAccess = "visitor" | "free" | "paid";

/** One day of `GET /api/learn`. */
export interface LessonSummary {
  slug: string;
  title: string;
  description: string;
  course_day: number;
  order_index: number;
  sections: string[];
  /** ISO time the user completed the lesson, or null (SPEC §7 concept_progress.last_viewed). */
  last_viewed: string | null;
}

export interface LessonSection {
  title: string;
  type: "text";
  /** Paragraphs separated by blank lines; a paragraph may be an example line `{{piano scale="C major"}}`. */
  content: string;
  images: string[];
}

export interface QuizQuestion {
  question: string;
  choices: string[];
  /** Index of the right choice. */
  answer: number;
  explanation: string;
}

/** `GET /api/learn/:slug` (PAID users only). */
export interface Lesson {
  slug: string;
  title: string;
  description: string;
  course_day: number;
  order_index: number;
  video_provider: "youtube" | "vimeo" | "drive" | null;
  video_provider_id: string | null;
  sections: LessonSection[];
  quiz: QuizQuestion[];
}

const LESSONS_KEY = ["course", "lessons"] as const;

/** The course list and the caller's access; waits for the session so progress belongs to the right user. */
export function useLessons() {
  const session = useSession();
  const query = useQuery({
    queryKey: [...LESSONS_KEY, session.user?.id ?? null],
    queryFn: () => api<{ access: CourseAccess; lessons: LessonSummary[] }>("/api/learn"),
    enabled: session.status !== "loading",
  });
  return { ...query, isPending: query.isPending || session.status === "loading" };
}

/** One lesson; 401 / 403 / 404 are not retried (they are answers, not failures). */
export function useLesson(slug: string) {
  const session = useSession();
  return useQuery({
    queryKey: ["course", "lesson", slug, session.user?.id ?? null],
    queryFn: () => api<Lesson>(`/api/learn/${encodeURIComponent(slug)}`),
    enabled: session.status !== "loading",
    retry: (count, err) => count < 2 && !(err instanceof ApiError && [401, 403, 404].includes(err.status)),
    staleTime: 5 * 60_000,
  });
}

/**
 * Save "lesson completed" (SPEC §7 concept_progress upsert). A failure is only logged and never
 * blocks the learner (SPEC §8).
 */
export function useSaveProgress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) =>
      api<{ last_viewed: string }>(`/api/learn/${encodeURIComponent(slug)}/progress`, { method: "PUT" }),
    onError: (err) => console.error("Failed to save course progress", err),
    onSettled: () => qc.invalidateQueries({ queryKey: LESSONS_KEY }),
  });
}
