import { betterAuth } from "better-auth";
import { genericOAuth, jwt } from "better-auth/plugins";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import { ensureProfile } from "../profile/service.js";
import { RecipientMailLimit, type RecipientMailLimitOptions } from "../security/mail-limit.js";

/** Table names of better-auth's models (created by migration 0002). */
export const AUTH_TABLES = {
  user: "auth_users",
  session: "auth_sessions",
  account: "auth_accounts",
  verification: "auth_verifications",
  jwks: "auth_jwks",
} as const;

/** Google's OpenID discovery document (the default `GOOGLE_DISCOVERY_URL`). */
export const GOOGLE_DISCOVERY_URL = "https://accounts.google.com/.well-known/openid-configuration";

/** Request header carrying the real client address to better-auth (set by our route, never trusted from clients). */
export const CLIENT_ADDRESS_HEADER = "x-tonic-client-address";

/** Minimum password length (PRODUCT §9 "Password minimum 6"). */
export const MIN_PASSWORD_LENGTH = 6;

export interface AuthSettings {
  /** Signs cookies and tokens; at least 32 characters in production. */
  secret: string;
  /** Public origin of the site, e.g. `https://tonic.example.com` or `http://localhost:3000`. */
  baseURL: string;
  /** Extra origins allowed to call state-changing endpoints (e.g. the Vite dev server). */
  trustedOrigins: string[];
  /** Secure (HTTPS-only) cookies; on in production. */
  secureCookies: boolean;
  /** better-auth's per-address rate limits (sign-in/sign-up 3 per 10 s, …); default: on in production. */
  rateLimit?: boolean;
  /** Google sign-in; omitted when `GOOGLE_CLIENT_ID`/`GOOGLE_CLIENT_SECRET` are not set. */
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  /** Per-recipient limit on verification and reset mails, each kind counted apart (default 3 per 15 minutes). */
  mailLimit?: RecipientMailLimitOptions;
  /** Called when a mail is not sent because its recipient is over {@link mailLimit}. */
  onMailLimited?: (kind: "verification" | "reset") => void;
}

/**
 * Creates the better-auth instance on our own Kysely database (PGlite or PostgreSQL).
 *
 * Google sign-in uses better-auth's `genericOAuth` plugin with an OpenID discovery URL (Google's by
 * default) rather than the built-in Google provider: the built-in provider hard-codes Google's
 * endpoints, while discovery lets the browser tests point the exact same code path at a local
 * OpenID Connect provider (`oauth2-mock-server`). The plugin keeps `access_type=offline` and
 * `prompt=consent` (PRODUCT §7 "Auth backend").
 *
 * Mails (verification, password reset) link to the web app's hash screens (PRODUCT §4 "Auth routing"):
 * `/#type=email_verification&token=…` and `/#type=recovery&token=…`.
 *
 * @param db       the app's database; tables `auth_*` come from migration 0002.
 * @param settings see {@link AuthSettings}.
 * @param mailer   where verification and reset mails go, at most `settings.mailLimit` per recipient:
 *   past it the request is answered as usual (no account enumeration) but no mail is sent.
 */
export function createAuth(db: Kysely<Database>, settings: AuthSettings, mailer: Mailer) {
  const link = (type: string, token: string) =>
    `${settings.baseURL}/#type=${type}&token=${encodeURIComponent(token)}`;
  const mailLimit = new RecipientMailLimit(settings.mailLimit);
  const sendLimited = async (kind: "verification" | "reset", mail: MailMessage) => {
    if (mailLimit.take(`${kind}:${mail.to}`)) await mailer.send(mail);
    else settings.onMailLimited?.(kind);
  };
  return betterAuth({
    appName: "Tonic",
    secret: settings.secret,
    baseURL: settings.baseURL,
    basePath: "/api/auth",
    trustedOrigins: settings.trustedOrigins,
    database: { db: db as unknown as Kysely<unknown>, type: "postgres" },
    user: { modelName: AUTH_TABLES.user },
    session: { modelName: AUTH_TABLES.session },
    account: {
      modelName: AUTH_TABLES.account,
      accountLinking: { enabled: true, trustedProviders: ["google"] },
    },
    verification: { modelName: AUTH_TABLES.verification },
    rateLimit: { enabled: settings.rateLimit },
    advanced: {
      // Rate limits key on the address Fastify resolved (TCP peer, or X-Forwarded-For only through a
      // TRUST_PROXY proxy); auth/routes.ts sets this header and overwrites any a client sends.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // better-auth skips these checks when NODE_ENV=test; keep them on so tests see production behaviour.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: settings.secureCookies,
      cookiePrefix: "tonic",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // better-auth consumes only the token used: revoke the user's other outstanding reset links too,
      // so an older mail (perhaps read by someone else) stops working once the password was reset.
      async onPasswordReset({ user }) {
        await sql`delete from ${sql.table(AUTH_TABLES.verification)}
          where "identifier" like 'reset-password:%' and "value" = ${user.id}`.execute(db);
      },
      async sendResetPassword({ user, token }) {
        await sendLimited("reset", {
          to: user.email,
          subject: "Reset your Tonic password",
          text: `Hello ${user.name || ""},\n\nSomeone asked to reset the password of your Tonic account. Open the link below to choose a new password. If it was not you, ignore this mail.`,
          link: link("recovery", token),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      async sendVerificationEmail({ user, token }) {
        await sendLimited("verification", {
          to: user.email,
          subject: "Verify your Tonic account",
          text: `Welcome to Tonic, ${user.name || ""}!\n\nOpen the link below to verify your e-mail address.`,
          link: link("email_verification", token),
        });
      },
    },
    databaseHooks: {
      session: {
        create: {
          // PRODUCT §3/§4: a profile row exists for every signed-in user, created on first sign-in.
          async after(session) {
            const user = await db
              .selectFrom("auth_users")
              .select(["id", "email", "name", "image"])
              .where("id", "=", session.userId)
              .executeTakeFirst();
            if (user) await ensureProfile(db, user);
          },
        },
      },
    },
    plugins: [
      jwt({ schema: { jwks: { modelName: AUTH_TABLES.jwks } } }),
      ...(settings.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  clientId: settings.google.clientId,
                  clientSecret: settings.google.clientSecret,
                  discoveryUrl: settings.google.discoveryUrl,
                  scopes: ["openid", "email", "profile"],
                  accessType: "offline",
                  prompt: "consent",
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
