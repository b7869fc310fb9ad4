/** Pure helpers of PRODUCT §4 "Auth routing" (no React, no browser APIs). */

/** Local-storage key of the remembered section (PRODUCT §3 "Browser storage"). */
export const LAST_SECTION_KEY = "lastVisitedSection";

/** A hash-state screen of PRODUCT §4 "Auth routing". */
export interface AuthHashState {
  type: "recovery" | "email_verification";
  /** The one-time token from the mail link; null when missing (→ "Invalid verification parameters"). */
  token: string | null;
}

/**
 * Reads `#type=recovery&token=…` / `#type=email_verification&token=…` (mail links, PRODUCT §4).
 * @param hash `location.hash`, with or without the leading `#`.
 * @returns the state, or null for any other hash.
 */
export function parseAuthHash(hash: string): AuthHashState | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const type = params.get("type");
  if (type !== "recovery" && type !== "email_verification") return null;
  return { type, token: params.get("token") || null };
}

/** Sections a bare hash (`#search`) may navigate to (PRODUCT §2 "A hash change navigates to that section name"). */
const SECTIONS = new Set([
  "home",
  "auth",
  "scale-explorer",
  "settings",
  "search",
  "vocal-detector",
  "learn",
  "piano-visualizer",
  "guitar-visualizer",
  "premium",
  "song-explorer",
  "blog",
  "about",
  "contactform",
]);

/**
 * The route of a bare section hash.
 * @returns e.g. "/search" for "#search", "/" for "#home", or null when the hash is not a section.
 */
export function sectionPath(hash: string): string | null {
  const name = hash.replace(/^#\/?/, "");
  if (!SECTIONS.has(name)) return null;
  return name === "home" ? "/" : `/${name}`;
}

/** True for the sign-in routes (/auth, /auth/callback). */
export function isAuthPath(pathname: string): boolean {
  return pathname === "/auth" || pathname.startsWith("/auth/");
}

/**
 * Where to go after signing in: the remembered section, or /search when it was the auth screen or
 * nothing was remembered (PRODUCT §4).
 */
export function sectionAfterSignIn(remembered: string | null): string {
  if (!remembered || remembered === "auth" || isAuthPath(remembered)) return "/search";
  return remembered.startsWith("/") ? remembered : `/${remembered}`;
}
