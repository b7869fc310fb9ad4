import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { parseTrustProxy } from "./client-address.js";
import { inlineScriptHashes } from "./headers.js";
import { AccountBackoff } from "./rate-limit.js";

const INLINE = "\n      document.documentElement.dataset.x = '1';\n    ";
const webDir = mkdtempSync(path.join(tmpdir(), "tonic-hard-web-"));
writeFileSync(
  path.join(webDir, "index.html"),
  `<!doctype html><title>Tonic</title><script>${INLINE}</script>`,
);
mkdirSync(path.join(webDir, "assets"));
writeFileSync(path.join(webDir, "assets", "index-AbC123.js"), "console.log(1)");

const origin = { origin: TEST_ORIGIN };

describe("HTTP hardening", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  /** The same app without per-address limits, for the tests that sign many users up from one address. */
  let plain: FastifyInstance;
  let clock = 1_700_000_000_000;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    app = await buildApp({
      database,
      webDistDir: webDir,
      accounts: testAccountsOptions({
        authRateLimit: true,
        accountBackoff: new AccountBackoff({ now: () => clock }),
      }),
      songs: { seed: false },
    });
    plain = await buildApp({
      database,
      webDistDir: webDir,
      accounts: testAccountsOptions(),
      songs: { seed: false },
    });
  });
  afterAll(async () => {
    await app.close();
    await plain.close();
    await database.close();
  });

  const signIn = (
    email: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { ...origin, ...headers },
      remoteAddress,
      payload: { email, password },
    });

  describe("finding 2: sign-in limits", () => {
    it("keys on the real client address: forged X-Forwarded-For does not give fresh buckets", async () => {
      await signUpVerified(app, "target@example.com");
      let refused = 0;
      for (let i = 0; i < 20; i++) {
        const res = await signIn("target@example.com", "wrong-password", "198.51.100.7", {
          "x-forwarded-for": `203.0.113.${i + 1}`,
        });
        if (res.statusCode === 429) refused++;
        else expect(res.statusCode).toBe(401);
      }
      expect(refused).toBeGreaterThanOrEqual(15);
    });

    it("one client's wrong sign-ins do not lock another client out", async () => {
      await signUpVerified(app, "bystander@example.com");
      for (let i = 0; i < 10; i++) await signIn("someone@example.com", "wrong-password", "198.51.100.20");
      const other = await signIn("bystander@example.com", "secret123", "198.51.100.21");
      expect(other.statusCode).toBe(200);
    });

    it("backs off per account, whatever address the attempts come from", async () => {
      await signUpVerified(app, "backoff@example.com");
      for (let i = 0; i < 5; i++) {
        const res = await signIn("backoff@example.com", "wrong-password", `192.0.2.${i + 10}`);
        expect(res.statusCode).toBe(401);
      }
      // the 6th wrong password starts the back-off (1 s)
      expect((await signIn("backoff@example.com", "wrong-password", "192.0.2.30")).statusCode).toBe(401);
      const locked = await signIn("BACKOFF@example.com", "secret123", "192.0.2.31");
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      expect(locked.json().error).toMatch(/Too many wrong passwords/);
      clock += 1_000;
      expect((await signIn("backoff@example.com", "secret123", "192.0.2.32")).statusCode).toBe(200);
    });
  });

  describe("finding 3: security headers", () => {
    it("sends CSP, nosniff, frame and referrer policies; no HSTS outside production", async () => {
      const res = await app.inject({ method: "GET", url: "/" });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toMatch(/default-src 'self'/);
      expect(csp).toMatch(
        /script-src 'self'[^;]*https:\/\/checkout\.razorpay\.com[^;]*https:\/\/www\.youtube\.com/,
      );
      expect(csp).toMatch(/frame-src [^;]*https:\/\/www\.youtube-nocookie\.com/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      // WebAssembly for the analysis Worker's ONNX runtime, but no JavaScript eval.
      expect(csp).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
      expect(csp).not.toMatch(/'unsafe-eval'/);
      expect(csp).toMatch(/worker-src 'self' blob:/);
      expect(csp).toMatch(/img-src [^;]*https:\/\/i\.ytimg\.com/);
      expect(csp).toContain(inlineScriptHashes(`<script>${INLINE}</script>`)[0]);
      expect(csp).not.toMatch(/'unsafe-eval'/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      const api = await app.inject({ method: "GET", url: "/api/health" });
      expect(api.headers["x-content-type-options"]).toBe("nosniff");
    });

    it("serves hashed assets as immutable for a year, the page as no-cache", async () => {
      const asset = await app.inject({ method: "GET", url: "/assets/index-AbC123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const page = await app.inject({ method: "GET", url: "/index.html" });
      expect(page.headers["cache-control"]).toBe("no-cache");
    });
  });

  describe("finding 6: bad input is a 400 naming the field", () => {
    it("NUL characters in contact fields, username, better-auth name and blog search", async () => {
      const contact = await plain.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: "192.0.2.99",
        payload: { name: "A\u0000B", email: "a@example.com", subject: "s", message: "m" },
      });
      expect(contact.statusCode).toBe(400);
      expect(contact.json().error).toMatch(/name must not contain a NUL character/);

      const { cookie } = await signUpVerified(plain, "nul@example.com");
      const profile = await plain.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: { cookie, ...origin },
        payload: { username: "bad\u0000name" },
      });
      expect(profile.statusCode).toBe(400);
      expect(profile.json().error).toMatch(/username must not contain a NUL/);

      const signUp = await plain.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: origin,
        remoteAddress: "192.0.2.98",
        payload: { email: "nul2@example.com", password: "secret123", name: "x\u0000y" },
      });
      expect(signUp.statusCode).toBe(400);
      expect(signUp.json().error).toMatch(/name must not contain a NUL/);

      const blog = await plain.inject({ method: "GET", url: "/api/blog?q=a%00b" });
      expect(blog.statusCode).toBe(400);
      expect(blog.json().error).toMatch(/q must not contain a NUL/);
    });

    it("100,000-deep JSON on the auth routes", async () => {
      const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
      for (const url of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/api/contact"]) {
        const res = await plain.inject({
          method: "POST",
          url,
          headers: { ...origin, "content-type": "application/json" },
          remoteAddress: "192.0.2.97",
          payload: `{"email":${deep}}`,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error).toMatch(/nested too deeply/);
      }
    });

    it("multipart without a boundary, or cut off", async () => {
      const noBoundary = await plain.inject({
        method: "POST",
        url: "/api/analyze-vocal-scale",
        headers: { "content-type": "multipart/form-data" },
        payload: '--x\r\nContent-Disposition: form-data; name="audio"\r\n\r\nabc',
      });
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json().error).toMatch(/multipart/i);
      const cut = await plain.inject({
        method: "POST",
        url: "/api/analyze-vocal-scale",
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="audio"; filename="r.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF',
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().error).toMatch(/multipart/i);
    });
  });

  describe("finding 7: course progress routes check the origin", () => {
    it("refuses DELETE /api/learn/progress and PUT /api/learn/:slug/progress from a foreign origin", async () => {
      const { cookie } = await signUpVerified(plain, "learner@example.com");
      const del = await plain.inject({
        method: "DELETE",
        url: "/api/learn/progress",
        headers: { cookie, origin: "https://evil.example" },
      });
      expect(del.statusCode).toBe(403);
      expect(del.json().error).toBe("Invalid origin");
      const put = await plain.inject({
        method: "PUT",
        url: "/api/learn/intervals/progress",
        headers: { cookie, "sec-fetch-site": "cross-site" },
      });
      expect(put.statusCode).toBe(403);
      const same = await plain.inject({
        method: "DELETE",
        url: "/api/learn/progress",
        headers: { cookie, ...origin },
      });
      expect(same.statusCode).toBe(200);
    });
  });
});

