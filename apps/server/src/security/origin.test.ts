import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-origin-web-"));
writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Tonic</title>");

const CROSS_SITE = "https://evil.example";

describe("one origin check for every unsafe method", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cookie: string;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    app = await buildApp({
      database,
      webDistDir: webDir,
      accounts: testAccountsOptions({ webhookSecret: "whsec_test" }),
      songs: { seed: false },
    });
    ({ cookie } = await signUpVerified(app, "origin@example.com"));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const practice = {
    items: [
      {
        item_id: "intervals:M3",
        skill: "intervals",
        attempts: 2,
        correct: 1,
        due: "2026-06-16T10:00:00.000Z",
        card: { state: 1, stability: 0.4, due: "2026-06-16T10:00:00.000Z", last_review: null },
        updated_at: "2026-06-15T10:00:00.000Z",
      },
    ],
  };
  const routes = [
    { method: "PUT", url: "/api/practice", payload: practice },
    { method: "DELETE", url: "/api/practice", payload: undefined },
    {
      method: "POST",
      url: "/api/analyze-audio",
      payload: { youtube_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
    },
  ] as const;

  it("refuses a cross-site Origin on PUT and DELETE /api/practice and POST /api/analyze-audio (403)", async () => {
    for (const r of routes) {
      const res = await app.inject({
        method: r.method,
        url: r.url,
        headers: { cookie, origin: CROSS_SITE },
        ...(r.payload ? { payload: r.payload } : {}),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error, `${r.method} ${r.url}`).toBe("Invalid origin");
      // a browser's cross-site request without an Origin is refused too
      const fetchSite = await app.inject({
        method: r.method,
        url: r.url,
        headers: { cookie, "sec-fetch-site": "cross-site" },
        ...(r.payload ? { payload: r.payload } : {}),
      });
      expect(fetchSite.statusCode, `${r.method} ${r.url} sec-fetch-site`).toBe(403);
    }
  });

  it("lets the same requests from the site's own origin through", async () => {
    const put = await app.inject({
      method: "PUT",
      url: "/api/practice",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: practice,
    });
    expect(put.statusCode).toBe(200);
    const del = await app.inject({
      method: "DELETE",
      url: "/api/practice",
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(del.statusCode).toBe(200);
    const analyze = await app.inject({
      method: "POST",
      url: "/api/analyze-audio",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: routes[2].payload,
    });
    expect(analyze.statusCode).not.toBe(403);
  });

  it("checks the origin before reading the body: a cross-site upload is refused unread", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/analytics",
      headers: { origin: CROSS_SITE, "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(res.statusCode).toBe(403);
  });

  it("keeps better-auth's own check on /api/auth and the server-to-server Razorpay webhook", async () => {
    const foreign = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: CROSS_SITE },
      payload: { email: "origin@example.com", password: "secret123" },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN },
      payload: { email: "origin@example.com", password: "secret123" },
    });
    expect(own.statusCode).toBe(200);
    // Razorpay sends no Origin; a wrong signature is its only refusal (400), never the origin check
    const hook = await app.inject({
      method: "POST",
      url: "/api/razorpay/webhook",
      headers: { "content-type": "application/json", "x-razorpay-signature": "00" },
      payload: JSON.stringify({ event: "payment.captured" }),
    });
    expect(hook.statusCode).toBe(400);
    expect(hook.json().error).toBe("Invalid webhook signature");
  });
});
