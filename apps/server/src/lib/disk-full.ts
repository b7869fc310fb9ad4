/** What users are told when a write fails because the disk is full (503). */
export const DISK_FULL_MESSAGE = "The server is out of disk space; try again later";

/** How long after a failed write health keeps reporting the database as not writable, ms. */
export const DISK_FULL_WINDOW_MS = 60_000;

/**
 * Whether an error (or one of its causes) is a full disk: Node's `ENOSPC`, PostgreSQL's `disk_full`
 * (SQLSTATE 53100) or a "No space left on device" message (PGlite's file layer, PostgreSQL's "could
 * not extend file").
 */
export function isDiskFullError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e !== null && e !== undefined; depth++) {
    if (typeof e === "object") {
      const code = "code" in e ? e.code : undefined;
      if (code === "ENOSPC" || code === "53100") return true;
      const message = "message" in e && typeof e.message === "string" ? e.message : "";
      if (/\bENOSPC\b|no space left on device/i.test(message)) return true;
      e = "cause" in e ? e.cause : undefined;
    } else {
      return typeof e === "string" && /\bENOSPC\b|no space left on device/i.test(e);
    }
  }
  return false;
}

/**
 * Remembers the last write that failed for want of disk space, so `/api/health` reports the database as
 * not writable even when its own small heartbeat write still fits (a nearly full disk refuses the
 * big writes first). Shared by the error handler, the job processor and the health check of one process.
 */
export class DiskFullState {
  private lastFailure: number | null = null;

  /**
   * @param now the clock (tests inject one); default the system clock.
   * @param windowMs how long a failure counts, ms (default {@link DISK_FULL_WINDOW_MS}).
   */
  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly windowMs = DISK_FULL_WINDOW_MS,
  ) {}

  /** Records a write that failed with a full disk. */
  noteFailure(): void {
    this.lastFailure = this.now().getTime();
  }

  /** True while a full-disk failure happened within the window. */
  recentlyFull(): boolean {
    return this.lastFailure !== null && this.now().getTime() - this.lastFailure < this.windowMs;
  }
}
