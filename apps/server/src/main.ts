import path from "node:path";
import pino from "pino";
import { buildApp } from "./app.js";
import { accountsOptionsFromConfig } from "./auth/accounts.js";
import { ConfigError, loadConfig, startupLogLevel } from "./config.js";
import { ContentError, resolveContentDir, seedContent } from "./content/index.js";
import { openEmbeddedDatabase } from "./db/data-dir.js";
import { DatabaseStartupError, openDatabase, redactUrl } from "./db/index.js";
import { parseTrustProxy, type TrustProxySetting } from "./security/client-address.js";
import { describeMode } from "./security/local-mode.js";

const logger = pino({ level: startupLogLevel() });

async function main(): Promise<void> {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : await openEmbeddedDatabase(config.DATA_DIR, { role: "server", onWarning: (m) => logger.warn(m) });
  logger.info(
    {
      database: database.kind,
      where: config.DATABASE_URL ? redactUrl(config.DATABASE_URL) : path.resolve(config.DATA_DIR),
    },
    "database ready",
  );
  const contentDir = resolveContentDir({ CONTENT_DIR: config.CONTENT_DIR });
  const seeded = await seedContent(database.db, contentDir);
  logger.info({ ...seeded, contentDir }, "course and blog content seeded");

  let trustProxy: TrustProxySetting;
  try {
    trustProxy = parseTrustProxy(config.TRUST_PROXY);
  } catch (err) {
    throw new ConfigError(`Invalid configuration: ${err instanceof Error ? err.message : String(err)}`);
  }
  const accounts = accountsOptionsFromConfig(config);
  const app = await buildApp({
    database,
    accounts,
    trustProxy,
    dataDir: config.DATA_DIR,
    webDistDir: config.WEB_DIST_DIR,
    logger: { level: config.LOG_LEVEL },
    publicUrl: config.PUBLIC_URL,
    plausible: { url: config.PLAUSIBLE_URL, domain: config.PLAUSIBLE_DOMAIN },
    contactRateLimit: { max: config.CONTACT_RATE_LIMIT_MAX, windowMs: config.CONTACT_RATE_LIMIT_WINDOW_MS },
    // Song analysis jobs go through pg-boss on this PostgreSQL (npm run worker); without it, in-process.
    songs: { settings: { queueDatabaseUrl: config.DATABASE_URL }, seed: true },
  });
  app.addHook("onClose", async () => {
    await database.close();
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.PORT, host: config.HOST });
  const mode = describeMode({
    production: config.NODE_ENV === "production",
    host: config.HOST,
    trustProxy: config.TRUST_PROXY,
    localSecret: !config.AUTH_SECRET && !config.BETTER_AUTH_SECRET,
    devTools: accounts.devTools !== undefined,
  });
  app.log.info({ mode: mode.mode, exposes: mode.exposes }, mode.message);
  app.log.info(`Tonic is running at http://localhost:${config.PORT}`);
  if (accounts.devTools) {
    // The one place the tools' random URL is shown: whoever runs the server reads it here.
    process.stdout.write(
      `\nDevelopment tools for this start (mail outbox, test checkout; this address changes at every start):\n  http://localhost:${config.PORT}/dev/${accounts.devTools.token}/\nOpen it once in your browser: the app then links to the outbox and offers the test checkout.\n\n`,
    );
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DatabaseStartupError || err instanceof ContentError) {
    logger.fatal(err.message);
  } else if (err instanceof Error && "code" in err && err.code === "EADDRINUSE") {
    logger.fatal(`Port already in use: ${err.message}`);
  } else {
    logger.fatal({ err }, "startup failed");
  }
  process.exit(1);
});
