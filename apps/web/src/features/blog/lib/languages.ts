/** Blog languages (PRODUCT §3 "Language lists") with their names in their own script. */
export const BLOG_LANGUAGES = [
  { code: "en", name: "English" },
  { code: "hi", name: "हिन्दी (Hindi)" },
  { code: "te", name: "తెలుగు (Telugu)" },
  { code: "ta", name: "தமிழ் (Tamil)" },
  { code: "ml", name: "മലയാളം (Malayalam)" },
  { code: "kn", name: "ಕನ್ನಡ (Kannada)" },
] as const;

export type BlogLanguage = (typeof BLOG_LANGUAGES)[number]["code"];

/** Whether a string is one of the blog language codes. */
export function isBlogLanguage(value: string): value is BlogLanguage {
  return BLOG_LANGUAGES.some((l) => l.code === value);
}

/**
 * A post date for display, e.g. "20 October 2026".
 *
 * Parameters
 * ----------
 * iso : string
 *     ISO timestamp; shown in UTC so the stored calendar date never shifts a day.
 */
export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}
