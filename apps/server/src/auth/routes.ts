import { AuthConfig, MeResponse } from "@tonic/api";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { HttpError } from "../lib/errors.js";
import { sendFetchResponse, serialize } from "../lib/http.js";
import { ensureProfile, getProfile } from "../profile/service.js";
import { mixedScriptReason } from "../profile/username.js";
import { clientAddress } from "../security/client-address.js";
import { devToolsVisible } from "../security/local-mode.js";
import type { AttemptOutcome } from "../security/rate-limit.js";
import type { AccountsContext } from "./accounts.js";
import { CLIENT_ADDRESS_HEADER } from "./auth.js";
import { getSessionUser } from "./session.js";

/**
 * better-auth's handler under `/api/auth/*` (sign-up, sign-in, verify-email, reset-password,
 * OAuth redirects, sign-out, JWKS at `/api/auth/jwks`, JWTs at `/api/auth/token`), plus:
 * - `GET /api/me` → `{ user, profile }` (both null when signed out; PRODUCT §7 "Get current user");
 * - `GET /api/auth-config` → which sign-in methods are enabled (the web app's Google button) and the
 *   outbox's URL for a browser on this machine that opened the development tools.
 */
export const authRoutes: FastifyPluginAsync<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    // Before any body parser: better-auth would read a form-encoded body the back-off never sees.
    onRequest: async (request) => requireJsonBody(request),
    async handler(request, reply) {
      const headers = fromNodeHeaders(request.headers);
      headers.delete("content-length");
      headers.set(CLIENT_ADDRESS_HEADER, clientAddress(request));
      // The path better-auth routes on: `new URL` resolves dot segments (`/api/auth/x/../sign-in/email`).
      const parsed = new URL(request.url, "http://internal");
      const url = new URL(parsed.pathname + parsed.search, baseOf(ctx));
      checkAuthBody(request, url.pathname);
      const account = passwordSignInAccount(request, url.pathname);
      if (account) {
        const wait = ctx.backoff.begin(account);
        if (wait > 0) {
          return reply
            .status(429)
            .header("retry-after", String(wait))
            .send({ error: `Too many wrong passwords for this account. Please try again in ${wait} s.` });
        }
      }
      let outcome: AttemptOutcome = "other";
      try {
        const init: RequestInit = { method: request.method, headers };
        if (request.method === "POST" && request.body !== undefined && request.body !== null) {
          init.body = JSON.stringify(request.body);
        }
        const res = await ctx.auth.handler(new Request(url, init));
        if (res.status === 401) outcome = "wrong-password";
        else if (res.ok) outcome = "signed-in";
        return await sendFetchResponse(reply, res);
      } finally {
        if (account) ctx.backoff.finish(account, outcome);
      }
    },
  });

  app.get("/api/me", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const user = await getSessionUser(request);
    if (!user) return { user: null, profile: null };
    let profile = await getProfile(ctx.db, user.id);
    if (!profile) {
      await ensureProfile(ctx.db, user);
      profile = await getProfile(ctx.db, user.id);
    }
    return serialize(MeResponse, { user, profile });
  });

  app.get("/api/auth-config", async (request, reply) => {
    reply.header("cache-control", "no-store");
    // the outbox's random URL only for a browser on this machine that already opened the tools' URL
    const outbox =
      ctx.devTools && ctx.mailer.mode === "outbox" && devToolsVisible(request, ctx.devTools)
        ? `${ctx.devTools.prefix}/outbox`
        : null;
    return serialize(AuthConfig, {
      google: ctx.googleEnabled,
      emailPassword: true,
      mail: ctx.mailer.mode,
      devOutbox: outbox,
    });
  });
};

/** The message of the 415 answer to an `/api/auth` write whose body is not JSON. */
export const AUTH_JSON_ONLY_MESSAGE =
  "Unsupported media type: Content-Type must be application/json for requests to /api/auth";

/**
 * Refuses an `/api/auth/*` write (any method but GET, HEAD and OPTIONS) that carries a Content-Type
 * other than `application/json` (parameters such as `charset` allowed), or a body without one.
 * better-auth also reads form-encoded and multipart bodies; accepting only JSON keeps what it reads
 * identical to what the sign-in back-off reads. The web app and OAuth redirects (GETs) are unaffected.
 * @throws {HttpError} 415 with {@link AUTH_JSON_ONLY_MESSAGE}.
 */
export function requireJsonBody(request: FastifyRequest): void {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
  const type = request.headers["content-type"];
  const hasBody =
    request.headers["transfer-encoding"] !== undefined ||
    (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0");
  if (type === undefined || type.trim() === "") {
    if (hasBody) throw new HttpError(415, AUTH_JSON_ONLY_MESSAGE);
    return;
  }
  const mediaType = type.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") throw new HttpError(415, AUTH_JSON_ONLY_MESSAGE);
}

/** better-auth's password sign-in route, in its canonical spelling. */
const SIGN_IN_EMAIL_PATH = "/api/auth/sign-in/email";

/** A display name: a string that does not mix look-alike scripts (`mixedScriptReason`). */
function displayName() {
  return z.string({ error: "name must be a string" }).superRefine((name, check) => {
    const reason = mixedScriptReason(name);
    if (reason) check.addIssue({ code: "custom", message: reason });
  });
}

/**
 * Bodies of better-auth routes checked here before better-auth sees them, by canonical path: better-auth
 * answers some wrong types with a 500 (e.g. `{"name":null}` to update-user), and names that mix look-alike
 * scripts are refused (400) on sign-up and update-user. Unknown fields pass through.
 */
const AUTH_BODY_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  "/api/auth/update-user": z.looseObject({
    name: displayName().optional(),
    image: z.string({ error: "image must be a string or null" }).nullable().optional(),
  }),
  "/api/auth/sign-up/email": z.looseObject({ name: displayName().optional() }),
};

/**
 * Validates the JSON body of a POST to a route listed in {@link AUTH_BODY_SCHEMAS}.
 * @param pathname the path as better-auth sees it (dot segments resolved).
 * @throws {ZodError} answered 400 `Invalid request: name: name must be a string` by the error handler.
 */
function checkAuthBody(request: FastifyRequest, pathname: string): void {
  if (request.method !== "POST") return;
  const schema = AUTH_BODY_SCHEMAS[canonicalAuthPath(pathname)];
  if (schema) schema.parse(request.body ?? {});
}

/**
 * A path compared leniently (percent-decoded, case-folded, repeated and trailing slashes dropped): a
 * path that is not really the route is answered 404 by better-auth, so over-matching costs nothing.
 */
function canonicalAuthPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // keep it encoded
  }
  return decoded
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/\/+$/, "");
}

/**
 * The e-mail of a password sign-in (`POST /api/auth/sign-in/email`), else null.
 * @param pathname the path as better-auth sees it (dot segments resolved), see {@link canonicalAuthPath}.
 */
function passwordSignInAccount(request: FastifyRequest, pathname: string): string | null {
  if (request.method !== "POST") return null;
  if (canonicalAuthPath(pathname) !== SIGN_IN_EMAIL_PATH) return null;
  const body = request.body;
  if (body === null || typeof body !== "object" || !("email" in body)) return null;
  return typeof body.email === "string" && body.email.trim() !== "" ? body.email : null;
}

function baseOf(ctx: AccountsContext): string {
  return ctx.trustedOrigins[0] ?? "http://localhost";
}
