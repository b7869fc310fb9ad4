import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { downloadFailureReason } from "../jobs/tools.js";
import { DISK_FULL_MESSAGE, DISK_FULL_WINDOW_MS, DiskFullState, isDiskFullError } from "./disk-full.js";

/** The error Node's file system gives when the disk is full. */
function enospc(): Error {
  return Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28 });
}

/** Makes every write to `table` fail with a full-disk error while `failing` is set. */
class FullDiskOn implements KyselyPlugin {
  failing = false;
  constructor(private readonly table: string) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    const target =
      node.kind === "InsertQueryNode"
        ? node.into?.table.identifier.name
        : node.kind === "UpdateQueryNode" && node.table && TableNode.is(node.table)
          ? node.table.table.identifier.name
          : undefined;
    if (this.failing && target === this.table) throw enospc();
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

describe("isDiskFullError", () => {
  it("knows Node's ENOSPC, PostgreSQL's disk_full and the message, also as a cause", () => {
    expect(isDiskFullError(enospc())).toBe(true);
    expect(isDiskFullError(Object.assign(new Error("could not extend file"), { code: "53100" }))).toBe(true);
    expect(isDiskFullError(new Error('could not extend file "base/5/1234": No space left on device'))).toBe(
      true,
    );
    expect(isDiskFullError(new Error("insert failed", { cause: enospc() }))).toBe(true);
    expect(isDiskFullError(new Error("duplicate key value"))).toBe(false);
    expect(isDiskFullError(Object.assign(new Error("x"), { code: "EACCES" }))).toBe(false);
    expect(isDiskFullError(null)).toBe(false);
  });

  it("a download that fills the disk tells users so", () => {
    expect(downloadFailureReason("ERROR: unable to write data: [Errno 28] No space left on device")).toBe(
      "the server is out of disk space; try again later",
    );
  });

  it("remembers a failure for the window of the injected clock", () => {
    let t = 1_000_000;
    const state = new DiskFullState(() => new Date(t));
    expect(state.recentlyFull()).toBe(false);
    state.noteFailure();
    expect(state.recentlyFull()).toBe(true);
    t += DISK_FULL_WINDOW_MS;
    expect(state.recentlyFull()).toBe(false);
  });
});

describe("a full disk: users get a clear 503, health reports the database not writable", () => {
  const webDir = mkdtempSync(path.join(tmpdir(), "tonic-diskfull-web-"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Tonic</title>");
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let cookie: string;
  let clock = Date.UTC(2026, 10, 27, 12);
  const full = new FullDiskOn("practice_items");
  const local = { remoteAddress: "127.0.0.1", headers: { host: "localhost:3000" } };

  beforeAll(async () => {
    const real = await openDatabase({ kind: "pglite" });
    database = { ...real, db: real.db.withPlugin(full), close: () => real.close() };
    app = await buildApp({
      database,
      webDistDir: webDir,
      accounts: testAccountsOptions(),
      songs: { seed: false },
      now: () => new Date(clock),
    });
    ({ cookie } = await signUpVerified(app, "full-disk@example.com"));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const save = () =>
    app.inject({
      method: "PUT",
      url: "/api/practice",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: {
        items: [
          {
            item_id: "intervals:M3",
            skill: "intervals",
            attempts: 1,
            correct: 1,
            due: "2026-11-28T10:00:00.000Z",
            card: { state: 1, stability: 0.4, due: "2026-11-28T10:00:00.000Z", last_review: null },
            updated_at: "2026-11-27T10:00:00.000Z",
          },
        ],
      },
    });

  it("answers a write that hits a full disk with 503, the plain message and Retry-After", async () => {
    const healthy = await app.inject({ method: "GET", url: "/api/health", ...local });
    expect(healthy.json().database.writable).toBe(true);
    full.failing = true;
    const res = await save();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: DISK_FULL_MESSAGE });
    expect(res.headers["retry-after"]).toBe("60");
  });

  it("health says not writable and degraded while the heartbeat's own write still fits", async () => {
    const health = await app.inject({ method: "GET", url: "/api/health", ...local });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "degraded", database: { writable: false, ok: false } });
    const visitor = await app.inject({
      method: "GET",
      url: "/api/health",
      remoteAddress: "203.0.113.9",
      headers: { host: "tonic.example" },
    });
    expect(visitor.statusCode).toBe(503);
    expect(visitor.json()).toEqual({ status: "degraded" });
  });

  it("recovers once space is back and the failure is a minute old", async () => {
    full.failing = false;
    expect((await save()).statusCode).toBe(200);
    clock += DISK_FULL_WINDOW_MS;
    const health = await app.inject({ method: "GET", url: "/api/health", ...local });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: "ok", database: { writable: true } });
  });
});
