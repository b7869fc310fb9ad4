import { VIDEO_ID_PATTERN, watchUrl } from "@tonic/youtube";

/**
 * App-specific video ids for the web app. The YouTube link rules themselves (PRODUCT §5) live in
 * `@tonic/youtube`, shared with the server.
 */

/** True for ids the app can open with `/search?v=`: YouTube's 11 characters or a local demo id. */
export function isVideoId(v: string): boolean {
  return VIDEO_ID_PATTERN.test(v) || /^demo-[a-z0-9-]{1,60}$/.test(v);
}

/** The watch link sent to `/api/analyze-audio` (PRODUCT §7). Demo ids are sent as they are. */
export function watchLink(videoId: string): string {
  return videoId.startsWith("demo-") ? videoId : watchUrl(videoId);
}
