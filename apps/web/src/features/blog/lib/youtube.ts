/** Length of a YouTube video id (PRODUCT §5 "Blog post video id … must be 11 characters"). */
export const VIDEO_ID_LENGTH = 11;

/** Short links (youtu.be/ID), /v/ID, /u/x/ID, /embed/ID, /shorts/ID, watch?v=ID and &v=ID. */
const VIDEO_ID_PATTERN =
  /^.*(?:youtu\.be\/|\/v\/|\/u\/\w\/|\/embed\/|\/shorts\/|watch\?v=|[?&]v=)([^#&?/]*).*/;

/**
 * The video id of a blog post's `youtube_url` (PRODUCT §5).
 *
 * Parameters
 * ----------
 * url : string | null | undefined
 *     A YouTube link in any common form.
 *
 * Returns
 * -------
 * string | null
 *     The id when the pattern finds one of exactly 11 letters, digits, `-` or `_`; otherwise
 *     null (no video is shown).
 */
export function blogVideoId(url: string | null | undefined): string | null {
  if (!url) return null;
  const id = VIDEO_ID_PATTERN.exec(url.trim())?.[1] ?? "";
  return id.length === VIDEO_ID_LENGTH && /^[\w-]+$/.test(id) ? id : null;
}

/** The player URL of a video id (PRODUCT §7 "youtube embed"). */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube.com/embed/${encodeURIComponent(id)}`;
}
