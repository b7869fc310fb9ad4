import { FREE_PATHS } from "@tonic/api";
import { type Kysely, sql } from "kysely";
import type { Database, LearningPath, LessonQuizQuestion, LessonSection } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { currentTier } from "../tiers/gate.js";

/** PRODUCT §8 "Learning" messages. */
export const LOGIN_REQUIRED = "Please log in to access learning content";
export const UPGRADE_REQUIRED = "Please upgrade to Premium to access learning content";
export const TOPIC_NOT_FOUND = "Topic not found";

/** Who is asking, as far as the course is concerned (PRODUCT §6). */
export type CourseAccess = "visitor" | "free" | "paid";

/** One day of the course list (PRODUCT §2 /learn). */
export interface LessonSummary {
  slug: string;
  /** The lesson's learning path: the Premium course or the free Indian music basics (PRODUCT §1). */
  path: LearningPath;
  title: string;
  description: string;
  course_day: number;
  order_index: number;
  /** Section titles, in order. */
  sections: string[];
  /** When the signed-in user last completed this lesson (ISO), or null. */
  last_viewed: string | null;
}

/** A lesson's full content (PRODUCT §3 learning_concepts), only for PAID users. */
export interface LessonDetail {
  slug: string;
  path: LearningPath;
  title: string;
  description: string;
  course_day: number;
  order_index: number;
  video_provider: "youtube" | "vimeo" | "drive" | null;
  video_provider_id: string | null;
  sections: LessonSection[];
  quiz: LessonQuizQuestion[];
}

/**
 * The course tier of a user (PRODUCT §4, §6), decided by the shared tier rules of
 * `tiers/gate.ts` `currentTier`: PAID only while subscription_end_date is after today (UTC); an
 * expired PAID profile is downgraded to FREE in the database (PRODUCT §4) and counts as FREE.
 *
 * Parameters
 * ----------
 * db : Kysely<Database>
 * userId : string | null
 *     The session user's id, or null for a visitor.
 * now : Date
 *     The current time (tests pass a fixed one).
 *
 * Returns
 * -------
 * CourseAccess
 *     "visitor" without a user, "paid" for a valid PAID profile, otherwise "free".
 */
export async function courseAccess(
  db: Kysely<Database>,
  userId: string | null,
  now: Date = new Date(),
): Promise<CourseAccess> {
  if (!userId) return "visitor";
  const tier = await currentTier(db, userId, now);
  return tier?.userType === "PAID" ? "paid" : "free";
}

/**
 * Throw the PRODUCT §8 message unless the user may read lesson content (PRODUCT §6).
 *
 * Raises
 * ------
 * HttpError
 *     401 "Please log in to access learning content" for a visitor, 403 "Please upgrade to
 *     Premium to access learning content" for a FREE (or expired PAID) user.
 */
export function assertPaid(access: CourseAccess): void {
  if (access === "visitor") throw new HttpError(401, LOGIN_REQUIRED);
  if (access === "free") throw new HttpError(403, UPGRADE_REQUIRED);
}

/**
 * Throw the PRODUCT §8 message unless the user may read this lesson: PAID users read every lesson, and
 * everyone, visitors too, reads the lessons of a free path (PRODUCT §1 Learn: Indian music basics).
 * An unknown slug is gated like a course lesson, so the 404 comes only after the gate.
 *
 * Raises
 * ------
 * HttpError
 *     401 / 403 as {@link assertPaid} for a course lesson or an unknown slug.
 */
export async function assertMayRead(db: Kysely<Database>, access: CourseAccess, slug: string): Promise<void> {
  if (access === "paid") return;
  const row = await db
    .selectFrom("learning_concepts")
    .select("path")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row || !FREE_PATHS.includes(row.path)) assertPaid(access);
}

