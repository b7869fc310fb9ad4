import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "./migrate.js";
import { PGliteDialect } from "./pglite-dialect.js";
import { makePrivate, restrictNewFiles } from "./private-files.js";
import type { Database } from "./schema.js";

export type { Database } from "./schema.js";

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** "pglite" (embedded, the default) or "postgres" (DATABASE_URL). */
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: "pglite" /** Folder for the data files; omit for an in-memory database (tests). */;
      dataDir?: string;
    }
  | {
      kind: "postgres";
      url: string /** Schema to use (created if missing); default "public". */;
      schema?: string;
    };

/** A database problem the operator must fix (bad URL, unreachable server, unwritable folder). */
export class DatabaseStartupError extends Error {
  override name = "DatabaseStartupError";
}

/** Hides the password of a connection URL for logs and error messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<unparseable URL>";
  }
}

/** Creates `dir` one level at a time (Node's recursive mkdir can spin on special file systems). */
async function makeDirs(dir: string): Promise<void> {
  const abs = path.resolve(dir);
  const missing: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      if (!(await stat(cur)).isDirectory()) throw new Error(`${cur} is not a folder`);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      missing.push(cur);
      const parent = path.dirname(cur);
      if (parent === cur) break;
      cur = parent;
    }
  }
  for (const d of missing.reverse()) await mkdir(d);
}

/**
 * Creates `dir` when missing and checks that a file can be written in it.
 * @throws {DatabaseStartupError} naming the folder and the reason.
 */
export async function ensureWritableDir(dir: string): Promise<void> {
  try {
    await makeDirs(dir);
    const probe = path.join(dir, `.write-test-${process.pid}`);
    await writeFile(probe, "");
    await rm(probe);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseStartupError(`The data folder ${path.resolve(dir)} is not writable: ${reason}`);
  }
}

/**
 * Opens the database, checks the connection and applies all migrations. PGlite on disk keeps its files
 * owner-only: the process umask becomes 0077 (`restrictNewFiles`) and the folder is made private once
 * PGlite is ready (`makePrivate`). The server and the seed script open the data folder through
 * `openEmbeddedDatabase` (`data-dir.ts`), which also locks it.
 * @throws {DatabaseStartupError} for an unwritable data folder, an invalid or unreachable DATABASE_URL,
 *   or a failed migration.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let db: Kysely<Database>;
  if (options.kind === "pglite") {
    if (options.dataDir) {
      // Owner-only files: the database holds password hashes and profiles.
      restrictNewFiles();
      await ensureWritableDir(options.dataDir);
    }
    let client: PGlite;
    try {
      client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
      await client.waitReady;
      // A new database's initial files are written with explicit modes, past the umask (the folder,
      // created 0700, keeps other users out until then).
      if (options.dataDir) await makePrivate(options.dataDir);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new DatabaseStartupError(
        `Cannot open the embedded database in ${options.dataDir ?? "memory"}: ${reason}`,
      );
    }
    db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  } else {
    const schema = options.schema ?? "public";
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new DatabaseStartupError(`Invalid schema name: ${schema}`);
    let pool: pg.Pool;
    try {
      pool = new pg.Pool({
        connectionString: options.url,
        max: 10,
        connectionTimeoutMillis: 5000,
        options: `-c search_path=${schema}`,
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new DatabaseStartupError(`Invalid DATABASE_URL ${redactUrl(options.url)}: ${reason}`);
    }
    pool.on("error", () => {
      /* idle client errors are reported by the next query */
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      await sql`select 1`.execute(db);
      if (schema !== "public") await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    } catch (err) {
      await db.destroy().catch(() => {});
      const reason = err instanceof Error ? err.message : String(err);
      throw new DatabaseStartupError(`Cannot connect to PostgreSQL at ${redactUrl(options.url)}: ${reason}`);
    }
  }
  try {
    await migrateToLatest(db as unknown as Kysely<unknown>);
  } catch (err) {
    await db.destroy().catch(() => {});
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseStartupError(`Database migration failed: ${reason}`);
  }
  return { db, kind: options.kind, close: () => db.destroy() };
}
