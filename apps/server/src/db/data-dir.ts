import { readFileSync, unlinkSync } from "node:fs";
import { type FileHandle, open, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type DatabaseHandle, DatabaseStartupError, ensureWritableDir, openDatabase } from "./index.js";
import { makePrivate, restrictNewFiles } from "./private-files.js";

/** The lock file in the data folder (like PostgreSQL's `postmaster.pid`): PID, role, start time. */
export const LOCK_FILE = "tonic.pid";

/** Which program holds the data folder; named in the refusal message. */
export type DataDirRole = "server" | "seed" | "export";

/** An unparsable lock file younger than this is a process still writing it, not a stale lock. */
const UNREADABLE_LOCK_GRACE_MS = 10_000;

/** Another live process holds the data folder's lock. */
export class DataDirLockedError extends DatabaseStartupError {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    /** The holder's PID, or null while its lock file is still being written. */
    readonly pid: number | null,
    role: string,
  ) {
    super(
      pid === null
        ? `Another Tonic process is starting on the data folder ${dataDir}; stop it first.`
        : `Another Tonic ${role} (pid ${pid}) is using the data folder ${dataDir}; stop it first.`,
    );
  }
}

/** The exclusive lock on a data folder; {@link DataDirLock.release} removes the lock file. */
export interface DataDirLock {
  /** The absolute path of the data folder. */
  readonly dataDir: string;
  /** The lock file. */
  readonly file: string;
  /** Removes the lock file when it is still ours; idempotent. */
  release(): Promise<void>;
}

/** Lock files this process holds (absolute path → role), so a second acquisition here is refused too. */
const held = new Map<string, DataDirRole>();

/**
 * Takes the exclusive lock on `dataDir` by creating {@link LOCK_FILE} with `O_EXCL` (mode 0600) holding
 * this process's PID, role and start time. A lock whose PID is not alive (a crashed or killed process),
 * or that names this process without this process holding it (a PID reused after a container restart),
 * is stale and taken over. Also released, when still held, as the process exits.
 * @param dataDir the data folder; it must exist.
 * @param role    named to the next process that finds the folder locked.
 * @throws {DataDirLockedError} when another live process (or this one) holds the lock.
 * @throws {DatabaseStartupError} when the lock file cannot be created.
 */
export async function lockDataDir(dataDir: string, role: DataDirRole = "server"): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const ours = held.get(file);
  if (ours) throw new DataDirLockedError(dir, process.pid, ours);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await createLockFile(file, role)) return holdLock(dir, file, role);
    const owner = await readLock(file);
    if (owner === "gone") continue;
    if (owner.pid === null) {
      if (Date.now() - owner.mtimeMs < UNREADABLE_LOCK_GRACE_MS) throw new DataDirLockedError(dir, null, "");
    } else if (owner.pid !== process.pid && isAlive(owner.pid)) {
      throw new DataDirLockedError(dir, owner.pid, owner.role);
    }
    // stale: its process is gone; remove it and create ours with O_EXCL again (as PostgreSQL does)
    await rm(file, { force: true });
  }
  throw new DatabaseStartupError(`Cannot lock the data folder ${dir}: its lock file ${file} keeps changing`);
}

/**
 * Creates the lock file with `O_EXCL` and writes this process's line into it.
 * @returns false when it exists already.
 * @throws {DatabaseStartupError} when it cannot be created or written (nothing is left behind).
 */
async function createLockFile(file: string, role: DataDirRole): Promise<boolean> {
  let handle: FileHandle;
  try {
    handle = await open(file, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw lockFileError(file, err);
  }
  try {
    await handle.writeFile(`${process.pid}\n${role}\n${new Date().toISOString()}\n`);
    await handle.close();
    return true;
  } catch (err) {
    await handle.close().catch(() => {});
    await rm(file, { force: true });
    throw lockFileError(file, err);
  }
}

function lockFileError(file: string, err: unknown): DatabaseStartupError {
  const reason = err instanceof Error ? err.message : String(err);
  return new DatabaseStartupError(`Cannot create the lock file ${file}: ${reason}`);
}

function holdLock(dir: string, file: string, role: DataDirRole): DataDirLock {
  held.set(file, role);
  const onExit = () => releaseSync(file);
  process.once("exit", onExit);
  return {
    dataDir: dir,
    file,
    async release() {
      process.removeListener("exit", onExit);
      releaseSync(file);
    },
  };
}

/** Removes `file` if this process holds it and it still names this process. */
function releaseSync(file: string): void {
  if (!held.delete(file)) return;
  try {
    if (parsePid(readFileSync(file, "utf8")) === process.pid) unlinkSync(file);
  } catch {
    // already gone
  }
}

async function readLock(
  file: string,
): Promise<{ pid: number | null; role: string; mtimeMs: number } | "gone"> {
  try {
    const [text, info] = await Promise.all([readFile(file, "utf8"), stat(file)]);
    const role = text.split("\n")[1]?.trim();
    return {
      pid: parsePid(text),
      role: role === "seed" || role === "server" || role === "export" ? role : "process",
      mtimeMs: info.mtimeMs,
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "gone";
    const reason = err instanceof Error ? err.message : String(err);
    throw new DatabaseStartupError(`Cannot read the lock file ${file}: ${reason}`);
  }
}

function parsePid(text: string): number | null {
  const first = text.split("\n")[0]?.trim() ?? "";
  if (!/^\d{1,10}$/.test(first)) return null;
  const pid = Number(first);
  return pid > 0 ? pid : null;
}

/** True when a process with this PID exists (EPERM: it exists but belongs to another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Makes the data folder private to this user: sets the process umask to 0077 (everything the process
 * creates from now on is owner-only), creates `dataDir` (mode 0700) when missing, and strips group and
 * other permissions from the folder and everything already in it (data folders of older versions).
 * Symbolic links are left alone.
 * @returns warnings for what could not be tightened (e.g. a mount point owned by another user).
 * @throws {DatabaseStartupError} when the folder cannot be created or written.
 */
export async function secureDataDir(dataDir: string): Promise<string[]> {
  await createPrivateDir(dataDir);
  return makePrivate(dataDir);
}

async function createPrivateDir(dataDir: string): Promise<void> {
  restrictNewFiles();
  await ensureWritableDir(dataDir);
}

/** Options of {@link openEmbeddedDatabase}. */
export interface EmbeddedDatabaseOptions {
  /** Which program opens it (named to a second one); default "server". */
  role?: DataDirRole;
  /** Called with each warning of {@link secureDataDir}. */
  onWarning?: (message: string) => void;
}

/**
 * Opens the embedded PGlite database of the data folder for the server or the seed script: creates the
 * folder owner-only, takes its lock ({@link lockDataDir}), tightens what is already in it (as
 * {@link secureDataDir}) and opens PGlite in `<dataDir>/pglite`. Closing the handle closes the database and then releases the lock.
 * @throws {DataDirLockedError} when another Tonic process uses the folder.
 * @throws {DatabaseStartupError} when the folder or the database cannot be opened.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  opts: EmbeddedDatabaseOptions = {},
): Promise<DatabaseHandle> {
  await createPrivateDir(dataDir);
  const lock = await lockDataDir(dataDir, opts.role ?? "server");
  let database: DatabaseHandle;
  try {
    for (const w of await makePrivate(lock.dataDir)) opts.onWarning?.(w);
    database = await openDatabase({ kind: "pglite", dataDir: path.join(lock.dataDir, "pglite") });
  } catch (err) {
    await lock.release();
    throw err;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        await lock.release();
      }
    },
  };
}
