import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signUpVerified,
  TEST_DEV_TOOLS_TOKEN,
  TEST_ORIGIN,
  testAccountsOptions,
} from "../../test/accounts.js";
import { buildApp } from "../app.js";
import { accountsOptionsFromConfig } from "../auth/accounts.js";
import { ConfigError, loadConfig } from "../config.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { createMailer } from "../mail/mailer.js";
import { checkoutSignature } from "../payments/signature.js";
import { DEV_TOOLS_COOKIE, describeMode, LOCAL_SECRET_FILE, loadOrCreateLocalSecret } from "./local-mode.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-sec-web-"));
writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Tonic</title>");

const TOKEN = TEST_DEV_TOOLS_TOKEN;
const PREFIX = `/dev/${TOKEN}`;
/** A request as nginx's default `proxy_pass http://127.0.0.1:3000` relays it: it looks local. */
const PROXY_SHAPED = { remoteAddress: "127.0.0.1", headers: { host: "127.0.0.1:3000" } };
const LOCAL = { remoteAddress: "127.0.0.1", headers: { host: "localhost:3000" } };
const WITH_COOKIE = { ...LOCAL, headers: { ...LOCAL.headers, cookie: `${DEV_TOOLS_COOKIE}=${TOKEN}` } };

describe("finding 3: development tools are opt-in, at a random URL of each start, for this machine only", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    // no authSecret: local mode generates one in the data folder; the tools on at TEST_DEV_TOOLS_TOKEN
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

  it("serves the outbox under /dev/<token> to this machine and gives the browser the tools' cookie", async () => {
    for (const url of [`${PREFIX}/`, `${PREFIX}/outbox`, `${PREFIX}/outbox.json`]) {
      const res = await app.inject({ method: "GET", url, ...LOCAL });
      expect(res.statusCode, url).toBe(200);
      expect(res.cookies.find((c) => c.name === DEV_TOOLS_COOKIE)).toMatchObject({
        value: TOKEN,
        httpOnly: true,
        sameSite: "Strict",
      });
    }
    const v6 = await app.inject({
      method: "GET",
      url: `${PREFIX}/outbox.json`,
      remoteAddress: "::1",
      headers: { host: "[::1]:3000" },
    });
    expect(v6.statusCode).toBe(200);
  });

  it("answers the old paths and any other token with 404, a proxy-shaped request included", async () => {
    const wrong = `/dev/${"0".repeat(32)}`;
    for (const req of [PROXY_SHAPED, LOCAL]) {
      for (const url of [
        "/dev/outbox",
        "/dev/outbox.json?to=a@example.com",
        `${wrong}/outbox`,
        "/dev/",
        "/dev",
      ]) {
        const res = await app.inject({ method: "GET", url, ...req });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain(TOKEN);
      }
      const pay = await app.inject({
        method: "POST",
        url: "/api/test-checkout/pay",
        ...req,
        payload: { order_id: "x" },
      });
      expect(pay.statusCode).toBe(404);
    }
  });

  it("hides the tools from other machines, relayed requests and foreign Host names", async () => {
    const cases = [
      { remoteAddress: "203.0.113.9", headers: { host: "localhost:3000" } },
      { remoteAddress: "192.168.1.20", headers: { host: "192.168.1.10:3000" } },
      { remoteAddress: "127.0.0.1", headers: { host: "localhost", "x-forwarded-for": "203.0.113.9" } },
      { remoteAddress: "127.0.0.1", headers: { host: "localhost", forwarded: "for=203.0.113.9" } },
      { remoteAddress: "127.0.0.1", headers: { host: "evil.example:3000" } },
    ];
    for (const c of cases) {
      for (const url of [`${PREFIX}/outbox`, `${PREFIX}/outbox.json?to=a@example.com`]) {
        const res = await app.inject({ method: "GET", url, ...c });
        expect(res.statusCode, `${url} ${JSON.stringify(c)}`).toBe(404);
        expect(res.body).not.toContain("token");
      }
    }
  });

  it("tells the tools' URL only to a browser that already holds it, never to a proxy-shaped request", async () => {
    const authConfig = async (req: typeof LOCAL) =>
      (await app.inject({ method: "GET", url: "/api/auth-config", ...req })).json().devOutbox;
    const paymentsConfig = async (req: typeof LOCAL) =>
      (await app.inject({ method: "GET", url: "/api/payments/config", ...req })).json().test_checkout_url;
    for (const req of [PROXY_SHAPED, LOCAL]) {
      expect(await authConfig(req)).toBeNull();
      expect(await paymentsConfig(req)).toBeNull();
      const wrongCookie = {
        ...req,
        headers: { ...req.headers, cookie: `${DEV_TOOLS_COOKIE}=${"0".repeat(35)}` },
      };
      expect(await authConfig(wrongCookie)).toBeNull();
    }
    const remoteWithCookie = { remoteAddress: "203.0.113.9", headers: WITH_COOKIE.headers };
    expect(await authConfig(remoteWithCookie)).toBeNull();
    expect(await authConfig(WITH_COOKIE)).toBe(`${PREFIX}/outbox`);
    expect(await paymentsConfig(WITH_COOKIE)).toBe(`${PREFIX}/test-checkout/pay`);
  });

  it("the test checkout answers at its random URL for this machine only, and the old public secret signs nothing", async () => {
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
      url: `${PREFIX}/test-checkout/pay`,
      headers: { ...headers, host: "tonic.example" },
      remoteAddress: "203.0.113.9",
      payload: { order_id: orderId },
    });
    expect(remote.statusCode).toBe(404);
    const old = await app.inject({
      method: "POST",
      url: "/api/test-checkout/pay",
      headers: { ...headers, host: "localhost:3000" },
      remoteAddress: "127.0.0.1",
      payload: { order_id: orderId },
    });
    expect(old.statusCode).toBe(404);
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
      url: `${PREFIX}/test-checkout/pay`,
      headers: { ...headers, host: "localhost:3000" },
      remoteAddress: "127.0.0.1",
      payload: { order_id: orderId },
    });
    expect(local.statusCode).toBe(200);
  });

  it("are off unless turned on: no tools, no outbox, no test checkout", async () => {
    const db = await openDatabase({ kind: "pglite" });
    const off = await buildApp({
      database: db,
      webDistDir: webDir,
      accounts: testAccountsOptions({ devTools: undefined }),
      songs: { seed: false },
    });
    try {
      for (const url of [`${PREFIX}/`, `${PREFIX}/outbox.json`, "/dev/outbox"]) {
        expect((await off.inject({ method: "GET", url, ...WITH_COOKIE })).statusCode, url).toBe(404);
      }
      expect(
        (await off.inject({ method: "GET", url: "/api/auth-config", ...WITH_COOKIE })).json(),
      ).toMatchObject({
        mail: "outbox",
        devOutbox: null,
      });
      expect(
        (await off.inject({ method: "GET", url: "/api/payments/config", ...WITH_COOKIE })).json(),
      ).toEqual({
        mode: "disabled",
        key_id: null,
        test_checkout_url: null,
      });
    } finally {
      await off.close();
      await db.close();
    }
  });
});

