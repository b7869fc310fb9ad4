import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AnalysisResult } from "@tonic/analysis";
import { renderProgression } from "@tonic/analysis/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DEV_TOOLS_TOKEN } from "../../test/accounts.js";
import { ensurePackagesBuilt, freePort, REPO_ROOT } from "../../test/server-process.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import { seedDemoSongs } from "../seed/demo-songs.js";
import { JOB_DIR_PREFIX } from "./cleanup.js";
import { MAX_ACTIVE_JOBS_PER_USER } from "./fairness.js";

/**
 * Issue 27, with real processes: two `main.ts` servers and two `worker.ts` workers (each an OS process,
 * through tsx) on one fresh PostgreSQL database, `ANALYSIS_IN_SERVER=false`. Three users sign up through
 * the API and fire link analyses at both servers at once. The per-user cap must hold across the
 * servers, the workers must claim jobs in turn between users (checked step by step: yt-dlp is a stand-in
 * that waits at a gate until the test lets each job go, so the order is decided by the claims alone),
 * never more than one job per worker may run, every job must end done or failed, and stopping the
 * processes must leave no tool process behind. Runs only when DATABASE_URL is set.
 */
const url = process.env.DATABASE_URL;
/** The key of the advisory lock `claimFairJob` takes (store.ts). */
const CLAIM_LOCK = "tonic:song-jobs:claim";
const CAP_MESSAGE = `You already have ${MAX_ACTIVE_JOBS_PER_USER} songs being analysed. Please wait until one of them finishes.`;

interface Proc {
  name: string;
  child: ChildProcess;
  log: () => string;
  exited: Promise<void>;
  alive: () => boolean;
}

/** Starts `node --import tsx <script>` in its own process group (so the group can be killed). */
function startProc(name: string, script: string, env: Record<string, string>): Proc {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: REPO_ROOT,
    env: childEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let alive = true;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", () => {
      alive = false;
      resolve();
    }),
  );
  return { name, child, log: () => output, exited, alive: () => alive };
}

function killGroup(p: Proc, signal: NodeJS.Signals): void {
  try {
    process.kill(-(p.child.pid as number), signal);
  } catch {
    // already gone
  }
}

/**
 * The processes running one of this test's tool stand-ins (their command line names a file under
 * `root`: the fake yt-dlp, or the fake ffmpeg's `cat`), found in /proc — not by remembered pids, which
 * the system may have given to someone else's process since.
 */
