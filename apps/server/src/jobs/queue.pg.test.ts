import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { encodeWav, renderProgression } from "@tonic/analysis/testing";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeYouTube, startFakeYouTube } from "../../test/fake-youtube.js";
import { buildApp } from "../app.js";
import { type DatabaseHandle, openDatabase } from "../db/index.js";
import type { SongsAccess } from "../songs/routes.js";

/**
 * The CI queue test (issue 6): the API and two `worker.ts` processes share one pg-boss queue on the real
 * PostgreSQL; songs are served by a local HTTP server that yt-dlp's generic downloader reads. Every
 * video must be analysed exactly once. Runs only when DATABASE_URL is set.
 */
const url = process.env.DATABASE_URL;
const serverDir = fileURLToPath(new URL("../..", import.meta.url));
const RATE = 22_050;
const SONGS: { id: string; chords: string[]; key: string }[] = [
  { id: "queueSongC1", chords: ["C", "G", "Am", "F"], key: "C Major" },
  { id: "queueSongG2", chords: ["G", "D", "Em", "C"], key: "G Major" },
  { id: "queueSongD3", chords: ["D", "A", "Bm", "G"], key: "D Major" },
  { id: "queueSongE4", chords: ["E", "B", "C#m", "A"], key: "E Major" },
];

describe.runIf(url)("pg-boss queue with two worker processes on PostgreSQL", () => {
  const dbName = `tonic_queue_${Date.now().toString(36)}_${process.pid}`;
  let dbUrl = "";
  let media: Server;
  let fake: FakeYouTube;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const workers: ChildProcess[] = [];
  const workerLogs: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(url as string);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();

    const files = new Map(
      SONGS.map((s) => [
        s.id,
        Buffer.from(
          encodeWav(renderProgression({ chords: s.chords, bpm: 110, repeats: 3, sampleRate: RATE }), RATE),
        ),
      ]),
    );
    media = createServer((req, res) => {
      const bytes = files.get(/^\/media\/(\w+)\.wav$/.exec(req.url ?? "")?.[1] ?? "");
      if (!bytes) res.writeHead(404).end();
      else res.writeHead(200, { "Content-Type": "audio/wav", "Content-Length": bytes.length }).end(bytes);
    });
    await new Promise<void>((r) => media.listen(0, "127.0.0.1", r));
    const mediaBase = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
    fake = await startFakeYouTube({
      videos: SONGS.map((s) => ({ id: s.id, title: `Song ${s.id}`, duration: "PT0M27S" })),
    });

    const env = {
      ...process.env,
      DATABASE_URL: dbUrl,
      YOUTUBE_API_KEYS: "k1",
      YOUTUBE_API_BASE_URL: fake.baseUrl,
      YOUTUBE_WATCH_URL_TEMPLATE: `${mediaBase}/media/{id}.wav`,
      ANALYSIS_CONCURRENCY: "1",
      LOG_LEVEL: "info",
    };
    database = await openDatabase({ kind: "postgres", url: dbUrl });
    const access: SongsAccess = {
      userId: async () => "u1",
      consume: async () => ({ allowed: true, expired: false, remaining: null }),
      refund: async () => {},
    };
    app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      songs: {
        access,
        settings: {
          queueDatabaseUrl: dbUrl,
          workInServer: false,
          // one test user asks for every song at once: this test is about sharing, not the per-user cap
          maxActiveJobsPerUser: 100,
          youtubeKeys: ["k1"],
          youtubeBaseUrl: fake.baseUrl,
          watchUrlTemplate: `${mediaBase}/media/{id}.wav`,
        },
      },
    });
    for (let i = 0; i < 2; i++) {
      const child = spawn(process.execPath, ["--import", "tsx", "src/worker.ts"], { cwd: serverDir, env });
      child.stdout?.on("data", (b: Buffer) => workerLogs.push(b.toString()));
      child.stderr?.on("data", (b: Buffer) => workerLogs.push(b.toString()));
      workers.push(child);
    }
    // wait until both workers report ready
    const deadline = Date.now() + 60_000;
    while (workerLogs.join("").split("analysis worker ready").length - 1 < 2) {
      if (Date.now() > deadline) throw new Error(`workers did not start:\n${workerLogs.join("")}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 120_000);

  afterAll(async () => {
    for (const w of workers) w.kill("SIGTERM");
    await Promise.all(
      workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once("exit", r)))),
    );
    await app?.close();
    await database?.close();
    media?.closeAllConnections();
    await new Promise((r) => media?.close(r));
    await fake?.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  it("analyses each song exactly once, shared between both workers", async () => {
    const started = Date.now();
    // every song requested three times at once: one job per video
    const responses = await Promise.all(
      SONGS.flatMap((s) =>
        [0, 1, 2].map(() =>
          app.inject({
            method: "POST",
            url: "/api/analyze-audio",
            payload: { youtubeUrl: `https://youtu.be/${s.id}` },
          }),
        ),
      ),
    );
    const jobIds = new Set(responses.map((r) => r.json().jobId as string));
    expect(responses.every((r) => r.statusCode === 202)).toBe(true);
    expect(jobIds.size).toBe(SONGS.length);

    const deadline = Date.now() + 240_000;
    for (;;) {
      const rows = await database.db.selectFrom("song_jobs").select(["state"]).execute();
      if (rows.every((r) => r.state === "done" || r.state === "failed")) break;
      if (Date.now() > deadline) throw new Error(`jobs did not finish:\n${workerLogs.join("")}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const elapsed = (Date.now() - started) / 1000;
    const jobs = await database.db.selectFrom("song_jobs").selectAll().execute();
    expect(jobs.map((j) => [j.state, j.attempts, j.error])).toEqual(SONGS.map(() => ["done", 1, null]));
    const workerNames = new Set(jobs.map((j) => j.worker));
    expect([...workerNames].every((w) => workers.some((c) => w?.endsWith(`:${c.pid}`)))).toBe(true);
    const songs = await database.db
      .selectFrom("songs")
      .select(["video_id", "key"])
      .where("video_id", "not like", "demo-%")
      .execute();
    expect(songs.map((s) => s.video_id).sort()).toEqual(SONGS.map((s) => s.id).sort());
    for (const s of SONGS) expect(songs.find((x) => x.video_id === s.id)?.key).toBe(s.key);
    const analyzedLines = workerLogs
      .join("")
      .split("\n")
      .filter((l) => l.includes('"song analysed"'));
    expect(analyzedLines).toHaveLength(SONGS.length);
    console.info(
      `queue: ${SONGS.length} songs of 26 s analysed by ${workerNames.size} worker(s) in ${elapsed.toFixed(1)} s`,
    );
  }, 300_000);
});
