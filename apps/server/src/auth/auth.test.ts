import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookieHeader,
  lastMailLink,
  signInEmail,
  signUpVerified,
  TEST_ORIGIN,
  testAccountsOptions,
  tokenOf,
} from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";

describe.each(testDatabases())("auth on $name", (tdb) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await tdb.open();
    app = await buildApp({ database, webDistDir: "/nonexistent", accounts: testAccountsOptions() });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers /api/me with nulls when signed out", async () => {
    const res = await app.inject({ method: "GET", url: "/api/me" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null, profile: null });
  });

  it("signs up, refuses sign-in before verification, verifies via the outbox and creates a profile", async () => {
    const email = "ana.k@example.com";
    const up = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: "secret123", name: "ana.k" },
    });
    expect(up.statusCode).toBe(200);
    const early = await signInEmail(app, email, "secret123");
    expect(early.statusCode).toBe(403);
    const link = await lastMailLink(app, email, "email_verification");
    expect(link).toMatch(/^http:\/\/localhost:3000\/#type=email_verification&token=/);
    const verify = await app.inject({ method: "GET", url: `/api/auth/verify-email?token=${tokenOf(link)}` });
    expect(verify.statusCode).toBe(200);
    const cookie = cookieHeader(verify);
    const me = await app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    const body = me.json();
    expect(body.user.email).toBe(email);
    expect(body.profile).toMatchObject({ username: "ana.k", user_type: "FREE", subscription_end_date: null });
    expect(new Date(body.profile.created_at).getTime()).not.toBeNaN();
  });

  it("rejects a password shorter than 6 characters", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: TEST_ORIGIN },
      payload: { email: "short@example.com", password: "12345", name: "short" },
    });
    expect(res.statusCode).toBe(400);
  });

  it("makes usernames unique when two users share a name", async () => {
    const a = await signUpVerified(app, "sam@one.example");
    const b = await signUpVerified(app, "sam@two.example");
    const pa = (await app.inject({ url: "/api/me", headers: { cookie: a.cookie } })).json().profile;
    const pb = (await app.inject({ url: "/api/me", headers: { cookie: b.cookie } })).json().profile;
    expect(pa.username).toBe("sam");
    expect(pb.username).not.toBe("sam");
    expect(pb.username.startsWith("sam")).toBe(true);
  });

  it("resets the password and signs out every session", async () => {
    const email = "reset@example.com";
    const { cookie } = await signUpVerified(app, email, "oldpass1");
    const ask = await app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: { origin: TEST_ORIGIN },
      payload: { email },
    });
    expect(ask.statusCode).toBe(200);
    const token = tokenOf(await lastMailLink(app, email, "recovery"));
    const reset = await app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword: "newpass1" },
    });
    expect(reset.statusCode).toBe(200);
    const me = await app.inject({ url: "/api/me", headers: { cookie } });
    expect(me.json().user).toBeNull();
    const oldPw = await signInEmail(app, email, "oldpass1");
    expect(oldPw.statusCode).toBe(401);
    const newPw = await signInEmail(app, email, "newpass1");
    expect(newPw.statusCode).toBe(200);
  });

  it("refuses a state-changing auth request from a foreign origin", async () => {
    const { cookie } = await signUpVerified(app, "csrf@example.com");
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie, origin: "https://evil.example" },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    const me = await app.inject({ url: "/api/me", headers: { cookie } });
    expect(me.json().user).not.toBeNull();
  });

  it("serves a JWKS and signs JWTs for service-to-service use", async () => {
    const { cookie } = await signUpVerified(app, "jwt@example.com");
    const tok = await app.inject({ url: "/api/auth/token", headers: { cookie } });
    expect(tok.statusCode).toBe(200);
    const jwks = await app.inject({ url: "/api/auth/jwks" });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.json().keys.length).toBeGreaterThan(0);
    expect(typeof tok.json().token).toBe("string");
  });
});
