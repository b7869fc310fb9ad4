import type { FastifyRequest } from "fastify";
import { checkOrigin } from "../lib/http.js";

/**
 * The CSRF origin check of our state-changing routes ({@link checkOrigin}) for routes registered
 * outside the accounts area: the trusted origins are the ones the accounts plugin gave better-auth.
 * Without the accounts plugin (API-only tests) only same-site requests pass: any `Origin` is refused.
 * @throws {HttpError} 403 "Invalid origin".
 */
export function checkRequestOrigin(request: FastifyRequest): void {
  const trusted = request.server.tonicAuth?.options.trustedOrigins;
  checkOrigin(request, Array.isArray(trusted) ? trusted.filter((o) => typeof o === "string") : []);
}
