import { mkdtemp, rm } from "node:fs/promises";
import type { AnalysisResult } from "@tonic/analysis";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { isDiskFullError } from "../lib/disk-full.js";
import { HttpError } from "../lib/errors.js";
import { analysisExtra, songLanguage, storeSong } from "../songs/store.js";
import type { VideoDetails, YouTubeClient } from "../youtube/client.js";
import { analyzeInThread } from "./analyze-in-thread.js";
import { jobDirPrefix } from "./cleanup.js";
import { claimFairJob, claimJob, completeJob, failJob, getJob, setJobProgress } from "./store.js";
import { decodeWithFfmpeg, downloadAudio, JobError, type ToolPaths } from "./tools.js";

/** Longest video analysed, seconds (PRODUCT §9: search keeps at most 10 minutes). */
export const MAX_VIDEO_SECONDS = 600;
/** Rate the audio is decoded at for the engine (Hz). */
export const DECODE_RATE = 22_050;

/** Minimal logger (pino-compatible). */
export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a worker needs to run analysis jobs. */
export interface JobDeps {
  db: Kysely<Database>;
  tools: ToolPaths;
  youtube: YouTubeClient;
  /** The link yt-dlp downloads for a video id. */
  watchUrl: (videoId: string) => string;
  /** Time limit of one job (download + decode + analysis), ms. */
  timeoutMs: number;
  /** Name recorded on the job (host:pid). */
  workerName: string;
  /** Gives back a user's counted analysis when the job fails (accounts issue `refundAnalysis`); idempotent. */
  refund: (userId: string, videoId: string) => Promise<void>;
  /**
   * Shared queue (pg-boss): a queue message only says "a job is waiting"; the worker claims the queued
   * job that is fairest to start (`claimFairJob`: the requester served least recently first), so users
   * are served in turn across all servers and workers. Default: the message's own job.
   */
  fairClaim?: boolean;
  log?: JobLogger;
}

/** Prefix of every job failure message (PRODUCT §8). */
export const FAILED_PREFIX = "Failed to analyze audio";

function failureMessage(err: unknown, timedOut: boolean): string {
  if (timedOut)
    return `${FAILED_PREFIX}: the analysis took too long and was stopped. Please try again later.`;
  if (isDiskFullError(err)) return `${FAILED_PREFIX}: the server is out of disk space; try again later.`;
  if (err instanceof JobError || err instanceof HttpError) {
    const reason = err.message.replace(/\.$/, "");
    return `${FAILED_PREFIX}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}.`;
  }
  return `${FAILED_PREFIX}. Please try again later.`;
}

/** True when the engine found no music: no harmonic content or only "no chord". */
/** The song's key, or null when the engine heard no music (no key, or no chord at all). */
function keyOfMusic(result: AnalysisResult): string | null {
  return result.chords.every((c) => c.chord === "N") ? null : result.key;
}

/**
 * Runs one analysis job end to end: claims it (only one worker ever runs a job), reads the video's
 * details (YouTube Data API when configured), downloads the audio with yt-dlp, decodes it with ffmpeg,
 * analyses it in a worker thread and stores the song, reporting state and progress on the job row.
 * Any failure (private/deleted/too long/non-music video, download failure, timeout) ends the job
 * "failed" with a user-facing message, writes nothing to `songs` and refunds the requesters before the job shows as failed.
 *
 * @param requestedId the job's id (with `deps.fairClaim`, the fairest queued job is run instead).
 * @returns "done", "failed" or "skipped" (the job was not queued any more).
 */
