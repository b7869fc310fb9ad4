import { readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { ACTIVE_STATES } from "./store.js";
import { killToolGroup, TOOL_GROUPS_FILE } from "./tools.js";

/** Prefix of a job's scratch folder: `tonic-job-<pid>-XXXXXX` in the system temp folder. */
export const JOB_DIR_PREFIX = "tonic-job-";

/** The scratch-folder prefix for jobs of this process (`mkdtemp` adds six random characters). */
export function jobDirPrefix(pid: number = process.pid): string {
  return path.join(tmpdir(), `${JOB_DIR_PREFIX}${pid}-`);
}

/** Message of a job interrupted by a crash or restart (PRODUCT §8 prefix). */
export const RESTART_MESSAGE = "Failed to analyze audio: the server restarted. Please try again.";

/** Gives back a user's analysis counted on the UTC date of `at` (see `refundAnalysis`). */
export type RefundAt = (userId: string, videoId: string, at: Date) => Promise<void>;

/** Minimal logger. */
interface Log {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

async function refundAll(
  rows: { video_id: string; requesters: string[]; created_at: Date | string }[],
  refund: RefundAt,
  log?: Log,
): Promise<number> {
  let refunded = 0;
  for (const r of rows) {
    for (const userId of r.requesters) {
      try {
        await refund(userId, r.video_id, new Date(r.created_at));
        refunded++;
      } catch (err) {
        log?.error(
          { userId, videoId: r.video_id, err: err instanceof Error ? err.message : String(err) },
          "refund failed",
        );
      }
    }
  }
  return refunded;
}

/**
 * Start-up of the single-process server (in-process queue): every job still marked running was
 * interrupted (crash, `kill -9`, restart). Marks them failed like any failure and refunds their
 * requesters' daily counts on the date the job was requested.
 * @returns the number of jobs failed and of refunds made.
 */
export async function recoverInterruptedJobs(
  db: Kysely<Database>,
  refund: RefundAt,
  log?: Log,
): Promise<{ failed: number; refunds: number }> {
  const now = new Date();
  const rows = await db
    .updateTable("song_jobs")
    .set({ state: "failed", progress: 1, error: RESTART_MESSAGE, updated_at: now, finished_at: now })
    .where("state", "in", ["downloading", "analysing"])
    .returning(["video_id", "requesters", "created_at"])
    .execute();
  const refunds = await refundAll(rows, refund, log);
  if (rows.length) log?.warn({ jobs: rows.length, refunds }, "failed analysis jobs interrupted by a restart");
  return { failed: rows.length, refunds };
}

/**
 * Shared queue (pg-boss, several workers): fails jobs whose worker stopped updating them for
 * `staleSeconds` (it died mid-job), refunding their requesters, so the video can be requested again.
 * @returns the number of jobs failed.
 */
export async function sweepStaleJobs(
  db: Kysely<Database>,
  staleSeconds: number,
  refund: RefundAt,
  log?: Log,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - staleSeconds * 1000);
  const rows = await db
    .updateTable("song_jobs")
    .set({ state: "failed", progress: 1, error: RESTART_MESSAGE, updated_at: now, finished_at: now })
    .where(
      "state",
      "in",
      ACTIVE_STATES.filter((s) => s !== "queued"),
    )
    .where("updated_at", "<", cutoff)
    .returning(["video_id", "requesters", "created_at"])
    .execute();
  await refundAll(rows, refund, log);
  if (rows.length) log?.warn({ jobs: rows.length }, "failed analysis jobs whose worker stopped");
  return rows.length;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err instanceof Error && "code" in err && err.code === "EPERM";
  }
}

/**
 * Kills the process group `pgid` when its leader is still the recorded tool: `/proc/<pgid>/cmdline`
 * names `command` (Linux), so a group id reused by an unrelated process since is left alone; where
 * `/proc` cannot tell, nothing is killed.
 * @returns whether the group was signalled.
 */
export async function killOrphanToolGroup(pgid: number, command: string): Promise<boolean> {
  const cmdline = await readFile(`/proc/${pgid}/cmdline`, "utf8").catch(() => null);
  if (cmdline === null) return false;
  const argv = cmdline.split("\0").filter((a) => a !== "");
  if (!argv.slice(0, 3).some((a) => path.basename(a) === command)) return false;
  killToolGroup(pgid);
  return true;
}

/**
 * Removes job scratch folders (downloaded audio) left behind by processes that died mid-job: folders
 * named for a process that no longer runs, or for this very process id (a restart that got the
 * same id, e.g. pid 1 in a container; call before this process starts jobs), and folders of the old
 * unnamed form `tonic-job-XXXXXX` older than `legacyMaxAgeMs`. Tool groups the dead process recorded
 * in the folder ({@link TOOL_GROUPS_FILE}) and still running are killed first.
 * @param dir the temp folder (default `os.tmpdir()`).
 * @returns the folder names removed.
 */
export async function removeOrphanJobDirs(
  dir: string = tmpdir(),
  opts: {
    now?: Date;
    legacyMaxAgeMs?: number;
    isAlive?: (pid: number) => boolean;
    /** Kills a recorded tool group still running (default {@link killOrphanToolGroup}). */
    killGroup?: (pgid: number, command: string) => Promise<boolean>;
  } = {},
): Promise<string[]> {
  const now = (opts.now ?? new Date()).getTime();
  const legacyMaxAgeMs = opts.legacyMaxAgeMs ?? 60 * 60_000;
  const alive = opts.isAlive ?? processAlive;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(JOB_DIR_PREFIX)) continue;
    const rest = name.slice(JOB_DIR_PREFIX.length);
    const m = /^(\d+)-[A-Za-z0-9]{6}$/.exec(rest);
    let orphan: boolean;
    if (m) {
      const pid = Number(m[1]);
      orphan = pid === process.pid || !alive(pid);
    } else if (/^[A-Za-z0-9]{6}$/.test(rest)) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      orphan = info !== null && now - info.mtimeMs > legacyMaxAgeMs;
    } else continue;
    if (!orphan) continue;
    // A process killed with SIGKILL left its yt-dlp/ffmpeg groups running: stop them first.
    const groups = await readFile(path.join(dir, name, TOOL_GROUPS_FILE), "utf8").catch(() => "");
    for (const line of groups.split("\n")) {
      const g = /^(\d+) (\S+)$/.exec(line.trim());
      if (g) await (opts.killGroup ?? killOrphanToolGroup)(Number(g[1]), g[2] as string);
    }
    await rm(path.join(dir, name), { recursive: true, force: true }).catch(() => {});
    removed.push(name);
  }
  return removed;
}
