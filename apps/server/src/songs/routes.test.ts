import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodeWav, renderProgression } from "@tonic/analysis/testing";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDatabases } from "../../test/databases.js";
import { type FakeYouTube, startFakeYouTube } from "../../test/fake-youtube.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { FairInProcessQueue } from "../jobs/fairness.js";
import { analyzeDemoSong, DEMO_SONGS } from "../seed/demo-songs.js";
import type { GateDecision } from "../tiers/gate.js";
import type { SongsAccess } from "./routes.js";
import type { SongsSettings } from "./settings.js";

const RATE = 22_050;
/** WAV files by video id, served to yt-dlp's generic downloader. */
const media = new Map<string, Uint8Array>();
let mediaServer: Server;
let mediaBase = "";
let fake: FakeYouTube;
let demoDir = "";

beforeAll(async () => {
  const song = renderProgression({
    chords: ["G", "D", "Em", "C"],
    bpm: 120,
    beatsPerChord: 4,
    repeats: 2,
    sampleRate: RATE,
  });
  media.set("songGmajor1", encodeWav(song, RATE));
  media.set("songGmajor2", encodeWav(song, RATE));
  media.set("silentVideo", encodeWav(new Float32Array(RATE * 5), RATE));
  media.set("tooLongVid1", encodeWav(song, RATE));
  mediaServer = createServer((req, res) => {
    const id = /^\/media\/([\w-]+)\.wav$/.exec(req.url ?? "")?.[1];
    const bytes = id ? media.get(id) : undefined;
    if (!bytes) {
      res.writeHead(404).end("not found");
      return;
    }
    res
      .writeHead(200, { "Content-Type": "audio/wav", "Content-Length": bytes.length })
      .end(Buffer.from(bytes));
  });
  await new Promise<void>((r) => mediaServer.listen(0, "127.0.0.1", r));
  mediaBase = `http://127.0.0.1:${(mediaServer.address() as AddressInfo).port}`;
  fake = await startFakeYouTube({
    videos: [
      { id: "songGmajor1", title: "Folk tune in G", duration: "PT3M17S", language: "te" },
      { id: "songGmajor2", title: "Folk tune again", duration: "PT3M17S" },
      { id: "silentVideo", title: "A podcast", duration: "PT0M5S" },
      { id: "tooLongVid1", title: "Long concert", duration: "PT12M" },
      { id: "privateVid1", title: "Private one", duration: "PT3M" },
    ],
  });
  demoDir = await mkdtemp(path.join(tmpdir(), "tonic-demo-audio-"));
  // The seed analyses each demo song once per process: do it here, outside the per-test hooks.
  for (const s of DEMO_SONGS) await analyzeDemoSong(s);
}, 300_000);
afterAll(async () => {
  mediaServer.closeAllConnections();
  await new Promise((r) => mediaServer.close(r));
  await fake.close();
  await rm(demoDir, { recursive: true, force: true });
});

/** A fake gate: "limited" is at the daily limit, others are allowed; records consume/refund calls. */
function fakeAccess() {
  const calls: string[] = [];
  const access: SongsAccess = {
    userId: async (req) =>
      typeof req.headers["x-test-user"] === "string" ? req.headers["x-test-user"] : null,
    consume: async (userId, videoId): Promise<GateDecision> => {
      calls.push(`consume ${userId} ${videoId}`);
      if (!userId) return { allowed: false, reason: "login", expired: false };
      if (userId === "limited") return { allowed: false, reason: "limit", expired: false };
      return { allowed: true, expired: false, remaining: 3 };
    },
    refund: async (userId, videoId) => {
      calls.push(`refund ${userId} ${videoId}`);
    },
  };
  return { access, calls };
}

