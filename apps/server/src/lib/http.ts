import type { FastifyReply, FastifyRequest } from "fastify";
import * as z4 from "zod/v4/core";
import { HttpError } from "./errors.js";

/**
 * CSRF protection for our own state-changing routes (better-auth checks its own): a request from a
 * browser carries `Origin` (or `Sec-Fetch-Site`); it must come from a trusted origin. Session cookies
 * are also `SameSite=Lax` and HTTP-only.
 * @throws {HttpError} 403 "Invalid origin".
 */
export function checkOrigin(request: FastifyRequest, trustedOrigins: string[]): void {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
  const origin = request.headers.origin;
  if (origin) {
    if (!trustedOrigins.includes(origin)) throw new HttpError(403, "Invalid origin");
    return;
  }
  if (request.headers["sec-fetch-site"] === "cross-site") throw new HttpError(403, "Invalid origin");
}

/** Sends a better-auth Fetch `Response` through Fastify (status, headers incl. every Set-Cookie, body). */
export async function sendFetchResponse(reply: FastifyReply, res: Response): Promise<FastifyReply> {
  reply.status(res.status);
  res.headers.forEach((value, key) => {
    if (key === "set-cookie" || key === "content-length" || key === "content-encoding") return;
    reply.header(key, value);
  });
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  const body = res.body ? Buffer.from(await res.arrayBuffer()) : null;
  return reply.send(body);
}

/**
 * Serialises a response body through its `@tonic/api` schema (zod/mini; any zod schema works): unknown
 * fields are dropped and a body that breaks the contract fails here (500, logged) instead of in the browser.
 * @throws {Error} when `body` does not match `schema` (a server bug).
 */
export function serialize<S extends z4.$ZodType>(schema: S, body: z4.input<S>): z4.output<S> {
  const parsed = z4.safeParse(schema, body);
  if (!parsed.success) throw new Error(`Response breaks the API contract: ${parsed.error.message}`);
  return parsed.data;
}
