import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { clientAddress } from "../security/client-address.js";
import { AnalyticsBody, type AnalyticsSink, databaseSink, plausibleSink, toEvent } from "./service.js";

export interface AnalyticsRoutesOptions {
  db: Kysely<Database>;
  /** Plausible-compatible sink; when both fields are set it replaces the database sink. */
  plausible?: { url?: string; domain?: string };
  /** Overrides the sink (tests). */
  sink?: AnalyticsSink;
  /** Events one client address may send per window (default 120). */
  rateLimitMax?: number;
  /** Length of the rate-limit window, ms (default 1 minute). */
  rateLimitWindowMs?: number;
  /** Rows the database sink keeps, oldest deleted first (default `MAX_ANALYTICS_EVENTS`, 500,000). */
  maxEvents?: number;
}

/**
 * `POST /api/analytics` (PRODUCT §7 "Other"): JSON `{ name, path, referrer?, props? }` → 202 `{ ok: true }`.
 * Sets no cookies and stores no personal data. Accepts `text/plain` bodies too, because
 * `navigator.sendBeacon` may send them. Invalid bodies get 400 `{ error }`; a failing sink is logged
 * and still answered 202 (analytics never breaks the page). Each client address may send
 * `rateLimitMax` events per window (default 120 a minute); more get 429 `{ error }` with `Retry-After`.
 * The database sink keeps at most `maxEvents` rows.
 */
export async function analyticsRoutes(app: FastifyInstance, opts: AnalyticsRoutesOptions) {
  const sink =
    opts.sink ??
    (opts.plausible?.url && opts.plausible.domain
      ? plausibleSink(opts.plausible.url, opts.plausible.domain)
      : databaseSink(opts.db, opts.maxEvents));

  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientAddress,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many analytics events from your address. Please try again in ${ctx.after}.`),
  });

  app.addContentTypeParser("text/plain", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(null, {});
    }
  });

  const limit = { max: opts.rateLimitMax ?? 120, timeWindow: opts.rateLimitWindowMs ?? 60_000 };
  app.post(
    "/api/analytics",
    { bodyLimit: 16 * 1024, config: { rateLimit: limit } },
    async (request, reply) => {
      const body = AnalyticsBody.parse(request.body ?? {});
      const event = toEvent(body, request.headers.host);
      try {
        await sink.record(event, { userAgent: request.headers["user-agent"], clientIp: request.ip });
      } catch (err) {
        request.log.warn({ err, sink: sink.kind }, "analytics sink failed");
      }
      return reply.status(202).header("Cache-Control", "no-store").send({ ok: true });
    },
  );
}
