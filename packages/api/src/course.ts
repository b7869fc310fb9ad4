import * as z from "zod/mini";
import { IsoTime } from "./common.js";

/** Who is asking, as the server decided it (PRODUCT §6). */
export const CourseAccess = z.enum(["visitor", "free", "paid"]);
export type CourseAccess = z.infer<typeof CourseAccess>;

/**
 * A learning path (PRODUCT §1 Learn): the 20-day Premium course, or the free "Indian music basics"
 * path that everyone, visitors too, may read (PRODUCT §12, §15).
 */
export const LearningPath = z.enum(["course", "indian-basics"]);
export type LearningPath = z.infer<typeof LearningPath>;
/** Paths whose lessons are open to everyone. */
export const FREE_PATHS: readonly LearningPath[] = ["indian-basics"];

/** One day of `GET /api/learn`. */
export const LessonSummary = z.object({
  slug: z.string(),
  path: LearningPath,
  title: z.string(),
  description: z.string(),
  course_day: z.number().check(z.int()),
  order_index: z.number().check(z.int()),
  /** Section titles, in order. */
  sections: z.array(z.string()),
  /** ISO time the user completed the lesson, or null (PRODUCT §7 concept_progress.last_viewed). */
  last_viewed: z.nullable(IsoTime),
});
export type LessonSummary = z.infer<typeof LessonSummary>;

/** `GET /api/learn` response. */
export const LessonListResponse = z.object({ access: CourseAccess, lessons: z.array(LessonSummary) });
export type LessonListResponse = z.infer<typeof LessonListResponse>;

/** One section of a lesson; paragraphs separated by blank lines, example lines like `{{piano scale="C major"}}`. */
export const LessonSection = z.object({
  title: z.string(),
  type: z.literal("text"),
  content: z.string(),
  images: z.array(z.string()),
});
export type LessonSection = z.infer<typeof LessonSection>;

/** A quiz question; `answer` indexes `choices`. */
export const QuizQuestion = z.object({
  question: z.string(),
  choices: z.array(z.string()),
  answer: z.number().check(z.int(), z.nonnegative()),
  explanation: z.string(),
});
export type QuizQuestion = z.infer<typeof QuizQuestion>;

/** `GET /api/learn/:slug` (PAID users only, except lessons of a free path). */
export const Lesson = z.object({
  slug: z.string(),
  path: LearningPath,
  title: z.string(),
  description: z.string(),
  course_day: z.number().check(z.int()),
  order_index: z.number().check(z.int()),
  video_provider: z.nullable(z.enum(["youtube", "vimeo", "drive"])),
  video_provider_id: z.nullable(z.string()),
  sections: z.array(LessonSection),
  quiz: z.array(QuizQuestion),
});
export type Lesson = z.infer<typeof Lesson>;

/** `PUT /api/learn/:slug/progress` response. */
export const SaveProgressResponse = z.object({ last_viewed: IsoTime });
/** `DELETE /api/learn/progress` response. */
export const ResetProgressResponse = z.object({ deleted: z.number().check(z.int(), z.nonnegative()) });
export type SaveProgressResponse = z.infer<typeof SaveProgressResponse>;
export type ResetProgressResponse = z.infer<typeof ResetProgressResponse>;
