import { BLOG_LANGUAGES, COURSE_DAYS, LearningPath } from "@tonic/api";
import { z } from "zod";

export { BLOG_LANGUAGES, type BlogLanguage, COURSE_DAYS } from "@tonic/api";

/** Video providers of a lesson (PRODUCT §3 learning_concepts, §7 embed urls). */
export const VIDEO_PROVIDERS = ["youtube", "vimeo", "drive"] as const;

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens (e.g. my-lesson)");
const text = z.string().trim().min(1, "must not be empty");
/** "C major", "F# minor": a sharp root and Major or Minor (PRODUCT §5 key choices). */
const keyName = z
  .string()
  .regex(/^[A-G]#? (major|minor)$/, 'must be a root and "major" or "minor", e.g. "D major"');

/**
 * A machine-checkable claim about a quiz's correct choice, verified with `@tonic/theory` at
 * seed time (see `checks.ts`).
 */
export const QuizCheckSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("scale-notes"), scale: keyName }).strict(),
  z.object({ kind: z.literal("chord-notes"), chord: text }).strict(),
  z.object({ kind: z.literal("relative-key"), key: keyName }).strict(),
  z
    .object({ kind: z.literal("diatonic-chord"), key: keyName, degree: z.number().int().min(1).max(7) })
    .strict(),
]);
export type QuizCheck = z.infer<typeof QuizCheckSchema>;

export const QuizQuestionSchema = z
  .object({
    question: text,
    choices: z.array(text).min(2, "needs at least 2 choices").max(6, "allows at most 6 choices"),
    answer: z.number().int().min(0),
    explanation: text,
    check: QuizCheckSchema.optional(),
  })
  .strict()
  .refine((q) => q.answer < q.choices.length, {
    message: "answer must be the index of one of the choices (0-based)",
    path: ["answer"],
  })
  .refine((q) => new Set(q.choices).size === q.choices.length, {
    message: "choices must be different from each other",
    path: ["choices"],
  });
export type QuizQuestion = z.infer<typeof QuizQuestionSchema>;

/** Front matter of `content/course/*.md` (PRODUCT §3 learning_concepts plus the lesson quiz). */
export const LessonFrontMatterSchema = z
  .object({
    slug,
    title: text,
    description: text,
    /** Which path the lesson belongs to (PRODUCT §1 Learn); the 20-day course when left out. */
    path: z.enum(LearningPath.options).default("course"),
    course_day: z.number().int().min(1).max(COURSE_DAYS),
    order_index: z.number().int().min(0),
    video_provider: z.enum(VIDEO_PROVIDERS).optional(),
    video_provider_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, "must be a bare video id (letters, digits, - and _)")
      .optional(),
    quiz: z.array(QuizQuestionSchema).min(1, "every lesson needs a quiz"),
  })
  .strict()
  .refine((l) => (l.video_provider === undefined) === (l.video_provider_id === undefined), {
    message: "video_provider and video_provider_id must be given together",
    path: ["video_provider_id"],
  });
export type LessonFrontMatter = z.infer<typeof LessonFrontMatterSchema>;

/** `yyyy-mm-dd` (YAML may also hand us a Date for an unquoted timestamp). */
const dateOnly = z.preprocess(
  (v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v),
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written yyyy-mm-dd")
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "must be a real date"),
);

/** Front matter of `content/blog/*.md` (PRODUCT §3 blog_posts; the body is the description). */
export const BlogFrontMatterSchema = z
  .object({
    slug,
    title: text,
    subject: text,
    language: z.enum(BLOG_LANGUAGES),
    created_at: dateOnly,
    youtube_url: z.url({ protocol: /^https?$/ }).optional(),
  })
  .strict();
export type BlogFrontMatter = z.infer<typeof BlogFrontMatterSchema>;
