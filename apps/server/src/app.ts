import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { analyticsRoutes } from "./analytics/routes.js";
import { type AccountsOptions, accountsOptionsFromConfig, accountsPlugin } from "./auth/plugin.js";
import { blogRoutes } from "./blog/routes.js";
import { loadConfig } from "./config.js";
import { contactRoutes } from "./contact/routes.js";
import { courseRoutes } from "./course/routes.js";
import type { DatabaseHandle } from "./db/index.js";
import { registerErrorHandler } from "./lib/errors.js";
import { healthRoutes } from "./routes/health.js";
import { webRoutes } from "./routes/web.js";
import { seoRoutes } from "./seo/routes.js";
import { type SongsPluginOptions, songsRoutes } from "./songs/routes.js";
import { vocalRoutes } from "./vocal/routes.js";

export const VERSION = "1.0.0";

export interface AppOptions {
  /** Accounts, tiers and payments (issue 5); default: read from the environment (`loadConfig`). */
  accounts?: AccountsOptions;
  database: DatabaseHandle;
  webDistDir: string;
  logger?: FastifyServerOptions["logger"];
  /** Canonical site origin (env PUBLIC_URL) for the sitemap and robots.txt. */
  publicUrl?: string;
  /** Plausible-compatible analytics sink (env PLAUSIBLE_URL, PLAUSIBLE_DOMAIN); default: the database. */
  plausible?: { url?: string; domain?: string };
  /** Contact form rate limit per client (env CONTACT_RATE_LIMIT_MAX, CONTACT_RATE_LIMIT_WINDOW_MS). */
  contactRateLimit?: { max?: number; windowMs?: number };
  /** Songs area overrides (tests): settings, access/gate, queue, seeding; default from the environment. */
  songs?: Omit<SongsPluginOptions, "database">;
}

/** Builds the Fastify app (routes, error handling). The caller owns listening and the database lifetime. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: 1024 * 1024,
  });
  registerErrorHandler(app);
  // First: decorates the root app with the auth instance that getSessionUser() uses everywhere.
  await app.register(accountsPlugin, {
    db: opts.database.db,
    ...(opts.accounts ?? accountsOptionsFromConfig(loadConfig())),
  });
  await app.register(healthRoutes, { database: opts.database, version: VERSION });
  await app.register(vocalRoutes);
  await app.register(contactRoutes, {
    db: opts.database.db,
    rateLimitMax: opts.contactRateLimit?.max,
    rateLimitWindowMs: opts.contactRateLimit?.windowMs,
  });
  await app.register(analyticsRoutes, { db: opts.database.db, plausible: opts.plausible });
  await app.register(seoRoutes, { db: opts.database.db, publicUrl: opts.publicUrl });
  await app.register(courseRoutes, { db: opts.database.db });
  await app.register(blogRoutes, { db: opts.database.db });
  await app.register(songsRoutes, { database: opts.database, ...opts.songs });
  await app.register(webRoutes, { webDistDir: opts.webDistDir });
  return app;
}
