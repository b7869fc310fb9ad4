import { HttpError } from "../lib/errors.js";

/** Bidirectional-text controls (LRE…RLO, LRI…PDI, LRM, RLM, ALM): they can make a name read backwards. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** Invisible characters that render as nothing (zero-width space/joiners, word joiner, BOM, soft hyphen). */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD\u180E]/gu;
/** C0 and C1 control characters. */
const CONTROL = /\p{Cc}/u;

/**
 * Scripts a name may use, by their Unicode names (`\p{Script=…}`); letters of any other script count as
 * one script, "Other". Common and Inherited characters (digits, spaces, punctuation, combining marks)
 * belong to every script.
 */
const SCRIPTS = [
  "Latin",
  "Greek",
  "Cyrillic",
  "Armenian",
  "Hebrew",
  "Arabic",
  "Syriac",
  "Thaana",
  "Nko",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Georgian",
  "Hangul",
  "Ethiopic",
  "Cherokee",
  "Canadian_Aboriginal",
  "Ogham",
  "Runic",
  "Khmer",
  "Mongolian",
  "Hiragana",
  "Katakana",
  "Bopomofo",
  "Han",
  "Yi",
  "Tifinagh",
  "Ol_Chiki",
  "Meetei_Mayek",
  "Javanese",
  "Balinese",
  "Sundanese",
  "Lepcha",
  "Limbu",
  "Chakma",
  "Adlam",
  "Vai",
] as const;
const SCRIPT_PATTERNS = SCRIPTS.map((name) => ({ name, re: new RegExp(`^\\p{Script=${name}}$`, "u") }));
const COMMON_OR_INHERITED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** Script sets that are one writing system: Japanese, Chinese with Bopomofo, Korean (with Latin). */
const WRITING_SYSTEMS: readonly (readonly string[])[] = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];
/** Scripts whose letters look like Latin ones: never mixed with Latin (or with each other). */
const LATIN_LOOK_ALIKES = new Set(["Cyrillic", "Greek", "Cherokee"]);

/** The scripts of the letters of `name`, in order of first use (Common and Inherited left out). */
export function scriptsOf(name: string): string[] {
  const found: string[] = [];
  for (const ch of name) {
    if (COMMON_OR_INHERITED.test(ch)) continue;
    const script = SCRIPT_PATTERNS.find((p) => p.re.test(ch))?.name ?? "Other";
    if (!found.includes(script)) found.push(script);
  }
  return found;
}

/**
 * Why a name mixes scripts in a way that lets it imitate another name (UTS #39 "moderately restrictive"),
 * else null. Allowed: one script (Devanagari, Tamil, Cyrillic, …, with digits, spaces and marks); the
 * script sets of Japanese, Chinese and Korean with Latin; Latin plus one other script that does not look
 * like it (`Rahul राहुल`). Refused: Latin with Cyrillic, Greek or Cherokee (`pаypal` with a Cyrillic а),
 * and any other mix.
 * @returns a message for users, naming the scripts mixed.
 */
export function mixedScriptReason(name: string): string | null {
  const scripts = scriptsOf(name.normalize("NFKC"));
  if (scripts.length <= 1) return null;
  if (WRITING_SYSTEMS.some((system) => scripts.every((s) => system.includes(s)))) return null;
  if (
    scripts.length === 2 &&
    scripts.includes("Latin") &&
    !scripts.some((s) => LATIN_LOOK_ALIKES.has(s) || s === "Other")
  )
    return null;
  const named = scripts.map((s) => s.replace(/_/g, " "));
  const list = `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
  return `Names cannot mix letters of different alphabets (here ${list}): some look alike and could imitate another name. Please use one alphabet.`;
}

/**
 * Cleans a username a user typed (PRODUCT §8 "Username"): Unicode NFKC normalisation (so full-width and
 * compatibility forms become their plain letters), invisible characters removed, trimmed.
 * @throws {HttpError} 400 "Username cannot be empty" (also when only invisible characters were typed);
 *   400 when it contains text-direction or other control characters, or mixes look-alike scripts
 *   ({@link mixedScriptReason}).
 */
export function cleanUsername(input: string): string {
  if (BIDI_CONTROLS.test(input))
    throw new HttpError(400, "Username cannot contain text-direction control characters");
  if (CONTROL.test(input)) throw new HttpError(400, "Username cannot contain control characters");
  const name = input.normalize("NFKC").replace(INVISIBLE, "").trim();
  if (!name) throw new HttpError(400, "Username cannot be empty");
  const mixed = mixedScriptReason(name);
  if (mixed) throw new HttpError(400, mixed);
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
