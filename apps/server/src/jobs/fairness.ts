import { type Kysely, sql } from "kysely";
import type { Database, SongJob } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import type { JobHandler, JobQueue } from "./queue.js";
import { createOrJoinJob } from "./store.js";

/** Queued or running analyses one user may have at once. */
export const MAX_ACTIVE_JOBS_PER_USER = 3;

/**
 * Runs `fn` for one user at a time (per process), so a burst of one user's requests to this server
 * queues here instead of on the database lock of {@link createOrJoinJobWithinCap}, which is what
 * holds the cap across servers. Different users never wait on each other.
 */
export class PerUserLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(userId: string | null, fn: () => Promise<T>): Promise<T> {
    if (!userId) return fn();
    const prev = this.tails.get(userId) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => {});
    this.tails.set(userId, tail);
    try {
      return await next;
    } finally {
      if (this.tails.get(userId) === tail) this.tails.delete(userId);
    }
  }
}

/** How many queued or running jobs list `userId` among their requesters. */
export async function activeJobsOf(db: Kysely<Database>, userId: string): Promise<number> {
  const r = await sql<{ n: string | number }>`
    select count(*) as n from song_jobs
     where state in ('queued', 'downloading', 'analysing') and requesters ? ${userId}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Refuses a new analysis when the user already has {@link MAX_ACTIVE_JOBS_PER_USER} queued or running.
 * On its own a quick pre-check (before the daily count is taken); the binding check is the one
 * {@link createOrJoinJobWithinCap} makes under the user's database lock.
 * @throws {HttpError} 429 "You already have 3 songs being analysed. Please wait until one of them finishes."
 */
export async function assertJobCapacity(
  db: Kysely<Database>,
  userId: string | null,
  max: number = MAX_ACTIVE_JOBS_PER_USER,
): Promise<void> {
  if (!userId) return;
  if ((await activeJobsOf(db, userId)) >= max)
    throw new HttpError(
      429,
      `You already have ${max} songs being analysed. Please wait until one of them finishes.`,
    );
}

/**
 * Creates or joins the analysis job of `videoId` for `userId` only while the user has fewer than
 * `max` queued or running jobs, in one transaction holding a per-user transaction-level advisory lock
 * (`pg_advisory_xact_lock`): the count and the insert of two requests of one user never interleave,
 * whichever server (or process) they reach, on PostgreSQL as on the embedded database.
 * @returns the job and whether this call created it (see `createOrJoinJob`).
 * @throws {HttpError} 429 when the user already has `max` jobs queued or running.
 */
export async function createOrJoinJobWithinCap(
  db: Kysely<Database>,
  videoId: string,
  userId: string | null,
  max: number = MAX_ACTIVE_JOBS_PER_USER,
): Promise<{ job: SongJob; created: boolean }> {
  if (!userId) return createOrJoinJob(db, videoId, null);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`tonic:song-jobs:${userId}`}))`.execute(trx);
    await assertJobCapacity(trx, userId, max);
    return createOrJoinJob(trx, videoId, userId);
  });
}

/** Queue depth for `/api/health`: jobs waiting and jobs running, across all workers. */
export async function queueDepth(db: Kysely<Database>): Promise<{ queued: number; running: number }> {
  const rows = await db
    .selectFrom("song_jobs")
    .select(["state", sql<string | number>`count(*)`.as("n")])
    .where("state", "in", ["queued", "downloading", "analysing"])
    .groupBy("state")
    .execute();
  let queued = 0;
  let running = 0;
  for (const r of rows) {
    if (r.state === "queued") queued += Number(r.n);
    else running += Number(r.n);
  }
  return { queued, running };
}

/**
 * The embedded queue with fair ordering: jobs wait in one FIFO per requester and the queue takes
 * them round-robin across requesters (Nagle's fair queuing, one job per turn), so one user's burst
 * cannot push another user's job to the back. Up to `concurrency` jobs run at once.
 */
export class FairInProcessQueue implements JobQueue {
  readonly kind = "in-process";
  /** Per owner FIFO; Map order is the round-robin order. */
  private readonly lanes = new Map<string, string[]>();
  private running = 0;
  private closed = false;
  private readonly active = new Set<Promise<unknown>>();

  constructor(
    private readonly handler: JobHandler,
    private readonly concurrency = 1,
  ) {}

  /** Jobs waiting (not started). */
  get waiting(): number {
    let n = 0;
    for (const lane of this.lanes.values()) n += lane.length;
    return n;
  }

  async dispatch(jobId: string, _videoId: string, owner?: string | null): Promise<void> {
    if (this.closed) return;
    const key = owner ?? "";
    const lane = this.lanes.get(key);
    if (lane) lane.push(jobId);
    else this.lanes.set(key, [jobId]);
    this.pump();
  }

  /** The next job: the head of the first lane; that lane then moves to the back. */
  private take(): string | undefined {
    for (const [owner, lane] of this.lanes) {
      const id = lane.shift();
      this.lanes.delete(owner);
      if (lane.length > 0) this.lanes.set(owner, lane);
      if (id !== undefined) return id;
    }
    return undefined;
  }

  private pump(): void {
    while (!this.closed && this.running < this.concurrency) {
      const id = this.take();
      if (id === undefined) return;
      this.running++;
      const p = this.handler(id)
        .catch(() => {})
        .finally(() => {
          this.running--;
          this.active.delete(p);
          this.pump();
        });
      this.active.add(p);
    }
  }

  /** Resolves when nothing is queued or running (tests). */
  async idle(): Promise<void> {
    while (this.active.size > 0 || this.waiting > 0) await Promise.race([...this.active]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.lanes.clear();
    await Promise.allSettled([...this.active]);
  }
}
