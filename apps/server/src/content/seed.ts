import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { loadContent } from "./load.js";

/** What one seed run stored. */
export interface SeedResult {
  lessons: number;
  posts: number;
}

/** The key of the transaction-level advisory lock every seed run takes (see {@link seedContent}). */
export const CONTENT_SEED_LOCK = "tonic:content-seed";

/**
 * Upsert every lesson and post of a content folder into learning_concepts and blog_posts,
 * matched by slug, in one transaction. Running it again updates rows and never duplicates
 * them; rows whose file was removed are kept (progress rows reference lessons). Runs are
 * serialised by a transaction-level advisory lock ({@link CONTENT_SEED_LOCK}): servers starting
 * together on one PostgreSQL each seed, and two inserts of the same lesson at once would collide
 * on its (path, course_day) key, which the upsert on slug does not arbitrate.
 *
 * Parameters
 * ----------
 * db : Kysely<Database>
 * contentDir : string
 *     Folder holding `course/` and `blog/` (see `resolveContentDir`).
 *
 * Returns
 * -------
 * SeedResult
 *     Number of lessons and posts written.
 *
 * Raises
 * ------
 * ContentError
 *     For a bad file (path and reason); nothing is written then.
 */
export async function seedContent(db: Kysely<Database>, contentDir: string): Promise<SeedResult> {
  const { lessons, posts } = await loadContent(contentDir);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${CONTENT_SEED_LOCK}))`.execute(trx);
    for (const { meta, sections, quiz } of lessons) {
      const row = {
        slug: meta.slug,
        title: meta.title,
        description: meta.description,
        path: meta.path,
        course_day: meta.course_day,
        order_index: meta.order_index,
        video_provider: meta.video_provider ?? null,
        video_provider_id: meta.video_provider_id ?? null,
        content: JSON.stringify({
          sections,
          quiz: quiz.map(({ question, choices, answer, explanation }) => ({
            question,
            choices,
            answer,
            explanation,
          })),
        }),
      };
      await trx
        .insertInto("learning_concepts")
        .values(row)
        .onConflict((oc) => oc.column("slug").doUpdateSet({ ...row }))
        .execute();
    }
    for (const { meta, description } of posts) {
      const row = {
        slug: meta.slug,
        title: meta.title,
        subject: meta.subject,
        description,
        language: meta.language,
        youtube_url: meta.youtube_url ?? null,
        created_at: `${meta.created_at}T00:00:00Z`,
      };
      await trx
        .insertInto("blog_posts")
        .values(row)
        .onConflict((oc) => oc.column("slug").doUpdateSet({ ...row }))
        .execute();
    }
  });
  return { lessons: lessons.length, posts: posts.length };
}