describe("HSTS in production", () => {
  it("is sent when NODE_ENV=production", async () => {
    const database = await openDatabase({ kind: "pglite" });
    const app = await buildApp({
      database,
      webDistDir: webDir,
      accounts: testAccountsOptions({ nodeEnv: "production" }),
      security: { production: true },
      songs: { seed: false },
    });
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    await app.close();
    await database.close();
  });
});

describe("TRUST_PROXY", () => {
  it("parses addresses, hop counts and refuses 'true'", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy("loopback, 10.0.0.0/8")).toEqual(["loopback", "10.0.0.0/8"]);
    const hops = parseTrustProxy("1");
    expect(typeof hops === "function" && hops("10.0.0.1", 0)).toBe(true);
    expect(typeof hops === "function" && hops("10.0.0.1", 1)).toBe(false);
    expect(() => parseTrustProxy("true")).toThrow(/TRUST_PROXY=true/);
  });

  it("follows X-Forwarded-For only from the configured proxy", async () => {
    const database = await openDatabase({ kind: "pglite" });
    const app = await buildApp({
      database,
      webDistDir: webDir,
      accounts: testAccountsOptions({ authRateLimit: true }),
      trustProxy: ["10.0.0.5"],
      songs: { seed: false },
    });
    // Signed up from an address of its own: the other tests' sign-ups share 127.0.0.1's bucket.
    await signUpVerified(app, "proxied@example.com", "secret123", "proxied", "192.0.2.77");
    const viaProxy = (client: string) =>
      app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { ...origin, "x-forwarded-for": client },
        remoteAddress: "10.0.0.5",
        payload: { email: "nobody@example.com", password: "wrong-password" },
      });
    // client A uses up its bucket; client B behind the same proxy still gets through
    for (let i = 0; i < 5; i++) await viaProxy("203.0.113.50");
    expect((await viaProxy("203.0.113.50")).statusCode).toBe(429);
    expect((await viaProxy("203.0.113.51")).statusCode).toBe(401);
    await app.close();
    await database.close();
  });
});
