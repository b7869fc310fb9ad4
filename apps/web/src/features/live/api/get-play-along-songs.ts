import { type Song, type SongListItem, SongListResponse, SongResponse } from "@tonic/api";
import { ApiError, api } from "@/lib/api";

/** The song store's songs to play along with (`GET /api/songs`, no filters). */
export function getPlayAlongSongs(): Promise<SongListItem[]> {
  return api("/api/songs", SongListResponse).then((r) => r.songs);
}

/**
 * One stored song with its chords (`GET /api/songs/:videoId`).
 * @returns the song, or null when it is not stored (404).
 * @throws {ApiError} for any other failure.
 */
export async function getPlayAlongSong(videoId: string): Promise<Song | null> {
  try {
    return (await api(`/api/songs/${encodeURIComponent(videoId)}`, SongResponse)).song;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
