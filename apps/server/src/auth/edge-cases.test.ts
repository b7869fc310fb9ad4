import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  devToolsPath,
  signInEmail,
  signUpVerified,
  TEST_ORIGIN,
  testAccountsOptions,
  tokenOf,
} from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import type { OutboxEntry } from "../mail/mailer.js";
import { RecipientMailLimit } from "../security/mail-limit.js";

/** Every outbox link to `email` of the given hash `type`, newest first. */
async function mailLinks(app: FastifyInstance, email: string, type: string): Promise<string[]> {
  const res = await app.inject({
    method: "GET",
    url: devToolsPath(`/outbox.json?to=${encodeURIComponent(email)}`),
  });
  const mails = (res.json() as { mails: OutboxEntry[] }).mails;
  return mails.flatMap((m) => (m.link?.includes(`type=${type}`) ? [m.link] : []));
}

describe.each(testDatabases())("auth edge cases on $name", (tdb) => {
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

  const askReset = (email: string, remoteAddress = "127.0.0.1") =>
    app.inject({
      method: "POST",
      url: "/api/auth/request-password-reset",
      headers: { origin: TEST_ORIGIN },
      remoteAddress,
      payload: { email },
    });
  const reset = (token: string, newPassword: string) =>
    app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      headers: { origin: TEST_ORIGIN },
      payload: { token, newPassword },
    });

  it("answers update-user with a null name by a 400 naming the field", async () => {
    const { cookie } = await signUpVerified(app, "nullname@example.com");
    const res = await app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { name: null },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/name must be a string/);
    const ok = await app.inject({
      method: "POST",
      url: "/api/auth/update-user",
      headers: { origin: TEST_ORIGIN, cookie },
      payload: { name: "New Name" },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("revokes older reset tokens when a newer one is used", async () => {
    const email = "tworesets@example.com";
    await signUpVerified(app, email, "oldpass1");
    expect((await askReset(email)).statusCode).toBe(200);
    expect((await askReset(email)).statusCode).toBe(200);
    const [newer, older] = (await mailLinks(app, email, "recovery")).map(tokenOf);
    expect(newer && older && newer !== older).toBe(true);
    expect((await reset(newer ?? "", "newpass1")).statusCode).toBe(200);
    const stale = await reset(older ?? "", "attacker1");
    expect(stale.statusCode).toBe(400);
    const signIn = await signInEmail(app, email, "newpass1");
    expect(signIn.statusCode).toBe(200);
  });

  it("sends at most 3 reset mails per recipient in 15 minutes, answering every request the same", async () => {
    const email = "flooded@example.com";
    await signUpVerified(app, email);
    const answers = [];
    for (const address of ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4", "10.0.0.1", "10.0.0.2"]) {
      const res = await askReset(email, address);
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(await mailLinks(app, email, "recovery")).toHaveLength(3);
    // an unknown address gets the same answer
    const unknown = await askReset("nobody-here@example.com", "10.0.0.5");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(answers[0]);
  });

  it("sends at most 3 verification mails per recipient in 15 minutes", async () => {
    const email = "verifyflood@example.com";
    const up = await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: { origin: TEST_ORIGIN },
      payload: { email, password: "secret123", name: "vf" },
    });
    expect(up.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/auth/send-verification-email",
        headers: { origin: TEST_ORIGIN },
        remoteAddress: `10.0.1.${i + 1}`,
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await mailLinks(app, email, "email_verification")).toHaveLength(3);
  });
});

describe("RecipientMailLimit", () => {
  it("counts per lower-cased recipient in a sliding window", () => {
    let now = 0;
    const limit = new RecipientMailLimit({ max: 3, windowMs: 1000, now: () => now });
    expect([1, 2, 3, 4].map(() => limit.take("A@example.com"))).toEqual([true, true, true, false]);
    expect(limit.take("a@EXAMPLE.com")).toBe(false);
    expect(limit.take("b@example.com")).toBe(true);
    now = 999;
    expect(limit.take("a@example.com")).toBe(false);
    now = 1000;
    expect(limit.take("a@example.com")).toBe(true);
  });
});