describe.each(testDatabases())("songs API on $name", (tdb) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let queue: FairInProcessQueue;
  let gate: ReturnType<typeof fakeAccess>;

  beforeEach(async () => {
    database = await tdb.open();
    gate = fakeAccess();
    const settings: Partial<SongsSettings> = {
      youtubeKeys: ["key1"],
      youtubeBaseUrl: fake.baseUrl,
      watchUrlTemplate: `${mediaBase}/media/{id}.wav`,
      demoAudioDir: demoDir,
    };
    // The queue's handler is wired by the plugin; build it lazily through a holder.
    let handler: (id: string) => Promise<unknown> = async () => {};
    queue = new FairInProcessQueue((id) => handler(id), 2);
    app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      songs: { settings, access: gate.access, queue, seed: true },
    });
    const { processJob } = await import("../jobs/processor.js");
    const { jobDeps } = await import("../jobs/setup.js");
    const { songsSettingsFromEnv } = await import("./settings.js");
    const deps = jobDeps(database.db, { ...songsSettingsFromEnv({}), ...settings }, gate.access.refund);
    handler = (id) => processJob(deps, id);
  });
  afterEach(async () => {
    await queue.idle();
    await app.close();
    await database.close();
  });

  const analyze = (youtubeUrl: string, user?: string) =>
    app.inject({
      method: "POST",
      url: "/api/analyze-audio",
      payload: { youtubeUrl },
      headers: user ? { "x-test-user": user } : {},
    });
  const job = async (id: string) => (await app.inject(`/api/analysis-jobs/${id}`)).json();

  it("tells users only what is available; the operator's detail is at /api/health/songs", async () => {
    const caps = (await app.inject("/api/songs/capabilities")).json() as Record<string, unknown>;
    expect(Object.keys(caps).sort()).toEqual(["linkAnalysis", "search"]);
    expect(caps.search).toBe(true);
    const health = (await app.inject("/api/health/songs")).json() as {
      search: { ok: boolean; detail: string | null };
      linkAnalysis: { ok: boolean; detail: string | null };
    };
    expect(health.search).toEqual({ ok: true, detail: null });
    expect(health.linkAnalysis.ok).toBe(caps.linkAnalysis);
    expect(health.linkAnalysis.detail === null).toBe(caps.linkAnalysis === true);
  });

  it("seeds the demo songs once and filters them as PRODUCT §5 says", async () => {
    const all = (await app.inject("/api/songs")).json().songs as {
      videoId: string;
      key: string;
      language: string;
    }[];
    expect(all.map((s) => s.videoId).sort()).toEqual(DEMO_SONGS.map((s) => s.videoId).sort());
    const keyOf = async (qs: string) =>
      (await app.inject(`/api/songs?${qs}`)).json().songs as { key: string; language: string }[];
    // PRODUCT §5: key is a prefix match on "{note} ", type a contains match, both together "{note} {type}".
    const keys = (pred: (k: string) => boolean) =>
      all
        .map((s) => s.key)
        .filter(pred)
        .sort();
    expect((await keyOf("key=C")).map((s) => s.key).sort()).toEqual(keys((k) => k.startsWith("C ")));
    expect((await keyOf("type=minor")).map((s) => s.key).sort()).toEqual(keys((k) => k.endsWith("Minor")));
    expect((await keyOf("key=A&type=minor")).map((s) => s.key).sort()).toEqual(keys((k) => k === "A Minor"));
    expect((await keyOf("key=G")).map((s) => s.key).sort()).toEqual(keys((k) => k.startsWith("G ")));
    expect(new Set(all.map((s) => s.key)).size).toBeGreaterThan(2);
    expect((await keyOf("language=ko")).map((s) => s.language)).toEqual(["ko"]);
    expect((await app.inject("/api/songs?key=H")).statusCode).toBe(400);
    expect((await app.inject("/api/songs?language=xx")).statusCode).toBe(400);
  });

  it("answers a cached song at once, updates last_accessed and never gates it", async () => {
    const longAgo = new Date("2020-01-01T00:00:00Z");
    await database.db
      .updateTable("songs")
      .set({ last_accessed: longAgo })
      .where("video_id", "=", "demo-c-major-pop")
      .execute();
    const res = await analyze("demo-c-major-pop");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const stored = await analyzeDemoSong(DEMO_SONGS[0] as (typeof DEMO_SONGS)[number]);
    expect(body).toMatchObject({ status: "done", cached: true, key: stored.key, bpm: stored.bpm });
    expect(body.chords).toEqual(stored.chords);
    expect(body.song.audioUrl).toBe("/api/demo-audio/demo-c-major-pop");
    expect(gate.calls).toEqual([]);
    const after = await database.db
      .selectFrom("songs")
      .select("last_accessed")
      .where("video_id", "=", "demo-c-major-pop")
      .executeTakeFirstOrThrow();
    expect(new Date(after.last_accessed).getTime()).toBeGreaterThan(longAgo.getTime());
  });

  it("refuses bad links and visitors/limited users before queueing anything", async () => {
    expect((await analyze("https://vimeo.com/1")).json()).toEqual({ error: "Invalid YouTube URL" });
    const visitor = await analyze("https://youtu.be/songGmajor1");
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ reason: "login" });
    const limited = await analyze("https://youtu.be/songGmajor1", "limited");
    expect(limited.statusCode).toBe(403);
    expect(limited.json()).toMatchObject({
      reason: "limit",
      error: expect.stringContaining("Daily Limit Reached"),
    });
    expect(await database.db.selectFrom("song_jobs").selectAll().execute()).toEqual([]);
  });

  it("analyses a link through the queue: one shared job, real progress, the song stored", async () => {
    const [a, b] = await Promise.all([
      analyze("https://www.youtube.com/watch?v=songGmajor1", "u1"),
      analyze("https://youtu.be/songGmajor1", "u2"),
    ]);
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.json().jobId).toBe(b.json().jobId);
    let status: {
      job: { state: string; progress: number; error: string | null };
      song?: { key: string; language: string; title: string };
    };
    for (;;) {
      status = await job(a.json().jobId);
      if (status.job.state === "done" || status.job.state === "failed") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status.job).toMatchObject({ state: "done", progress: 1, error: null });
    expect(status.song).toMatchObject({ key: "G Major", title: "Folk tune in G", language: "te" });
    const rows = await database.db
      .selectFrom("songs")
      .selectAll()
      .where("video_id", "=", "songGmajor1")
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.chords.map((c) => c.chord)).toEqual(expect.arrayContaining(["G", "D", "Em", "C"]));
    expect(gate.calls.filter((c) => c.startsWith("refund"))).toEqual([]);
    // now a cache hit
    expect((await analyze("https://youtu.be/songGmajor1", "u3")).json()).toMatchObject({
      cached: true,
      key: "G Major",
    });
  });

  it("fails too long, private and non-music videos with a clear message, no song and a refund", async () => {
    const cases: [string, RegExp][] = [
      ["tooLongVid1", /longer than 10 minutes/],
      ["privateVid1", /could not be (found|downloaded)/],
      ["silentVideo", /does not seem to contain music/],
      ["notInApi001", /no video found/],
    ];
    for (const [id, message] of cases) {
      const res = await analyze(`https://youtu.be/${id}`, "u1");
      expect(res.statusCode).toBe(202);
      await queue.idle();
      const status = await job(res.json().jobId);
      expect(status.job.state).toBe("failed");
      expect(status.job.progress).toBe(1);
      expect(status.job.error).toMatch(/^Failed to analyze audio: /);
      expect(status.job.error).toMatch(message);
      expect(gate.calls).toContain(`refund u1 ${id}`);
      expect(await database.db.selectFrom("songs").selectAll().where("video_id", "=", id).execute()).toEqual(
        [],
      );
    }
  });

  it("reports songs, jobs and videos that do not exist", async () => {
    expect((await app.inject("/api/songs/zzzzzzzzzzz")).statusCode).toBe(404);
    expect((await app.inject("/api/analysis-jobs/00000000-0000-0000-0000-000000000000")).statusCode).toBe(
      404,
    );
    expect((await app.inject("/api/youtube/video/zzzzzzzzzzz")).json()).toEqual({
      error: "No video found for this URL",
    });
    const song = (await app.inject("/api/songs/demo-a-minor-ballad")).json().song;
    const ballad = DEMO_SONGS.find((s) => s.videoId === "demo-a-minor-ballad");
    if (!ballad) throw new Error("no ballad");
    expect(song).toMatchObject({
      key: (await analyzeDemoSong(ballad)).key,
      language: "hi",
      audioUrl: "/api/demo-audio/demo-a-minor-ballad",
    });
  });

  it("serves the demo audio with byte ranges", async () => {
    const full = await app.inject("/api/demo-audio/demo-c-major-pop");
    expect(full.statusCode).toBe(200);
    expect(full.headers["content-type"]).toBe("audio/wav");
    expect(full.rawPayload.subarray(0, 4).toString()).toBe("RIFF");
    const part = await app.inject({
      url: "/api/demo-audio/demo-c-major-pop",
      headers: { range: "bytes=100-199" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.rawPayload.equals(full.rawPayload.subarray(100, 200))).toBe(true);
    expect((await app.inject("/api/demo-audio/demo-nope")).statusCode).toBe(404);
  });

  it("searches through the fake API", async () => {
    const res = await app.inject("/api/youtube/search?q=folk");
    expect(res.json().results.map((r: { id: string }) => r.id)).toEqual(["songGmajor1", "songGmajor2"]);
    expect((await app.inject("/api/youtube/search?q=")).statusCode).toBe(400);
  });
});
