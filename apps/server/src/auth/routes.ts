import { AuthConfig, MeResponse } from "@tonic/api";
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { sendFetchResponse, serialize } from "../lib/http.js";
import { ensureProfile, getProfile } from "../profile/service.js";
import { clientAddress } from "../security/client-address.js";
import type { AccountsContext } from "./accounts.js";
import { CLIENT_ADDRESS_HEADER } from "./auth.js";
import { getSessionUser } from "./session.js";

/**
 * better-auth's handler under `/api/auth/*` (sign-up, sign-in, verify-email, reset-password,
 * OAuth redirects, sign-out, JWKS at `/api/auth/jwks`, JWTs at `/api/auth/token`), plus:
 * - `GET /api/me` → `{ user, profile }` (both null when signed out; SPEC §7 "Get current user");
 * - `GET /api/auth-config` → which sign-in methods are enabled (the web app's Google button).
 */
export const authRoutes: FastifyPluginAsync<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  // OAuth providers may post forms back; keep every body as text for better-auth to parse.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, body),
  );

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    async handler(request, reply) {
      const headers = fromNodeHeaders(request.headers);
      headers.delete("content-length");
      headers.set(CLIENT_ADDRESS_HEADER, clientAddress(request));
      const account = passwordSignInAccount(request);
      if (account) {
        const wait = ctx.backoff.retryAfterSeconds(account);
        if (wait > 0) {
          return reply
            .status(429)
            .header("retry-after", String(wait))
            .send({ error: `Too many wrong passwords for this account. Please try again in ${wait} s.` });
        }
      }
      const init: RequestInit = { method: request.method, headers };
      if (request.method === "POST" && request.body !== undefined && request.body !== null) {
        init.body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
      }
      const url = new URL(request.url, "http://internal");
      const res = await ctx.auth.handler(new Request(new URL(url.pathname + url.search, baseOf(ctx)), init));
      if (account) {
        if (res.status === 401) ctx.backoff.fail(account);
        else if (res.ok) ctx.backoff.succeed(account);
      }
      return sendFetchResponse(reply, res);
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

  app.get("/api/auth-config", async () =>
    serialize(AuthConfig, {
      google: ctx.googleEnabled,
      emailPassword: true,
      mail: ctx.mailer.mode,
      devOutbox: !ctx.production && ctx.mailer.mode === "outbox" ? "/dev/outbox" : null,
    }),
  );
};

/** The e-mail of a password sign-in (`POST /api/auth/sign-in/email`), else null. */
function passwordSignInAccount(request: FastifyRequest): string | null {
  if (request.method !== "POST" || !request.url.startsWith("/api/auth/sign-in/email")) return null;
  const body = request.body;
  if (body === null || typeof body !== "object" || !("email" in body)) return null;
  return typeof body.email === "string" && body.email.trim() !== "" ? body.email : null;
}

function baseOf(ctx: AccountsContext): string {
  return ctx.trustedOrigins[0] ?? "http://localhost";
}