describe("finding 3: DEV_TOOLS is explicit, refused in production, and the URL is new at every start", () => {
  const strong = "7f3c9a1e5b2d8f4a6c0e9b3d7a1f5c2e8b4d6a0f3c9e7b1d5a2f8c4e6b0d3a9f";

  it("is off by default and on with DEV_TOOLS=1", () => {
    expect(loadConfig({}).DEV_TOOLS).toBe(false);
    expect(accountsOptionsFromConfig(loadConfig({})).devTools).toBeUndefined();
    expect(loadConfig({ DEV_TOOLS: "1" }).DEV_TOOLS).toBe(true);
    expect(loadConfig({ DEV_TOOLS: "0" }).DEV_TOOLS).toBe(false);
    expect(() => loadConfig({ DEV_TOOLS: "yes" })).toThrow(ConfigError);
  });

  it("refuses DEV_TOOLS=1 with NODE_ENV=production with a clear message", async () => {
    expect(() => loadConfig({ DEV_TOOLS: "1", NODE_ENV: "production", AUTH_SECRET: strong })).toThrow(
      /DEV_TOOLS=1 is refused with NODE_ENV=production/,
    );
    expect(loadConfig({ DEV_TOOLS: "0", NODE_ENV: "production", AUTH_SECRET: strong }).DEV_TOOLS).toBe(false);
    const database = await openDatabase({ kind: "pglite" });
    await expect(
      buildApp({
        database,
        webDistDir: webDir,
        accounts: testAccountsOptions({ nodeEnv: "production", devTools: { token: TOKEN } }),
        songs: { seed: false },
      }),
    ).rejects.toThrow(ConfigError);
    await database.close();
  });

  it("draws a random 128-bit token per start unless DEV_TOOLS_TOKEN fixes one (tests)", () => {
    const a = accountsOptionsFromConfig(loadConfig({ DEV_TOOLS: "1" })).devTools?.token;
    const b = accountsOptionsFromConfig(loadConfig({ DEV_TOOLS: "1" })).devTools?.token;
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(
      accountsOptionsFromConfig(loadConfig({ DEV_TOOLS: "1", DEV_TOOLS_TOKEN: TOKEN })).devTools,
    ).toEqual({
      token: TOKEN,
    });
    expect(() => loadConfig({ DEV_TOOLS: "1", DEV_TOOLS_TOKEN: "short" })).toThrow(/DEV_TOOLS_TOKEN/);
  });

  it("npm start turns the tools on outside production, and only there", () => {
    const root = path.resolve(import.meta.dirname, "../../../..");
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.start).toContain("scripts/start.mjs");
    const script = readFileSync(path.join(root, "scripts/start.mjs"), "utf8");
    expect(script).toMatch(/DEV_TOOLS = "1"/);
    expect(script).toMatch(/NODE_ENV !== "production"/);
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
      devTools: true,
    });
    expect(local.mode).toBe("local");
    expect(local.message).toMatch(/local mode/);
    expect(local.message).toMatch(/mail outbox, test checkout\) at a random URL/);
    expect(local.message).not.toContain("/dev/outbox");
    expect(local.message).toMatch(/loopback only/);
    const open = describeMode({
      production: true,
      host: "0.0.0.0",
      trustProxy: "loopback",
      localSecret: false,
      devTools: false,
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
