import { hostname } from "node:os";
import { parseYouTubeUrl, VIDEO_ID_PATTERN } from "@tonic/youtube";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { getSessionUser } from "../auth/session.js";
import { loadConfig } from "../config.js";
import type { DatabaseHandle } from "../db/index.js";
import { type JobDeps, processJob } from "../jobs/processor.js";
import { InProcessQueue, type JobQueue, PgBossQueue } from "../jobs/queue.js";
import { createOrJoinJob, getJob } from "../jobs/store.js";
import { checkTools, missingToolsMessage, type ToolPaths, type ToolStatus } from "../jobs/tools.js";
import { HttpError } from "../lib/errors.js";
import { seedDemoSongs } from "../seed/demo-songs.js";
import { consumeAnalysis, type GateDecision, refundAnalysis } from "../tiers/gate.js";
import { YouTubeClient } from "../youtube/client.js";
import { demoAudioRoutes } from "./demo-audio.js";
import { DEMO_PREFIX, listSongs, NOTE_NAMES, readSong, SONG_LANGUAGES, toSongDto } from "./store.js";

/** Settings of the songs area (defaults come from the environment, see `.env.example`). */
export interface SongsSettings {
  youtubeKeys: string[];
  youtubeBaseUrl: string;
  /** `{id}` is replaced by the video id. */
  watchUrlTemplate: string;
  tools: ToolPaths;
  /** Work jobs in this process (in-process queue, or a pg-boss worker with PostgreSQL). */
  workInServer: boolean;
  concurrency: number;
  timeoutSeconds: number;
  /** PostgreSQL URL for pg-boss (main.ts passes DATABASE_URL); absent = in-process queue. */
  queueDatabaseUrl?: string;
  /** Folder for rendered demo audio (default DATA_DIR/demo-audio). */
  demoAudioDir: string;
}

/** Who asks, and the tier gate (SPEC §4 "Song analysis gating"); tests may replace both. */
export interface SongsAccess {
  userId(request: FastifyRequest): Promise<string | null>;
  consume(userId: string | null, videoId: string): Promise<GateDecision>;
  refund(userId: string, videoId: string): Promise<void>;
}

export interface SongsPluginOptions {
  database: DatabaseHandle;
  settings?: Partial<SongsSettings>;
  access?: SongsAccess;
  /** Use this queue instead of building one (tests). */
  queue?: JobQueue;
  /** Skip the demo-song seed (tests that need an empty store). */
  seed?: boolean;
}

/** Reads the songs settings from the environment (validated by `loadConfig`). */
export function songsSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): SongsSettings {
  const c = loadConfig(env);
  return {
    youtubeKeys: c.YOUTUBE_API_KEYS,
    youtubeBaseUrl: c.YOUTUBE_API_BASE_URL,
    watchUrlTemplate: c.YOUTUBE_WATCH_URL_TEMPLATE,
    tools: { ytDlp: c.YT_DLP_PATH, ffmpeg: c.FFMPEG_PATH },
    workInServer: c.ANALYSIS_IN_SERVER,
    concurrency: c.ANALYSIS_CONCURRENCY,
    timeoutSeconds: c.ANALYSIS_TIMEOUT_SECONDS,
    // pg-boss only when the caller says so (main.ts passes DATABASE_URL): test apps on throw-away
    // schemas keep the in-process queue.
    queueDatabaseUrl: undefined,
    demoAudioDir: `${c.DATA_DIR}/demo-audio`,
  };
}

/** The job deps of a worker from the settings (also used by `worker.ts`). */
export function jobDeps(
  db: DatabaseHandle["db"],
  s: SongsSettings,
  refund: JobDeps["refund"],
  log?: JobDeps["log"],
): JobDeps {
  return {
    db,
    tools: s.tools,
    youtube: new YouTubeClient({ keys: s.youtubeKeys, baseUrl: s.youtubeBaseUrl }),
    watchUrl: (id) => s.watchUrlTemplate.replaceAll("{id}", encodeURIComponent(id)),
    timeoutMs: s.timeoutSeconds * 1000,
    workerName: `${hostname()}:${process.pid}`,
    refund,
    log,
  };
}

/** Public job status (GET /api/analysis-jobs/:id). */
export interface JobStatusDto {
  id: string;
  videoId: string;
  state: "queued" | "downloading" | "analysing" | "done" | "failed";
  /** 0..1 */
  progress: number;
  error: string | null;
}

const analyzeBody = z.object({ youtubeUrl: z.string().trim().min(1).max(2000) });
const listQuery = z.object({
  key: z.enum(NOTE_NAMES).optional(),
  type: z.enum(["major", "minor"]).optional(),
  language: z.enum(SONG_LANGUAGES).optional(),
});
const searchQuery = z.object({ q: z.string().trim().min(1).max(200) });
/** A video id: YouTube's 11 characters, or a local demo id. */
const videoIdSchema = z
  .string()
  .refine((v) => VIDEO_ID_PATTERN.test(v) || /^demo-[a-z0-9-]{1,60}$/.test(v), "invalid video id");

const GATE_MESSAGES = {
  login: "Please log in to analyze new songs.",
  limit:
    "Daily Limit Reached: free accounts can analyze 5 new songs a day. Upgrade to Premium for unlimited analysis.",
} as const;

/**
 * Songs API (issue 6): the song store, link analysis through the job queue, YouTube search and video
 * details, and the demo songs' audio.
 */
