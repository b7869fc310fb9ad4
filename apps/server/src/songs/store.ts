import { type AnalysisResult, ENGINE_VERSION } from "@tonic/analysis";
import {
  DEMO_PREFIX,
  SONG_LANGUAGES,
  type Song as SongDto,
  type SongLanguage,
  type SongListItem,
  type SongListQuery,
  TIME_SIGNATURES,
} from "@tonic/api";
import type { Kysely } from "kysely";
import type { Database, Song, SongAnalysisExtra, SongChord } from "../db/schema.js";

export type { SongDto, SongListItem };

/** Maps a stored row to the API shape. */
export function toSongDto(row: Song): SongDto {
  const extra = row.analysis as SongAnalysisExtra | null;
  return {
    id: row.id,
    videoId: row.video_id,
    title: row.title,
    thumbnail: row.thumbnail,
    duration: row.duration,
    key: row.key,
    bpm: row.bpm,
    chords: row.chords,
    language: row.language,
    lastAccessed: new Date(row.last_accessed).toISOString(),
    durationSeconds: extra?.durationSeconds ?? (row.duration !== null ? row.duration * 60 : null),
    audioUrl: row.video_id.startsWith(DEMO_PREFIX) ? `/api/demo-audio/${row.video_id}` : null,
    // The engine's bars (rows analysed before migration 0003 have none): the chord grid lays the song
    // out in its own meter from them instead of guessing bars of four from the tempo.
    ...(extra
      ? {
          keyConfidence: extra.keyConfidence,
          timeSignature: timeSignatureOf(extra.timeSignature),
          beats: extra.beats,
          downbeats: extra.downbeats,
        }
      : {}),
  };
}

/** A stored time signature the API knows (`TIME_SIGNATURES`), else null. */
function timeSignatureOf(value: string | null): (typeof TIME_SIGNATURES)[number] | null {
  return TIME_SIGNATURES.find((t) => t === value) ?? null;
}

/**
 * Reads a song by video id and, when found, updates its `last_accessed` (PRODUCT §4: "A cached song's
 * last_accessed is updated when read").
 * @returns the song, or null when it is not in the store.
 */
export async function readSong(
  db: Kysely<Database>,
  videoId: string,
  now = new Date(),
): Promise<Song | null> {
  const row = await db
    .updateTable("songs")
    .set({ last_accessed: now })
    .where("video_id", "=", videoId)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** The new song a finished analysis stores. */
export interface StoredSongInput {
  videoId: string;
  title: string;
  thumbnail: string | null;
  /** Minutes. */
  duration: number | null;
  key: string;
  bpm: number | null;
  chords: SongChord[];
  language: string;
  analysis: SongAnalysisExtra | null;
  sourceUrl: string | null;
}

/** The engine's extra results to keep with a song (issue 6), marked with the engine version that made them. */
export function analysisExtra(result: AnalysisResult): SongAnalysisExtra {
  return {
    beats: result.beats,
    downbeats: result.downbeats,
    segments: result.segments,
    timeSignature: result.timeSignature,
    durationSeconds: result.durationSeconds,
    keyConfidence: result.keyConfidence,
    engineVersion: ENGINE_VERSION,
  };
}

/**
 * Inserts a song unless one with the same video id exists (then the stored one wins, untouched).
 * @returns the stored row (new or existing).
 */
export async function storeSong(db: Kysely<Database>, song: StoredSongInput): Promise<Song> {
  await db
    .insertInto("songs")
    .values({
      video_id: song.videoId,
      title: song.title,
      thumbnail: song.thumbnail,
      duration: song.duration,
      key: song.key,
      bpm: song.bpm,
      chords: JSON.stringify(song.chords),
      language: song.language,
      analysis: song.analysis ? JSON.stringify(song.analysis) : null,
      source_url: song.sourceUrl,
    })
    .onConflict((oc) => oc.column("video_id").doNothing())
    .execute();
  return db.selectFrom("songs").selectAll().where("video_id", "=", song.videoId).executeTakeFirstOrThrow();
}

/** PRODUCT §5 song filters; every field optional. */
export type SongFilters = SongListQuery;

/**
 * Lists songs for the Song explorer (PRODUCT §5): key is a prefix match on the stored key text (the note
 * followed by a space, so "C" does not also match "C# Major"), type a contains match, language exact;
 * key plus type is the prefix "{note} {type}". Matching is case-insensitive. Ordered by title.
 * @param limit at most this many rows (default 200).
 */
export async function listSongs(
  db: Kysely<Database>,
  filters: SongFilters,
  limit = 200,
): Promise<SongListItem[]> {
  let q = db.selectFrom("songs").select(["id", "video_id", "title", "thumbnail", "key", "language"]);
  if (filters.key && filters.type) q = q.where("key", "ilike", `${filters.key} ${filters.type}%`);
  else if (filters.key) q = q.where("key", "ilike", `${filters.key} %`);
  else if (filters.type) q = q.where("key", "ilike", `%${filters.type}%`);
  if (filters.language) q = q.where("language", "=", filters.language);
  const rows = await q.orderBy("title").orderBy("video_id").limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    videoId: r.video_id,
    title: r.title,
    thumbnail: r.thumbnail,
    key: r.key,
    language: r.language,
  }));
}

/**
 * Maps a video's language metadata ("en-US", "hi", "ta-IN") to the PRODUCT §3 song languages; anything else
 * (or none) is "en".
 */
export function songLanguage(raw: string | null | undefined): SongLanguage {
  const base = (raw ?? "").toLowerCase().split(/[-_]/)[0] ?? "";
  return (SONG_LANGUAGES as readonly string[]).includes(base) ? (base as SongLanguage) : "en";
}
