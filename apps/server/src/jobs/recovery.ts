import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { JobQueue } from "./queue.js";

/**
 * Start-up of the single-process (in-process queue) set-up: jobs still queued when the process
 * stopped are dispatched again to `queue`, oldest first, each owned by its first requester (fair
 * ordering). Running jobs a restart interrupted are failed and refunded by `recoverInterruptedJobs`
 * of `cleanup.ts`, which runs first.
 * @returns how many jobs were re-queued.
 */
export async function requeueQueuedJobs(db: Kysely<Database>, queue: JobQueue): Promise<number> {
  const queued = await db
    .selectFrom("song_jobs")
    .select(["id", "video_id", "requesters"])
    .where("state", "=", "queued")
    .orderBy("created_at")
    .execute();
  for (const j of queued) await queue.dispatch(j.id, j.video_id, j.requesters[0] ?? null);
  return queued.length;
}
