import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { createMailer } from "../mail/mailer.js";
import { checkoutSignature } from "../payments/signature.js";
import { describeMode, LOCAL_SECRET_FILE, loadOrCreateLocalSecret } from "./local-mode.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-sec-web-"));
writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Tonic</title>");

describe("finding 1: local-mode tools answer only this machine", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    // no authSecret: local mode generates one in the data folder
    app = await buildApp({
      database,
      webDistDir: webDir,
      accounts: testAccountsOptions({
        authSecret: undefined,
        dataDir: mkdtempSync(path.join(tmpdir(), "tonic-sec-data-")),
      }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("serves /dev/outbox to loopback callers with a loopback Host", async () => {
    for (const url of ["/dev/outbox", "/dev/outbox.json"]) {
      const res = await app.inject({
        method: "GET",
        url,
        remoteAddress: "127.0.0.1",
        headers: { host: "localhost:3000" },
      });
      expect(res.statusCode, url).toBe(200);
    }
    const v6 = await app.inject({
      method: "GET",
      url: "/dev/outbox.json",
      remoteAddress: "::1",
      headers: { host: "[::1]:3000" },
    });
    expect(v6.statusCode).toBe(200);
  });

  it("hides /dev/outbox from other machines, proxied requests and foreign Host names", async () => {
    const cases = [
      { remoteAddress: "203.0.113.9", headers: { host: "localhost:3000" } },
      { remoteAddress: "192.168.1.20", headers: { host: "192.168.1.10:3000" } },
      { remoteAddress: "127.0.0.1", headers: { host: "localhost", "x-forwarded-for": "203.0.113.9" } },
      { remoteAddress: "127.0.0.1", headers: { host: "localhost", forwarded: "for=203.0.113.9" } },
      { remoteAddress: "127.0.0.1", headers: { host: "evil.example:3000" } },
    ];
    for (const c of cases) {
      for (const url of ["/dev/outbox", "/dev/outbox.json?to=a@example.com"]) {
        const res = await app.inject({ method: "GET", url, ...c });
        expect(res.statusCode, `${url} ${JSON.stringify(c)}`).toBe(404);
        expect(res.body).not.toContain("token");
      }
    }
  });

  it("the test checkout refuses other machines, and the old public checkout secret signs nothing", async () => {
    const { cookie } = await signUpVerified(app, "payer@example.com");
    const headers = { cookie, origin: TEST_ORIGIN };
    const order = await app.inject({
      method: "POST",
      url: "/api/create-subscription",
      headers,
      payload: { plan_id: "monthly", currency: "INR" },
    });
    expect(order.statusCode).toBe(200);
    const orderId = order.json().id as string;
    const remote = await app.inject({
      method: "POST",
      url: "/api/test-checkout/pay",
      headers: { ...headers, host: "tonic.example" },
      remoteAddress: "203.0.113.9",
      payload: { order_id: orderId },
    });
    expect(remote.statusCode).toBe(404);
    // forging the signature with the secret that used to be a constant in the code
    const forged = await app.inject({
      method: "POST",
      url: "/api/verify-payment",
      headers,
      payload: {
        razorpay_order_id: orderId,
        razorpay_payment_id: "pay_forged",
        razorpay_signature: checkoutSignature(orderId, "pay_forged", "tonic-local-test-checkout-secret"),
      },
    });
    expect(forged.statusCode).toBe(400);
    const local = await app.inject({
      method: "POST",
      url: "/api/test-checkout/pay",
      headers: { ...headers, host: "localhost:3000" },
      remoteAddress: "127.0.0.1",
      payload: { order_id: orderId },
    });
    expect(local.statusCode).toBe(200);
  });
});

describe("finding 1: safe defaults", () => {
  it("binds loopback unless HOST is set", () => {
    expect(loadConfig({}).HOST).toBe("localhost");
    expect(loadConfig({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });

  it("generates a random auth secret once, keeps it in the data folder (0600) and reuses it", async () => {
    const a = mkdtempSync(path.join(tmpdir(), "tonic-secret-a-"));
    const b = path.join(mkdtempSync(path.join(tmpdir(), "tonic-secret-b-")), "nested");
    const first = await loadOrCreateLocalSecret(a);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadOrCreateLocalSecret(a)).toBe(first);
    expect(readFileSync(path.join(a, LOCAL_SECRET_FILE), "utf8").trim()).toBe(first);
    expect(statSync(path.join(a, LOCAL_SECRET_FILE)).mode & 0o077).toBe(0);
    await mkdir(b, { recursive: true });
    expect(await loadOrCreateLocalSecret(b)).not.toBe(first);
  });

  it("keeps sessions across a restart on the same data folder", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tonic-secret-restart-"));
    const database = await openDatabase({ kind: "pglite" });
    const opts = () => testAccountsOptions({ authSecret: undefined, dataDir });
    const one = await buildApp({ database, webDistDir: webDir, accounts: opts(), songs: { seed: false } });
    const { cookie } = await signUpVerified(one, "restart@example.com");
    await one.close();
    const two = await buildApp({ database, webDistDir: webDir, accounts: opts(), songs: { seed: false } });
    const me = await two.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.json().user?.email).toBe("restart@example.com");
    await two.close();
    await database.close();
  });

  it("refuses to start in production without AUTH_SECRET", async () => {
    const database = await openDatabase({ kind: "pglite" });
    await expect(
      buildApp({
        database,
        webDistDir: webDir,
        accounts: testAccountsOptions({ nodeEnv: "production", authSecret: undefined, dataDir: tmpdir() }),
        songs: { seed: false },
      }),
    ).rejects.toThrow(/AUTH_SECRET must be set in production/);
    await database.close();
  });

  it("the start-up log says the mode and what it exposes", () => {
    const local = describeMode({
      production: false,
      host: "localhost",
      trustProxy: undefined,
      localSecret: true,
    });
    expect(local.mode).toBe("local");
    expect(local.message).toMatch(/local mode/);
    expect(local.message).toMatch(/\/dev\/outbox/);
    expect(local.message).toMatch(/loopback only/);
    const open = describeMode({
      production: true,
      host: "0.0.0.0",
      trustProxy: "loopback",
      localSecret: false,
    });
    expect(open.message).toMatch(/production mode/);
    expect(open.message).toMatch(/reachable from other machines/);
    expect(open.message).not.toMatch(/outbox/);
  });
});

describe("finding 8: no tokens in production logs", () => {
  it("logs only that mail is not configured, never the link", async () => {
    const lines: string[] = [];
    const logger = {
      info: (o: object, m?: string) => lines.push(JSON.stringify(o) + (m ?? "")),
      warn: (o: object, m?: string) => lines.push(JSON.stringify(o) + (m ?? "")),
    };
    const mailer = createMailer({ from: "x@y.z", logger, production: true });
    await mailer.send({
      to: "victim@example.com",
      subject: "Reset your Tonic password",
      text: "hello",
      link: "https://tonic.example/#type=recovery&token=SECRET-TOKEN-123",
    });
    expect(lines.join("\n")).toMatch(/mail is not configured/);
    expect(lines.join("\n")).not.toMatch(/SECRET-TOKEN-123|victim@example.com/);
    expect(mailer.outbox()).toEqual([]);
  });
});
