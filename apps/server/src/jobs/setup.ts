import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import type { DatabaseHandle } from "../db/index.js";
import type { SongsSettings } from "../songs/settings.js";
import { YouTubeClient } from "../youtube/client.js";
import { type RefundAt, recoverInterruptedJobs, removeOrphanJobDirs } from "./cleanup.js";
import { FairInProcessQueue } from "./fairness.js";
import { type JobDeps, processJob } from "./processor.js";
import { type JobQueue, PgBossQueue } from "./queue.js";
import { requeueQueuedJobs } from "./recovery.js";
import { startStaleSweep } from "./stale-sweep.js";

/** The job deps of a worker from the settings (used by the server and by `worker.ts`). */
export function jobDeps(
  db: DatabaseHandle["db"],
  s: SongsSettings,
  refund: JobDeps["refund"],
  log?: JobDeps["log"],
): JobDeps {
  return {
    db,
    tools: s.tools,
    youtube: new YouTubeClient({ keys: s.youtubeKeys, baseUrl: s.youtubeBaseUrl }),
    watchUrl: (id) => s.watchUrlTemplate.replaceAll("{id}", encodeURIComponent(id)),
    timeoutMs: s.timeoutSeconds * 1000,
    workerName: `${hostname()}:${process.pid}`,
    refund,
    log,
  };
}

/**
 * Builds the analysis job queue.
 * - pg-boss when a PostgreSQL queue URL is set (this process works jobs only when `workInServer`,
 *   claiming the fairest queued job for each message: `claimFairJob`),
 *   with a sweep that fails and refunds jobs whose worker stopped updating them (stopped on `close`);
 * - else a fair in-process queue (round-robin between users, issue 15), after the crash recovery of
 *   a single process: running jobs a restart interrupted are failed and refunded (`refundAt`), their
 *   scratch folders removed, and queued jobs dispatched again in request order.
 */
export async function createJobQueue(
  database: DatabaseHandle,
  settings: SongsSettings,
  deps: JobDeps,
  refundAt: RefundAt,
  log: FastifyBaseLogger,
): Promise<JobQueue> {
  if (settings.queueDatabaseUrl && database.kind === "postgres") {
    const boss = await PgBossQueue.start({
      connectionString: settings.queueDatabaseUrl,
      handler: settings.workInServer ? (id) => processJob({ ...deps, fairClaim: true }, id) : undefined,
      concurrency: settings.concurrency,
      expireInSeconds: settings.timeoutSeconds + 60,
      log,
    });
    const stopSweep = startStaleSweep(database.db, settings.timeoutSeconds + 60, refundAt, log);
    return {
      kind: boss.kind,
      dispatch: (jobId, videoId) => boss.dispatch(jobId, videoId),
      close: async () => {
        await stopSweep();
        await boss.close();
      },
    };
  }
  const queue = new FairInProcessQueue((id) => processJob(deps, id), settings.concurrency);
  await recoverInterruptedJobs(database.db, refundAt, log);
  await removeOrphanJobDirs();
  await requeueQueuedJobs(database.db, queue);
  return queue;
}
