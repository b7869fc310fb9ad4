import { type Song, SongResponse } from "@tonic/api";
import { ApiError, api } from "@/lib/api";

/**
 * PRODUCT §4 checking stage: the song store by video id (`GET /api/songs/:videoId`).
 * @returns the song, or null when it is not stored (404).
 * @throws {ApiError} for any other failure.
 */
export async function getStoredSong(videoId: string): Promise<Song | null> {
  try {
    return (await api(`/api/songs/${encodeURIComponent(videoId)}`, SongResponse)).song;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