function toolProcesses(root: string): number[] {
  const found: number[] = [];
  for (const entry of existsSync("/proc") ? readdirSync("/proc") : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(root)) found.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

describe.runIf(url)("2 servers + 2 workers as processes on PostgreSQL: cap and fairness (issue 27)", () => {
  const dbName = `tonic_procs_${randomBytes(5).toString("hex")}`;
  // the test's folder, made in beforeAll (a skipped run makes nothing)
  let root = "";
  let gate = "";
  let pids = "";
  let jobTmp = "";
  let fakeYtDlp = "";
  let fakeFfmpeg = "";
  let pcm = "";
  let dbUrl = "";
  let database: DatabaseHandle | null = null;
  const procs: Proc[] = [];
  const servers: { proc: Proc; base: string; origin: string }[] = [];
  const workers: Proc[] = [];
  const logs = () => procs.map((p) => `--- ${p.name}\n${p.log()}`).join("\n");
  let dbCreated = false;
  let claimLock: pg.Client | null = null;
  /**
   * Kills every process this test started: the servers and workers, and the tool stand-ins (each leads
   * its own process group, so killing a worker with SIGKILL would leave one waiting at its gate).
   */
  const killAll = () => {
    for (const p of procs) killGroup(p, "SIGKILL");
    for (const pid of root ? toolProcesses(root) : []) {
      for (const target of [-pid, pid]) {
        try {
          process.kill(target, "SIGKILL");
        } catch {
          // already gone, or not a group leader
        }
      }
    }
  };

  /** Polls `probe` until it returns a value (not undefined); never a fixed sleep. */
  async function waitFor<T>(
    what: string,
    probe: () => Promise<T | undefined>,
    timeoutMs = 45_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = await probe();
      if (v !== undefined) return v;
      for (const p of procs)
        if (!p.alive() && !stopping) throw new Error(`${p.name} exited while waiting for ${what}\n${logs()}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${logs()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  let stopping = false;
  let startupSeconds = 0;

  const commonEnv = () => ({
    DATABASE_URL: dbUrl,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    TMPDIR: jobTmp,
    YT_DLP_PATH: fakeYtDlp,
    FFMPEG_PATH: fakeFfmpeg,
    YOUTUBE_API_KEYS: "",
    YOUTUBE_WATCH_URL_TEMPLATE: "http://127.0.0.1:9/watch/{id}",
    ANALYSIS_CONCURRENCY: "1",
    ANALYSIS_TIMEOUT_SECONDS: "120",
    AUTH_SECRET: "procs-test-secret-0123456789-abcdefghijklmnop",
  });

  beforeAll(async () => {
    const t0 = Date.now();
    root = mkdtempSync(path.join(tmpdir(), "tonic-procs-"));
    [gate, pids, jobTmp] = ["gate", "pids", "tmp"].map((d) => path.join(root, d)) as [string, string, string];
    fakeYtDlp = path.join(root, "yt-dlp");
    fakeFfmpeg = path.join(root, "ffmpeg");
    pcm = path.join(root, "song.f32");
    process.once("exit", killAll);
    ensurePackagesBuilt();
    for (const d of [gate, pids, jobTmp]) mkdirSync(d, { recursive: true });
    // the children's TMPDIR is private (their scratch folders are checked below), but tsx keeps its
    // compile cache there: share the usual one, or every process and analysis thread compiles afresh
    const tsxCache = path.join(tmpdir(), `tsx-${process.getuid?.() ?? 0}`);
    mkdirSync(tsxCache, { recursive: true });
    symlinkSync(tsxCache, path.join(jobTmp, path.basename(tsxCache)));
    // yt-dlp: records its pid, waits at the gate for its video, then "downloads" it (ann's) or fails
    // (ben's were removed, cy's is private: failures take no analysis time)
    writeFileSync(
      fakeYtDlp,
      `#!/bin/sh
case "$1" in --version) echo 2026.11.01; exit 0;; esac
echo $$ > "${pids}/$$"
out=""; prev=""; for a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done
id="\${a##*/}"; dir=$(dirname "$out")
while [ ! -e "${gate}/$id" ]; do sleep 0.05; done
case "$id" in
  ppB*) echo "ERROR: [youtube] $id: Video unavailable. This video has been removed by the uploader" >&2; exit 1;;
  ppC*) echo "ERROR: [youtube] $id: Private video. Sign in if you've been granted access" >&2; exit 1;;
esac
printf 'RIFF' > "$dir/audio.wav"
printf '{"title":"Song %s","duration":9}' "$id" > "$dir/audio.info.json"
echo "[download] 100.0% of 4.00KiB"
`,
    );
    // ffmpeg: answers the version check, then "decodes" to a pre-rendered 8.5 s chord progression (f32le)
    writeFileSync(
      fakeFfmpeg,
      `#!/bin/sh
case "$1" in -version) echo "ffmpeg version 7.1-fake"; exit 0;; esac
echo $$ > "${pids}/$$"
exec cat "${pcm}"
`,
    );
    chmodSync(fakeYtDlp, 0o755);
    chmodSync(fakeFfmpeg, 0o755);
    const samples = renderProgression({
      chords: ["C", "G", "Am", "F"],
      bpm: 120,
      repeats: 1,
      sampleRate: 22_050,
    });
    writeFileSync(pcm, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    dbCreated = true;
    const u = new URL(url as string);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    // migrate once, and put the demo songs in place (with a stand-in analysis) so neither server
    // spends its start-up analysing them: this test is about the queue
    database = await openDatabase({ kind: "postgres", url: dbUrl });
    const stub = {
      key: "C Major",
      keyConfidence: 0.9,
      bpm: 120,
      beats: [0, 0.5],
      downbeats: [0],
      timeSignature: { numerator: 4, denominator: 4 },
      chords: [{ time: 0, chord: "C" }],
      segments: [],
      durationSeconds: 60,
    } as unknown as AnalysisResult;
    await seedDemoSongs(database.db, undefined, async () => stub);

    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const dataDir = path.join(root, `data${i}`);
      mkdirSync(dataDir, { recursive: true });
      const proc = startProc(`server${i}`, "apps/server/src/main.ts", {
        ...commonEnv(),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        ANALYSIS_IN_SERVER: "false",
        DEV_TOOLS: "1",
        DEV_TOOLS_TOKEN: TEST_DEV_TOOLS_TOKEN,
      });
      procs.push(proc);
      servers.push({ proc, base: `http://127.0.0.1:${port}`, origin: `http://localhost:${port}` });
    }
    // Two workers start meanwhile; until every job is queued the test holds the lock each claim takes
    // (claimFairJob's advisory lock), so a worker that gets a queue message waits there.
    claimLock = new pg.Client({ connectionString: dbUrl });
    await claimLock.connect();
    await claimLock.query("select pg_advisory_lock(hashtext($1))", [CLAIM_LOCK]);
    for (let i = 0; i < 2; i++) {
      const w = startProc(`worker${i}`, "apps/server/src/worker.ts", commonEnv());
      procs.push(w);
      workers.push(w);
    }
    for (const s of servers) {
      await waitFor(`${s.proc.name} healthy`, async () =>
        (await fetch(`${s.base}/api/health`)
          .then((r) => r.status === 200)
          .catch(() => false))
          ? true
          : undefined,
      );
    }
    startupSeconds = (Date.now() - t0) / 1000;
  }, 120_000);

  afterAll(async () => {
    stopping = true;
    killAll();
    await Promise.all(procs.map((p) => p.exited));
    killAll(); // a tool a worker started just before it died
    process.off("exit", killAll);
    await claimLock?.end().catch(() => {});
    await database?.close();
    if (dbCreated) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    if (root) rmSync(root, { recursive: true, force: true });
  }, 60_000);

  /** Signs a user up on server 0 (mail through its outbox), verifies the address and signs in. */
  async function signUp(email: string): Promise<{ cookie: string; userId: string }> {
    const s = servers[0] as (typeof servers)[number];
    const post = (p: string, body: unknown) =>
      fetch(`${s.base}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: s.origin },
        body: JSON.stringify(body),
      });
    const up = await post("/api/auth/sign-up/email", {
      email,
      password: "secret123",
      name: email.split("@")[0],
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const outbox = await fetch(
      `${s.base}/dev/${TEST_DEV_TOOLS_TOKEN}/outbox.json?to=${encodeURIComponent(email)}`,
    ).then((r) => r.json() as Promise<{ mails: { link?: string }[] }>);
    const link = outbox.mails.find((m) => m.link?.includes("type=email_verification"))?.link;
    const token = new URLSearchParams(new URL(link as string).hash.slice(1)).get("token");
    const verify = await fetch(`${s.base}/api/auth/verify-email?token=${encodeURIComponent(token ?? "")}`, {
      redirect: "manual",
    });
    expect(verify.status).toBeLessThan(400);
    const signIn = await post("/api/auth/sign-in/email", { email, password: "secret123" });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    // the session of server 0 is a session on server 1 too (one database, one secret)
    const me = await fetch(`${(servers[1] as (typeof servers)[number]).base}/api/me`, {
      headers: { cookie },
    });
    const userId = ((await me.json()) as { user: { id: string } | null }).user?.id;
    expect(userId).toBeTruthy();
    return { cookie, userId: userId as string };
  }

  const videoOf = (user: string, n: number) => `pp${user}${String(n).padStart(2, "0")}`.padEnd(11, "x");

  /** POST /api/analyze-audio to server `i % 2`. */
  async function analyze(i: number, cookie: string, videoId: string) {
    const s = servers[i % 2] as (typeof servers)[number];
    const res = await fetch(`${s.base}/api/analyze-audio`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: s.origin, cookie },
      body: JSON.stringify({ youtubeUrl: `https://youtu.be/${videoId}` }),
    });
    const body = (await res.json()) as { jobId?: string; error?: string };
    return { status: res.status, body, videoId, server: i % 2 };
  }

  it("holds the per-user cap across both servers and serves users in turn across both workers", {
    timeout: 120_000,
  }, async () => {
    const started = Date.now();
    const db = (database as DatabaseHandle).db;
    const [a, b, c] = await Promise.all(["ann@procs.test", "ben@procs.test", "cy@procs.test"].map(signUp));
    if (!a || !b || !c) throw new Error("sign-up failed");
    const owner = new Map([
      [a.userId, "A"],
      [b.userId, "B"],
      [c.userId, "C"],
    ]);

    // Burst 1: ann asks for 16 different songs at once, alternately on each server.
    const burst1 = await Promise.all(
      Array.from({ length: 16 }, (_, i) => analyze(i, a.cookie, videoOf("A", i))),
    );
    expect(burst1.filter((r) => r.status === 202)).toHaveLength(MAX_ACTIVE_JOBS_PER_USER);
    const refused1 = burst1.filter((r) => r.status === 429);
    expect(refused1).toHaveLength(16 - MAX_ACTIVE_JOBS_PER_USER);
    for (const r of refused1) expect(r.body.error).toBe(CAP_MESSAGE);
    // each server answered half of them and refused at least 5 of its 8
    for (const server of [0, 1])
      expect(refused1.filter((r) => r.server === server).length).toBeGreaterThanOrEqual(
        8 - MAX_ACTIVE_JOBS_PER_USER,
      );

    // Burst 2: ben's 8 and 4 more of ann's, all at once on both servers; then cy's one.
    const burst2 = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => analyze(i, b.cookie, videoOf("B", i))),
      ...Array.from({ length: 4 }, (_, i) => analyze(i, a.cookie, videoOf("A", 20 + i))),
    ]);
    const ben = burst2.slice(0, 8);
    expect(ben.filter((r) => r.status === 202)).toHaveLength(MAX_ACTIVE_JOBS_PER_USER);
    expect(ben.filter((r) => r.status === 429)).toHaveLength(8 - MAX_ACTIVE_JOBS_PER_USER);
    expect(burst2.slice(8).map((r) => r.status)).toEqual([429, 429, 429, 429]);
    const cy = await analyze(1, c.cookie, videoOf("C", 0));
    expect(cy.status).toBe(202);

    // What the database holds: exactly the admitted jobs, and each user's daily count is what was
    // admitted (every refused request that had taken a count gave it back).
    const jobs = await db
      .selectFrom("song_jobs")
      .select(["id", "video_id", "state", "requesters", "created_at"])
      .orderBy("created_at")
      .execute();
    expect(jobs).toHaveLength(2 * MAX_ACTIVE_JOBS_PER_USER + 1);
    expect(jobs.every((j) => j.state === "queued")).toBe(true);
    const label = new Map<string, string>();
    const perUser = new Map<string, number>();
    for (const j of jobs) {
      const who = owner.get(j.requesters[0] as string) as string;
      perUser.set(who, (perUser.get(who) ?? 0) + 1);
      label.set(j.id, `${who.toLowerCase()}${perUser.get(who)}`);
    }
    expect(Object.fromEntries(perUser)).toEqual({ A: 3, B: 3, C: 1 });
    const usage = async () =>
      Object.fromEntries(
        (await db.selectFrom("song_analysis_usage").select(["user_id", "count"]).execute()).map((r) => [
          owner.get(r.user_id),
          Number(r.count),
        ]),
      );
    expect(await usage()).toEqual({ A: 3, B: 3, C: 1 });

    // The workers may claim now: both wake at the same instant on the full queue. Their yt-dlp then
    // waits at the gate until the test opens it for that video.
    await claimLock?.query("select pg_advisory_unlock(hashtext($1))", [CLAIM_LOCK]);
    const claimOrder: string[] = [];
    let maxRunning = 0;
    const snapshot = async () => {
      const rows = await db.selectFrom("song_jobs").select(["id", "video_id", "state", "worker"]).execute();
      const running = rows.filter((r) => r.state === "downloading" || r.state === "analysing");
      maxRunning = Math.max(maxRunning, running.length);
      return rows;
    };
    /** Waits until `n` jobs have left the queue, noting each newly claimed one. */
    const claimsReach = (n: number) =>
      waitFor(`${n} claims`, async () => {
        const rows = await snapshot();
        const claimed = rows.filter((r) => r.state !== "queued").map((r) => label.get(r.id) as string);
        if (claimed.length > n) throw new Error(`more than ${n} claims: ${claimed}`);
        if (claimed.length < n) return undefined;
        return claimed.filter((l) => !claimOrder.includes(l));
      });
    const videoOfLabel = (l: string) => jobs.find((j) => label.get(j.id) === l)?.video_id as string;
    const release = async (l: string) => {
      writeFileSync(path.join(gate, videoOfLabel(l)), "");
      await waitFor(`${l} ends`, async () => {
        const rows = await snapshot();
        const row = rows.find((r) => label.get(r.id) === l);
        return row && (row.state === "done" || row.state === "failed") ? true : undefined;
      });
    };

    // Both workers claim at once: the oldest job, then the oldest of a user with nothing running.
    const firstPair = await claimsReach(2);
    expect(firstPair.sort()).toEqual(["a1", "b1"]);
    claimOrder.push(...firstPair.sort());
    // ann has one running and two queued: still at the cap, on either server
    const more = await Promise.all(
      Array.from({ length: 4 }, (_, i) => analyze(i, a.cookie, videoOf("A", 30 + i))),
    );
    expect(more.map((r) => r.status)).toEqual([429, 429, 429, 429]);

    // Then one job at a time: let the oldest running job finish, see which job the freed worker claims.
    const releaseOrder = ["a1", "b1", "c1", "a2", "b2"];
    for (const [step, l] of releaseOrder.entries()) {
      await release(l);
      const next = await claimsReach(3 + step);
      expect(next, `claim after ${l} ended`).toHaveLength(1);
      claimOrder.push(...next);
    }
    // Served in turn — not first in, first out (a1 a2 a3 b1 b2 b3 c1): a user with nothing running
    // goes before one with a job running, then whoever was served least recently.
    expect(claimOrder).toEqual(["a1", "b1", "c1", "a2", "b2", "a3", "b3"]);
    await Promise.all([release("a3"), release("b3")]);

    const end = await db
      .selectFrom("song_jobs")
      .select(["id", "state", "error", "worker", "attempts"])
      .execute();
    expect(Object.fromEntries(end.map((j) => [label.get(j.id), j.state]))).toEqual({
      a1: "done",
      a2: "done",
      a3: "done",
      b1: "failed",
      b2: "failed",
      b3: "failed",
      c1: "failed",
    });
    for (const l of ["b1", "b2", "b3"])
      expect(end.find((j) => label.get(j.id) === l)?.error).toBe(
        "Failed to analyze audio: this video is unavailable (it may have been deleted).",
      );
    expect(end.find((j) => label.get(j.id) === "c1")?.error).toBe(
      "Failed to analyze audio: this video is private.",
    );
    expect(end.every((j) => j.attempts === 1)).toBe(true);
    // both workers worked, never more than one job each at a time (ANALYSIS_CONCURRENCY=1)
    const workerPids = new Set(end.map((j) => Number(j.worker?.split(":").pop())));
    expect(workerPids).toEqual(new Set(workers.map((w) => w.child.pid)));
    expect(maxRunning).toBeLessThanOrEqual(2);
    const songs = await db.selectFrom("songs").select("video_id").where("video_id", "like", "pp%").execute();
    expect(songs.map((r) => r.video_id).sort()).toEqual(["a1", "a2", "a3"].map(videoOfLabel).sort());
    // the failed jobs gave ben's and cy's counts back
    expect(await usage()).toEqual({ A: 3, B: 0, C: 0 });
    // the queue is empty as both servers see it
    for (const s of servers) {
      const health = (await fetch(`${s.base}/api/health`).then((r) => r.json())) as { queue?: unknown };
      expect(health.queue).toEqual({ queued: 0, running: 0 });
    }

    // Stopping every process (SIGTERM, as an operator does) leaves no tool process and no scratch folder.
    stopping = true;
    for (const p of procs) p.child.kill("SIGTERM");
    await Promise.all(procs.map((p) => p.exited));
    expect(procs.map((p) => p.child.exitCode)).toEqual([0, 0, 0, 0]);
    // the tools did run (7 yt-dlp, 3 ffmpeg), and none is left
    expect(readdirSync(pids).length).toBe(10);
    expect(toolProcesses(root)).toEqual([]);
    expect(existsSync(jobTmp) ? readdirSync(jobTmp).filter((f) => f.startsWith(JOB_DIR_PREFIX)) : []).toEqual(
      [],
    );
    console.info(
      `two servers + two workers: started in ${startupSeconds.toFixed(1)} s, test ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
