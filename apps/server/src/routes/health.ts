import { HealthResponse } from "@tonic/api";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { loadConfig } from "../config.js";
import type { DatabaseHandle } from "../db/index.js";
import { HealthChecker, type HealthOptions, ytDlpWarning } from "../health/checks.js";
import { checkTools, type ToolPaths } from "../jobs/tools.js";
import { serialize } from "../lib/http.js";
import { isLocalRequest } from "../security/local-mode.js";

/** What `/api/health` tells requests from other machines: only whether the server is healthy. */
const PublicHealthResponse = z.object({ status: HealthResponse.shape.status });

/**
 * GET /api/health → {@link HealthReport}: `status` "ok" | "degraded", `version`, `database`
 * (`ok`/`writable`: a write was accepted), `disk` (free bytes in the data folder), `queue`
 * (`queued`, `running`), `linkAnalysis` (yt-dlp/ffmpeg versions, yt-dlp age). 503 when the
 * database refuses the write, or when any write failed for want of disk space within the last minute
 * (`diskFull`). Logs a warning at start-up when yt-dlp is older than 90 days.
 * The details (data folder, tool versions, queue) go only to requests from this machine (loopback
 * peer and `Host`, no forwarding headers: see `isLocalRequest`); everyone else gets `{ status }`.
 */
export async function healthRoutes(
  app: FastifyInstance,
  opts: {
    database: DatabaseHandle;
    version: string;
    dataDir?: string;
    tools?: ToolPaths;
    ttlMs?: HealthOptions["ttlMs"];
    now?: HealthOptions["now"];
    diskFull?: HealthOptions["diskFull"];
  },
) {
  const tools =
    opts.tools ??
    (() => {
      const c = loadConfig();
      return { ytDlp: c.YT_DLP_PATH, ffmpeg: c.FFMPEG_PATH };
    })();
  const checker = new HealthChecker({ ...opts, tools });
  const found = await checkTools(tools);
  const warning = ytDlpWarning(found.ytDlp, (opts.now ?? (() => new Date()))());
  if (warning) app.log.warn(warning);

  app.get("/api/health", async (request, reply) => {
    const report = await checker.report();
    reply.header("cache-control", "no-store");
    reply.status(report.database.writable ? 200 : 503);
    if (!isLocalRequest(request))
      return reply.send(serialize(PublicHealthResponse, { status: report.status }));
    return reply.send(serialize(HealthResponse, report));
  });
}
