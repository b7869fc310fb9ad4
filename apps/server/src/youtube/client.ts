import { isoDurationSeconds, keepSearchResult, leadingMinutes } from "@tonic/youtube";
import { HttpError } from "../lib/errors.js";

/** Default base URL of the YouTube Data API v3 (override with YOUTUBE_API_BASE_URL, e.g. a local fake). */
export const DEFAULT_YOUTUBE_API_BASE_URL = "https://www.googleapis.com/youtube/v3";

/** PRODUCT §3 "Song search result": id, title, thumbnail, duration in minutes. */
export interface SongSearchResult {
  id: string;
  title: string;
  thumbnail: string;
  duration: number;
}

/** Details of one video (PRODUCT §7 videos lookup) plus the metadata the song store keeps. */
export interface VideoDetails {
  id: string;
  title: string;
  thumbnail: string | null;
  /** Whole minutes as PRODUCT §5 reads them (null without a leading minute part). */
  duration: number | null;
  /** Exact length in seconds, or null when unknown. */
  durationSeconds: number | null;
  /** snippet.defaultAudioLanguage / defaultLanguage, lower-case, or null. */
  language: string | null;
  /** snippet.categoryId ("10" = Music), or null. */
  categoryId: string | null;
}

/** PRODUCT §8 messages of the video data service. */
export const YOUTUBE_MESSAGES = {
  searchFailed: "Failed to fetch videos. Please try again later.",
  detailsFailed: "Failed to fetch video details. Please try again later.",
  notFound: "No video found for this URL",
  notConfigured:
    "YouTube search is not enabled on this server. Set YOUTUBE_API_KEYS to enable it; meanwhile paste a YouTube link, pick a song from the Song Explorer or analyze your own audio file.",
} as const;

export interface YouTubeClientOptions {
  /** API keys in order: primary first, then the backup(s). Empty = not configured. */
  keys: readonly string[];
  baseUrl?: string;
  /** Per-request timeout, ms (default 8000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Thrown when every key failed; `message` is the PRODUCT §8 text. */
export class YouTubeUnavailableError extends HttpError {
  constructor(message: string) {
    super(502, message);
    this.name = "YouTubeUnavailableError";
  }
}

interface SearchResponse {
  items?: { id?: { videoId?: string }; snippet?: Snippet }[];
}
interface Snippet {
  title?: string;
  thumbnails?: { medium?: { url?: string }; default?: { url?: string }; high?: { url?: string } };
  defaultAudioLanguage?: string;
  defaultLanguage?: string;
  categoryId?: string;
}
interface VideosResponse {
  items?: { id?: string; snippet?: Snippet; contentDetails?: { duration?: string } }[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'" };
/** The search API returns HTML-escaped titles ("Rock &amp; Roll"); undo the common entities. */
function unescapeHtml(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, e: string) => ENTITIES[e] ?? _);
}

/**
 * A small YouTube Data API v3 client (PRODUCT §7 "Video data service") with key rotation: each call tries
 * the primary key first and moves to the next key when the answer has an HTTP error status (quota,
 * bad key, server error) or the network fails.
 */
export class YouTubeClient {
  private readonly keys: readonly string[];
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(opts: YouTubeClientOptions) {
    this.keys = opts.keys.filter((k) => k.trim() !== "");
    this.baseUrl = (opts.baseUrl ?? DEFAULT_YOUTUBE_API_BASE_URL).replace(/\/+$/, "");
    this.timeoutMs = opts.timeoutMs ?? 8000;
    this.fetchFn = opts.fetch ?? fetch;
  }

  /** True when at least one API key is configured. */
  get configured(): boolean {
    return this.keys.length > 0;
  }

