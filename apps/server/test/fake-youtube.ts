import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A video the fake YouTube Data API knows. */
export interface FakeVideo {
  id: string;
  title: string;
  /** ISO 8601, e.g. "PT4M13S". */
  duration: string;
  thumbnail?: string;
  language?: string;
  categoryId?: string;
}

/** Options of {@link startFakeYouTube}. */
export interface FakeYouTubeOptions {
  videos: FakeVideo[];
  /** Keys answered with 400 "API key not valid". */
  invalidKeys?: string[];
  /** Keys answered with 403 quotaExceeded. */
  quotaKeys?: string[];
  port?: number;
}

/** A running fake API: its base URL, the requests it saw, and `close()`. */
export interface FakeYouTube {
  baseUrl: string;
  requests: { path: string; params: Record<string, string> }[];
  /** Change behaviour at run time (tests). */
  options: FakeYouTubeOptions;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8" });
  res.end(JSON.stringify(body));
}

function apiError(res: ServerResponse, status: number, reason: string, message: string): void {
  send(res, status, { error: { code: status, message, errors: [{ message, domain: "youtube", reason }] } });
}

/**
 * Starts a local HTTP server answering the documented JSON shapes of YouTube Data API v3 `search`
 * (part snippet) and `videos` (snippet/contentDetails), including key errors (400 keyInvalid) and quota
 * failures (403 quotaExceeded). Search matches the query against titles, case-insensitively ("*" = all).
 */
export async function startFakeYouTube(options: FakeYouTubeOptions): Promise<FakeYouTube> {
  const requests: FakeYouTube["requests"] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const params = Object.fromEntries(url.searchParams);
    const resource = url.pathname.split("/").filter(Boolean).pop() ?? "";
    requests.push({ path: resource, params });
    const key = params.key ?? "";
    if (!key) return apiError(res, 403, "forbidden", "The request is missing a valid API key.");
    if (options.invalidKeys?.includes(key))
      return apiError(res, 400, "keyInvalid", "API key not valid. Please pass a valid API key.");
    if (options.quotaKeys?.includes(key))
      return apiError(
        res,
        403,
        "quotaExceeded",
        "The request cannot be completed because you have exceeded your quota.",
      );
    const thumbs = (v: FakeVideo) => ({
      default: { url: v.thumbnail ?? `https://i.ytimg.com/vi/${v.id}/default.jpg`, width: 120, height: 90 },
      medium: { url: v.thumbnail ?? `https://i.ytimg.com/vi/${v.id}/mqdefault.jpg`, width: 320, height: 180 },
    });
    if (resource === "search") {
      const q = (params.q ?? "").toLowerCase();
      const max = Number(params.maxResults ?? 5);
      const hits = options.videos.filter((v) => q === "*" || v.title.toLowerCase().includes(q)).slice(0, max);
      return send(res, 200, {
        kind: "youtube#searchListResponse",
        pageInfo: { totalResults: hits.length, resultsPerPage: max },
        items: hits.map((v) => ({
          kind: "youtube#searchResult",
          id: { kind: "youtube#video", videoId: v.id },
          snippet: {
            title: v.title.replaceAll("&", "&amp;").replaceAll("'", "&#39;"),
            thumbnails: thumbs(v),
            channelTitle: "Fake channel",
          },
        })),
      });
    }
    if (resource === "videos") {
      const ids = (params.id ?? "").split(",").filter(Boolean);
      const parts = (params.part ?? "").split(",");
      const items = ids.flatMap((id) => {
        const v = options.videos.find((x) => x.id === id);
        if (!v) return [];
        return [
          {
            kind: "youtube#video",
            id: v.id,
            ...(parts.includes("snippet")
              ? {
                  snippet: {
                    title: v.title,
                    thumbnails: thumbs(v),
                    categoryId: v.categoryId ?? "10",
                    ...(v.language ? { defaultAudioLanguage: v.language } : {}),
                  },
                }
              : {}),
            ...(parts.includes("contentDetails") ? { contentDetails: { duration: v.duration } } : {}),
          },
        ];
      });
      return send(res, 200, {
        kind: "youtube#videoListResponse",
        items,
        pageInfo: { totalResults: items.length },
      });
    }
    return apiError(res, 404, "notFound", "Not Found");
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/youtube/v3`,
    requests,
    options,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
