import { ChordSheet } from "@tonic/api";
import type { ChordSheet as Sheet } from "@tonic/theory";
import * as z from "zod/mini";

/**
 * A visitor's corrected sheets, kept on this device (localStorage), and the device's count of edited songs
 * a day. Stored values are checked with the API's `ChordSheet` schema when read: a damaged entry is
 * ignored, never shown.
 */

const PREFIX = "tonic.sheet.v1.";
const EDIT_DAY_KEY = "tonic.sheet-edit-day.v1";

const Stored = z.object({ sheet: ChordSheet, savedAt: z.number() });
const EditDay = z.object({ date: z.string(), songs: z.array(z.string()) });

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The sheet kept on this device for a song id, or null. */
export function loadDeviceSheet(songId: string): { sheet: Sheet; savedAt: number } | null {
  const raw = storage()?.getItem(PREFIX + songId);
  if (!raw) return null;
  try {
    const parsed = Stored.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps (or with null forgets) a song's sheet on this device.
 * @returns false when the browser refused (storage full or disabled).
 */
export function saveDeviceSheet(songId: string, sheet: Sheet | null, now = Date.now()): boolean {
  const s = storage();
  if (!s) return false;
  try {
    if (sheet) s.setItem(PREFIX + songId, JSON.stringify({ sheet, savedAt: now }));
    else s.removeItem(PREFIX + songId);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether this device may start editing `songId` today: a song already edited today always may; otherwise
 * only when fewer than `limit` songs were edited today (UTC). `limit` null = unlimited (Premium).
 */
export function canEditOnDevice(songId: string, limit: number | null, today: string): boolean {
  if (limit === null) return true;
  const day = readEditDay();
  if (!day || day.date !== today) return limit > 0;
  return day.songs.includes(songId) || day.songs.length < limit;
}

/** Counts `songId` as edited today on this device. */
export function countDeviceEdit(songId: string, today: string): void {
  const day = readEditDay();
  const songs = day && day.date === today ? day.songs : [];
  if (songs.includes(songId)) return;
  try {
    storage()?.setItem(EDIT_DAY_KEY, JSON.stringify({ date: today, songs: [...songs, songId] }));
  } catch {
    /* storage unavailable: nothing is counted */
  }
}

function readEditDay(): z.infer<typeof EditDay> | null {
  const raw = storage()?.getItem(EDIT_DAY_KEY);
  if (!raw) return null;
  try {
    const parsed = EditDay.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
