/**
 * YouTube link parsing for the search boxes (SPEC §5), the browser twin of the server's
 * `apps/server/src/youtube/links.ts` (same rules, same tests' cases).
 */

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const LONG_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);

/** What a search box entry is. */
export type SearchInput =
  | { kind: "text"; query: string }
  | { kind: "link"; videoId: string }
  | { kind: "invalid-link"; message: "Invalid YouTube URL" };

/**
 * Classifies a search entry: a link if it parses as an absolute URL (scheme-less youtu.be / youtube.com
 * links are read as https); the id comes from the short-link path, /shorts/, /embed/, /live/ or the `v`
 * parameter, on youtube.com, www., m. and music. hosts; any other URL is "Invalid YouTube URL".
 * @param raw the text as typed.
 */
export function classifySearchInput(raw: string): SearchInput {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return { kind: "text", query: text };
  const withScheme = /^(www\.|m\.|music\.)?(youtube\.com|youtu\.be)\//i.test(text) ? `https://${text}` : text;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(withScheme)) return { kind: "text", query: text };
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { kind: "text", query: text };
  }
  const invalid = { kind: "invalid-link", message: "Invalid YouTube URL" } as const;
  if (url.protocol !== "https:" && url.protocol !== "http:") return invalid;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | null | undefined = null;
  if (SHORT_HOSTS.has(host)) id = parts[0];
  else if (LONG_HOSTS.has(host)) {
    if (parts[0] === "watch") id = url.searchParams.get("v");
    else if (parts.length >= 2 && ["shorts", "embed", "live", "v"].includes(parts[0] ?? "")) id = parts[1];
  }
  return id && VIDEO_ID.test(id) ? { kind: "link", videoId: id } : invalid;
}

/** True for ids the app can open with `/search?v=`: YouTube's 11 characters or a local demo id. */
export function isVideoId(v: string): boolean {
  return VIDEO_ID.test(v) || /^demo-[a-z0-9-]{1,60}$/.test(v);
}

/** The watch link sent to `/api/analyze-audio` (SPEC §7). Demo ids are sent as they are. */
export function watchLink(videoId: string): string {
  return videoId.startsWith("demo-") ? videoId : `https://www.youtube.com/watch?v=${videoId}`;
}
