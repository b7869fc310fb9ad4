import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { DatabaseHandle } from "./db/index.js";
import { registerErrorHandler } from "./lib/errors.js";
import { healthRoutes } from "./routes/health.js";
import { webRoutes } from "./routes/web.js";
import { vocalRoutes } from "./vocal/routes.js";

export const VERSION = "1.0.0";

export interface AppOptions {
  database: DatabaseHandle;
  webDistDir: string;
  logger?: FastifyServerOptions["logger"];
}

/** Builds the Fastify app (routes, error handling). The caller owns listening and the database lifetime. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
  });
  registerErrorHandler(app);
  await app.register(healthRoutes, { database: opts.database, version: VERSION });
  await app.register(vocalRoutes);
  await app.register(webRoutes, { webDistDir: opts.webDistDir });
  return app;
}