export async function processJob(deps: JobDeps, requestedId: string): Promise<"done" | "failed" | "skipped"> {
  const { db } = deps;
  const job = deps.fairClaim
    ? await claimFairJob(db, deps.workerName)
    : await claimJob(db, requestedId, deps.workerName);
  if (!job) return "skipped";
  const jobId = job.id;
  const videoId = job.video_id;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new JobError("timeout"));
  }, deps.timeoutMs);
  let dir: string | null = null;
  const started = Date.now();
  try {
    const existing = await db
      .selectFrom("songs")
      .select("id")
      .where("video_id", "=", videoId)
      .executeTakeFirst();
    if (existing) {
      await completeJob(db, jobId);
      return "done";
    }
    let details: VideoDetails | null = null;
    if (deps.youtube.configured) {
      details = await deps.youtube.video(videoId).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 404)
          throw new JobError("no video found for this link (it may be private or deleted)");
        return null; // API trouble: fall back to yt-dlp's metadata
      });
      if (details?.durationSeconds && details.durationSeconds > MAX_VIDEO_SECONDS)
        throw new JobError("this video is longer than 10 minutes");
    }
    dir = await mkdtemp(jobDirPrefix());
    const source = deps.watchUrl(videoId);
    let lastWrite = 0;
    const progress = (state: "downloading" | "analysing", p: number) => {
      const now = Date.now();
      if (now - lastWrite < 250) return;
      lastWrite = now;
      void setJobProgress(db, jobId, state, p).catch(() => {});
    };
    const { file, info } = await downloadAudio(deps.tools, source, dir, {
      signal: controller.signal,
      onProgress: (f) => progress("downloading", 0.05 + 0.25 * f),
    });
    if (info.duration && info.duration > MAX_VIDEO_SECONDS + 1)
      throw new JobError("this video is longer than 10 minutes");
    const samples = await decodeWithFfmpeg(
      deps.tools,
      file,
      DECODE_RATE,
      MAX_VIDEO_SECONDS + 2,
      controller.signal,
    );
    const seconds = samples.length / DECODE_RATE;
    if (seconds > MAX_VIDEO_SECONDS + 1) throw new JobError("this video is longer than 10 minutes");
    if (seconds < 1) throw new JobError("this video is too short to analyse");
    await setJobProgress(db, jobId, "analysing", 0.35);
    lastWrite = Date.now();
    const result = await analyzeInThread(
      samples,
      DECODE_RATE,
      (f) => progress("analysing", 0.35 + 0.6 * f),
      controller.signal,
    );
    const key = keyOfMusic(result);
    if (key === null) throw new JobError("this video does not seem to contain music");
    await db.transaction().execute(async (trx) => {
      await storeSong(trx, {
        videoId,
        title: details?.title ?? info.title ?? videoId,
        thumbnail: details?.thumbnail ?? info.thumbnail ?? null,
        duration: details?.duration ?? Math.floor(result.durationSeconds / 60),
        key,
        bpm: result.bpm,
        chords: result.chords,
        language: songLanguage(details?.language ?? info.language),
        analysis: analysisExtra(result),
        sourceUrl: source,
      });
      await completeJob(trx, jobId);
    });
    deps.log?.info({ jobId, videoId, ms: Date.now() - started, worker: deps.workerName }, "song analysed");
    return "done";
  } catch (err) {
    const message = failureMessage(err, timedOut);
    deps.log?.warn(
      { jobId, videoId, err: err instanceof Error ? err.message : String(err) },
      "analysis failed",
    );
    const refund = async (userId: string) => {
      await deps.refund(userId, videoId).catch((e: unknown) => {
        deps.log?.error(
          { userId, videoId, err: e instanceof Error ? e.message : String(e) },
          "refund failed",
        );
      });
    };
    // Refund before the job shows as failed, so a page that sees "failed" also sees its count given
    // back; refunds are idempotent, so anyone who joined meanwhile is refunded after, without doubling.
    const before = (await getJob(db, jobId))?.requesters ?? [];
    for (const userId of before) await refund(userId);
    const requesters = await failJob(db, jobId, message);
    for (const userId of requesters) if (!before.includes(userId)) await refund(userId);
    return "failed";
  } finally {
    clearTimeout(timer);
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}
