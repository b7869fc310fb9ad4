import { type Kysely, sql } from "kysely";
import type { Database, SongJob, SongJobState } from "../db/schema.js";

/** States of a job that still runs (at most one such job per video). */
export const ACTIVE_STATES: readonly SongJobState[] = ["queued", "downloading", "analysing"];

/**
 * Creates a queued job for `videoId`, or joins the active one (concurrent requests share one job).
 * `userId`, when given, is added to the job's requesters (refunded if the job fails).
 * @returns the job and whether this call created it (then the caller must dispatch it).
 */
export async function createOrJoinJob(
  db: Kysely<Database>,
  videoId: string,
  userId: string | null,
): Promise<{ job: SongJob; created: boolean }> {
  const requesters = JSON.stringify(userId ? [userId] : []);
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await sql<SongJob>`
      insert into song_jobs (video_id, requesters) values (${videoId}, ${requesters}::jsonb)
      on conflict (video_id) where state in ('queued', 'downloading', 'analysing') do nothing
      returning *`.execute(db);
    const job = inserted.rows[0];
    if (job) return { job, created: true };
    const joined = await sql<SongJob>`
      update song_jobs
         set requesters = case when ${userId}::text is null or requesters ? ${userId}::text then requesters
                               else requesters || to_jsonb(${userId}::text) end
       where video_id = ${videoId} and state in ('queued', 'downloading', 'analysing')
       returning *`.execute(db);
    const existing = joined.rows[0];
    if (existing) return { job: existing, created: false };
    // the active job finished between the two statements: try again
  }
  throw new Error("could not create an analysis job");
}

/** Reads a job by id (null when unknown or not a uuid). */
export async function getJob(db: Kysely<Database>, id: string): Promise<SongJob | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  return (await db.selectFrom("song_jobs").selectAll().where("id", "=", id).executeTakeFirst()) ?? null;
}

/**
 * Claims a queued job for one worker (atomic: only one worker ever gets a given job).
 * @returns the claimed job, or null when it is not queued any more (taken, done or failed).
 */
export async function claimJob(db: Kysely<Database>, id: string, worker: string): Promise<SongJob | null> {
  const row = await db
    .updateTable("song_jobs")
    .set({
      state: "downloading",
      progress: 0.05,
      worker,
      attempts: sql<number>`attempts + 1`,
      updated_at: new Date(),
    })
    .where("id", "=", id)
    .where("state", "=", "queued")
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Claims, for one worker of the shared queue, the queued job fairest to start now, by its requester
 * (its first): requesters with no job running come before those with one (a running job's last write
 * may be long ago: yt-dlp's start and ffmpeg's decoding report no progress); then the requester served
 * least recently (latest start, progress or end of a job in the last hour; never served first); then
 * the oldest job. Claims are serialised by one transaction-level advisory lock, so two workers
 * claiming at the same instant each see the other's claim (without it both read the same snapshot and
 * could start two jobs of one requester while another waits); `for update skip locked` on the row as
 * well, so no job is ever claimed twice.
 * @returns the claimed job, or null when nothing is queued.
 */
export async function claimFairJob(db: Kysely<Database>, worker: string): Promise<SongJob | null> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('tonic:song-jobs:claim'))`.execute(trx);
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const r = await sql<SongJob>`
      update song_jobs
         set state = 'downloading', progress = 0.05, worker = ${worker}, attempts = attempts + 1,
             updated_at = ${now}
       where state = 'queued' and id = (
         select j.id from song_jobs j
          where j.state = 'queued'
          order by exists (
            select 1 from song_jobs r
             where r.state in ('downloading', 'analysing')
               and coalesce(r.requesters->>0, '') = coalesce(j.requesters->>0, '')
          ) asc, (
            select max(s.updated_at) from song_jobs s
             where s.state <> 'queued' and s.updated_at > ${hourAgo}
               and coalesce(s.requesters->>0, '') = coalesce(j.requesters->>0, '')
          ) asc nulls first, j.created_at asc, j.id asc
          limit 1
          for update skip locked)
       returning *`.execute(trx);
    return r.rows[0] ?? null;
  });
}

/** Records progress of a running job (ignored once the job has ended). */
export async function setJobProgress(
  db: Kysely<Database>,
  id: string,
  state: "downloading" | "analysing",
  progress: number,
): Promise<void> {
  await db
    .updateTable("song_jobs")
    .set({ state, progress: Math.max(0, Math.min(1, progress)), updated_at: new Date() })
    .where("id", "=", id)
    .where("state", "in", ["downloading", "analysing"])
    .execute();
}

/** Marks a job done (progress 1). */
export async function completeJob(db: Kysely<Database>, id: string): Promise<void> {
  const now = new Date();
  await db
    .updateTable("song_jobs")
    .set({ state: "done", progress: 1, error: null, updated_at: now, finished_at: now })
    .where("id", "=", id)
    .execute();
}

/**
 * Marks a job failed with a user-facing message (progress 1, PRODUCT §4: errors end at 100 %).
 * @returns the user ids to refund (empty when the job had already ended).
 */
export async function failJob(db: Kysely<Database>, id: string, message: string): Promise<string[]> {
  const now = new Date();
  const row = await db
    .updateTable("song_jobs")
    .set({ state: "failed", progress: 1, error: message, updated_at: now, finished_at: now })
    .where("id", "=", id)
    .where("state", "in", ACTIVE_STATES)
    .returning("requesters")
    .executeTakeFirst();
  return row?.requesters ?? [];
}
