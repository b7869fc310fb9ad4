import type { FastifyError, FastifyInstance } from "fastify";
import { $ZodError } from "zod/v4/core";
import { DISK_FULL_MESSAGE, type DiskFullState, isDiskFullError } from "./disk-full.js";

/** An error whose message is safe to show to the user, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * JSON error bodies for every failure: `{ error: string }`, never a stack trace. A write that failed
 * because the disk is full (`isDiskFullError`) is a 503 with {@link DISK_FULL_MESSAGE} and
 * `Retry-After: 60`; the detail goes to the log and `diskFull` (which `/api/health` reads).
 */
export function registerErrorHandler(app: FastifyInstance, opts: { diskFull?: DiskFullState } = {}): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
    if (isDiskFullError(err)) {
      opts.diskFull?.noteFailure();
      request.log.error({ err }, "a write failed: the disk is full");
      return reply.status(503).header("retry-after", "60").send({ error: DISK_FULL_MESSAGE });
    }
    // `$ZodError` (not classic `ZodError`): zod/mini's parse throws a core error without the classic trait.
    if (err instanceof $ZodError) {
      const msg = err.issues
        .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
        .join("; ");
      return reply.status(400).send({ error: `Invalid request: ${msg}` });
    }
    if (err instanceof HttpError) return reply.status(err.statusCode).send({ error: err.message });
    const status = "statusCode" in err && typeof err.statusCode === "number" ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, "request failed");
      return reply.status(status).send({ error: "Internal server error" });
    }
    return reply.status(status).send({ error: err.message });
  });
}
