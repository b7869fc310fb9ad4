/**
 * `npm run seed`: validate `content/` (or CONTENT_DIR) and upsert every lesson and blog post
 * into the configured database (DATABASE_URL, else PGlite in DATA_DIR). Idempotent. Exits 1
 * with the bad file's path and the reason when a file fails validation, and without writing when a
 * server (or another seed) holds the embedded database's data folder (`db/data-dir.ts`).
 */
import pino from "pino";
import { ConfigError, loadConfig, startupLogLevel } from "./config.js";
import { ContentError, resolveContentDir, seedContent } from "./content/index.js";
import { openEmbeddedDatabase } from "./db/data-dir.js";
import { DatabaseStartupError, openDatabase } from "./db/index.js";

const logger = pino({ level: startupLogLevel() });

async function run(): Promise<void> {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : await openEmbeddedDatabase(config.DATA_DIR, { role: "seed", onWarning: (m) => logger.warn(m) });
  try {
    const contentDir = resolveContentDir({ CONTENT_DIR: config.CONTENT_DIR });
    const result = await seedContent(database.db, contentDir);
    logger.info({ ...result, contentDir }, `seeded ${result.lessons} lessons and ${result.posts} blog posts`);
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  if (err instanceof ContentError || err instanceof ConfigError || err instanceof DatabaseStartupError) {
    logger.fatal(err.message);
  } else {
    logger.fatal({ err }, "seed failed");
  }
  process.exit(1);
});
