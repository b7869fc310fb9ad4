import type { FastifyRequest } from "fastify";
import { checkOrigin } from "../lib/http.js";

/**
 * Routes the app-wide origin check leaves alone, by their registered path:
 * - `/api/auth/*`: better-auth checks the origin of its own writes against the same trusted origins
 *   (and its OAuth callbacks come from the provider);
 * - `/api/razorpay/webhook`: Razorpay's servers call it without an `Origin`; the HMAC signature of
 *   the body is its check.
 */
export const ORIGIN_CHECK_EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  "/api/auth/*",
  "/api/razorpay/webhook",
]);

/**
 * The CSRF origin check ({@link checkOrigin}) with the trusted origins the accounts plugin gave
 * better-auth. Without the accounts plugin (API-only tests) only same-site requests pass: any `Origin`
 * is refused.
 * @throws {HttpError} 403 "Invalid origin".
 */
export function checkRequestOrigin(request: FastifyRequest): void {
  const trusted = request.server.tonicAuth?.options.trustedOrigins;
  checkOrigin(request, Array.isArray(trusted) ? trusted.filter((o) => typeof o === "string") : []);
}

/**
 * The one origin check of the app, run on every request before its body is read (`onRequest`, see
 * `securityPlugin`): every unsafe method (POST, PUT, PATCH, DELETE, …) with a foreign `Origin`, or
 * a `Sec-Fetch-Site: cross-site` without one, gets a 403, except on {@link ORIGIN_CHECK_EXEMPT_ROUTES}.
 * Safe methods (GET, HEAD, OPTIONS) pass.
 * @throws {HttpError} 403 "Invalid origin".
 */
export function originCheckHook(request: FastifyRequest): void {
  const route = request.routeOptions.url;
  if (route !== undefined && ORIGIN_CHECK_EXEMPT_ROUTES.has(route)) return;
  checkRequestOrigin(request);
}
