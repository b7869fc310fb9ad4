/**
 * Note names in sargam, relative to a chosen Sa: Settings → Note names "Sargam (Hindustani)" and
 * "Carnatic". Pure (no tonal, no DOM).
 *
 * The conventions Tonic writes (see docs/ARCHITECTURE.md and the legend in Settings):
 * - Hindustani: Sa Re Ga Ma Pa Dha Ni. A komal (flat) swara is written in lower case — re ga dha ni —
 *   and tivra (sharp) Ma with a prime: Ma′. The 12 semitones from Sa: Sa re Re ga Ga Ma Ma′ Pa dha Dha
 *   ni Ni. (The data of `@tonic/theory/indian` uses the one-letter Latin form of the same convention:
 *   S r R g G m M P d D n N, where m is shuddha and M tivra Ma.)
 * - Carnatic: S R₁ R₂ R₃ G₁ G₂ G₃ M₁ M₂ P D₁ D₂ D₃ N₁ N₂ N₃. Four pitches have two names (R₂ = G₁,
 *   R₃ = G₂, D₂ = N₁, D₃ = N₂); a scale's own swaras decide which (Kanakangi's second note is G₁), and
 *   outside a scale the usual names are written: S R₁ R₂ G₂ G₃ M₁ M₂ P D₁ D₂ N₂ N₃.
 * - Octaves (saptak): a dot below the swara's first letter for the lower octave (mandra, "Ṇi"), none for
 *   the middle (madhya), a dot above for the upper (taar, "Ṡa"); two dots for two octaves away.
 *   The middle octave starts at the Sa nearest middle C: the Sa from G3 up to F♯4 ({@link madhyaSaMidi}).
 */
import { CARNATIC_SWARAS, HINDUSTANI_SWARAS } from "./indian.js";

/** Which sargam a screen writes. */
export type SwaraSystem = "hindustani" | "carnatic";

/** The 12 Hindustani names by semitone from Sa (komal lower case, tivra Ma with a prime). */
export const SARGAM_NAMES: readonly string[] = [
  "Sa",
  "re",
  "Re",
  "ga",
  "Ga",
  "Ma",
  "Ma′",
  "Pa",
  "dha",
  "Dha",
  "ni",
  "Ni",
];

/** The usual Carnatic name of each semitone from Sa, when no scale says otherwise (ASCII digits). */
export const CARNATIC_DEFAULT_SWARAS: readonly string[] = [
  "S",
  "R1",
  "R2",
  "G2",
  "G3",
  "M1",
  "M2",
  "P",
  "D1",
  "D2",
  "N2",
  "N3",
];

/** The word for each octave of Indian music: −1 mandra (lower), 0 madhya (middle), 1 taar (upper). */
export const SAPTAK_NAMES: Readonly<Record<-1 | 0 | 1, string>> = { [-1]: "mandra", 0: "madhya", 1: "taar" };

const SUBSCRIPT = ["₀", "₁", "₂", "₃", "₄", "₅", "₆", "₇", "₈", "₉"];

/** "R2" → "R₂": a Carnatic swara with its number as a subscript. */
export function carnaticLabel(swara: string): string {
  return swara.replace(/\d/g, (d) => SUBSCRIPT[Number(d)] ?? d);
}

const mod12 = (n: number) => ((Math.round(n) % 12) + 12) % 12;

/**
 * The name of a semitone above Sa.
 * @param semitone semitones from Sa, any integer (taken modulo 12).
 * @param system "hindustani" (Sa re Re …) or "carnatic" (S R₁ R₂ …).
 * @param scaleSwaras for Carnatic, the scale's own swaras in the data's spelling ("G1", "N3"); a semitone
 *   they name is written by them, the others by {@link CARNATIC_DEFAULT_SWARAS}. Ignored for Hindustani.
 * @returns the display name without octave marks ("Ma′", "R₂").
 */
export function swaraName(semitone: number, system: SwaraSystem, scaleSwaras?: readonly string[]): string {
  const s = mod12(semitone);
  if (system === "hindustani") return SARGAM_NAMES[s] ?? "Sa";
  const own = scaleSwaras?.find((w) => CARNATIC_SWARAS[w] === s);
  return carnaticLabel(own ?? CARNATIC_DEFAULT_SWARAS[s] ?? "S");
}

/**
 * Marks a swara's octave: a combining dot below the first letter per octave down (mandra), above per
 * octave up (taar); the middle octave is unmarked.
 * @param name a display name ("Ni", "S", "R₁").
 * @param octave octaves from the middle one (−1 mandra, 0 madhya, 1 taar; ±2 get two dots).
 */
export function withOctaveMark(name: string, octave: number): string {
  if (octave === 0 || name === "") return name;
  const mark = octave < 0 ? (octave === -1 ? "\u0323" : "\u0324") : octave === 1 ? "\u0307" : "\u0308";
  const extra = Math.max(0, Math.abs(octave) - 2);
  return `${name.charAt(0)}${mark}${mark.repeat(extra)}${name.slice(1)}`;
}

