/**
 * YouTube link parsing and search-result duration filtering (PRODUCT §5). Pure functions (no I/O), the one
 * copy of these rules: the server and the web app both import them.
 */

/** A YouTube video id: 11 characters of [A-Za-z0-9_-]. */
export const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;

/** Hosts whose links we read the video id from (PRODUCT §5 plus the m./music. hosts of issue 6). */
const LONG_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);

/** What a search box entry is: free text, or a link with (or without) a video id. */
export type SearchInput =
  | { kind: "text"; query: string }
  | { kind: "link"; videoId: string }
  | { kind: "invalid-link"; message: "Invalid YouTube URL" };

/**
 * Classifies a search box entry (PRODUCT §5): it is a link if it parses as an absolute URL (a bare
 * "youtu.be/…" or "www.youtube.com/…" without a scheme is read as https). The video id comes from the
 * short-link path (`youtu.be/{id}`), `/shorts/{id}`, `/embed/{id}`, `/live/{id}` or the `v` parameter of the
 * long form, on youtube.com, www., m. and music. hosts. Anything else that parses as a URL is an
 * "Invalid YouTube URL".
 *
 * @param raw the text as typed (trimmed here).
 * @returns `text` for a plain query (empty text is `{ kind: "text", query: "" }`), `link` with the 11-character id,
 *   or `invalid-link`.
 */
export function classifySearchInput(raw: string): SearchInput {
  const text = raw.trim();
  const url = parseUrl(text);
  if (!url) return { kind: "text", query: text };
  const videoId = videoIdFromUrl(url);
  return videoId ? { kind: "link", videoId } : { kind: "invalid-link", message: "Invalid YouTube URL" };
}

/**
 * The video id of a YouTube link, or null when `input` is not a YouTube link with a valid id.
 * @param input an absolute URL (or a scheme-less YouTube host link).
 */
export function parseYouTubeUrl(input: string): string | null {
  const url = parseUrl(input.trim());
  return url ? videoIdFromUrl(url) : null;
}

/** The canonical watch link of a video id (PRODUCT §7 analyze-audio sends this). */
export function watchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${videoId}`;
}

function parseUrl(text: string): URL | null {
  if (!text || /\s/.test(text)) return null;
  const withScheme = /^(www\.|m\.|music\.)?(youtube\.com|youtu\.be)\//i.test(text) ? `https://${text}` : text;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(withScheme)) return null;
  try {
    return new URL(withScheme);
  } catch {
    return null;
  }
}

function videoIdFromUrl(url: URL): string | null {
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (SHORT_HOSTS.has(host)) id = parts[0];
  else if (LONG_HOSTS.has(host)) {
    if (parts[0] === "watch") id = url.searchParams.get("v");
    else if (parts.length >= 2 && ["shorts", "embed", "live", "v"].includes(parts[0] ?? "")) id = parts[1];
  }
  return id && VIDEO_ID_PATTERN.test(id) ? id : null;
}

/**
 * Minutes of an ISO 8601 duration as PRODUCT §5 reads them: the number right after "PT" when followed by
 * "M" ("PT4M13S" → 4). Seconds are ignored; a duration without a leading minute part ("PT45S", "PT1H2M",
 * "P1DT2M") gives null.
 * @param iso e.g. contentDetails.duration of the YouTube Data API.
 * @returns whole minutes, or null.
 */
export function leadingMinutes(iso: string): number | null {
  const m = /^PT(\d+)M/.exec(iso);
  return m ? Number(m[1]) : null;
}

/** PRODUCT §5/§9: search keeps videos of more than 0 and at most 10 minutes. */
export const MAX_SEARCH_MINUTES = 10;

/**
 * True when a search result is kept (PRODUCT §5): its leading minutes are over 0 and at most 10.
 * @param iso ISO 8601 duration.
 */
export function keepSearchResult(iso: string): boolean {
  const minutes = leadingMinutes(iso);
  return minutes !== null && minutes > 0 && minutes <= MAX_SEARCH_MINUTES;
}

/**
 * Exact length of an ISO 8601 duration in seconds ("PT1H2M3S" → 3723, "P1DT1S" → 86401), or null when it
 * does not parse. Used to refuse over-long videos before downloading.
 */
export function isoDurationSeconds(iso: string): number | null {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso);
  if (!m || iso === "P" || iso.endsWith("T")) return null;
  const [, d, h, min, s] = m;
  return Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(min ?? 0) * 60 + Number(s ?? 0);
}
