/**
 * `npm run worker`: a song-analysis worker process for the shared queue on PostgreSQL (pg-boss).
 * Needs DATABASE_URL; run as many as you like, on any machine. Each job is claimed atomically on its
 * `song_jobs` row, so a video is analysed exactly once.
 */
import pino from "pino";
import { ConfigError, loadConfig, startupLogLevel } from "./config.js";
import { DatabaseStartupError, openDatabase, redactUrl } from "./db/index.js";
import { removeOrphanJobDirs } from "./jobs/cleanup.js";
import { processJob } from "./jobs/processor.js";
import { PgBossQueue } from "./jobs/queue.js";
import { jobDeps } from "./jobs/setup.js";
import { startStaleSweep } from "./jobs/stale-sweep.js";
import { checkTools, missingToolsMessage } from "./jobs/tools.js";
import { songsSettingsFromEnv } from "./songs/settings.js";
import { refundAnalysis } from "./tiers/gate.js";

const logger = pino({ level: startupLogLevel() });

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new ConfigError(
      "The analysis worker needs DATABASE_URL (PostgreSQL). With the embedded database the server analyses songs itself.",
    );
  }
  const settings = songsSettingsFromEnv();
  const tools = await checkTools(settings.tools);
  const missing = missingToolsMessage(tools);
  if (missing) throw new ConfigError(missing);
  const database = await openDatabase({ kind: "postgres", url: config.DATABASE_URL });
  const deps = jobDeps(
    database.db,
    settings,
    (userId, videoId) => refundAnalysis(database.db, userId, videoId),
    logger,
  );
  // scratch folders of jobs whose process died, and jobs whose worker stopped (refunded)
  await removeOrphanJobDirs();
  const stopSweep = startStaleSweep(
    database.db,
    settings.timeoutSeconds + 60,
    (userId, videoId, at) => refundAnalysis(database.db, userId, videoId, at),
    logger,
  );
  const queue = await PgBossQueue.start({
    connectionString: config.DATABASE_URL,
    // each message claims the fairest queued job (requester served least recently first)
    handler: (id) => processJob({ ...deps, fairClaim: true }, id),
    concurrency: settings.concurrency,
    expireInSeconds: settings.timeoutSeconds + 60,
    log: logger,
  });
  logger.info(
    { database: redactUrl(config.DATABASE_URL), concurrency: settings.concurrency, worker: deps.workerName },
    "analysis worker ready",
  );
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "worker shutting down");
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    await stopSweep();
    await queue.close().catch(() => {});
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseStartupError) logger.fatal(err.message);
  else logger.fatal({ err }, "worker failed to start");
  process.exit(1);
});
