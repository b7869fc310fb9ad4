/**
 * Note, key and chord label helpers.
 *
 * Display names are the product's spelling (sharps only): "C", "Am", "G7", "Cmaj7", "Am7", "Bdim",
 * "Bm7b5", "Dsus4", "N". Harte syntax follows Harte et al. (2005), "Symbolic representation of musical
 * chords: a proposed syntax for text annotations" (ISMIR), as parsed by mir_eval: "C:maj", "A:min",
 * "G:7", "C:maj7", "A:min7", "B:dim", "B:hdim7", "D:sus4", "N".
 */
import { CHORD_SYMBOL_QUALITIES, PITCH_CLASSES } from "@tonic/theory/constants";
import { pitchClassName } from "@tonic/theory/units";
import { ChordLabelError, type PitchClassIndex, pitchClassIndex } from "./types.js";

/** The 12 pitch-class names, sharps only, index = pitch class (0 = C): `@tonic/theory`'s one list. */
export const NOTE_NAMES = PITCH_CLASSES;

/** A chord quality the engine knows, keyed by its Harte shorthand. */
export interface ChordQuality {
  /** Harte shorthand, e.g. "min7". */
  harte: string;
  /** Display suffix, e.g. "m7". */
  suffix: string;
  /** Intervals above the root in semitones, root first. */
  intervals: readonly number[];
}

/**
 * Known qualities: the entries of `@tonic/theory`'s one chord-quality table (`CHORD_SYMBOL_QUALITIES`)
 * that carry a Harte shorthand, in its order (which matters only for display), so every label the engine
 * writes is one a chord sheet accepts.
 */
export const QUALITIES: readonly ChordQuality[] = CHORD_SYMBOL_QUALITIES.flatMap(
  ({ harte, suffix, intervals }) => (harte === undefined ? [] : [{ harte, suffix, intervals }]),
);

const BY_HARTE = new Map(QUALITIES.map((q) => [q.harte, q]));
// Longest suffixes first so "m7b5" wins over "m7" and "m".
const BY_SUFFIX = [...QUALITIES].sort((a, b) => b.suffix.length - a.suffix.length);

const LETTER_PC: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/**
 * Parse a note name ("C", "C#", "Db", "E#", "Bbb") to a pitch class.
 * @throws {ChordLabelError} when the name is not a note.
 */
export function noteToPitchClass(name: string): PitchClassIndex {
  const m = /^([A-Ga-g])([#b]*)$/.exec(name.trim());
  if (!m) throw new ChordLabelError(`Not a note name: "${name}"`);
  const letter = (m[1] ?? "C").toUpperCase();
  let pc = LETTER_PC[letter] ?? 0;
  for (const ch of m[2] ?? "") pc += ch === "#" ? 1 : -1;
  return pitchClassIndex(pc);
}

/** Name of a pitch class with sharps ("C#"), for any integer (reduced modulo 12): `@tonic/theory/units`. */
export { pitchClassName };

/** A parsed chord: root pitch class, quality and (for slash chords such as "C/E") the bass pitch class. */
export type ParsedChord = { root: PitchClassIndex; quality: ChordQuality; bass?: PitchClassIndex } | null;

/**
 * Parse a display chord name ("C", "Am", "G7", "Bm7b5", "F#sus4", "Bb", "N").
 * Flats are accepted and normalised. A slash bass ("C/E", an inversion) is returned as `bass`.
 * @returns null for "N" (no chord).
 * @throws {ChordLabelError} for an unknown name or bass note.
 */
export function parseDisplayChord(display: string): ParsedChord {
  const [s = "", bassName] = display.trim().split("/");
  if (s === "N" || s === "") return null;
  const m = /^([A-G][#b]?)(.*)$/.exec(s);
  if (!m) throw new ChordLabelError(`Unknown chord name: "${display}"`);
  const root = noteToPitchClass(m[1] ?? "");
  const rest = m[2] ?? "";
  const quality = BY_SUFFIX.find((q) => q.suffix === rest);
  if (!quality) throw new ChordLabelError(`Unknown chord quality in "${display}"`);
  if (bassName === undefined) return { root, quality };
  return { root, quality, bass: noteToPitchClass(bassName) };
}

/** Harte bass degrees by semitones above the root (Harte 2005: "/3", "/b7", …). */
const BASS_DEGREE = ["1", "b2", "2", "b3", "3", "4", "b5", "5", "b6", "6", "b7", "7"] as const;

/**
 * Display name of a chord over a bass note: `slashChordName(0, "maj", 4)` = "C/E". When the bass is the
 * root (or null) the plain chord name is returned.
 * @throws {ChordLabelError} for an unknown quality.
 */
export function slashChordName(root: number, harteQuality: string, bass: number | null): string {
  const name = chordName(root, harteQuality);
  if (bass === null || pitchClassIndex(bass) === pitchClassIndex(root)) return name;
  return `${name}/${pitchClassName(bass)}`;
}

/** Display name for a root and a quality (Harte shorthand). */
export function chordName(root: number, harteQuality: string): string {
  const q = BY_HARTE.get(harteQuality);
  if (!q) throw new ChordLabelError(`Unknown chord quality "${harteQuality}"`);
  return pitchClassName(root) + q.suffix;
}

/**
 * Convert a display chord name to Harte syntax: "Am7" → "A:min7", "C" → "C:maj", "C/E" → "C:maj/3",
 * "N" → "N". The bass of a slash chord becomes a Harte bass degree relative to the root.
 * @throws {ChordLabelError} for an unknown name.
 */
export function chordToHarte(display: string): string {
  const p = parseDisplayChord(display);
  if (!p) return "N";
  const base = `${pitchClassName(p.root)}:${p.quality.harte}`;
  if (p.bass === undefined || p.bass === p.root) return base;
  return `${base}/${BASS_DEGREE[pitchClassIndex(p.bass - p.root)]}`;
}

/**
 * Convert a Harte label to a display name: "A:min7" → "Am7", "Bb:maj" → "A#", "C" → "C", "N"/"X" → "N".
 * Inversions ("/3") and added extensions in parentheses ("maj(9)") are dropped: the display name is the
 * root and the base quality. A bare root means major, as in Harte (2005).
 * @throws {ChordLabelError} for an unknown root or shorthand.
 */
export function harteToDisplay(harte: string): string {
  const s = harte.trim();
  if (s === "N" || s === "X" || s === "") return "N";
  const [rootPart = "", qualPart0] = s.split("/")[0]?.split(":") ?? [];
  const root = noteToPitchClass(rootPart);
  let qual = (qualPart0 ?? "maj").replace(/\(.*\)$/, "");
  if (qual === "") qual = "maj";
  return chordName(root, qual);
}

/** Key name in the product's spelling: tonic with sharps + " Major"/" Minor". */
export function keyName(tonic: number, mode: "major" | "minor"): string {
  return `${pitchClassName(tonic)} ${mode === "major" ? "Major" : "Minor"}`;
}

/**
 * Parse a key name such as "C Major", "A minor", "Bb minor", "F# Major".
 * @throws {ChordLabelError} when it is not a key.
 */
export function parseKey(name: string): { tonic: PitchClassIndex; mode: "major" | "minor" } {
  const m = /^\s*([A-Ga-g][#b]?)\s*[: ]\s*(major|minor|maj|min)\s*$/i.exec(name);
  if (!m) throw new ChordLabelError(`Not a key: "${name}"`);
  const mode = (m[2] ?? "").toLowerCase().startsWith("maj") ? "major" : "minor";
  return { tonic: noteToPitchClass(m[1] ?? ""), mode };
}
