/**
 * The chord grammar of chord sheets: what a musician may type or pick for one chord ("Bbm7/F", "C",
 * "F#dim", "Gsus4", "Dadd9", "A6", "N"), parsed into root, quality and bass and written back in one
 * canonical form.
 *
 * Canonical labels are the ones the analysis engine writes (root with the 12 sharp names of PRODUCT §3,
 * then a quality suffix, then "/bass"), so an edited sheet and the engine's answer are spelled, transposed
 * and numbered by the same code (`spelling.ts`). "N" is "no chord" (MIREX / Harte et al. 2005, "Symbolic
 * representation of musical chords", ISMIR).
 */
import { CHORD_SYMBOL_QUALITIES } from "./constants.js";
import { toPitchClass } from "./notes.js";
import type { PitchClass } from "./types.js";

/** The qualities a sheet may hold, and the analysis engine's among them (the one table, in constants). */
export { CHORD_SYMBOL_QUALITIES, type ChordSymbolQuality } from "./constants.js";

/** How many of {@link CHORD_SYMBOL_QUALITIES} the chord picker offers (issue 30's list). */
export const PICKER_QUALITY_COUNT = 10;

/** The "no chord" label. */
export const NO_CHORD = "N";

/** Longest label a sheet accepts (characters). */
export const MAX_CHORD_LABEL_LENGTH = 16;

/**
 * Other ways musicians write a quality, mapped to the canonical suffix. Matched case-sensitively after
 * the root ("M7" is major seventh, "m7" minor seventh), longest first.
 */
const QUALITY_ALIASES: Readonly<Record<string, string>> = {
  "": "",
  maj: "",
  M: "",
  major: "",
  m: "m",
  min: "m",
  minor: "m",
  "-": "m",
  "7": "7",
  dom7: "7",
  maj7: "maj7",
  Maj7: "maj7",
  M7: "maj7",
  ma7: "maj7",
  Δ: "maj7",
  Δ7: "maj7",
  m7: "m7",
  min7: "m7",
  "-7": "m7",
  dim: "dim",
  "°": "dim",
  o: "dim",
  sus2: "sus2",
  sus4: "sus4",
  sus: "sus4",
  add9: "add9",
  add2: "add9",
  "6": "6",
  maj6: "6",
  m6: "m6",
  min6: "m6",
  m7b5: "m7b5",
  "m7♭5": "m7b5",
  min7b5: "m7b5",
  ø: "m7b5",
  ø7: "m7b5",
  dim7: "dim7",
  "°7": "dim7",
  o7: "dim7",
  aug: "aug",
  "+": "aug",
  "9": "9",
  mMaj7: "mMaj7",
  mmaj7: "mMaj7",
  mM7: "mMaj7",
  minmaj7: "mMaj7",
};

/** A parsed chord symbol. */
export interface ChordSymbol {
  /** Root pitch class (sharp names). */
  root: PitchClass;
  /** Canonical quality suffix, one of {@link CHORD_SYMBOL_QUALITIES}. */
  quality: string;
  /** Bass pitch class of a slash chord, or null (also null when the bass is the root). */
  bass: PitchClass | null;
}

/**
 * Reads a pitch-class name: a letter A–G (either case) and at most two of "#", "♯", "b", "♭" (no octave).
 * @returns the pitch class (sharp names), or null when `text` is not such a name.
 */
function readPitchClass(text: string): PitchClass | null {
  const m = /^([A-Ga-g])([#♯b♭]{0,2})$/.exec(text.trim());
  if (!m?.[1]) return null;
  try {
    return toPitchClass(`${m[1].toUpperCase()}${(m[2] ?? "").replace(/♯/g, "#").replace(/♭/g, "b")}`);
  } catch {
    return null;
  }
}

/**
 * Parses one chord as a musician types it: root (A–G, either case, with #/♯/b/♭), a quality in any
 * common spelling ("m", "min", "-", "maj7", "M7", "Δ", "dim", "°", "sus", "add9", "ø", "+", …) and an
 * optional "/bass" note. Spaces are ignored. "N", "NC" and "N.C." are no chord.
 * @param text what was typed, at most {@link MAX_CHORD_LABEL_LENGTH} characters once trimmed.
 * @returns the chord, `"N"` for no chord, or null when the text is not a chord of the grammar
 *   (e.g. "H7", "Cmaj13", "C/X").
 */
export function parseChordSymbol(text: string): ChordSymbol | typeof NO_CHORD | null {
  const s = text.replace(/\s+/g, "");
  if (s.length === 0 || s.length > MAX_CHORD_LABEL_LENGTH) return null;
  if (/^(N|NC|N\.C\.?)$/i.test(s)) return NO_CHORD;
  const m = /^([A-Ga-g][#♯b♭]?)([^/]*)(?:\/(.+))?$/.exec(s);
  if (!m?.[1]) return null;
  const root = readPitchClass(m[1]);
  // Own keys only: "CtoString" or "Cconstructor" must not find Object.prototype's members.
  const typed = m[2] ?? "";
  const quality = Object.hasOwn(QUALITY_ALIASES, typed) ? QUALITY_ALIASES[typed] : undefined;
  if (root === null || quality === undefined) return null;
  let bass: PitchClass | null = null;
  if (m[3] !== undefined) {
    bass = readPitchClass(m[3]);
    if (bass === null) return null;
    if (bass === root) bass = null;
  }
  return { root, quality, bass };
}

/**
 * Writes a chord in the canonical form: "A#m7/F", "C", "Gsus4".
 * @throws RangeError when `chord.quality` is not one of {@link CHORD_SYMBOL_QUALITIES}.
 */
export function formatChordSymbol(chord: ChordSymbol): string {
  if (!CHORD_SYMBOL_QUALITIES.some((q) => q.suffix === chord.quality)) {
    throw new RangeError(`Unknown chord quality "${chord.quality}"`);
  }
  return `${chord.root}${chord.quality}${chord.bass !== null ? `/${chord.bass}` : ""}`;
}

/**
 * The canonical label of what was typed: "bbm7 / f" → "A#m7/F", "NC" → "N".
 * @returns null when the text is not a chord of the grammar.
 */
export function normalizeChordLabel(text: string): string | null {
  const parsed = parseChordSymbol(text);
  if (parsed === null) return null;
  return parsed === NO_CHORD ? NO_CHORD : formatChordSymbol(parsed);
}

/** Whether `label` is already a canonical sheet label ("N" or e.g. "A#m7/F"). */
export function isChordLabel(label: string): boolean {
  return normalizeChordLabel(label) === label;
}
