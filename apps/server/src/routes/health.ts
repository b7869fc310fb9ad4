import type { FastifyInstance } from "fastify";
import { type DatabaseHandle, pingDatabase } from "../db/index.js";

/** GET /api/health: `{ status: "ok" | "degraded", version, database: { kind, ok } }`; 503 when the database is down. */
export async function healthRoutes(
  app: FastifyInstance,
  opts: { database: DatabaseHandle; version: string },
) {
  app.get("/api/health", async (_req, reply) => {
    const ok = await pingDatabase(opts.database.db);
    return reply.status(ok ? 200 : 503).send({
      status: ok ? "ok" : "degraded",
      version: opts.version,
      database: { kind: opts.database.kind, ok },
    });
  });
}
