import {
  AnalysisJobResponse,
  AnalyzeRequest,
  AnalyzeResponse,
  DEMO_PREFIX,
  GATE_MESSAGES,
  GateRefusal,
  SongCapabilities,
  SongListQuery,
  SongListResponse,
  SongResponse,
  SongSearchQuery,
  SongSearchResponse,
  VideoDetailsResponse,
} from "@tonic/api";
import { parseYouTubeUrl, VIDEO_ID_PATTERN } from "@tonic/youtube";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import { getSessionUser } from "../auth/session.js";
import type { DatabaseHandle } from "../db/index.js";
import type { RefundAt } from "../jobs/cleanup.js";
import { assertJobCapacity, createOrJoinJobWithinCap, PerUserLock } from "../jobs/fairness.js";
import type { JobQueue } from "../jobs/queue.js";
import { createJobQueue, jobDeps } from "../jobs/setup.js";
import { getJob } from "../jobs/store.js";
import { checkTools, missingToolsMessage, type ToolStatus } from "../jobs/tools.js";
import { HttpError } from "../lib/errors.js";
import { serialize } from "../lib/http.js";
import { analyzeDemoSongInThread, seedDemoSongs } from "../seed/demo-songs.js";
import { consumeAnalysis, type GateDecision, refundAnalysis } from "../tiers/gate.js";
import { YouTubeClient } from "../youtube/client.js";
import { demoAudioRoutes } from "./demo-audio.js";
import { type SongsSettings, songsSettingsFromEnv } from "./settings.js";
import { listSongs, readSong, toSongDto } from "./store.js";

/** Who asks, and the tier gate (PRODUCT §4 "Song analysis gating"); tests may replace both. */
export interface SongsAccess {
  userId(request: FastifyRequest): Promise<string | null>;
  consume(userId: string | null, videoId: string): Promise<GateDecision>;
  refund(userId: string, videoId: string): Promise<void>;
}

export interface SongsPluginOptions {
  database: DatabaseHandle;
  settings?: Partial<SongsSettings>;
  access?: SongsAccess;
  /** Clock of the daily limit (UTC dates); default the system clock. */
  now?: () => Date;
  /** Use this queue instead of building one (tests). */
  queue?: JobQueue;
  /** Seed the demo songs (analysed by the engine) on start-up; default false (main.ts turns it on). */
  seed?: boolean;
}

/** A video id: YouTube's 11 characters, or a local demo id. */
const videoIdSchema = z
  .string()
  .refine((v) => VIDEO_ID_PATTERN.test(v) || /^demo-[a-z0-9-]{1,60}$/.test(v), "invalid video id");

/**
 * Songs API (issue 6): the song store, link analysis through the job queue, YouTube search and video
 * details, and the demo songs' audio.
 */
