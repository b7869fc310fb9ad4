import PgBoss from "pg-boss";
import type { JobLogger } from "./processor.js";

/** Name of the pg-boss queue of song analyses. */
export const SONG_QUEUE = "song-analysis";

/** Hands queued analysis jobs (rows of `song_jobs`) to workers. */
export interface JobQueue {
  readonly kind: "in-process" | "pg-boss";
  /** Schedules a job created by `createOrJoinJob`. */
  dispatch(jobId: string, videoId: string): Promise<void>;
  /** Stops taking jobs and waits for running ones (in-process) or stops pg-boss. */
  close(): Promise<void>;
}

/** Runs one job; never throws (failures are recorded on the job). */
export type JobHandler = (jobId: string) => Promise<unknown>;

/**
 * The embedded queue (default with PGlite): a FIFO in this process running up to `concurrency` jobs at
 * once; the engine itself runs in worker threads, so the server stays responsive.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = "in-process";
  private readonly pending: string[] = [];
  private running = 0;
  private closed = false;
  private readonly active = new Set<Promise<unknown>>();

  constructor(
    private readonly handler: JobHandler,
    private readonly concurrency = 1,
  ) {}

  async dispatch(jobId: string): Promise<void> {
    if (this.closed) return;
    this.pending.push(jobId);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.running < this.concurrency && this.pending.length > 0) {
      const id = this.pending.shift() as string;
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
    while (this.active.size > 0 || this.pending.length > 0) await Promise.race([...this.active]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pending.length = 0;
    await Promise.allSettled([...this.active]);
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
    await boss.createQueue(SONG_QUEUE, { name: SONG_QUEUE, retryLimit: 0 });
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