  /**
   * GETs `{base}/{resource}?{params}&key=…` with each key in turn until one answers 2xx.
   * @throws {YouTubeUnavailableError} with `failMessage` when no key is configured or all fail.
   */
  private async get<T>(resource: string, params: Record<string, string>, failMessage: string): Promise<T> {
    if (!this.configured) throw new HttpError(503, YOUTUBE_MESSAGES.notConfigured);
    for (const key of this.keys) {
      const qs = new URLSearchParams({ ...params, key });
      try {
        const res = await this.fetchFn(`${this.baseUrl}/${resource}?${qs}`, {
          signal: AbortSignal.timeout(this.timeoutMs),
          headers: { Accept: "application/json" },
        });
        if (!res.ok) continue;
        return (await res.json()) as T;
      } catch {
        // network error, timeout or bad JSON: try the next key
      }
    }
    throw new YouTubeUnavailableError(failMessage);
  }

  /**
   * PRODUCT §7/§5 search: `search` (snippet, 5 results, type video, medium length) then one `videos` call
   * with contentDetails for the ids; keeps videos of over 0 and at most 10 leading minutes.
   * @param q the search text (non-empty).
   * @returns at most 5 results in the API's order.
   * @throws {HttpError} 503 when not configured; {@link YouTubeUnavailableError} when both keys fail.
   */
  async search(q: string): Promise<SongSearchResult[]> {
    const found = await this.get<SearchResponse>(
      "search",
      { part: "snippet", maxResults: "5", q, type: "video", videoDuration: "medium" },
      YOUTUBE_MESSAGES.searchFailed,
    );
    const hits = (found.items ?? []).flatMap((item) => {
      const id = item.id?.videoId;
      return id ? [{ id, snippet: item.snippet }] : [];
    });
    if (hits.length === 0) return [];
    const details = await this.get<VideosResponse>(
      "videos",
      { part: "contentDetails", id: hits.map((h) => h.id).join(",") },
      YOUTUBE_MESSAGES.searchFailed,
    );
    const durations = new Map<string, string>();
    for (const v of details.items ?? []) {
      if (v.id && v.contentDetails?.duration) durations.set(v.id, v.contentDetails.duration);
    }
    const results: SongSearchResult[] = [];
    for (const h of hits) {
      const iso = durations.get(h.id);
      if (!iso || !keepSearchResult(iso)) continue;
      const thumbs = h.snippet?.thumbnails;
      results.push({
        id: h.id,
        title: unescapeHtml(h.snippet?.title ?? "Untitled"),
        thumbnail: thumbs?.medium?.url ?? thumbs?.default?.url ?? thumbs?.high?.url ?? "",
        duration: leadingMinutes(iso) ?? 0,
      });
    }
    return results.slice(0, 5);
  }

  /**
   * PRODUCT §7 videos lookup (part snippet,contentDetails) for one id.
   * @throws {HttpError} 404 "No video found for this URL" when the API has no such video (private, deleted);
   *   503 when not configured; {@link YouTubeUnavailableError} "Failed to fetch video details. Please try
   *   again later." when both keys fail.
   */
  async video(id: string): Promise<VideoDetails> {
    const res = await this.get<VideosResponse>(
      "videos",
      { part: "snippet,contentDetails", id },
      YOUTUBE_MESSAGES.detailsFailed,
    );
    const item = res.items?.[0];
    if (!item) throw new HttpError(404, YOUTUBE_MESSAGES.notFound);
    const iso = item.contentDetails?.duration ?? "";
    const thumbs = item.snippet?.thumbnails;
    const lang = item.snippet?.defaultAudioLanguage ?? item.snippet?.defaultLanguage ?? null;
    return {
      id: item.id ?? id,
      title: unescapeHtml(item.snippet?.title ?? "Untitled"),
      thumbnail: thumbs?.medium?.url ?? thumbs?.default?.url ?? null,
      duration: leadingMinutes(iso),
      durationSeconds: isoDurationSeconds(iso),
      language: lang ? lang.toLowerCase() : null,
      categoryId: item.snippet?.categoryId ?? null,
    };
  }
}