export const songsRoutes: FastifyPluginAsync<SongsPluginOptions> = async (app, opts) => {
  const { db } = opts.database;
  const settings: SongsSettings = { ...songsSettingsFromEnv(), ...opts.settings };
  const access: SongsAccess = opts.access ?? {
    userId: async (req) => (await getSessionUser(req))?.id ?? null,
    consume: (userId, videoId) => consumeAnalysis(db, userId, videoId),
    refund: (userId, videoId) => refundAnalysis(db, userId, videoId),
  };
  const youtube = new YouTubeClient({ keys: settings.youtubeKeys, baseUrl: settings.youtubeBaseUrl });

  const tools: ToolStatus = await checkTools(settings.tools);
  const toolsMessage = missingToolsMessage(tools);
  if (toolsMessage) app.log.warn(toolsMessage);
  else app.log.info({ ytDlp: tools.ytDlp, ffmpeg: tools.ffmpeg }, "link analysis tools found");
  if (!youtube.configured) app.log.info("YOUTUBE_API_KEYS is empty: YouTube text search is off");

  const deps = jobDeps(db, settings, access.refund, app.log);
  let queue: JobQueue;
  if (opts.queue) queue = opts.queue;
  else if (settings.queueDatabaseUrl && opts.database.kind === "postgres") {
    queue = await PgBossQueue.start({
      connectionString: settings.queueDatabaseUrl,
      handler: settings.workInServer ? (id) => processJob(deps, id) : undefined,
      concurrency: settings.concurrency,
      expireInSeconds: settings.timeoutSeconds + 60,
      log: app.log,
    });
  } else {
    queue = new InProcessQueue((id) => processJob(deps, id), settings.concurrency);
    // jobs interrupted by a restart of this single process: fail the running ones, re-run the queued
    await db
      .updateTable("song_jobs")
      .set({
        state: "failed",
        progress: 1,
        error: "Failed to analyze audio: the server restarted. Please try again.",
      })
      .where("state", "in", ["downloading", "analysing"])
      .execute();
    const queued = await db
      .selectFrom("song_jobs")
      .select(["id", "video_id"])
      .where("state", "=", "queued")
      .execute();
    for (const j of queued) await queue.dispatch(j.id, j.video_id);
  }
  app.addHook("onClose", async () => {
    await queue.close();
  });
  if (opts.seed !== false) await seedDemoSongs(db);

  await app.register(demoAudioRoutes, { db, dir: settings.demoAudioDir });

  /** Whether text search and link analysis are available (the UI explains what is missing). */
  app.get("/api/songs/capabilities", async () => ({
    search: youtube.configured,
    linkAnalysis: toolsMessage === null,
    message: toolsMessage,
  }));

  app.get("/api/songs", async (request) => {
    const q = listQuery.parse(request.query);
    return { songs: await listSongs(db, q) };
  });

  app.get("/api/songs/:videoId", async (request) => {
    const { videoId } = z.object({ videoId: videoIdSchema }).parse(request.params);
    const row = await readSong(db, videoId);
    if (!row) throw new HttpError(404, "Song not found");
    return { song: toSongDto(row) };
  });

  app.post("/api/analyze-audio", async (request, reply) => {
    const { youtubeUrl } = analyzeBody.parse(request.body);
    const videoId = parseYouTubeUrl(youtubeUrl) ?? (/^demo-[a-z0-9-]+$/.test(youtubeUrl) ? youtubeUrl : null);
    if (!videoId) throw new HttpError(400, "Invalid YouTube URL");
    const cached = await readSong(db, videoId);
    if (cached) {
      const song = toSongDto(cached);
      return { status: "done", cached: true, key: song.key, bpm: song.bpm, chords: song.chords, song };
    }
    if (videoId.startsWith(DEMO_PREFIX)) throw new HttpError(404, "No video found for this URL");
    if (toolsMessage) throw new HttpError(503, toolsMessage);
    const userId = await access.userId(request);
    const decision = await access.consume(userId, videoId);
    if (!decision.allowed) {
      return reply.status(decision.reason === "login" ? 401 : 403).send({
        error: GATE_MESSAGES[decision.reason],
        reason: decision.reason,
        expired: decision.expired,
      });
    }
    let created: boolean;
    let jobId: string;
    try {
      const r = await createOrJoinJob(db, videoId, userId);
      created = r.created;
      jobId = r.job.id;
      if (created) await queue.dispatch(jobId, videoId);
    } catch (err) {
      if (userId) await access.refund(userId, videoId).catch(() => {});
      throw err;
    }
    return reply.status(202).send({
      status: "queued",
      cached: false,
      jobId,
      videoId,
      expired: decision.expired,
      remaining: decision.remaining,
    });
  });

  app.get("/api/analysis-jobs/:id", async (request) => {
    const { id } = z.object({ id: z.string().max(64) }).parse(request.params);
    const job = await getJob(db, id);
    if (!job) throw new HttpError(404, "Analysis job not found");
    const status: JobStatusDto = {
      id: job.id,
      videoId: job.video_id,
      state: job.state,
      progress: job.progress,
      error: job.error,
    };
    if (job.state !== "done") return { job: status };
    const row = await readSong(db, job.video_id);
    return { job: status, song: row ? toSongDto(row) : null };
  });

  app.get("/api/youtube/search", async (request) => {
    const { q } = searchQuery.parse(request.query);
    return { results: await youtube.search(q) };
  });

  app.get("/api/youtube/video/:id", async (request) => {
    const { id } = z.object({ id: videoIdSchema }).parse(request.params);
    if (id.startsWith(DEMO_PREFIX) || !youtube.configured) {
      const row = await db.selectFrom("songs").selectAll().where("video_id", "=", id).executeTakeFirst();
      if (row) return { video: { id, title: row.title, thumbnail: row.thumbnail, duration: row.duration } };
      if (id.startsWith(DEMO_PREFIX)) throw new HttpError(404, "No video found for this URL");
    }
    const v = await youtube.video(id);
    return { video: { id: v.id, title: v.title, thumbnail: v.thumbnail, duration: v.duration } };
  });
};