export const songsRoutes: FastifyPluginAsync<SongsPluginOptions> = async (app, opts) => {
  const { db } = opts.database;
  const settings: SongsSettings = { ...songsSettingsFromEnv(), ...opts.settings };
  const access: SongsAccess = opts.access ?? {
    userId: async (req) => (await getSessionUser(req))?.id ?? null,
    consume: (userId, videoId) => consumeAnalysis(db, userId, videoId, opts.now?.()),
    refund: (userId, videoId) => refundAnalysis(db, userId, videoId),
  };
  const youtube = new YouTubeClient({ keys: settings.youtubeKeys, baseUrl: settings.youtubeBaseUrl });

  const tools: ToolStatus = await checkTools(settings.tools);
  const toolsMessage = missingToolsMessage(tools);
  /** What a user reads when link analysis is not set up (operator detail: logs and /api/health/songs). */
  const LINK_ANALYSIS_UNAVAILABLE =
    "Analysing YouTube links isn't available right now. You can upload the song's audio file instead.";
  if (toolsMessage) app.log.warn(toolsMessage);
  else app.log.info({ ytDlp: tools.ytDlp, ffmpeg: tools.ffmpeg }, "link analysis tools found");
  if (!youtube.configured) app.log.info("YOUTUBE_API_KEYS is empty: YouTube text search is off");

  const refundAt: RefundAt = opts.access
    ? (userId, videoId) => access.refund(userId, videoId)
    : (userId, videoId, at) => refundAnalysis(db, userId, videoId, at);
  const userLock = new PerUserLock();
  const queue: JobQueue =
    opts.queue ??
    (await createJobQueue(
      opts.database,
      settings,
      jobDeps(db, settings, access.refund, app.log),
      refundAt,
      app.log,
    ));
  app.addHook("onClose", async () => {
    await queue.close();
  });
  // The demo seed analyses audio (seconds of CPU): it runs after start-up instead of delaying it, and
  // the routes that read the song store wait for it, so nobody sees a half-seeded store.
  const seeding: Promise<unknown> =
    opts.seed === true
      ? seedDemoSongs(db, app.log, analyzeDemoSongInThread).catch((err: unknown) =>
          app.log.error({ err }, "demo song seed failed"),
        )
      : Promise.resolve();
  app.addHook("onClose", async () => {
    await seeding;
  });

  await app.register(demoAudioRoutes, { db, dir: settings.demoAudioDir });

  /**
   * Whether text search and link analysis are available. Users only learn what they can do instead (the
   * web app words it); the operator's detail is logged at start-up and served by /api/health/songs.
   */
  app.get("/api/songs/capabilities", async () =>
    serialize(SongCapabilities, { search: youtube.configured, linkAnalysis: toolsMessage === null }),
  );

  /** Operator view of the songs features: what is missing and how to set it up. */
  app.get("/api/health/songs", async () => ({
    search: {
      ok: youtube.configured,
      detail: youtube.configured ? null : "YouTube search is off: set YOUTUBE_API_KEYS (see .env.example).",
    },
    linkAnalysis: { ok: toolsMessage === null, detail: toolsMessage },
  }));

  app.get("/api/songs", async (request) => {
    const q = SongListQuery.parse(request.query);
    await seeding;
    return serialize(SongListResponse, { songs: await listSongs(db, q) });
  });

  app.get("/api/songs/:videoId", async (request) => {
    const { videoId } = z.object({ videoId: videoIdSchema }).parse(request.params);
    await seeding;
    const row = await readSong(db, videoId);
    if (!row) throw new HttpError(404, "Song not found");
    return serialize(SongResponse, { song: toSongDto(row) });
  });

  app.post("/api/analyze-audio", async (request, reply) => {
    const { youtubeUrl } = AnalyzeRequest.parse(request.body);
    const videoId = parseYouTubeUrl(youtubeUrl) ?? (/^demo-[a-z0-9-]+$/.test(youtubeUrl) ? youtubeUrl : null);
    if (!videoId) throw new HttpError(400, "Invalid YouTube URL");
    await seeding;
    const cached = await readSong(db, videoId);
    if (cached) {
      const song = toSongDto(cached);
      return serialize(AnalyzeResponse, {
        status: "done",
        cached: true,
        key: song.key,
        bpm: song.bpm,
        chords: song.chords,
        song,
      });
    }
    if (videoId.startsWith(DEMO_PREFIX)) throw new HttpError(404, "No video found for this URL");
    if (toolsMessage) throw new HttpError(503, LINK_ANALYSIS_UNAVAILABLE);
    const userId = await access.userId(request);
    // One user at a time per process through cap check + count + job creation (issue 15: per-user
    // cap); the job is created under the user's database lock, so the cap holds across servers too.
    return userLock.run(userId, async () => {
      // quick refusal before the daily count is taken; the binding check is inside the creation
      await assertJobCapacity(db, userId, settings.maxActiveJobsPerUser);
      const decision = await access.consume(userId, videoId);
      if (!decision.allowed) {
        return reply.status(decision.reason === "login" ? 401 : 403).send(
          serialize(GateRefusal, {
            error: GATE_MESSAGES[decision.reason],
            reason: decision.reason,
            expired: decision.expired,
          }),
        );
      }
      let created: boolean;
      let jobId: string;
      try {
        const r = await createOrJoinJobWithinCap(db, videoId, userId, settings.maxActiveJobsPerUser);
        created = r.created;
        jobId = r.job.id;
        if (created) await queue.dispatch(jobId, videoId, userId);
      } catch (err) {
        if (userId) await access.refund(userId, videoId).catch(() => {});
        throw err;
      }
      return reply.status(202).send(
        serialize(AnalyzeResponse, {
          status: "queued",
          cached: false,
          jobId,
          videoId,
          expired: decision.expired,
          remaining: decision.remaining,
        }),
      );
    });
  });

  app.get("/api/analysis-jobs/:id", async (request) => {
    const { id } = z.object({ id: z.string().max(64) }).parse(request.params);
    const job = await getJob(db, id);
    if (!job) throw new HttpError(404, "Analysis job not found");
    const status = {
      id: job.id,
      videoId: job.video_id,
      state: job.state,
      progress: job.progress,
      error: job.error,
    };
    if (job.state !== "done") return serialize(AnalysisJobResponse, { job: status });
    const row = await readSong(db, job.video_id);
    return serialize(AnalysisJobResponse, { job: status, song: row ? toSongDto(row) : null });
  });

  app.get("/api/youtube/search", async (request) => {
    const { q } = SongSearchQuery.parse(request.query);
    return serialize(SongSearchResponse, { results: await youtube.search(q) });
  });

  app.get("/api/youtube/video/:id", async (request) => {
    const { id } = z.object({ id: videoIdSchema }).parse(request.params);
    if (id.startsWith(DEMO_PREFIX) || !youtube.configured) {
      await seeding;
      const row = await db.selectFrom("songs").selectAll().where("video_id", "=", id).executeTakeFirst();
      if (row) {
        return serialize(VideoDetailsResponse, {
          video: { id, title: row.title, thumbnail: row.thumbnail, duration: row.duration },
        });
      }
      if (id.startsWith(DEMO_PREFIX)) throw new HttpError(404, "No video found for this URL");
    }
    const v = await youtube.video(id);
    return serialize(VideoDetailsResponse, {
      video: { id: v.id, title: v.title, thumbnail: v.thumbnail, duration: v.duration },
    });
  });
};
