import { type Kysely, sql } from "kysely";

/**
 * Song analysis jobs (issue 6): one row per requested analysis of a video. The row is the shared truth of
 * a job's state for the API and every worker (in-process or `npm run worker` on pg-boss). At most one
 * active job per video (partial unique index), so concurrent requests for the same video share it.
 * Also adds `songs.analysis` (beats, segments, time signature) and `songs.source_url`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("song_jobs")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("video_id", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("queued")
        .check(sql`state in ('queued', 'downloading', 'analysing', 'done', 'failed')`),
    )
    .addColumn("progress", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("requesters", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("worker", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("finished_at", "timestamptz")
    .execute();
  await sql`create unique index song_jobs_active_video_idx on song_jobs (video_id) where state in ('queued', 'downloading', 'analysing')`.execute(
    db,
  );
  await db.schema.createIndex("song_jobs_video_idx").on("song_jobs").column("video_id").execute();
  await db.schema.alterTable("songs").addColumn("analysis", "jsonb").execute();
  await db.schema.alterTable("songs").addColumn("source_url", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("songs").dropColumn("source_url").execute();
  await db.schema.alterTable("songs").dropColumn("analysis").execute();
  await db.schema.dropTable("song_jobs").ifExists().execute();
}
