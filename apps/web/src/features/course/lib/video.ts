/** Lesson video providers (PRODUCT §3 learning_concepts). */
export type VideoProvider = "youtube" | "vimeo" | "drive";

/**
 * The embed URL of a lesson video (PRODUCT §7 "youtube embed, vimeo player, drive preview using
 * video_provider_id").
 *
 * Parameters
 * ----------
 * provider : VideoProvider | null
 * id : string | null
 *     video_provider_id.
 *
 * Returns
 * -------
 * string | null
 *     null when the lesson has no video.
 */
export function lessonVideoUrl(provider: VideoProvider | null, id: string | null): string | null {
  if (!provider || !id) return null;
  const safe = encodeURIComponent(id);
  switch (provider) {
    case "youtube":
      return `https://www.youtube.com/embed/${safe}`;
    case "vimeo":
      return `https://player.vimeo.com/video/${safe}`;
    case "drive":
      return `https://drive.google.com/file/d/${safe}/preview`;
  }
}

/** Paragraphs of a section's text (PRODUCT §2 "text paragraphs split on blank lines"). */
export function splitParagraphs(content: string): string[] {
  return content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
