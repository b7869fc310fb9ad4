import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync } from "fastify";
import { ensureProfile, getProfile } from "../profile/service.js";
import { type AccountsContext, sendFetchResponse } from "./plugin.js";
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
      const init: RequestInit = { method: request.method, headers };
      if (request.method === "POST" && request.body !== undefined && request.body !== null) {
        init.body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
      }
      const url = new URL(request.url, "http://internal");
      const res = await ctx.auth.handler(new Request(new URL(url.pathname + url.search, baseOf(ctx)), init));
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
    return { user, profile };
  });

  app.get("/api/auth-config", async () => ({
    google: ctx.googleEnabled,
    emailPassword: true,
    mail: ctx.mailer.mode,
    devOutbox: !ctx.production && ctx.mailer.mode === "outbox" ? "/dev/outbox" : null,
  }));
};

function baseOf(ctx: AccountsContext): string {
  return ctx.trustedOrigins[0] ?? "http://localhost";
}
