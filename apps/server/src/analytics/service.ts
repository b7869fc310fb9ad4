import { AnalyticsRequest } from "@tonic/api";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** The body of `POST /api/analytics`, from the API contract. */
export const AnalyticsBody = AnalyticsRequest;
export type AnalyticsBody = AnalyticsRequest;

/** One event as it is stored or forwarded: no IP address, no user agent, no identifiers. */
export interface AnalyticsEvent {
  name: string;
  /** Pathname plus hash, never the query string. */
  path: string;
  /** Host name of the referring site, or null for none / same site. */
  referrerHost: string | null;
  props: Record<string, string | number | boolean>;
}

/**
 * Strips the query string from a path, and any hash that is not a plain section name:
 * `/search?q=mine#x` → `/search#x`, `/#token=abc` → `/`.
 * @param path a path starting with `/`.
 * @returns the pathname with its hash, if any.
 */
export function stripQuery(path: string): string {
  const hashAt = path.indexOf("#");
  const rawHash = hashAt >= 0 ? path.slice(hashAt) : "";
  // Only section names survive; parameter hashes (e.g. `#type=recovery&token=…`) may hold secrets.
  const hash = /^#[\w-]{1,64}$/.test(rawHash) ? rawHash : "";
  const beforeHash = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const q = beforeHash.indexOf("?");
  return (q >= 0 ? beforeHash.slice(0, q) : beforeHash) + hash;
}

/**
 * Reduces a referrer URL to its host name.
 * @param referrer the browser's `document.referrer` (may be empty or invalid).
 * @param ownHost our own host, whose referrals count as none.
 * @returns the lower-case host, or null.
 */
export function referrerHost(referrer: string | undefined, ownHost: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    if (!host || (ownHost && host === ownHost.split(":")[0]?.toLowerCase())) return null;
    return host;
  } catch {
    return null;
  }
}

/**
 * Turns a validated request body into the event to record.
 * @param body the validated body.
 * @param ownHost the Host header of the request, to drop internal referrers.
 */
export function toEvent(body: AnalyticsBody, ownHost: string | undefined): AnalyticsEvent {
  return {
    name: body.name,
    path: stripQuery(body.path),
    referrerHost: referrerHost(body.referrer, ownHost),
    props: body.props ?? {},
  };
}

/** Where events go. */
export interface AnalyticsSink {
  readonly kind: "database" | "plausible";
  /**
   * Records one event.
   * @param event the event.
   * @param context request details some sinks need to forward (never stored by us).
   * @throws when the sink fails; the route logs it and still answers 202.
   */
  record(event: AnalyticsEvent, context: { userAgent?: string; clientIp?: string }): Promise<void>;
}

/** Rows `analytics_events` keeps by default (≈ 100–200 bytes each, so on the order of 100 MB). */
export const MAX_ANALYTICS_EVENTS = 500_000;

/**
 * The default sink: the `analytics_events` table, capped at `maxEvents` rows. Each insert deletes the
 * events whose id is `maxEvents` or more below its own (ids only grow, so those are the oldest), which
 * keeps at most `maxEvents` rows with two index look-ups per event.
 * @param db the database.
 * @param maxEvents rows kept at most (default {@link MAX_ANALYTICS_EVENTS}, at least 1).
 */
export function databaseSink(db: Kysely<Database>, maxEvents: number = MAX_ANALYTICS_EVENTS): AnalyticsSink {
  if (!(Number.isInteger(maxEvents) && maxEvents >= 1)) throw new Error("maxEvents must be an integer ≥ 1");
  return {
    kind: "database",
    async record(event) {
      const row = await db
        .insertInto("analytics_events")
        .values({
          name: event.name,
          path: event.path,
          referrer_host: event.referrerHost,
          props: JSON.stringify(event.props),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const oldestKept = BigInt(row.id) - BigInt(maxEvents) + 1n;
      if (oldestKept > 1n) {
        await db.deleteFrom("analytics_events").where("id", "<", oldestKept.toString()).execute();
      }
    },
  };
}

/**
 * A sink speaking Plausible's Events API (`POST {url}/api/event`), for self-hosted Plausible or
 * compatible services. Plausible needs the User-Agent and client IP to count unique visitors (it
 * hashes them with a daily salt and does not store them); they are passed through, never stored here.
 * @param url base URL, e.g. `https://plausible.io`.
 * @param domain the site domain registered there.
 * @param fetchImpl the fetch to use (tests pass a fake).
 */
export function plausibleSink(url: string, domain: string, fetchImpl: typeof fetch = fetch): AnalyticsSink {
  const endpoint = new URL("/api/event", url).toString();
  const siteOrigin = `https://${domain}`;
  return {
    kind: "plausible",
    async record(event, context) {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (context.userAgent) headers["User-Agent"] = context.userAgent;
      if (context.clientIp) headers["X-Forwarded-For"] = context.clientIp;
      const res = await fetchImpl(endpoint, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name: event.name,
          domain,
          url: new URL(event.path, siteOrigin).toString(),
          referrer: event.referrerHost ? `https://${event.referrerHost}/` : undefined,
          props: Object.keys(event.props).length ? event.props : undefined,
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`Plausible answered ${res.status}`);
    },
  };
}
