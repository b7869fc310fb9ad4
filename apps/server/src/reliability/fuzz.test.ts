import { parseYouTubeUrl, VIDEO_ID_PATTERN } from "@tonic/youtube";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { fakeToolDir } from "../../test/fake-tools.js";
import { buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";

/**
 * Bounded fuzz (issue 15 reliability suite): the link parser never throws and only yields valid ids;
 * every JSON route answers arbitrary bodies with a 2xx/4xx, never a 5xx or a stack trace. In-process
 * (`inject`), no network; fixed seeds so a failure reproduces.
 */
const unicode = fc.string({ unit: "grapheme", maxLength: 60 });
const nasty = fc.constantFrom(
  "\u0000",
  "\u202E",
  "\u200B",
  "%00",
  "'; drop table profiles; --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "💥".repeat(50),
  "a".repeat(5000),
  "__proto__",
);
const text = fc.oneof(unicode, nasty, fc.string({ unit: "binary", maxLength: 40 }));

describe("link parser fuzz", () => {
  it("never throws, and returns null or an 11-character video id", () => {
    const urlish = fc.oneof(
      text,
      fc.webUrl(),
      fc
        .tuple(
          fc.constantFrom(
            "https://youtu.be/",
            "https://www.youtube.com/watch?v=",
            "https://m.youtube.com/shorts/",
            "youtube.com/embed/",
            "https://music.youtube.com/watch?list=x&v=",
          ),
          text,
        )
        .map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(urlish, (input) => {
        const id = parseYouTubeUrl(input);
        return id === null || VIDEO_ID_PATTERN.test(id);
      }),
      { numRuns: 2000, seed: 15 },
    );
  });
});

describe("JSON routes fuzz", () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cookie = "";
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    const tool = fakeToolDir();
    app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions(),
      contactRateLimit: { max: 1_000_000 },
      songs: {
        seed: false,
        settings: { tools: { ytDlp: tool, ffmpeg: tool }, youtubeKeys: [] },
        queue: { kind: "in-process", dispatch: async () => {}, close: async () => {} },
      },
    });
    cookie = (await signUpVerified(app, "fuzz@example.com")).cookie;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const routes: { method: "POST" | "PUT" | "PATCH" | "DELETE"; url: string; signedIn?: boolean }[] = [
    { method: "POST", url: "/api/contact" },
    { method: "POST", url: "/api/auth/sign-in/email" },
    { method: "POST", url: "/api/auth/sign-up/email" },
    { method: "POST", url: "/api/auth/request-password-reset" },
    { method: "PATCH", url: "/api/profile", signedIn: true },
    { method: "POST", url: "/api/analyze-audio", signedIn: true },
    { method: "POST", url: "/api/create-subscription", signedIn: true },
    { method: "POST", url: "/api/verify-payment", signedIn: true },
    { method: "POST", url: "/api/analytics" },
    { method: "PUT", url: "/api/learn/intervals/progress", signedIn: true },
    { method: "PUT", url: "/api/songs/abcdefghijk/my-version", signedIn: true },
    { method: "POST", url: "/api/songs/abcdefghijk/my-version/share", signedIn: true },
  ];
  /** Objects shaped like the real bodies, with arbitrary values, plus arbitrary JSON. */
  const fieldNames = fc.constantFrom(
    "email",
    "password",
    "name",
    "subject",
    "message",
    "username",
    "youtubeUrl",
    "plan_id",
    "currency",
    "razorpay_order_id",
    "razorpay_payment_id",
    "razorpay_signature",
    "path",
    "props",
    "website",
    "sheet",
    "baseRevision",
    "edits",
  );
  const value = fc.oneof(
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const body = fc.oneof(fc.dictionary(fieldNames, value, { maxKeys: 6 }), fc.jsonValue({ maxDepth: 4 }));

  for (const route of routes) {
    it(`${route.method} ${route.url} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await app.inject({
            method: route.method,
            url: route.url,
            headers: {
              origin: TEST_ORIGIN,
              "content-type": "application/json",
              ...(route.signedIn ? { cookie } : {}),
            },
            payload: JSON.stringify(payload),
          });
          if (res.statusCode >= 500)
            throw new Error(`${res.statusCode} for ${JSON.stringify(payload)}: ${res.body}`);
          expect(res.body).not.toMatch(/\n\s+at /); // no stack trace
        }),
        { numRuns: 40, seed: 15 },
      );
    });
  }

  it("query strings of the GET routes never answer 5xx", async () => {
    const urls = [
      "/api/blog?q=",
      "/api/songs?key=",
      "/api/youtube/search?q=",
      "/api/songs/",
      "/api/analysis-jobs/",
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...urls), text, async (url, q) => {
        const res = await app.inject({ method: "GET", url: url + encodeURIComponent(q) });
        // 503 is the documented answer of search without YOUTUBE_API_KEYS
        const unavailable = url.startsWith("/api/youtube/search") && res.statusCode === 503;
        if (res.statusCode >= 500 && !unavailable)
          throw new Error(`${res.statusCode} for ${url}${JSON.stringify(q)}: ${res.body}`);
      }),
      { numRuns: 150, seed: 15 },
    );
  });
});
