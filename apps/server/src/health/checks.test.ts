import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeToolDir } from "../../test/fake-tools.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { HealthChecker, ytDlpAgeDays, ytDlpWarning } from "./checks.js";

describe("health checks (finding 10)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
  });
  afterAll(async () => {
    await database.close();
  });

  it("reports a database write, free disk, queue depth and the tools with yt-dlp's age", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "tonic-health-"));
    const tool = fakeToolDir("2023.03.04");
    let now = new Date("2026-11-23T00:00:00Z");
    const checker = new HealthChecker({
      database,
      version: "1.0.0",
      dataDir,
      tools: { ytDlp: tool, ffmpeg: tool },
      ttlMs: 1000,
      now: () => now,
    });
    const r = await checker.report();
    expect(r.status).toBe("ok");
    expect(r.database).toMatchObject({ ok: true, writable: true });
    const beat = await database.db.selectFrom("server_heartbeat").select("at").executeTakeFirstOrThrow();
    expect(new Date(beat.at).toISOString()).toBe(now.toISOString());
    expect(r.disk?.freeBytes).toBeGreaterThan(0);
    expect(r.queue).toEqual({ queued: 0, running: 0 });
    expect(r.linkAnalysis.usable).toBe(true);
    expect(r.linkAnalysis.ytDlp).toMatchObject({ version: "2023.03.04", outdated: true });
    expect(r.linkAnalysis.ytDlp.ageDays).toBeGreaterThan(900);
    // cached within the TTL, refreshed after it
    now = new Date(now.getTime() + 500);
    expect(await checker.report()).toBe(r);
    now = new Date(now.getTime() + 1000);
    expect(await checker.report()).not.toBe(r);
  });

  it("says when the tools are missing and when the database refuses writes", async () => {
    const db2 = await openDatabase({ kind: "pglite" });
    const checker = new HealthChecker({
      database: db2,
      version: "1.0.0",
      tools: { ytDlp: "/nonexistent/yt-dlp", ffmpeg: "/nonexistent/ffmpeg" },
    });
    await db2.close();
    const r = await checker.report();
    expect(r.status).toBe("degraded");
    expect(r.database.writable).toBe(false);
    expect(r.linkAnalysis).toMatchObject({ usable: false, ytDlp: { version: null, outdated: false } });
  });

  it("warns about a yt-dlp older than 90 days", () => {
    const now = new Date("2026-11-23T00:00:00Z");
    expect(ytDlpAgeDays("2026.11.01", now)).toBe(22);
    expect(ytDlpWarning("2026.11.01", now)).toBeNull();
    expect(ytDlpWarning("2023.03.04", now)).toMatch(/yt-dlp 2023\.03\.04 is \d+ days old/);
    expect(ytDlpWarning(null, now)).toBeNull();
  });
});
