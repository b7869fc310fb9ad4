import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { consumeAnalysis, refundAnalysis } from "../tiers/gate.js";
import {
  killOrphanToolGroup,
  recoverInterruptedJobs,
  removeOrphanJobDirs,
  sweepStaleJobs,
} from "./cleanup.js";
import { createOrJoinJob } from "./store.js";
import { TOOL_GROUPS_FILE } from "./tools.js";

const YESTERDAY = new Date("2026-03-09T23:59:00Z");

describe("crash recovery of jobs (finding 5)", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: "pglite" });
    await database.db
      .insertInto("profiles")
      .values([
        { id: "free-1", username: "free-1", profile_picture_url: null },
        { id: "free-2", username: "free-2", profile_picture_url: null },
      ])
      .execute();
  });
  afterAll(async () => {
    await database.close();
  });
  const count = async (id: string, date: string) =>
    (
      await database.db
        .selectFrom("song_analysis_usage")
        .select("count")
        .where("user_id", "=", id)
        .where("date", "=", date)
        .executeTakeFirst()
    )?.count ?? 0;

  it("fails jobs interrupted by a restart and refunds on the day they were counted", async () => {
    const db = database.db;
    expect((await consumeAnalysis(db, "free-1", "crashVid001", YESTERDAY)).allowed).toBe(true);
    const { job } = await createOrJoinJob(db, "crashVid001", "free-1");
    await db
      .updateTable("song_jobs")
      .set({ state: "downloading", created_at: YESTERDAY })
      .where("id", "=", job.id)
      .execute();
    expect(await count("free-1", "2026-03-09")).toBe(1);

    const r = await recoverInterruptedJobs(db, (u, v, at) => refundAnalysis(db, u, v, at));
    expect(r).toEqual({ failed: 1, refunds: 1 });
    const after = await db
      .selectFrom("song_jobs")
      .selectAll()
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    expect(after.state).toBe("failed");
    expect(after.error).toMatch(/^Failed to analyze audio: the server restarted/);
    expect(await count("free-1", "2026-03-09")).toBe(0);
    // a second start-up finds nothing to do
    expect(await recoverInterruptedJobs(db, (u, v, at) => refundAnalysis(db, u, v, at))).toEqual({
      failed: 0,
      refunds: 0,
    });
  });

  it("shared queue: fails and refunds jobs whose worker stopped updating them", async () => {
    const db = database.db;
    const now = new Date("2026-03-10T10:00:00Z");
    expect((await consumeAnalysis(db, "free-2", "staleVid001", now)).allowed).toBe(true);
    const { job } = await createOrJoinJob(db, "staleVid001", "free-2");
    await db
      .updateTable("song_jobs")
      .set({ state: "analysing", created_at: now, updated_at: new Date(now.getTime() - 10 * 60_000) })
      .where("id", "=", job.id)
      .execute();
    const refund = (u: string, v: string, at: Date) => refundAnalysis(db, u, v, at);
    expect(await sweepStaleJobs(db, 20 * 60, refund, undefined, now)).toBe(0);
    expect(await sweepStaleJobs(db, 5 * 60, refund, undefined, now)).toBe(1);
    expect(await count("free-2", "2026-03-10")).toBe(0);
  });
});

describe("orphan job folders (finding 5)", () => {
  it("removes folders of dead processes and old unnamed ones, keeps live ones", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tonic-orphans-"));
    const make = (name: string) => {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, "audio.m4a"), "x");
    };
    make("tonic-job-4242-abcDEF"); // dead process
    make(`tonic-job-${process.pid}-ghiJKL`); // a previous run with our pid (container pid 1)
    make("tonic-job-777-mnoPQR"); // a live worker
    make("tonic-job-oldABC"); // old naming, stale
    make("tonic-job-newABC"); // old naming, recent
    make("unrelated");
    const now = new Date();
    const old = new Date(now.getTime() - 2 * 3_600_000);
    utimesSync(path.join(dir, "tonic-job-oldABC"), old, old);
    const removed = await removeOrphanJobDirs(dir, { now, isAlive: (pid) => pid === 777 });
    expect(removed.sort()).toEqual(
      ["tonic-job-4242-abcDEF", `tonic-job-${process.pid}-ghiJKL`, "tonic-job-oldABC"].sort(),
    );
    expect(existsSync(path.join(dir, "tonic-job-777-mnoPQR"))).toBe(true);
    expect(existsSync(path.join(dir, "tonic-job-newABC"))).toBe(true);
    expect(existsSync(path.join(dir, "unrelated"))).toBe(true);
  });
});

describe("tool groups of a process killed with SIGKILL", () => {
  it("are killed when their job folder is swept, unless the group id now belongs to another program", async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), "tonic-groups-"));
    // A stand-in for the download a killed worker left running: the leader of its own process group.
    const download = spawn("sleep", ["60"], { detached: true, stdio: "ignore" });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      download.on("exit", (_c, sig) => resolve(sig)),
    );
    const pgid = download.pid as number;
    const folder = path.join(tmp, "tonic-job-999999-abcdef");
    mkdirSync(folder);
    // The second line names this very process as "yt-dlp": its command line says otherwise, so it lives.
    writeFileSync(path.join(folder, TOOL_GROUPS_FILE), `${pgid} sleep\n${process.pid} yt-dlp\n`);
    const removed = await removeOrphanJobDirs(tmp, { isAlive: () => false });
    expect(removed).toEqual(["tonic-job-999999-abcdef"]);
    expect(await exited).toBe("SIGKILL");
    expect(existsSync(folder)).toBe(false);
    expect(await killOrphanToolGroup(process.pid, "yt-dlp")).toBe(false);
  });
});
