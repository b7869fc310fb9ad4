import { type Song, type SongListItem, SongListResponse, SongResponse } from "@tonic/api";
import { ApiError, api } from "@/lib/api";
import { getMySong, listMySongs, type MySongSummary } from "@/lib/my-songs/db";

/** What play-along needs of a song, from the song store or from My songs. */
export type PlayAlongSong = Pick<Song, "title" | "key" | "bpm" | "chords" | "durationSeconds" | "audioUrl">;

/** Select values of My songs start with this (store songs use their video id, which never contains ":"). */
export const MY_SONG_PREFIX = "mine:";

/** The analyses of uploaded files kept on this device, newest first ([] when IndexedDB is unavailable). */
export function getPlayAlongMySongs(): Promise<MySongSummary[]> {
  return listMySongs().catch(() => []);
}

/**
 * A song to play along with, by select value: a store song's video id, or {@link MY_SONG_PREFIX} + a My song
 * id. A My song's audio is given as an object URL, which the caller revokes when done with it.
 * @returns the song, or null when it is not stored.
 */
export async function getPlayAlongSongByValue(value: string): Promise<PlayAlongSong | null> {
  if (!value.startsWith(MY_SONG_PREFIX)) return getPlayAlongSong(value);
  const mine = await getMySong(value.slice(MY_SONG_PREFIX.length));
  if (!mine) return null;
  const r = mine.result;
  return {
    title: mine.title,
    key: r.key,
    bpm: r.bpm,
    chords: r.chords,
    durationSeconds: r.durationSeconds,
    audioUrl: mine.audio ? URL.createObjectURL(mine.audio) : null,
  };
}

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
