import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { AccountsOptions } from "../src/auth/accounts.js";
import type { OutboxEntry } from "../src/mail/mailer.js";

/** The fixed development-tools token of {@link testAccountsOptions} (a real start draws a random one). */
export const TEST_DEV_TOOLS_TOKEN = "test-dev-tools-0123456789abcdef0123";

/** A path of the development tools of {@link testAccountsOptions}, e.g. `devToolsPath("/outbox.json")`. */
export function devToolsPath(path: string): string {
  return `/dev/${TEST_DEV_TOOLS_TOKEN}${path}`;
}

/**
 * Accounts options for `buildApp` in tests: the development tools on (test checkout, local outbox) at
 * {@link TEST_DEV_TOOLS_TOKEN} outside production, fixed secret.
 */
export function testAccountsOptions(overrides: Partial<AccountsOptions> = {}): AccountsOptions {
  return {
    nodeEnv: "test",
    port: 3000,
    authSecret: "test-secret-test-secret-test-secret-0123456789",
    mailFrom: "Tonic <test@tonic.local>",
    devTools: overrides.nodeEnv === "production" ? undefined : { token: TEST_DEV_TOOLS_TOKEN },
    ...overrides,
  };
}

/** The origin tests send with state-changing requests (a trusted origin of {@link testAccountsOptions}). */
export const TEST_ORIGIN = "http://localhost:3000";

/**
 * Collects the cookies a response sets as one `Cookie` request header value.
 * @returns e.g. `"tonic.session_token=…"`, or "" when none.
 */
export function cookieHeader(res: LightMyRequestResponse, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const i = part.indexOf("=");
    jar.set(part.slice(0, i), part.slice(i + 1));
  }
  for (const c of res.cookies) {
    if (c.value === "" || (c.maxAge !== undefined && c.maxAge <= 0)) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The newest outbox mail to `email` whose link has the given hash `type`. */
export async function lastMailLink(app: FastifyInstance, email: string, type: string): Promise<string> {
  const res = await app.inject({
    method: "GET",
    url: devToolsPath(`/outbox.json?to=${encodeURIComponent(email)}`),
    headers: { host: "localhost:3000" },
  });
  const mails = (res.json() as { mails: OutboxEntry[] }).mails;
  const mail = mails.find((m) => m.link?.includes(`type=${type}`));
  if (!mail?.link) throw new Error(`No ${type} mail for ${email}`);
  return mail.link;
}

/** The token of a hash link `…/#type=…&token=…`. */
export function tokenOf(link: string): string {
  const hash = new URL(link).hash.slice(1);
  const token = new URLSearchParams(hash).get("token");
  if (!token) throw new Error(`No token in ${link}`);
  return token;
}

/**
 * A password sign-in from our own origin (`POST /api/auth/sign-in/email`).
 * @returns the raw response (the caller asserts its status).
 */
export function signInEmail(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
}

/**
 * Signs a new user up by e-mail, verifies the address through the dev outbox and signs in.
 * @returns the `Cookie` header of the signed-in session and the user's id.
 * @throws when any step answers an error.
 */
export async function signUpVerified(
  app: FastifyInstance,
  email: string,
  password = "secret123",
  name = email.split("@")[0] ?? "user",
  /** The client address the requests come from (rate limits are per address); default 127.0.0.1. */
  remoteAddress = "127.0.0.1",
): Promise<{ cookie: string; userId: string }> {
  const headers = { origin: TEST_ORIGIN };
  const up = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers,
    remoteAddress,
    payload: { email, password, name },
  });
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
  const token = tokenOf(await lastMailLink(app, email, "email_verification"));
  const verify = await app.inject({
    method: "GET",
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  const signIn = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers,
    remoteAddress,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const cookie = cookieHeader(signIn);
  const me = await app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  const userId = (me.json() as { user: { id: string } | null }).user?.id;
  if (!userId) throw new Error(`no session after sign-in: ${me.body}`);
  return { cookie, userId };
}
