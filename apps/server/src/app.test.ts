import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "../test/databases.js";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { type DatabaseHandle, DatabaseStartupError, openDatabase } from "./db/index.js";

const webDir = mkdtempSync(path.join(tmpdir(), "tonic-web-"));
writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Tonic</title><div id=root></div>");

describe.each(testDatabases())("HTTP app on $name", ({ open }) => {
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

  it("GET /api/health reports the database", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: "ok",
      version: "1.0.0",
      database: { ok: true, kind: handle.kind },
    });
  });

  it("GET /api/health shows its details only to this machine", async () => {
    const local = (await app.inject({ method: "GET", url: "/api/health" })).json();
    expect(local.linkAnalysis).toBeDefined();
    const others = [
      { remoteAddress: "203.0.113.7" },
      { headers: { "x-forwarded-for": "203.0.113.7" } },
      { headers: { forwarded: "for=203.0.113.7" } },
      { headers: { host: "tonic.example.com" } },
    ];
    for (const from of others) {
      const res = await app.inject({ method: "GET", url: "/api/health", ...from });
      expect(res.statusCode).toBe(200);
      expect(res.json(), JSON.stringify(from)).toEqual({ status: local.status });
    }
  });

  it("serves the web app for unknown paths (history fallback)", async () => {
    for (const url of ["/", "/learn/some-lesson", "/no/such/page?x=1"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.body).toContain("<div id=root>");
    }
  });

  it("answers unknown API paths with a JSON 404, not the app", async () => {
    const res = await app.inject({ method: "GET", url: "/api/does-not-exist" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found: GET /api/does-not-exist" });
  });
});

describe("health when the database is down", () => {
  it("returns 503 degraded", async () => {
    const handle = await openDatabase({ kind: "pglite" });
    const app = await buildApp({ database: handle, webDistDir: webDir });
    await handle.close();
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "degraded", database: { ok: false } });
    await app.close();
  });
});

describe("startup errors", () => {
  it("rejects a DATABASE_URL that is not a PostgreSQL URL", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgres/);
  });

  it("reports an unreachable PostgreSQL clearly, with the password hidden", async () => {
    const err = await openDatabase({ kind: "postgres", url: "postgres://u:secret@127.0.0.1:1/db" }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(DatabaseStartupError);
    expect(err.message).toMatch(/^Cannot connect to PostgreSQL at postgres:\/\/u:\*\*\*@127\.0\.0\.1:1\/db/);
    expect(err.message).not.toContain("secret");
  });

  it("reports an unwritable data folder clearly", async () => {
    const file = path.join(webDir, "index.html");
    const err = await openDatabase({ kind: "pglite", dataDir: path.join(file, "data") }).catch((e) => e);
    expect(err).toBeInstanceOf(DatabaseStartupError);
    expect(err.message).toMatch(/^The data folder .* is not writable/);
  });

  it("keeps data in the data folder across restarts", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tonic-data-"));
    const a = await openDatabase({ kind: "pglite", dataDir: dir });
    await a.db.insertInto("profiles").values({ id: "p", username: "persisted" }).execute();
    await a.close();
    const b = await openDatabase({ kind: "pglite", dataDir: dir });
    const row = await b.db.selectFrom("profiles").select("username").executeTakeFirst();
    await b.close();
    expect(row?.username).toBe("persisted");
  });
});
