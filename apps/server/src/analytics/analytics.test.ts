import { mkdtempSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { plausibleSink, referrerHost, stripQuery } from "./service.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-analytics-"));

describe("analytics helpers", () => {
  it("drops the query string but keeps the hash", () => {
    expect(stripQuery("/search?q=my%20song&v=abc#chords")).toBe("/search#chords");
    expect(stripQuery("/about")).toBe("/about");
    expect(stripQuery("/a#x?y")).toBe("/a");
    expect(stripQuery("/#type=recovery&token=abc")).toBe("/");
  });
  it("reduces referrers to an external host", () => {
    expect(referrerHost("https://www.google.com/search?q=x", "tonic.example")).toBe("www.google.com");
    expect(referrerHost("http://tonic.example:3000/blog", "tonic.example:3000")).toBeNull();
    expect(referrerHost("", "x")).toBeNull();
    expect(referrerHost("not a url", "x")).toBeNull();
  });
});

describe.each(testDatabases())("POST /api/analytics on $name", ({ open }) => {
  let handle: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    handle = await open();
    app = await buildApp({ database: handle, webDistDir: webDir });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom("analytics_events").execute();
  });

  it("stores a page view without personal data or cookies", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/analytics",
      headers: { host: "tonic.example", "user-agent": "Secret-UA/1.0" },
      remoteAddress: "203.0.113.7",
      payload: { name: "pageview", path: "/search?q=private#chords", referrer: "https://duck.example/x?y" },
    });
    expect(res.statusCode).toBe(202);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const rows = await handle.db.selectFrom("analytics_events").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "pageview",
      path: "/search#chords",
      referrer_host: "duck.example",
    });
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain("203.0.113.7");
    expect(serialized).not.toContain("Secret-UA");
    expect(serialized).not.toContain("private");
  });

  it("stores named events with props, also from sendBeacon text bodies", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/analytics",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      payload: JSON.stringify({ name: "pwa_installed", path: "/", props: { platform: "android", ok: true } }),
    });
    expect(res.statusCode).toBe(202);
    const row = await handle.db.selectFrom("analytics_events").selectAll().executeTakeFirstOrThrow();
    expect(row.name).toBe("pwa_installed");
    expect(row.props).toEqual({ platform: "android", ok: true });
  });

  it("rejects bad names, paths and oversized props without storing", async () => {
    const bad = [
      { name: "Page View", path: "/" },
      { name: "pageview", path: "https://elsewhere.example/" },
      { name: "pageview" },
      { name: "x", path: "/", props: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, i])) },
      { name: "x", path: "/", props: { nested: { a: 1 } } },
    ];
    for (const payload of bad) {
      const res = await app.inject({ method: "POST", url: "/api/analytics", payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await handle.db.selectFrom("analytics_events").selectAll().execute()).toHaveLength(0);
  });

  it("limits events per client address with a 429 and Retry-After", async () => {
    const limited = await buildApp({ database: handle, webDistDir: webDir, analytics: { rateLimitMax: 3 } });
    try {
      const send = (remoteAddress: string) =>
        limited.inject({
          method: "POST",
          url: "/api/analytics",
          remoteAddress,
          payload: { name: "pageview", path: "/" },
        });
      for (let i = 0; i < 3; i++) expect((await send("198.51.100.1")).statusCode).toBe(202);
      const refused = await send("198.51.100.1");
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(refused.json().error).toMatch(
        /^Too many analytics events from your address\. Please try again in /,
      );
      // Another address is not affected; the refused event was not stored.
      expect((await send("198.51.100.2")).statusCode).toBe(202);
      expect(await handle.db.selectFrom("analytics_events").selectAll().execute()).toHaveLength(4);
    } finally {
      await limited.close();
    }
  });

  it("keeps at most maxEvents rows, deleting the oldest", async () => {
    const capped = await buildApp({ database: handle, webDistDir: webDir, analytics: { maxEvents: 5 } });
    try {
      for (let i = 0; i < 8; i++) {
        const res = await capped.inject({
          method: "POST",
          url: "/api/analytics",
          payload: { name: "pageview", path: `/page-${i}` },
        });
        expect(res.statusCode).toBe(202);
      }
      const rows = await handle.db.selectFrom("analytics_events").select("path").orderBy("id").execute();
      expect(rows.map((r) => r.path)).toEqual(["/page-3", "/page-4", "/page-5", "/page-6", "/page-7"]);
    } finally {
      await capped.close();
    }
  });
});

describe("Plausible-compatible sink", () => {
  let server: ReturnType<typeof createServer>;
  let base = "";
  const received: { url?: string; headers: IncomingHttpHeaders; body: unknown }[] = [];
  let status = 202;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = "";
      req.on("data", (c) => {
        data += c;
      });
      req.on("end", () => {
        received.push({ url: req.url, headers: req.headers, body: JSON.parse(data) });
        res.writeHead(status).end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("posts Plausible's event shape and forwards the user agent and client IP", async () => {
    const sink = plausibleSink(base, "tonic.example");
    await sink.record(
      { name: "pageview", path: "/blog/hello#top", referrerHost: "news.example", props: {} },
      { userAgent: "UA/2", clientIp: "198.51.100.1" },
    );
    const got = received.at(-1);
    expect(got?.url).toBe("/api/event");
    expect(got?.headers["user-agent"]).toBe("UA/2");
    expect(got?.headers["x-forwarded-for"]).toBe("198.51.100.1");
    expect(got?.body).toEqual({
      name: "pageview",
      domain: "tonic.example",
      url: "https://tonic.example/blog/hello#top",
      referrer: "https://news.example/",
    });
  });

  it("is chosen by the plausible options and failures still answer 202", async () => {
    const h = await testDatabases()[0]?.open();
    if (!h) throw new Error("no database");
    const app = await buildApp({
      database: h,
      webDistDir: webDir,
      plausible: { url: base, domain: "tonic.example" },
    });
    try {
      const before = received.length;
      const ok = await app.inject({
        method: "POST",
        url: "/api/analytics",
        payload: { name: "signup_click", path: "/", props: { where: "hero" } },
      });
      expect(ok.statusCode).toBe(202);
      expect(received.length).toBe(before + 1);
      expect(received.at(-1)?.body).toMatchObject({ name: "signup_click", props: { where: "hero" } });
      expect(await h.db.selectFrom("analytics_events").selectAll().execute()).toHaveLength(0);
      status = 500;
      const failed = await app.inject({
        method: "POST",
        url: "/api/analytics",
        payload: { name: "x", path: "/" },
      });
      expect(failed.statusCode).toBe(202);
    } finally {
      status = 202;
      await app.close();
      await h.close();
    }
  });
});
