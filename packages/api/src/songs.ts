import { isPitchClass, type PitchClass } from "@tonic/theory/constants";
import * as z from "zod/mini";
import { SONG_LANGUAGES, TIME_SIGNATURES } from "./constants.js";

/** A chord change: from `time` seconds, `chord` sounds ("C", "Am", "G7", "C/E"; "N" = no chord). */
export const SongChord = z.object({
  time: z.number().check(z.nonnegative()),
  chord: z.string().check(z.minLength(1)),
});
export type SongChord = z.infer<typeof SongChord>;

/** A key name, "A# Minor" style (sharps), as the engine reports it. */
export const KeyName = z.string().check(z.regex(/^[A-G]#? (Major|Minor)$/));
export type KeyName = z.infer<typeof KeyName>;

/**
 * A stored song (`GET /api/songs/:videoId`), following the v2 engine contract: `key` is null when the
 * audio has no harmonic content, `bpm` null when it has no steady beat.
 */
export const Song = z.object({
  id: z.string(),
  videoId: z.string(),
  title: z.string(),
  thumbnail: z.nullable(z.string()),
  /** Whole minutes. */
  duration: z.nullable(z.number()),
  key: z.nullable(z.string()),
  bpm: z.nullable(z.number().check(z.positive())),
  chords: z.array(SongChord),
  language: z.string(),
  lastAccessed: z.string(),
  /** Seconds, when known. */
  durationSeconds: z.nullable(z.number()),
  /** Local audio (demo songs); null = play the YouTube video. */
  audioUrl: z.nullable(z.string()),
  /** v2 engine extras, when the song was analysed by it (absent for older rows). */
  keyConfidence: z.optional(z.number().check(z.gte(0), z.lte(1))),
  tempoConfidence: z.optional(z.number().check(z.gte(0), z.lte(1))),
  timeSignature: z.optional(z.nullable(z.enum(TIME_SIGNATURES))),
  /** The engine's beats and downbeats, seconds ascending, so the chord grid shows the song's own bars. */
  beats: z.optional(z.array(z.number())),
  downbeats: z.optional(z.array(z.number())),
});
export type Song = z.infer<typeof Song>;

/** One card of the Song explorer. */
export const SongListItem = z.object({
  id: z.string(),
  videoId: z.string(),
  title: z.string(),
  thumbnail: z.nullable(z.string()),
  key: z.nullable(z.string()),
  language: z.string(),
});
export type SongListItem = z.infer<typeof SongListItem>;

/** `GET /api/songs` query (PRODUCT §5 filters). */
export const SongListQuery = z.object({
  key: z.optional(
    // a pipe into a custom check (not `z.refine`) so the output type is narrowed to `PitchClass`
    z.pipe(
      z.string(),
      z.custom<PitchClass>(isPitchClass, { error: "key must be a note name C, C#, … B", abort: false }),
    ),
  ),
  type: z.optional(z.enum(["major", "minor"])),
  language: z.optional(z.enum(SONG_LANGUAGES)),
});
export type SongListQuery = z.infer<typeof SongListQuery>;

/** `GET /api/songs` response. */
export const SongListResponse = z.object({ songs: z.array(SongListItem) });
export type SongListResponse = z.infer<typeof SongListResponse>;

/** `GET /api/songs/:videoId` response. */
export const SongResponse = z.object({ song: Song });
export type SongResponse = z.infer<typeof SongResponse>;

/**
 * `GET /api/songs/capabilities`: what the server can do (text search needs keys, links need tools). Users only
 * learn what they can do instead; the operator's detail goes to the log and `GET /api/health/songs` (issue 14).
 */
export const SongCapabilities = z.object({
  search: z.boolean(),
  linkAnalysis: z.boolean(),
});
export type SongCapabilities = z.infer<typeof SongCapabilities>;

/** `POST /api/analyze-audio` body. */
export const AnalyzeRequest = z.object({
  youtubeUrl: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
});
export type AnalyzeRequest = z.infer<typeof AnalyzeRequest>;

/** `POST /api/analyze-audio` response: a cached song, or a queued job. */
export const AnalyzeResponse = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("done"),
    cached: z.literal(true),
    key: z.nullable(z.string()),
    bpm: z.nullable(z.number()),
    chords: z.array(SongChord),
    song: Song,
  }),
  z.object({
    status: z.literal("queued"),
    cached: z.literal(false),
    jobId: z.string(),
    videoId: z.string(),
    expired: z.boolean(),
    remaining: z.nullable(z.number().check(z.int(), z.nonnegative())),
  }),
]);
export type AnalyzeResponse = z.infer<typeof AnalyzeResponse>;

/** The gate's refusal of `POST /api/analyze-audio` (401 login / 403 limit). */
export const GateRefusal = z.object({
  error: z.string(),
  reason: z.enum(["login", "limit"]),
  expired: z.boolean(),
});
export type GateRefusal = z.infer<typeof GateRefusal>;

/** States of a link-analysis job. */
export const JOB_STATES = ["queued", "downloading", "analysing", "done", "failed"] as const;

/** An analysis job's public state (`GET /api/analysis-jobs/:id`). */
export const AnalysisJob = z.object({
  id: z.string(),
  videoId: z.string(),
  state: z.enum(JOB_STATES),
  /** 0..1 */
  progress: z.number().check(z.gte(0), z.lte(1)),
  error: z.nullable(z.string()),
});
export type AnalysisJob = z.infer<typeof AnalysisJob>;

/** `GET /api/analysis-jobs/:id` response; `song` once the job is done. */
export const AnalysisJobResponse = z.object({ job: AnalysisJob, song: z.optional(z.nullable(Song)) });
export type AnalysisJobResponse = z.infer<typeof AnalysisJobResponse>;

/** PRODUCT §3 "Song search result". `duration` is whole minutes. */
export const SongSearchResult = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  duration: z.number(),
});
export type SongSearchResult = z.infer<typeof SongSearchResult>;

/** `GET /api/youtube/search?q=` query and response. */
export const SongSearchQuery = z.object({ q: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });
export const SongSearchResponse = z.object({ results: z.array(SongSearchResult) });
export type SongSearchQuery = z.infer<typeof SongSearchQuery>;
export type SongSearchResponse = z.infer<typeof SongSearchResponse>;

/** `GET /api/youtube/video/:id` response. */
export const VideoDetailsResponse = z.object({
  video: z.object({
    id: z.string(),
    title: z.string(),
    thumbnail: z.nullable(z.string()),
    duration: z.nullable(z.number()),
  }),
});
export type VideoDetails = z.infer<typeof VideoDetailsResponse>["video"];
export type VideoDetailsResponse = z.infer<typeof VideoDetailsResponse>;
