import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { type RefundAt, sweepStaleJobs } from "./cleanup.js";

interface Log {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Starts sweeping stale jobs of the shared queue now and every `staleSeconds / 2` (see
 * {@link sweepStaleJobs}); the timer does not keep the process alive.
 * @returns an async stopper for `onClose`.
 */
export function startStaleSweep(
  db: Kysely<Database>,
  staleSeconds: number,
  refund: RefundAt,
  log?: Log,
): () => Promise<void> {
  const sweep = () =>
    void sweepStaleJobs(db, staleSeconds, refund, log).catch((err: unknown) =>
      log?.error({ err: err instanceof Error ? err.message : String(err) }, "stale job sweep failed"),
    );
  sweep();
  const timer = setInterval(sweep, Math.max(5, staleSeconds / 2) * 1000);
  timer.unref();
  return async () => clearInterval(timer);
}
