import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieHeader, signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { AccountBackoff } from "../security/rate-limit.js";

/**
 * Security finding "sign-in back-off bypass": the per-account back-off read the e-mail only from JSON
 * bodies while better-auth also signs in from form-encoded ones, so a locked account could be guessed
 * at (and entered) over `application/x-www-form-urlencoded`.
 */
describe("sign-in back-off: every attempt counts, whatever its encoding", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let clock = 1_700_000_000_000;
  const password = "secret123";

  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions({ accountBackoff: new AccountBackoff({ now: () => clock }) }),
      songs: { seed: false },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const jsonSignIn = (email: string, pass: string, url = "/api/auth/sign-in/email") =>
    app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN }, payload: { email, password: pass } });

  /** Whether the response carries a session: `/api/me` with its cookies names a user. */
  async function signedIn(res: LightMyRequestResponse): Promise<boolean> {
    const cookie = cookieHeader(res);
    if (!cookie) return false;
    const me = await app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    return (me.json() as { user: unknown }).user !== null;
  }

  /** Five free wrong passwords, then the sixth locks the account (1 s on the test clock). */
  async function lock(email: string): Promise<void> {
    for (let i = 0; i < 6; i++) expect((await jsonSignIn(email, `wrong-${i}`)).statusCode).toBe(401);
    expect((await jsonSignIn(email, "wrong-again")).statusCode).toBe(429);
  }

  it("refuses form-encoded and other non-JSON sign-ins with 415 while the account is locked", async () => {
    const email = "locked@example.com";
    await signUpVerified(app, email, password);
    await lock(email);

    const guesses = Array.from({ length: 39 }, (_, i) => `guess-${i}`).concat(password);
    for (const guess of guesses) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: TEST_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams({ email, password: guess }).toString(),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatch(/Content-Type must be application\/json/);
      expect(await signedIn(res)).toBe(false);
    }

    const others: { headers: Record<string, string>; payload: string }[] = [
      {
        headers: { "content-type": "multipart/form-data; boundary=x" },
        payload: `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--x\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n--x--\r\n`,
      },
      { headers: { "content-type": "text/plain" }, payload: JSON.stringify({ email, password }) },
      {
        headers: { "content-type": "application/vnd.api+json" },
        payload: JSON.stringify({ email, password }),
      },
      { headers: { "content-type": "application/jsonx" }, payload: JSON.stringify({ email, password }) },
      { headers: {}, payload: JSON.stringify({ email, password }) },
    ];
    for (const { headers, payload } of others) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: TEST_ORIGIN, ...headers },
        payload,
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(415);
      expect(await signedIn(res)).toBe(false);
    }

    // still locked: the right password over JSON is refused, also on a path with dot segments
    const locked = await jsonSignIn(email, password);
    expect(locked.statusCode).toBe(429);
    expect(await signedIn(locked)).toBe(false);
    const dotted = await jsonSignIn(email, password, "/api/auth/x/../sign-in/email");
    expect(dotted.statusCode).toBe(429);
    expect(await signedIn(dotted)).toBe(false);

    // after the back-off the owner signs in over JSON (with a charset parameter)
    clock += 1_000;
    const ok = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json; charset=utf-8" },
      payload: JSON.stringify({ email, password }),
    });
    expect(ok.statusCode).toBe(200);
    expect(await signedIn(ok)).toBe(true);
    // the dotted path is better-auth's sign-in route itself (so its 429 above was the back-off)
    const viaDots = await jsonSignIn(email, password, "/api/auth/x/../sign-in/email");
    expect(viaDots.statusCode).toBe(200);
  });

  it("parallel wrong passwords cannot outrun the back-off", async () => {
    const email = "parallel@example.com";
    await signUpVerified(app, email, password);
    for (let i = 0; i < 5; i++) expect((await jsonSignIn(email, `wrong-${i}`)).statusCode).toBe(401);
    // the next wrong password starts the back-off: of ten sent at once only one may be checked
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => jsonSignIn(email, `burst-${i}`)));
    const statuses = burst.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, ...Array<number>(9).fill(429)]);
    clock += 1_000;
  });

  it("leaves JSON calls, body-less writes and OAuth callbacks (GET) alone", async () => {
    const signOut = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { origin: TEST_ORIGIN },
    });
    expect(signOut.statusCode).not.toBe(415);
    const jsonSignOut = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { origin: TEST_ORIGIN },
      payload: {},
    });
    expect(jsonSignOut.statusCode).toBe(200);
    // a provider's redirect back (GET), even with a stray Content-Type: better-auth handles it (a redirect)
    const callback = await app.inject({
      method: "GET",
      url: "/api/auth/callback/google?code=abc&state=xyz",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(callback.statusCode).toBe(302);
    const verify = await app.inject({ method: "GET", url: "/api/auth/verify-email?token=bad" });
    expect(verify.statusCode).not.toBe(415);
  });
});
