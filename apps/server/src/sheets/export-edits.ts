/**
 * `npm run export-edits [-- --out FILE]`: writes every chord-sheet edit users made (issue 30) as JSON
 * Lines to stdout or FILE, for measuring the engine on the songs users bring (no user ids or e-mails;
 * see `exportEdits`). Opens the database the server uses: DATABASE_URL, else the embedded PGlite in
 * DATA_DIR (then the server must be stopped: one process at a time uses the data folder). Paths are
 * relative to the folder npm was started in. Exits 1 with the reason on a bad argument or database.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { finished } from "node:stream/promises";
import pino from "pino";
import { ConfigError, loadConfig, startupLogLevel } from "../config.js";
import { openEmbeddedDatabase } from "../db/data-dir.js";
import { DatabaseStartupError, openDatabase } from "../db/index.js";
import { exportEdits } from "./export.js";

// Logs go to stderr: stdout carries the export.
const logger = pino({ level: startupLogLevel() }, pino.destination(2));

class UsageError extends Error {}

/** `--out FILE` (or `--out=FILE`); no other arguments. */
function parseArgs(args: readonly string[]): { out: string | null } {
  let out: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "--out" && args[i + 1]) out = args[++i] ?? null;
    else if (a.startsWith("--out=") && a.length > 6) out = a.slice(6);
    else throw new UsageError(`Unknown argument ${a}. Usage: npm run export-edits [-- --out FILE]`);
  }
  return { out };
}

async function run(): Promise<void> {
  const { out } = parseArgs(process.argv.slice(2));
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : await openEmbeddedDatabase(path.resolve(cwd, config.DATA_DIR), {
        role: "export",
        onWarning: (m) => logger.warn(m),
      });
  try {
    const file = out ? path.resolve(cwd, out) : null;
    const stream = file ? createWriteStream(file, { mode: 0o600 }) : process.stdout;
    if (file) await once(stream, "open"); // a bad path rejects here, before the export starts
    const count = await exportEdits(database.db, stream);
    if (file) {
      stream.end();
      await finished(stream);
    }
    logger.info({ edits: count, out: file ?? "stdout" }, `exported ${count} chord-sheet edits`);
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof ConfigError || err instanceof DatabaseStartupError) {
    logger.fatal(err.message);
  } else {
    logger.fatal({ err }, "export failed");
  }
  process.exitCode = 1;
});
