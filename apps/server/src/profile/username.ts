import { HttpError } from "../lib/errors.js";

/** Bidirectional-text controls (LRE…RLO, LRI…PDI, LRM, RLM, ALM): they can make a name read backwards. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** Invisible characters that render as nothing (zero-width space/joiners, word joiner, BOM, soft hyphen). */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u180E]/gu;
/** C0 and C1 control characters. */
const CONTROL = /\p{Cc}/u;

/**
 * Cleans a username a user typed (SPEC §8 "Username"): Unicode NFKC normalisation (so full-width and
 * compatibility forms become their plain letters), invisible characters removed, trimmed.
 * @throws {HttpError} 400 "Username cannot be empty" (also when only invisible characters were typed);
 *   400 when it contains text-direction or other control characters.
 */
export function cleanUsername(input: string): string {
  if (BIDI_CONTROLS.test(input))
    throw new HttpError(400, "Username cannot contain text-direction control characters");
  if (CONTROL.test(input)) throw new HttpError(400, "Username cannot contain control characters");
  const name = input.normalize("NFKC").replace(INVISIBLE, "").trim();
  if (!name) throw new HttpError(400, "Username cannot be empty");
  return name;
}

/**
 * Strips what {@link cleanUsername} would refuse, for names taken from a sign-in provider.
 * @returns the cleaned name, possibly empty.
 */
export function sanitizeProvidedName(input: string): string {
  return input
    .normalize("NFKC")
    .replace(new RegExp(BIDI_CONTROLS.source, "gu"), "")
    .replace(INVISIBLE, "")
    .replace(/\p{Cc}/gu, "")
    .trim();
}

/**
 * The comparison key of a username: NFKC, lower case (then NFKC again, as lower-casing can leave
 * non-normalised forms), invisible characters removed. Two names with the same key are the same name.
 */
export function usernameKey(name: string): string {
  return name.normalize("NFKC").toLowerCase().normalize("NFKC").replace(INVISIBLE, "").trim();
}