/**
 * The MIDI number of the middle octave's Sa (madhya Sa) for a Sa pitch class: the Sa nearest middle C,
 * from G3 (55) up to F♯4 (66). C → C4 (60), A → A3 (57), F♯ → F♯4 (66).
 * @param saChroma Sa's pitch class, 0 = C (any integer, taken modulo 12).
 */
export function madhyaSaMidi(saChroma: number): number {
  const c = mod12(saChroma);
  return c >= 7 ? 48 + c : 60 + c;
}

/** A pitch as a swara: its semitone above Sa and its octave relative to the middle one. */
export interface SwaraPitch {
  semitone: number;
  /** octaves from the middle octave (−1 mandra, 0 madhya, 1 taar) */
  octave: number;
}

/**
 * Where a MIDI note sits as a swara.
 * @param midi the note's MIDI number.
 * @param saChroma Sa's pitch class (0 = C).
 */
export function swaraOfMidi(midi: number, saChroma: number): SwaraPitch {
  const fromSa = Math.round(midi) - madhyaSaMidi(saChroma);
  return { semitone: mod12(fromSa), octave: Math.floor(fromSa / 12) };
}

const LETTER_CHROMA: Readonly<Record<string, number>> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const NOTE_RE = /^([A-Ga-g])([#♯b♭]*)(-?\d+)?$/;

/**
 * Reads a note name ("A#", "Bb4", "C♯3") as its pitch class and, when it has one, MIDI number.
 * @returns null when `note` is not a note name.
 */
export function readNote(note: string): { chroma: number; midi: number | null } | null {
  const m = NOTE_RE.exec(note.trim());
  if (!m?.[1]) return null;
  const letter = LETTER_CHROMA[m[1].toUpperCase()] ?? 0;
  let alter = 0;
  for (const ch of m[2] ?? "") alter += ch === "#" || ch === "♯" ? 1 : -1;
  const chroma = mod12(letter + alter);
  if (m[3] === undefined) return { chroma, midi: null };
  return { chroma, midi: (Number(m[3]) + 1) * 12 + letter + alter };
}

/** Options of {@link swaraLabel}. */
export interface SwaraLabelOptions {
  /** Carnatic: the scale's own swaras, which decide R₂ or G₁ (see {@link swaraName}). */
  scaleSwaras?: readonly string[];
  /** Write the octave mark when the note has an octave (default true). */
  octaveMarks?: boolean;
}

/**
 * A note written as a swara relative to Sa: "D4" with Sa C → "Re", "B3" → "Ṇi" (mandra), "C5" → "Ṡa".
 * @param note a note name with or without octave ("A#", "Bb4").
 * @param saChroma Sa's pitch class, 0 = C.
 * @param system "hindustani" or "carnatic".
 * @returns the label; `note` unchanged when it is not a note name.
 */
export function swaraLabel(
  note: string,
  saChroma: number,
  system: SwaraSystem,
  options: SwaraLabelOptions = {},
): string {
  const n = readNote(note);
  if (!n) return note;
  const name = swaraName(n.chroma - saChroma, system, options.scaleSwaras);
  if (n.midi === null || options.octaveMarks === false) return name;
  return withOctaveMark(name, swaraOfMidi(n.midi, saChroma).octave);
}

/**
 * A swara of `@tonic/theory/indian`'s data ("M", "n,", "S'", "R2") written for reading: Hindustani in
 * {@link SARGAM_NAMES} ("Ma′", "ṇi", "Ṡa"), Carnatic with subscripts ("R₂").
 * @returns the token unchanged when it is not a swara of the system.
 */
export function displaySwara(token: string, system: SwaraSystem): string {
  const m = /^([A-Za-z][1-3]?)([,']?)$/.exec(token);
  if (!m?.[1]) return token;
  const octave = m[2] === "," ? -1 : m[2] === "'" ? 1 : 0;
  if (system === "hindustani") {
    const semitone = HINDUSTANI_SWARAS[m[1]];
    if (semitone === undefined) return token;
    return withOctaveMark(SARGAM_NAMES[semitone] ?? token, octave);
  }
  if (CARNATIC_SWARAS[m[1]] === undefined) return token;
  return withOctaveMark(carnaticLabel(m[1]), octave);
}

/**
 * A phrase of the data (an aroha, avaroha or pakad: "N, R G R , P R") for reading: each swara by
 * {@link displaySwara}, a lone comma (a pause between phrases) as " – ".
 */
export function displayPhrase(phrase: string, system: SwaraSystem): string {
  return phrase
    .trim()
    .split(/\s+/)
    .map((t) => (t === "," || t === "|" ? "–" : displaySwara(t, system)))
    .join(" ");
}
