import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devToolsPath, TEST_DEV_TOOLS_TOKEN } from "../../test/accounts.js";
import { ensurePackagesBuilt, type ServerProcess, startServer } from "../../test/server-process.js";
import { openDatabase } from "../db/index.js";

/**
 * Crash test (issue 15): the real server as a child process on a temp data folder, killed with
 * SIGKILL during writes and during a link-analysis job, restarted on the same folder. Nothing
 * acknowledged may be lost, the interrupted job fails with its FREE count refunded, and its scratch
 * folder (downloaded audio) is removed. Loopback only; yt-dlp is a stand-in that starts a download
 * and then hangs, so the kill always lands mid-job.
 */
const root = mkdtempSync(path.join(tmpdir(), "tonic-crash-"));
const dataDir = path.join(root, "data");
const jobTmp = path.join(root, "tmp");
const fakeYtDlp = path.join(root, "yt-dlp");

const env = () => ({
  DATA_DIR: dataDir,
  TMPDIR: jobTmp,
  NODE_ENV: "test",
  LOG_LEVEL: "warn",
  CONTACT_RATE_LIMIT_MAX: "1000000",
  YT_DLP_PATH: fakeYtDlp,
  FFMPEG_PATH: fakeYtDlp,
  YOUTUBE_API_KEYS: "",
  ANALYSIS_TIMEOUT_SECONDS: "3600",
  DEV_TOOLS: "1",
  DEV_TOOLS_TOKEN: TEST_DEV_TOOLS_TOKEN,
});

let server: ServerProcess | null = null;
const acked: string[] = [];

beforeAll(() => {
  ensurePackagesBuilt();
  for (const d of [dataDir, jobTmp]) mkdirSync(d, { recursive: true });
  writeFileSync(
    fakeYtDlp,
    `#!/bin/sh
case "$1" in --version|-version) echo 2026.11.01; exit 0;; esac
out=""; prev=""
for a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done
dir=$(dirname "$out")
head -c 65536 /dev/zero > "$dir/audio.m4a.part"
echo "[download]  10.0% of 1.00MiB"
exec sleep 600
`,
  );
  chmodSync(fakeYtDlp, 0o755);
});

afterAll(async () => {
  await server?.kill9();
  rmSync(root, { recursive: true, force: true });
});

/** Sends contact messages from `workers` concurrent writers until `stop()`; records each acknowledged one. */
function writeLoad(base: string, tag: string, workers = 4) {
  let running = true;
  let n = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const name = `${tag}-${n++}`;
      try {
        const res = await fetch(`${base}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name, email: "crash@example.com", subject: "s", message: "m" }),
        });
        if (res.status === 201) acked.push(name);
      } catch {
        // the server died mid-request: not acknowledged
        return;
      }
    }
  });
  return {
    async untilAcked(count: number) {
      const start = acked.length;
      while (acked.length - start < count) await new Promise((r) => setTimeout(r, 20));
    },
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function json(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

describe("crash test: kill -9 during writes and during a job", () => {
  it("loses nothing acknowledged, refunds the FREE count and removes the job's folder", {
    timeout: 300_000,
  }, async () => {
    // 1. first run: a FREE user, then kill -9 in the middle of a stream of writes
    server = await startServer(env());
    const base = server.base;
    const origin = { origin: base, "content-type": "application/json" };
    const email = "crash-user@example.com";
    const up = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: origin,
      body: JSON.stringify({ email, password: "secret123", name: "crash" }),
    });
    expect(up.status).toBe(200);
    const mails = await json(
      await fetch(`${base}${devToolsPath(`/outbox.json?to=${encodeURIComponent(email)}`)}`),
    );
    const link = (mails.mails as { link: string }[])[0]?.link ?? "";
    const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token") ?? "";
    expect(
      (await fetch(`${base}/api/auth/verify-email?token=${token}`, { redirect: "manual" })).status,
    ).toBeLessThan(400);

    const load1 = writeLoad(base, "run1");
    await load1.untilAcked(40);
    await server.kill9();
    await load1.stop();

    // 2. second run: sign in, start a link analysis, kill -9 while it downloads (and while writes flow)
    server = await startServer(env());
    const base2 = server.base;
    const signIn = await fetch(`${base2}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { ...origin, origin: base2 },
      body: JSON.stringify({ email, password: "secret123" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const job = await fetch(`${base2}/api/analyze-audio`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: base2 },
      body: JSON.stringify({ youtubeUrl: "https://youtu.be/crashVid001" }),
    });
    expect(job.status).toBe(202);
    const { jobId } = (await job.json()) as { jobId: string };
    const usage = async (b: string) =>
      (await json(await fetch(`${b}/api/usage`, { headers: { cookie } }))).count;
    expect(await usage(base2)).toBe(1);
    // wait until the job has its scratch folder with part of the download in it
    const jobDirs = () => readdirSync(jobTmp).filter((d) => d.startsWith("tonic-job-"));
    while (!jobDirs().some((d) => existsSync(path.join(jobTmp, d, "audio.m4a.part"))))
      await new Promise((r) => setTimeout(r, 20));
    const load2 = writeLoad(base2, "run2");
    await load2.untilAcked(40);
    await server.kill9();
    await load2.stop();
    expect(jobDirs().length).toBeGreaterThan(0);

    // 3. third run on the same data folder
    server = await startServer(env());
    const base3 = server.base;
    expect(jobDirs()).toEqual([]);
    const status = (await json(await fetch(`${base3}/api/analysis-jobs/${jobId}`))).job as Record<
      string,
      unknown
    >;
    expect(status.state).toBe("failed");
    expect(String(status.error)).toMatch(/^Failed to analyze audio: the server restarted/);
    expect(await usage(base3)).toBe(0);
    await server.stop();
    server = null;

    // every acknowledged write is in the database
    const db = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    const rows = await db.db.selectFrom("contact_messages").select("name").execute();
    await db.close();
    const stored = new Set(rows.map((r) => r.name));
    const lost = acked.filter((n) => !stored.has(n));
    expect(acked.length).toBeGreaterThanOrEqual(80);
    expect(lost).toEqual([]);
  });
});
