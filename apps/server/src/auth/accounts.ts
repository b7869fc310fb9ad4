import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { type Config, ConfigError } from "../config.js";
import type { Database } from "../db/schema.js";
import { createMailer, type Mailer } from "../mail/mailer.js";
import { type PaymentOptions, type PaymentSettings, paymentSettings } from "../payments/settings.js";
import {
  type DevTools,
  devToolsAt,
  loadOrCreateLocalSecret,
  newDevToolsToken,
} from "../security/local-mode.js";
import { AccountBackoff } from "../security/rate-limit.js";
import { type Auth, createAuth, GOOGLE_DISCOVERY_URL } from "./auth.js";

/** Everything the accounts area needs from the configuration (see `.env.example`). */
export interface AccountsOptions extends PaymentOptions {
  nodeEnv: Config["NODE_ENV"];
  port: number;
  publicUrl?: string;
  authSecret?: string;
  /** Data folder: keeps the generated auth secret when none is configured (local mode). */
  dataDir?: string;
  google?: { clientId: string; clientSecret: string; discoveryUrl?: string };
  smtpUrl?: string;
  mailFrom: string;
  /** Per-address auth rate limits (better-auth's); default on in production only. */
  authRateLimit?: boolean;
  /** Per-account wrong-password back-off; default {@link AccountBackoff}'s defaults. */
  accountBackoff?: AccountBackoff;
  /**
   * The development tools (mail outbox, test checkout) under `/dev/<token>` (`DEV_TOOLS=1`); off when
   * absent. Refused in production.
   */
  devTools?: { token: string };
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
    authSecret: config.AUTH_SECRET ?? config.BETTER_AUTH_SECRET,
    dataDir: config.DATA_DIR,
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
    // a new random URL every start unless a fixed one is configured (browser tests)
    devTools: config.DEV_TOOLS ? { token: config.DEV_TOOLS_TOKEN ?? newDevToolsToken() } : undefined,
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
  /** Per-account wrong-password back-off of the sign-in route. */
  backoff: AccountBackoff;
  /** The development tools of this start, or null when they are off (always in production). */
  devTools: DevTools | null;
}

export interface AccountsPluginOptions extends AccountsOptions {
  db: Kysely<Database>;
}

/**
 * Builds what the accounts routes share: the better-auth instance, the mailer, the payment mode and
 * the trusted origins and the per-account sign-in back-off (assembled into the app by `app.ts`).
 * Without `authSecret` (local mode) the secret is a random one generated once and kept in
 * `<dataDir>/auth-secret` (see `loadOrCreateLocalSecret`), or a random one per process without `dataDir`.
 * @throws {ConfigError} in production without AUTH_SECRET, or with the development tools on.
 */
export async function createAccountsContext(
  opts: AccountsPluginOptions,
  log: FastifyBaseLogger,
): Promise<AccountsContext> {
  const production = opts.nodeEnv === "production";
  if (production && opts.devTools) {
    throw new ConfigError(
      "Invalid configuration: DEV_TOOLS=1 is refused with NODE_ENV=production: the development tools (mail outbox, test checkout) must never run on a public server; unset DEV_TOOLS",
    );
  }
  const devTools = opts.devTools ? devToolsAt(opts.devTools.token) : null;
  let secret = opts.authSecret;
  if (!secret) {
    if (production) {
      throw new ConfigError(
        "Invalid configuration: AUTH_SECRET must be set in production (32+ random characters); generate one with `openssl rand -hex 32`",
      );
    }
    secret = opts.dataDir
      ? await loadOrCreateLocalSecret(opts.dataDir)
      : randomBytes(48).toString("base64url");
    log.info(
      opts.dataDir
        ? "AUTH_SECRET is not set: using the random secret generated in the data folder (local mode)"
        : "AUTH_SECRET is not set: using a random secret for this process (local mode)",
    );
  }
  const baseURL = (opts.publicUrl ?? `http://localhost:${opts.port}`).replace(/\/+$/, "");
  if (production && !opts.publicUrl) {
    log.warn("PUBLIC_URL is not set: sign-in only accepts requests from http://localhost (set PUBLIC_URL)");
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
  // The outbox exists only for the development tools to show; without them nothing is kept (as in production).
  const mailer = createMailer({
    smtpUrl: opts.smtpUrl,
    from: opts.mailFrom,
    logger: log,
    production: devTools === null,
  });
  const auth = createAuth(
    opts.db,
    {
      secret,
      baseURL,
      trustedOrigins: [...new Set(trustedOrigins)],
      secureCookies: production,
      rateLimit: opts.authRateLimit ?? production,
      onMailLimited: (kind) =>
        log.warn({ mail: kind }, "a recipient already had 3 such mails in 15 minutes: this one was not sent"),
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
  const payments = paymentSettings(opts, { production, testCheckout: devTools !== null }, log);
  return {
    db: opts.db,
    auth,
    mailer,
    payments,
    production,
    googleEnabled: Boolean(opts.google),
    trustedOrigins: [...new Set(trustedOrigins)],
    backoff: opts.accountBackoff ?? new AccountBackoff(),
    devTools,
  };
}
