import {
  SONG_LANGUAGES as SONG_LANGUAGE_CODES,
  SongCapabilities,
  type SongLanguage,
  SongSearchResponse,
  type SongSearchResult,
} from "@tonic/api";
import { api } from "@/lib/api";

export type { Song, SongChord, SongSearchResult } from "@tonic/api";

/** Display names of the PRODUCT §3 song languages (codes from `@tonic/api`). */
const LANGUAGE_NAMES: Record<SongLanguage, string> = {
  en: "English",
  hi: "Hindi",
  te: "Telugu",
  ta: "Tamil",
  ml: "Malayalam",
  kn: "Kannada",
  es: "Spanish",
  fr: "French",
  de: "German",
  ko: "Korean",
  ja: "Japanese",
};

/** PRODUCT §3 language list of songs, with display names. */
export const SONG_LANGUAGES: readonly { code: SongLanguage; name: string }[] = SONG_LANGUAGE_CODES.map(
  (code) => ({ code, name: LANGUAGE_NAMES[code] }),
);

/** YouTube text search (5 results, 1–10 minutes): `GET /api/youtube/search`. Shared by home and search. */
export function searchSongs(q: string): Promise<SongSearchResult[]> {
  return api(`/api/youtube/search?q=${encodeURIComponent(q)}`, SongSearchResponse).then((r) => r.results);
}

/** The server's song capabilities (`GET /api/songs/capabilities`). Shared by home and search. */
export function fetchCapabilities(): Promise<SongCapabilities> {
  return api("/api/songs/capabilities", SongCapabilities);
}
