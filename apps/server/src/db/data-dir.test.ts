import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensurePackagesBuilt, REPO_ROOT } from "../../test/server-process.js";
import {
  DataDirLockedError,
  LOCK_FILE,
  lockDataDir,
  openEmbeddedDatabase,
  secureDataDir,
} from "./data-dir.js";

const root = mkdtempSync(path.join(tmpdir(), "tonic-data-dir-"));
let n = 0;
/** A data folder path that does not exist yet. */
const freshDir = () => path.join(root, `data-${++n}`);

/** Every path under `dir` (itself included) whose mode lets group or others read, write or enter it. */
function looseModes(dir: string): string[] {
  const loose: string[] = [];
  const walk = (p: string) => {
    const info = lstatSync(p);
    if ((info.mode & 0o077) !== 0) loose.push(`${p} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return loose;
}

/** Runs a server entry point (through tsx) and resolves with its exit code and output. */
function runEntry(
  entry: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (b: Buffer) => {
    output += b.toString();
  });
  child.stderr.on("data", (b: Buffer) => {
    output += b.toString();
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

/** The PID of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}

describe("the embedded database's data folder is private (finding: world-writable database)", () => {
  let umask: number;
  beforeAll(() => {
    // the reporter's environment: umask 0, where PGlite's files came out 0666
    umask = process.umask(0);
  });
  afterAll(() => {
    process.umask(umask);
  });

  it("creates a fresh DATA_DIR 0700 with nothing in it readable or writable by group or others", async () => {
    const dataDir = freshDir();
    const database = await openEmbeddedDatabase(dataDir);
    try {
      await database.db.insertInto("profiles").values({ id: "p", username: "private" }).execute();
      expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
      expect(lstatSync(path.join(dataDir, "pglite")).mode & 0o777).toBe(0o700);
      expect(readdirSync(path.join(dataDir, "pglite")).length).toBeGreaterThan(5);
      expect(looseModes(dataDir)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(looseModes(dataDir)).toEqual([]);
  });

  it("tightens a data folder an older version left open", async () => {
    const dataDir = freshDir();
    process.umask(0);
    mkdirSync(path.join(dataDir, "pglite", "base"), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(dataDir, "pglite", "base", "1249"), "x", { mode: 0o666 });
    writeFileSync(path.join(dataDir, "auth-secret"), "s", { mode: 0o644 });
    chmodSync(dataDir, 0o777);
    expect(looseModes(dataDir).length).toBe(5);
    expect(await secureDataDir(dataDir)).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    expect(lstatSync(path.join(dataDir, "pglite", "base", "1249")).mode & 0o777).toBe(0o600);
    expect(looseModes(dataDir)).toEqual([]);
    expect(process.umask()).toBe(0o077);
  });
});

describe("one process per data folder (finding: no lock on the data folder)", () => {
  it("refuses a second acquisition, takes over a stale lock and frees the folder on release", async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir);
    const lockFile = path.join(dataDir, LOCK_FILE);
    const lock = await lockDataDir(dataDir, "server");
    expect(readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
    expect(lstatSync(lockFile).mode & 0o077).toBe(0);

    const again = await lockDataDir(dataDir, "seed").catch((e: unknown) => e);
    expect(again).toBeInstanceOf(DataDirLockedError);
    expect((again as Error).message).toBe(
      `Another Tonic server (pid ${process.pid}) is using the data folder ${dataDir}; stop it first.`,
    );

    await lock.release();
    expect(existsSync(lockFile)).toBe(false);
    const next = await lockDataDir(dataDir, "seed");
    await next.release();
    await next.release(); // idempotent
    expect(existsSync(lockFile)).toBe(false);
  });

  it("refuses while another live process holds the folder", async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir);
    // our parent (the test runner) is alive and is not this process
    writeFileSync(path.join(dataDir, LOCK_FILE), `${process.ppid}\nseed\n2026-01-01T00:00:00.000Z\n`);
    const err = await lockDataDir(dataDir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toBe(
      `Another Tonic seed (pid ${process.ppid}) is using the data folder ${dataDir}; stop it first.`,
    );
    expect(readFileSync(path.join(dataDir, LOCK_FILE), "utf8")).toMatch(new RegExp(`^${process.ppid}\\n`));
  });

  it("takes over the lock of a process that is gone, or of an earlier life of this PID", async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir);
    const lockFile = path.join(dataDir, LOCK_FILE);
    for (const stalePid of [await deadPid(), process.pid]) {
      writeFileSync(lockFile, `${stalePid}\nserver\n2026-01-01T00:00:00.000Z\n`);
      const lock = await lockDataDir(dataDir);
      expect(readFileSync(lockFile, "utf8").split("\n")[0]).toBe(String(process.pid));
      await lock.release();
      expect(existsSync(lockFile)).toBe(false);
    }
  });

  describe("the server and the seed script refuse a locked folder", () => {
    beforeAll(() => ensurePackagesBuilt());

    for (const entry of ["apps/server/src/seed.ts", "apps/server/src/main.ts"]) {
      it(`${entry} exits 1 with one line naming the holder, without opening the database`, async () => {
        const dataDir = freshDir();
        mkdirSync(dataDir);
        const lock = await lockDataDir(dataDir, "server");
        try {
          const { code, output } = await runEntry(entry, { DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "info" });
          expect(code).toBe(1);
          expect(output).toContain(
            `Another Tonic server (pid ${process.pid}) is using the data folder ${dataDir}; stop it first.`,
          );
          expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
          expect(readFileSync(lock.file, "utf8").split("\n")[0]).toBe(String(process.pid));
        } finally {
          await lock.release();
        }
      });
    }
  });
});
