/**
 * "My songs": analyses of uploaded files kept on this device (IndexedDB), shared by the song-analysis screen
 * (which saves and re-opens them) and Live play-along (which plays along with them).
 */

import type { AnalysisResult } from "@tonic/analysis";
import type { ChordSheet } from "@tonic/theory";
import { createStore, del, get, set, values } from "idb-keyval";

/** One analysis of an uploaded file, kept on this device ("My songs"). */
export interface MySong {
  /** Stable id: file name, size and last-modified time. */
  id: string;
  title: string;
  /** Epoch milliseconds. */
  savedAt: number;
  result: AnalysisResult;
  /** The audio itself, for playback when re-opened; null when the browser refused to store it. */
  audio: Blob | null;
  /** The user's corrected chord sheet (issue 30), when they edited it. */
  version?: MySongVersion;
}

/** A corrected chord sheet kept on this device, with when it was last saved (epoch milliseconds). */
export interface MySongVersion {
  sheet: ChordSheet;
  savedAt: number;
}

/** A summary for the list (no audio, no chords). */
export interface MySongSummary {
  id: string;
  title: string;
  savedAt: number;
  key: string | null;
  bpm: number | null;
  durationSeconds: number;
}

let store: ReturnType<typeof createStore> | null = null;
/** The IndexedDB database "tonic-my-songs", object store "songs" (created on first use). */
function db() {
  store ??= createStore("tonic-my-songs", "songs");
  return store;
}

/** The id of an uploaded file. */
export function mySongId(file: { name: string; size: number; lastModified: number }): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

/**
 * Keeps an analysis (and its audio) on the device. When storing the audio fails (quota), the analysis is
 * kept without it.
 */
export async function saveMySong(song: MySong): Promise<void> {
  try {
    await set(song.id, song, db());
  } catch {
    await set(song.id, { ...song, audio: null }, db());
  }
}

/** All kept songs, newest first. */
export async function listMySongs(): Promise<MySongSummary[]> {
  const all = (await values<MySong>(db())).filter((s) => s && typeof s.id === "string" && s.result);
  return all
    .sort((a, b) => b.savedAt - a.savedAt)
    .map((s) => ({
      id: s.id,
      title: s.title,
      savedAt: s.savedAt,
      key: s.result.key && s.result.keyConfidence > 0 ? s.result.key : null,
      bpm: s.result.bpm && s.result.bpm > 0 ? s.result.bpm : null,
      durationSeconds: s.result.durationSeconds,
    }));
}

/** One kept song, or null. */
export async function getMySong(id: string): Promise<MySong | null> {
  return (await get<MySong>(id, db())) ?? null;
}

/** Forgets a kept song. */
export async function deleteMySong(id: string): Promise<void> {
  await del(id, db());
}

/**
 * Keeps the user's corrected chord sheet with a kept song (null: back to the engine's analysis).
 * @returns false when the song is no longer kept on this device.
 */
export async function saveMySongVersion(id: string, version: MySongVersion | null): Promise<boolean> {
  const song = await getMySong(id);
  if (!song) return false;
  const next: MySong = { ...song };
  if (version) next.version = version;
  else delete next.version;
  await set(id, next, db());
  return true;
}
