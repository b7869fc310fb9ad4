import { statfs } from "node:fs/promises";
import { sql } from "kysely";
import type { DatabaseHandle } from "../db/index.js";
import { queueDepth } from "../jobs/fairness.js";
import { checkTools, type ToolPaths } from "../jobs/tools.js";
import { type DiskFullState, isDiskFullError } from "../lib/disk-full.js";

/** yt-dlp builds older than this many days usually cannot read today's YouTube. */
export const YT_DLP_MAX_AGE_DAYS = 90;
/** Free space in the data folder below which health reports "degraded". */
export const LOW_DISK_BYTES = 200 * 1024 * 1024;

/** What `/api/health` reports (operators; users never see it). */
export interface HealthReport {
  status: "ok" | "degraded";
  version: string;
  database: { kind: DatabaseHandle["kind"]; ok: boolean; writable: boolean };
  disk: { path: string; freeBytes: number; ok: boolean } | null;
  queue: { queued: number; running: number } | null;
  linkAnalysis: {
    usable: boolean;
    ytDlp: { version: string | null; ageDays: number | null; outdated: boolean };
    ffmpeg: { version: string | null };
  };
}

/**
 * The release date of a yt-dlp version string (`2023.03.04`, `2025.06.30.232819` nightly).
 * @returns the UTC date, or null when the string is not a date version.
 */
export function ytDlpReleaseDate(version: string | null): Date | null {
  const m = /^(\d{4})\.(\d{2})\.(\d{2})/.exec(version ?? "");
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Whole days between a yt-dlp release and `now`, or null for an unknown version. */
export function ytDlpAgeDays(version: string | null, now: Date): number | null {
  const d = ytDlpReleaseDate(version);
  return d ? Math.floor((now.getTime() - d.getTime()) / 86_400_000) : null;
}

/** The log line for an old yt-dlp, or null when it is recent (or missing/unknown). */
export function ytDlpWarning(version: string | null, now: Date): string | null {
  const age = ytDlpAgeDays(version, now);
  if (age === null || age <= YT_DLP_MAX_AGE_DAYS) return null;
  return `yt-dlp ${version} is ${age} days old: YouTube changes often and old builds fail to download. Install a current one (see SECURITY.md, "Link analysis tools") and set YT_DLP_PATH.`;
}

/** Options of {@link HealthChecker}. */
export interface HealthOptions {
  database: DatabaseHandle;
  version: string;
  /** The data folder (free disk space); omitted = not reported. */
  dataDir?: string;
  tools: ToolPaths;
  /** How long one set of checks is reused, ms (default 2000: health stays cheap under load). */
  ttlMs?: number;
  now?: () => Date;
  /**
   * Writes that recently failed for want of disk space: while one is recent the database is reported
   * not writable (status "degraded", 503), even when the heartbeat's small write still fits.
   */
  diskFull?: DiskFullState;
}

/**
 * Runs the health checks: the database accepts a write (upserts its `server_heartbeat` row), free
 * disk in the data folder, queue depth (all workers), and whether yt-dlp and ffmpeg can run (with
 * yt-dlp's age). Results are cached for `ttlMs` and concurrent callers share one run.
 */
export class HealthChecker {
  private cached: { at: number; report: HealthReport } | null = null;
  private running: Promise<HealthReport> | null = null;
  private readonly now: () => Date;

  constructor(private readonly opts: HealthOptions) {
    this.now = opts.now ?? (() => new Date());
  }

  /**
   * The current report (at most `ttlMs` old); a recent full-disk failure of any write (`diskFull`)
   * makes the database not writable and the status "degraded" at once, whatever the cache holds.
   */
  async report(): Promise<HealthReport> {
    const report = await this.cachedReport();
    if (!this.opts.diskFull?.recentlyFull()) return report;
    return {
      ...report,
      status: "degraded",
      database: { ...report.database, ok: false, writable: false },
    };
  }

  private async cachedReport(): Promise<HealthReport> {
    const t = this.now().getTime();
    if (this.cached && t - this.cached.at < (this.opts.ttlMs ?? 2000)) return this.cached.report;
    if (!this.running) {
      this.running = this.check()
        .then((report) => {
          this.cached = { at: t, report };
          return report;
        })
        .finally(() => {
          this.running = null;
        });
    }
    return this.running;
  }

  private async check(): Promise<HealthReport> {
    const { database } = this.opts;
    const now = this.now();
    let writable = false;
    try {
      await sql`insert into server_heartbeat (id, at) values (1, ${now})
                on conflict (id) do update set at = excluded.at`.execute(database.db);
      writable = true;
    } catch (err) {
      writable = false;
      if (isDiskFullError(err)) this.opts.diskFull?.noteFailure();
    }
    const queue = writable ? await queueDepth(database.db).catch(() => null) : null;
    let disk: HealthReport["disk"] = null;
    if (this.opts.dataDir) {
      try {
        const s = await statfs(this.opts.dataDir);
        const freeBytes = Number(s.bavail) * Number(s.bsize);
        disk = { path: this.opts.dataDir, freeBytes, ok: freeBytes >= LOW_DISK_BYTES };
      } catch {
        disk = null;
      }
    }
    const tools = await checkTools(this.opts.tools);
    const ageDays = ytDlpAgeDays(tools.ytDlp, now);
    const outdated = ageDays !== null && ageDays > YT_DLP_MAX_AGE_DAYS;
    const ok = writable && (disk?.ok ?? true);
    return {
      status: ok ? "ok" : "degraded",
      version: this.opts.version,
      database: { kind: database.kind, ok: writable, writable },
      disk,
      queue,
      linkAnalysis: {
        usable: tools.ytDlp !== null && tools.ffmpeg !== null,
        ytDlp: { version: tools.ytDlp, ageDays, outdated },
        ffmpeg: { version: tools.ffmpeg },
      },
    };
  }
}
