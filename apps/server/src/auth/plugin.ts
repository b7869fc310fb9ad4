import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { Database } from "../db/schema.js";
import { devRoutes } from "../dev/routes.js";
import { HttpError } from "../lib/errors.js";
import { createMailer, type Mailer } from "../mail/mailer.js";
import { paymentRoutes } from "../payments/routes.js";
import { type PaymentSettings, paymentSettings } from "../payments/settings.js";
import { profileRoutes } from "../profile/routes.js";
import { tierRoutes } from "../tiers/routes.js";
import { type Auth, createAuth, GOOGLE_DISCOVERY_URL } from "./auth.js";
import { authRoutes } from "./routes.js";

/** Development-only secret, used (with a warning in the log) when BETTER_AUTH_SECRET is not set. */
export const DEV_AUTH_SECRET = "tonic-development-secret-do-not-use-in-production-0123456789";

/** Everything the accounts area needs from the configuration (see `.env.example`). */
export interface AccountsOptions {
  nodeEnv: Config["NODE_ENV"];
  port: number;
  publicUrl?: string;
  authSecret?: string;
  google?: { clientId: string; clientSecret: string; discoveryUrl?: string };
  smtpUrl?: string;
  mailFrom: string;
  razorpay?: { keyId: string; keySecret: string; webhookSecret?: string; apiUrl?: string };
  /** Webhook secret when Razorpay keys are not set (test checkout mode). */
  webhookSecret?: string;
}

/**
 * Maps the environment configuration to {@link AccountsOptions}.
 * @throws {Error} when only one of a pair of credentials is set (Google id/secret, Razorpay id/secret).
 */
export function accountsOptionsFromConfig(config: Config): AccountsOptions {
  if (Boolean(config.GOOGLE_CLIENT_ID) !== Boolean(config.GOOGLE_CLIENT_SECRET)) {
    throw new Error("Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither");
  }
  if (Boolean(config.RAZORPAY_KEY_ID) !== Boolean(config.RAZORPAY_KEY_SECRET)) {
    throw new Error("Set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither");
  }
  return {
    nodeEnv: config.NODE_ENV,
    port: config.PORT,
    publicUrl: config.PUBLIC_URL,
    authSecret: config.BETTER_AUTH_SECRET,
    google:
      config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
        ? {
            clientId: config.GOOGLE_CLIENT_ID,
            clientSecret: config.GOOGLE_CLIENT_SECRET,
            discoveryUrl: config.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    razorpay:
      config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET
        ? {
            keyId: config.RAZORPAY_KEY_ID,
            keySecret: config.RAZORPAY_KEY_SECRET,
            webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
            apiUrl: config.RAZORPAY_API_URL,
          }
        : undefined,
    webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
  };
}

/** What the accounts sub-plugins share. */
export interface AccountsContext {
  db: Kysely<Database>;
  auth: Auth;
  mailer: Mailer;
  payments: PaymentSettings;
  production: boolean;
  googleEnabled: boolean;
  trustedOrigins: string[];
}

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

export interface AccountsPluginOptions extends AccountsOptions {
  db: Kysely<Database>;
}

const plugin: FastifyPluginAsync<AccountsPluginOptions> = async (app: FastifyInstance, opts) => {
  const production = opts.nodeEnv === "production";
  let secret = opts.authSecret;
  if (!secret) {
    if (production) throw new Error("BETTER_AUTH_SECRET must be set in production (32+ random characters)");
    app.log.warn(
      "BETTER_AUTH_SECRET is not set: using the built-in development secret (never in production)",
    );
    secret = DEV_AUTH_SECRET;
  }
  const baseURL = (opts.publicUrl ?? `http://localhost:${opts.port}`).replace(/\/+$/, "");
  if (production && !opts.publicUrl) {
    app.log.warn(
      "PUBLIC_URL is not set: sign-in only accepts requests from http://localhost (set PUBLIC_URL)",
    );
  }
  const trustedOrigins = [baseURL];
  if (!production) {
    trustedOrigins.push(
      `http://localhost:${opts.port}`,
      `http://127.0.0.1:${opts.port}`,
      "http://localhost:5173",
      "http://127.0.0.1:5173",
    );
  }
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: opts.mailFrom, logger: app.log });
  const auth = createAuth(
    opts.db,
    {
      secret,
      baseURL,
      trustedOrigins: [...new Set(trustedOrigins)],
      secureCookies: production,
      google: opts.google
        ? {
            clientId: opts.google.clientId,
            clientSecret: opts.google.clientSecret,
            discoveryUrl: opts.google.discoveryUrl ?? GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    },
    mailer,
  );
  app.decorate("tonicAuth", auth);
  const payments = paymentSettings(opts, production, app.log);
  const ctx: AccountsContext = {
    db: opts.db,
    auth,
    mailer,
    payments,
    production,
    googleEnabled: Boolean(opts.google),
    trustedOrigins: [...new Set(trustedOrigins)],
  };
  await app.register(authRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
  await app.register(tierRoutes, { ctx });
  await app.register(paymentRoutes, { ctx });
  if (!production) await app.register(devRoutes, { ctx });
};

// Not encapsulated (like fastify-plugin): `tonicAuth` is decorated on the root app so that every
// route's `getSessionUser(request)` can reach it.
(plugin as unknown as Record<symbol, boolean>)[Symbol.for("skip-override")] = true;

/** Registers sign-in (better-auth under /api/auth), /api/me, profile, tiers, plans, payments and dev pages. */
export const accountsPlugin = plugin;

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
