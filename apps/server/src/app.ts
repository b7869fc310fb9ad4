import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { analyticsRoutes } from "./analytics/routes.js";
import { type AccountsOptions, accountsOptionsFromConfig, createAccountsContext } from "./auth/accounts.js";
import { authPlugin } from "./auth/plugin.js";
import { blogRoutes } from "./blog/routes.js";
import { loadConfig } from "./config.js";
import { contactRoutes } from "./contact/routes.js";
import { courseRoutes } from "./course/routes.js";
import type { DatabaseHandle } from "./db/index.js";
import { devRoutes } from "./dev/routes.js";
import { DiskFullState } from "./lib/disk-full.js";
import { registerErrorHandler } from "./lib/errors.js";
import { paymentRoutes } from "./payments/routes.js";
import { practiceRoutes } from "./practice/routes.js";
import { profileRoutes } from "./profile/routes.js";
import { healthRoutes } from "./routes/health.js";
import { webRoutes } from "./routes/web.js";
import type { TrustProxySetting } from "./security/client-address.js";
import { requestLogSerializer } from "./security/log-redact.js";
import { type SecurityOptions, securityPlugin } from "./security/plugin.js";
import { seoRoutes } from "./seo/routes.js";
import { sheetsRoutes } from "./sheets/routes.js";
import { type SongsPluginOptions, songsRoutes } from "./songs/routes.js";
import { songsSettingsFromEnv } from "./songs/settings.js";
import { tierRoutes } from "./tiers/routes.js";
import { type VocalRoutesOptions, vocalRoutes } from "./vocal/routes.js";

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
  /**
   * The clock of date-dependent rules (subscription expiry, the free daily limit at UTC midnight,
   * course access); default the system clock. Tests pass a fixed one.
   */
  now?: () => Date;
  /** Reverse proxies trusted for X-Forwarded-For (env TRUST_PROXY, see `parseTrustProxy`); default none. */
  trustProxy?: TrustProxySetting;
  /** The data folder (env DATA_DIR): health reports its free disk space. */
  dataDir?: string;
  /** Security headers and auth rate limits (tests); default from NODE_ENV. */
  security?: SecurityOptions;
  /** Songs area overrides (tests): settings, access/gate, queue, seeding; default from the environment. */
  songs?: Omit<SongsPluginOptions, "database">;
  /**
   * Voice upload limits (tests); concurrency and time limit default to link analysis's
   * (`ANALYSIS_CONCURRENCY`, `ANALYSIS_TIMEOUT_SECONDS`).
   */
  vocal?: VocalRoutesOptions;
  /** `POST /api/analytics` limits (tests): events per client address and window, and rows kept. */
  analytics?: { rateLimitMax?: number; rateLimitWindowMs?: number; maxEvents?: number };
}

/**
 * Builds the Fastify app: every area is assembled here, in one place (accounts, payments, songs,
 * course, blog, …). The caller owns listening and the database lifetime.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedactedRequests(opts.logger ?? false),
    bodyLimit: 1024 * 1024,
    trustProxy: opts.trustProxy ?? false,
  });
  // A write refused for want of disk space answers 503 and makes /api/health report "not writable".
  const diskFull = new DiskFullState(opts.now);
  registerErrorHandler(app, { diskFull });
  await app.register(securityPlugin, { webDistDir: opts.webDistDir, ...opts.security });
  const accounts = await createAccountsContext(
    { db: opts.database.db, ...(opts.accounts ?? accountsOptionsFromConfig(loadConfig())) },
    app.log,
  );
  // First: decorates the root app with the auth instance that getSessionUser() uses everywhere.
  await app.register(authPlugin, { ctx: accounts });
  await app.register(profileRoutes, { ctx: accounts });
  await app.register(tierRoutes, { ctx: accounts, now: opts.now });
  await app.register(paymentRoutes, { ctx: accounts });
  if (accounts.devTools) await app.register(devRoutes, { ctx: accounts, devTools: accounts.devTools });
  await app.register(healthRoutes, {
    database: opts.database,
    version: VERSION,
    dataDir: opts.dataDir,
    tools: opts.songs?.settings?.tools,
    diskFull,
  });
  const analysisSettings = { ...songsSettingsFromEnv(), ...opts.songs?.settings };
  await app.register(vocalRoutes, {
    concurrency: analysisSettings.concurrency,
    timeoutSeconds: analysisSettings.timeoutSeconds,
    ...opts.vocal,
  });
  await app.register(contactRoutes, {
    db: opts.database.db,
    rateLimitMax: opts.contactRateLimit?.max,
    rateLimitWindowMs: opts.contactRateLimit?.windowMs,
  });
  await app.register(analyticsRoutes, { db: opts.database.db, plausible: opts.plausible, ...opts.analytics });
  await app.register(seoRoutes, { db: opts.database.db, publicUrl: opts.publicUrl });
  await app.register(courseRoutes, { db: opts.database.db, now: opts.now });
  await app.register(practiceRoutes, { db: opts.database.db });
  await app.register(blogRoutes, { db: opts.database.db });
  await app.register(songsRoutes, { database: opts.database, now: opts.now, ...opts.songs });
  // Before the web routes: `/sheet/:id` answers with the shared sheet's title instead of the fallback.
  await app.register(sheetsRoutes, {
    db: opts.database.db,
    webDistDir: opts.webDistDir,
    publicUrl: opts.publicUrl,
    now: opts.now,
  });
  await app.register(webRoutes, { webDistDir: opts.webDistDir });
  return app;
}

/**
 * Logger options with the request serializer that keeps tokens out of logged URLs
 * ({@link requestLogSerializer}); `false` stays off.
 */
function withRedactedRequests(logger: FastifyServerOptions["logger"]): FastifyServerOptions["logger"] {
  if (logger === false || logger === undefined) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestLogSerializer } };
}
