import type { Song } from "./api";

/** PRODUCT §3 session-storage key of the song hand-off to the search screen. */
export const HANDOFF_KEY = "currentSongAnalysis";

/** PRODUCT §3 `currentSongAnalysis`: `{ video, analysis }`. */
export interface SongHandoff {
  video: { id: string; title: string; thumbnail: string | null };
  analysis: Song;
}

/** Stores a song for the search screen to open without asking the server again. */
export function saveHandoff(song: Song, storage: Pick<Storage, "setItem"> = sessionStorage): void {
  const value: SongHandoff = {
    video: { id: song.videoId, title: song.title, thumbnail: song.thumbnail },
    analysis: song,
  };
  try {
    storage.setItem(HANDOFF_KEY, JSON.stringify(value));
  } catch {
    // storage full or disabled: the search screen reads the song store instead
  }
}

/**
 * Takes the hand-off for `videoId`: returns it and removes it from session storage (PRODUCT §3: removed
 * after use). A hand-off for another video, or a malformed one, is removed and ignored.
 */
export function takeHandoff(
  videoId: string,
  storage: Pick<Storage, "getItem" | "removeItem"> = sessionStorage,
): SongHandoff | null {
  let raw: string | null = null;
  try {
    raw = storage.getItem(HANDOFF_KEY);
    if (raw !== null) storage.removeItem(HANDOFF_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as SongHandoff;
    if (v?.video?.id !== videoId || !Array.isArray(v.analysis?.chords) || typeof v.analysis.key !== "string")
      return null;
    return v;
  } catch {
    return null;
  }
}
