import { api } from "@/lib/api";

/** SPEC §3 "Song search result". `duration` is whole minutes. */
export interface SongSearchResult {
  id: string;
  title: string;
  thumbnail: string;
  duration: number;
}

/** A chord change: from `time` seconds, `chord` sounds. */
export interface SongChord {
  time: number;
  chord: string;
}

/** A stored song (`GET /api/songs/:videoId`). */
export interface Song {
  id: string;
  videoId: string;
  title: string;
  thumbnail: string | null;
  duration: number | null;
  key: string;
  bpm: number;
  chords: SongChord[];
  language: string;
  lastAccessed: string;
  durationSeconds: number | null;
  /** Local audio (demo songs); null = play the YouTube video. */
  audioUrl: string | null;
}

/** One card of the Song explorer. */
export interface SongListItem {
  id: string;
  videoId: string;
  title: string;
  thumbnail: string | null;
  key: string;
  language: string;
}

/** What the server can do for songs (text search needs keys, link analysis needs yt-dlp and ffmpeg). */
export interface SongCapabilities {
  search: boolean;
  linkAnalysis: boolean;
  message: string | null;
}

/** An analysis job's state (`GET /api/analysis-jobs/:id`). */
export interface AnalysisJob {
  id: string;
  videoId: string;
  state: "queued" | "downloading" | "analysing" | "done" | "failed";
  progress: number;
  error: string | null;
}

export type AnalyzeResponse =
  | { status: "done"; cached: true; song: Song }
  | { status: "queued"; cached: false; jobId: string; expired: boolean; remaining: number | null };

/** SPEC §3 language list of songs, with display names. */
export const SONG_LANGUAGES: readonly { code: string; name: string }[] = [
  { code: "en", name: "English" },
  { code: "hi", name: "Hindi" },
  { code: "te", name: "Telugu" },
  { code: "ta", name: "Tamil" },
  { code: "ml", name: "Malayalam" },
  { code: "kn", name: "Kannada" },
  { code: "es", name: "Spanish" },
  { code: "fr", name: "French" },
  { code: "de", name: "German" },
  { code: "ko", name: "Korean" },
  { code: "ja", name: "Japanese" },
];

/** YouTube text search (5 results, 1–10 minutes). */
export function searchSongs(q: string): Promise<SongSearchResult[]> {
  return api<{ results: SongSearchResult[] }>(`/api/youtube/search?q=${encodeURIComponent(q)}`).then(
    (r) => r.results,
  );
}

/** The server's song capabilities. */
export function fetchCapabilities(): Promise<SongCapabilities> {
  return api<SongCapabilities>("/api/songs/capabilities");
}

/** SPEC §4 checking stage: the song store by video id (null when not stored). */
export async function fetchStoredSong(videoId: string): Promise<Song | null> {
  try {
    return (await api<{ song: Song }>(`/api/songs/${encodeURIComponent(videoId)}`)).song;
  } catch (err) {
    if (err instanceof Error && "status" in err && err.status === 404) return null;
    throw err;
  }
}

/** Starts (or joins) the analysis of a link. */
export function requestAnalysis(youtubeUrl: string): Promise<AnalyzeResponse> {
  return api<AnalyzeResponse>("/api/analyze-audio", { method: "POST", json: { youtubeUrl } });
}

/** Reads a job's state, with the song once it is done. */
export function fetchJob(id: string): Promise<{ job: AnalysisJob; song?: Song | null }> {
  return api(`/api/analysis-jobs/${encodeURIComponent(id)}`);
}

/** The Song explorer list (SPEC §5 filters). */
export function fetchSongs(filters: {
  key?: string;
  type?: string;
  language?: string;
}): Promise<SongListItem[]> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) qs.set(k, v);
  const s = qs.toString();
  return api<{ songs: SongListItem[] }>(`/api/songs${s ? `?${s}` : ""}`).then((r) => r.songs);
}
