import type { FastifyError, FastifyInstance } from "fastify";
import { $ZodError } from "zod/v4/core";

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

/** JSON error bodies for every failure: `{ error: string }`, never a stack trace. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | Error, request, reply) => {
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
