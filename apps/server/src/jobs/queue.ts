import PgBoss from "pg-boss";
import type { JobLogger } from "./processor.js";

/** Name of the pg-boss queue of song analyses. */
export const SONG_QUEUE = "song-analysis";

/** Hands queued analysis jobs (rows of `song_jobs`) to workers. */
export interface JobQueue {
  readonly kind: "in-process" | "pg-boss";
  /** Schedules a job created by `createOrJoinJob`; `owner` (the requester) drives fair ordering. */
  dispatch(jobId: string, videoId: string, owner?: string | null): Promise<void>;
  /** Stops taking jobs and waits for running ones (in-process) or stops pg-boss. */
  close(): Promise<void>;
}

/** Runs one job; never throws (failures are recorded on the job). */
export type JobHandler = (jobId: string) => Promise<unknown>;

/** PostgreSQL's SQLSTATE for "deadlock detected" (the transaction was aborted to break a deadlock). */
export const DEADLOCK_DETECTED = "40P01";

/**
 * Runs `fn`, again when PostgreSQL aborted it to break a deadlock (SQLSTATE 40P01), up to `attempts`
 * times in all, waiting `wait(attempt)` between tries. For idempotent set-up statements only.
 * @param wait resolves when the next try may start (default 100 ms × the attempt number).
 * @throws the last error, or at once any error that is not a deadlock.
 */
export async function retryOnDeadlock<T>(
  fn: () => Promise<T>,
  attempts = 5,
  wait: (attempt: number) => Promise<void> = (attempt) => new Promise((r) => setTimeout(r, 100 * attempt)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = err instanceof Error && "code" in err ? err.code : undefined;
      if (code !== DEADLOCK_DETECTED || attempt >= attempts) throw err;
      await wait(attempt);
    }
  }
}

/** Options of {@link PgBossQueue.start}. */
export interface PgBossQueueOptions {
  connectionString: string;
  /** When set, this process also works jobs with this handler. */
  handler?: JobHandler;
  /** Jobs worked at the same time by this process (default 1). */
  concurrency?: number;
  /** pg-boss expiry of one job, seconds (slightly above the job time limit). */
  expireInSeconds: number;
  log?: JobLogger;
}

/**
 * The shared queue on PostgreSQL (pg-boss 10), used when DATABASE_URL is set: the API sends jobs, any
 * number of `npm run worker` processes (on any machine) work them. A job is sent once per `song_jobs`
 * row and claimed atomically on that row, so each video is analysed exactly once.
 */
export class PgBossQueue implements JobQueue {
  readonly kind = "pg-boss";
  private constructor(
    private readonly boss: PgBoss,
    private readonly expireInSeconds: number,
  ) {}

  /**
   * Connects, creates pg-boss's schema and the queue when missing, and starts working when a handler
   * is given.
   * @throws when PostgreSQL is unreachable.
   */
  static async start(opts: PgBossQueueOptions): Promise<PgBossQueue> {
    const boss = new PgBoss({ connectionString: opts.connectionString, max: 4, schedule: false });
    boss.on("error", (err: Error) => opts.log?.error({ err: err.message }, "pg-boss error"));
    await boss.start();
    // Workers and servers starting together on a fresh database create the queue at the same moment;
    // PostgreSQL may then abort one of them with a deadlock. Creating it is idempotent: try again.
    await retryOnDeadlock(() => boss.createQueue(SONG_QUEUE, { name: SONG_QUEUE, retryLimit: 0 }));
    const queue = new PgBossQueue(boss, opts.expireInSeconds);
    const handler = opts.handler;
    if (handler) {
      for (let i = 0; i < (opts.concurrency ?? 1); i++) {
        await boss.work<{ jobId: string }>(
          SONG_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: 0.5 },
          async (jobs) => {
            for (const job of jobs) await handler(job.data.jobId);
          },
        );
      }
    }
    return queue;
  }

  async dispatch(jobId: string, videoId: string): Promise<void> {
    await this.boss.send(
      SONG_QUEUE,
      { jobId },
      { singletonKey: `${videoId}:${jobId}`, retryLimit: 0, expireInSeconds: this.expireInSeconds },
    );
  }

  async close(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }
}