/**
 * The course list ordered by order_index, with the user's progress (PRODUCT §7 learning_concepts
 * "select all ordered by order_index", concept_progress "select by user_id"). Only titles,
 * descriptions and section titles are listed; no lesson content.
 *
 * Parameters
 * ----------
 * db : Kysely<Database>
 * userId : string | null
 *     Signed-in user whose progress to include; null gives last_viewed null everywhere.
 */
export async function listLessons(db: Kysely<Database>, userId: string | null): Promise<LessonSummary[]> {
  const rows = await db
    .selectFrom("learning_concepts")
    .select([
      "id",
      "slug",
      "path",
      "title",
      "description",
      "course_day",
      "order_index",
      sql<
        string[]
      >`coalesce((select jsonb_agg(s->>'title') from jsonb_array_elements(content->'sections') s), '[]'::jsonb)`.as(
        "section_titles",
      ),
    ])
    .orderBy("order_index")
    .orderBy("course_day")
    .execute();
  const progress = new Map<string, Date>();
  if (userId) {
    const done = await db
      .selectFrom("concept_progress")
      .select(["concept_id", "last_viewed"])
      .where("user_id", "=", userId)
      .execute();
    for (const p of done) progress.set(p.concept_id, new Date(p.last_viewed));
  }
  return rows.map((r) => ({
    slug: r.slug,
    path: r.path,
    title: r.title,
    description: r.description,
    course_day: r.course_day,
    order_index: r.order_index,
    sections: typeof r.section_titles === "string" ? JSON.parse(r.section_titles) : r.section_titles,
    last_viewed: progress.get(r.id)?.toISOString() ?? null,
  }));
}

/**
 * One lesson by slug (PRODUCT §7 "select single by slug").
 *
 * Raises
 * ------
 * HttpError
 *     404 "Topic not found" when no lesson has this slug.
 */
export async function getLesson(db: Kysely<Database>, slug: string): Promise<LessonDetail> {
  const row = await db
    .selectFrom("learning_concepts")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, TOPIC_NOT_FOUND);
  const content = typeof row.content === "string" ? JSON.parse(row.content) : row.content;
  return {
    slug: row.slug,
    path: row.path,
    title: row.title,
    description: row.description,
    course_day: row.course_day,
    order_index: row.order_index,
    video_provider: row.video_provider,
    video_provider_id: row.video_provider_id,
    sections: content.sections ?? [],
    quiz: content.quiz ?? [],
  };
}

/**
 * Record that a user viewed (completed) a lesson: the PRODUCT §7 upsert
 * `{user_id, concept_id, last_viewed}` on conflict (user_id, concept_id).
 *
 * Parameters
 * ----------
 * db : Kysely<Database>
 * userId : string
 *     Must have a profile row (concept_progress references profiles).
 * slug : string
 * now : Date
 *     The last_viewed time to store.
 *
 * Returns
 * -------
 * { last_viewed: string }
 *     ISO timestamp stored.
 *
 * Raises
 * ------
 * HttpError
 *     404 "Topic not found" for an unknown slug.
 */
export async function saveProgress(
  db: Kysely<Database>,
  userId: string,
  slug: string,
  now: Date = new Date(),
): Promise<{ last_viewed: string }> {
  const lesson = await db
    .selectFrom("learning_concepts")
    .select("id")
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!lesson) throw new HttpError(404, TOPIC_NOT_FOUND);
  await db
    .insertInto("concept_progress")
    .values({ user_id: userId, concept_id: lesson.id, last_viewed: now })
    .onConflict((oc) => oc.columns(["user_id", "concept_id"]).doUpdateSet({ last_viewed: now }))
    .execute();
  return { last_viewed: now.toISOString() };
}

/**
 * Settings → General "Reset Progress": delete all of a user's concept_progress rows.
 *
 * Returns
 * -------
 * number
 *     Rows deleted.
 */
export async function resetProgress(db: Kysely<Database>, userId: string): Promise<number> {
  const res = await db.deleteFrom("concept_progress").where("user_id", "=", userId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
