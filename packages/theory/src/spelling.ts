/**
 * The one spelling rule of Tonic: how every screen writes notes, keys, chords and Roman numerals once the
 * key is known ("B♭m7, E♭m7, G♭7, F7" in B♭ minor — never "A#m7"; B♭ major's chords B♭ Cm Dm E♭ F Gm Adim;
 * F♯ major's vii° E♯dim). The Scale Explorer, piano, fretboard, lessons' staves and the song screen all
 * spell through this module; Settings → Note names "Sharps only" ({@link NoteNaming} "sharps") gives the
 * 12 sharp names everywhere instead.
 *
 * Keys arrive either as a sharp pitch class and a type (the pickers, PRODUCT §3's 12 stored values) or in the
 * engine's form ("A# Minor", "C Major": tonic with sharps, then the mode). Everything here is pure; note
 * arithmetic is delegated to tonal (`@tonaljs/note`, `@tonaljs/scale`).
 *
 * Sources:
 * - Key names: the enharmonic spelling whose key signature has fewer accidentals (circle of fifths); the
 *   two ties of six are written with sharps — F♯ major and its relative D♯ minor — so a key and its
 *   relative always share one spelling (see {@link KEY_TONIC_SPELLING}). Seven-accidental keys (C♯/C♭
 *   major, A♯/A♭ minor) are never used.
 * - Diatonic notes: one letter per degree, as in the key signature (E♯ in F♯ major, C♭ never needed).
 * - Chromatic notes by the degree they usually are in common-practice harmony (Aldwell & Schachter,
 *   *Harmony and Voice Leading*, ch. 1 and 21): in major the borrowed ♭II, ♭III, ♭VI, ♭VII and the raised
 *   ♯IV; in minor the raised 6th and 7th (melodic/harmonic minor), the Picardy major 3rd, ♯IV and the
 *   Neapolitan ♭II (C♭ in B♭ minor). Single accidentals are kept as the function needs them (E♯, B♯, C♭,
 *   F♭); double sharps and flats are written as their plain enharmonic (F𝄪 → G) for readability.
 * - Roman numerals count the key's own scale degrees (natural minor in minor, as PRODUCT §9 and the Scale
 *   Explorer: i ii° III iv v VI VII), an accidental only for a root outside that scale (♭VI in major, ♭II
 *   in minor); the leading-tone chords of minor (vii°, vii°7 on the raised 7th) need none. Case by chord
 *   quality. Inversions are written in plain words by default ("I/5": the chord's 5th in the bass), the
 *   figured-bass figures (I⁶₄ as "I64") only on request.
 */
import * as Note from "@tonaljs/note";
import { get as getTonalScale } from "@tonaljs/scale";
import { CHORD_QUALITIES, ROMAN_NUMERALS } from "./constants.js";
import { pitchClassFromChroma } from "./notes.js";
import {
  chordSymbol,
  type DiatonicTriad,
  getScale,
  type ScaleWithChords,
  scaleTypeLabel,
  triadName,
} from "./scales.js";
import type { PitchClass, ScaleType } from "./types.js";

/**
 * How note names are written: by the song's key, always with the 12 sharp names, or in sargam relative to
 * a Sa ("sargam" Hindustani, "carnatic"; see sargam.ts). Chords and keys have no sargam spelling, so every
 * function here writes them by key under the two sargam namings; the screens that show single notes
 * write swaras through sargam.ts.
 */
export type NoteNaming = "by-key" | "sharps" | "sargam" | "carnatic";

/** The sargam system of a naming, or null for the Western namings. */
export function swaraSystemOf(naming: NoteNaming): "hindustani" | "carnatic" | null {
  return naming === "sargam" ? "hindustani" : naming === "carnatic" ? "carnatic" : null;
}

/** A parsed key: tonic chroma 0..11 (0 = C) and mode. */
export interface ParsedKey {
  chroma: number;
  mode: "major" | "minor";
}

/**
 * The conventional spelling of each key's tonic, indexed by chroma 0..11: the spelling with the fewer
 * accidentals in its key signature (D♭ major, 5 flats, not C♯ major, 7 sharps; C♯ minor, 4 sharps, not
 * D♭ minor). The ties of six go to sharps — F♯ major (not G♭) and its relative D♯ minor (not E♭) — so a
 * key and its relative are always spelled alike.
 */
export const KEY_TONIC_SPELLING: Readonly<Record<"major" | "minor", readonly string[]>> = {
  major: ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"],
  minor: ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "Bb", "B"],
};

const KEY_RE = /^\s*([A-Ga-g](?:#|b|♯|♭)?)\s*(major|minor|maj|min|m)?\s*$/i;

/**
 * Parses a key name such as "A# Minor", "Bb minor", "C Major" or "F#m".
 * @returns the tonic chroma and mode, or null when `key` is null, empty or not a key name.
 */
export function parseKey(key: string | null | undefined): ParsedKey | null {
  if (!key) return null;
  const m = KEY_RE.exec(key.replace(/♯/g, "#").replace(/♭/g, "b"));
  if (!m?.[1]) return null;
  const tonic = m[1].charAt(0).toUpperCase() + m[1].slice(1);
  const note = Note.get(tonic);
  if (note.empty) return null;
  const modeWord = (m[2] ?? "major").toLowerCase();
  const mode = modeWord === "minor" || modeWord === "min" || modeWord === "m" ? "minor" : "major";
  return { chroma: note.chroma, mode };
}

/**
 * The conventional tonic of a key ({@link KEY_TONIC_SPELLING}), ASCII.
 * @param chroma the tonic's pitch class number, any integer (taken modulo 12).
 * @param mode "major" or "minor".
 * @returns e.g. (10, "major") → "Bb", (1, "minor") → "C#", (6, "major") → "F#".
 */
export function keyTonic(chroma: number, mode: ScaleType): string {
  return KEY_TONIC_SPELLING[mode][((chroma % 12) + 12) % 12] ?? "C";
}

const LETTERS = "CDEFGAB";

/** Writes a double sharp or flat as its plain enharmonic (F## → G); other names unchanged. */
function plain(name: string): string {
  if (!/##|bb/.test(name)) return name;
  return Note.simplify(name) || name;
}

/** One of the 12 pitch classes as a key uses it. */
export interface KeyDegree {
  /** ASCII name ("Bb", "E#", "Cb"); no double accidentals. */
  readonly name: string;
  /** Zero-based scale degree whose letter the note takes, 0–6. */
  readonly degree: number;
  /** Semitones from the key's own scale note on that degree: -1, 0 or +1 (natural minor in minor). */
  readonly alter: -1 | 0 | 1;
}

const degreesCache = new Map<string, KeyDegree[]>();

/**
 * The 12 pitch classes of a key by function, indexed by chroma (0 = C): the 7 scale notes as in the key
 * signature, the 5 chromatic ones as the common-practice degree they usually are (major: ♭2 ♭3 ♯4 ♭6 ♭7;
 * minor: ♭2 ♮3 ♯4 ♮6 ♮7 — raised 3rd, 6th and 7th).
 * @param key a key name {@link parseKey} accepts.
 * @returns 12 entries, or null when `key` is not a key.
 */
export function keyDegrees(key: string | null | undefined): readonly KeyDegree[] | null {
  const parsed = parseKey(key);
  if (!parsed) return null;
  const tonic = keyTonic(parsed.chroma, parsed.mode);
  const id = `${tonic}-${parsed.mode}`;
  const cached = degreesCache.get(id);
  if (cached) return cached;
  const scale = getTonalScale(`${tonic} ${parsed.mode === "major" ? "major" : "aeolian"}`).notes;
  const out: (KeyDegree | null)[] = new Array(12).fill(null);
  scale.forEach((n, degree) => {
    out[Note.chroma(n) ?? 0] = { name: n, degree, alter: 0 };
  });
  // Chromatic degrees: [scale degree index 0..6, -1 flat | +1 sharp], in order of preference.
  const chromatic: readonly [number, -1 | 1][] =
    parsed.mode === "major"
      ? [
          [2, -1],
          [5, -1],
          [6, -1],
          [3, 1],
          [1, -1],
        ]
      : [
          [6, 1],
          [5, 1],
          [2, 1],
          [3, 1],
          [1, -1],
        ];
  for (const [degree, alter] of chromatic) {
    const base = scale[degree];
    if (!base) continue;
    const functional = Note.transpose(base, alter === 1 ? "1A" : "-1A");
    const c = Note.chroma(functional);
    if (c === undefined || out[c] !== null) continue;
    const name = plain(functional);
    if (name === functional) {
      out[c] = { name, degree, alter };
      continue;
    }
    // A double accidental written plainly (C𝄪 → D in G♯ minor) takes the degree of its own letter (♭5).
    const own = (LETTERS.indexOf(name.charAt(0)) - LETTERS.indexOf(tonic.charAt(0)) + 7) % 7;
    const diff = ((c - (Note.chroma(scale[own] ?? name) ?? c) + 18) % 12) - 6;
    out[c] = { name, degree: own, alter: diff < 0 ? -1 : diff > 0 ? 1 : 0 };
  }
  const full = out.map((d, c) => d ?? { name: pitchClassFromChroma(c), degree: 0, alter: 0 as const });
  degreesCache.set(id, full);
  return full;
}

/**
 * The 12 pitch-class names of a key, indexed by chroma (0 = C): {@link keyDegrees}' names.
 * @param key a key name {@link parseKey} accepts.
 * @returns 12 ASCII note names ("Bb", "F#", "E#"), or null when `key` is not a key.
 */
export function keySpelling(key: string | null | undefined): string[] | null {
  const degrees = keyDegrees(key);
  return degrees ? degrees.map((d) => d.name) : null;
}

/** Options of {@link spellNote}. */
export interface SpellNoteOptions {
  /**
   * How a note outside the key's scale is written: "function" (default) by the degree it usually is, E♯,
   * B♯, C♭ and F♭ included (♭II of B♭ minor is C♭: right for a chord's name); "plain" without those four
   * (B, not C♭), for labels of single keys and frets, where C♭ on a white key only puzzles.
   */
  outOfScale?: "function" | "plain";
}

const AWKWARD: Readonly<Record<string, string>> = { "E#": "F", "B#": "C", Cb: "B", Fb: "E" };

/**
 * Writes a note (any spelling, with or without octave) as the key writes it.
 * @param note "A#", "Bb", "C#4"…
 * @param key the song's key; null or `naming` "sharps" gives the 12 sharp names.
 * @param options how notes outside the scale are written (see {@link SpellNoteOptions}).
 * @returns ASCII name, octave kept ("A#4" in B♭ minor → "Bb4"); `note` unchanged when it is not a note.
 */
export function spellNote(
  note: string,
  key: string | null | undefined,
  naming: NoteNaming = "by-key",
  options: SpellNoteOptions = {},
): string {
  const n = Note.get(note);
  if (n.empty) return note;
  const octave = n.oct === undefined ? "" : String(n.oct);
  if (naming === "sharps") return `${pitchClassFromChroma(n.chroma)}${octave}`;
  const degrees = keyDegrees(key);
  const entry = degrees?.[n.chroma];
  const chromatic = entry !== undefined && entry.alter !== 0;
  const name = !entry
    ? pitchClassFromChroma(n.chroma)
    : options.outOfScale === "plain" && chromatic
      ? (AWKWARD[entry.name] ?? entry.name)
      : entry.name;
  // Keep the octave of the written letter: B#3 is C4, Cb4 is B3.
  if (n.oct === undefined || !name) return name ?? note;
  const midi = n.midi ?? 0;
  const spelled = Note.get(`${name}${n.oct}`);
  const shift = spelled.midi === null ? 0 : Math.round((midi - spelled.midi) / 12);
  return `${name}${n.oct + shift}`;
}

const CHORD_RE = /^([A-G](?:#|b)?)([^/]*)(?:\/([A-G](?:#|b)?))?$/;

/** A chord symbol split into root, quality suffix and optional slash bass (ASCII accidentals). */
export interface ChordParts {
  root: string;
  suffix: string;
  bass: string | null;
}

/**
 * Splits a chord display name ("F#m7", "C/E", "Bbmaj7") into root, suffix and bass.
 * @returns null for "N" (no chord), "X" or anything that does not start with a note letter.
 */
export function parseChordName(chord: string): ChordParts | null {
  const m = CHORD_RE.exec(chord.trim().replace(/♯/g, "#").replace(/♭/g, "b"));
  if (!m?.[1]) return null;
  return { root: m[1], suffix: m[2] ?? "", bass: m[3] ?? null };
}

/**
 * Writes a chord the way its key is written: "A#m7" in "A# Minor" → "Bbm7", "F#7" → "Gb7", "C/E" stays.
 * @param chord a display name from the engine or the song store; "N" and other non-chords are returned as is.
 * @param key the song's key (null: sharps).
 * @param naming "sharps" keeps the 12 sharp names.
 */
export function spellChord(
  chord: string,
  key: string | null | undefined,
  naming: NoteNaming = "by-key",
): string {
  const parts = parseChordName(chord);
  if (!parts) return chord;
  const root = spellNote(parts.root, key, naming);
  const bass = parts.bass === null ? "" : `/${spellNote(parts.bass, key, naming)}`;
  return `${root}${parts.suffix}${bass}`;
}

/**
 * Writes a key name by its own spelling: "A# Minor" → "Bb Minor", "C# Major" → "Db Major".
 * @returns the key unchanged with `naming` "sharps" or when it is not a key; null for null.
 */
export function spellKey(key: string | null | undefined, naming: NoteNaming = "by-key"): string | null {
  if (!key) return null;
  const parsed = parseKey(key);
  if (!parsed) return key;
  const tonic =
    naming === "sharps" ? pitchClassFromChroma(parsed.chroma) : keyTonic(parsed.chroma, parsed.mode);
  return `${tonic} ${parsed.mode === "major" ? "Major" : "Minor"}`;
}

/**
 * Typesets accidentals for reading: "Bbm7" → "B♭m7", "F#" → "F♯", "Cm7b5" → "Cm7♭5", "Bb Minor" →
 * "B♭ Minor". A "b" is an accidental only right after a note letter or before a digit.
 */
export function prettyAccidentals(text: string): string {
  return text
    .replace(/([A-G])#/g, "$1♯")
    .replace(/([A-G])b/g, "$1♭")
    .replace(/([^A-Za-z])b(\d)/g, "$1♭$2")
    .replace(/(\d)b(\d)/g, "$1♭$2")
    .replace(/([a-z])b(\d)/g, "$1♭$2")
    .replace(/#(\d)/g, "♯$1");
}

const ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII"] as const;

/** True for qualities read as minor or diminished (lower-case numeral). */
function isMinorish(suffix: string): boolean {
  return /^(m(?!aj)|min|dim|°|ø)/.test(suffix);
}

/** True for the diminished family (dim, dim7, m7b5). */
function isDiminished(suffix: string): boolean {
  return /^(dim|°|m7b5|ø)/.test(suffix);
}

/** The numeral's suffix for a chord quality suffix ("m7" → "7", "dim" → "°", "m7b5" → "ø7"). */
function numeralSuffix(suffix: string): string {
  if (suffix === "" || suffix === "m" || suffix === "min" || suffix === "maj") return "";
  if (suffix === "dim" || suffix === "°") return "°";
  if (suffix === "dim7" || suffix === "°7") return "°7";
  if (suffix === "m7b5" || suffix === "ø" || suffix === "ø7") return "ø7";
  if (suffix === "aug" || suffix === "+") return "+";
  if (suffix.startsWith("m") && !suffix.startsWith("maj")) return suffix.slice(1);
  return suffix;
}

/** Figured-bass inversion figure from the bass's interval above the root (semitones). */
function inversionFigure(interval: number, seventh: boolean): string {
  if (interval === 3 || interval === 4) return seventh ? "65" : "6";
  if (interval === 7 || interval === 6 || interval === 8) return seventh ? "43" : "64";
  if (interval === 10 || interval === 11 || interval === 9) return seventh ? "42" : "";
  return "";
}

/**
 * The bass of a slash chord in plain words, as the interval above the chord's root: "3", "5", "7" for
 * the chord's own third, fifth and seventh, otherwise the interval with its accidental against the major
 * scale of the root ("♭7", "2", "♯4").
 */
function bassInterval(interval: number, seventh: boolean): string {
  if (interval === 3 || interval === 4) return "3";
  if (interval === 6 || interval === 7 || interval === 8) return "5";
  if (seventh && (interval === 9 || interval === 10 || interval === 11)) return "7";
  return ["1", "♭2", "2", "♭3", "3", "4", "♯4", "5", "♭6", "6", "♭7", "7"][interval] ?? "";
}

/** How {@link romanNumeral} writes a slash chord's bass. */
export interface NumeralOptions {
  /**
   * "plain" (default): the bass as the interval above the chord's root, "I/3", "I/5", "V7/7", "I/♭7"
   * (first, second and third inversion, or another bass). "figured": figured bass, "I6", "I64", "V65",
   * "V43", "V42" (a bass outside the chord is still written "I/♭7").
   */
  inversions?: "plain" | "figured";
}

/**
 * The Roman numeral of a chord in a key, on the key's own scale degrees (natural minor in minor, PRODUCT §9):
 * in C major, G7 → "V7", Bdim → "vii°", Bm7b5 → "viiø7", B♭ → "♭VII", C/G → "I/5"; in B♭ minor, B♭m7 →
 * "i7", E♭m7 → "iv7", G♭7 → "VI7", F7 → "V7", C♭ (or B) → "♭II", Adim → "vii°". The chord's root is read
 * by its function in the key ({@link keyDegrees}), so its numeral and its spelling always agree. Upper
 * case for major, augmented and dominant chords, lower case for minor and diminished.
 * @param chord a chord name ("Bbm7", "A#m7", "C/E"); "N" and non-chords give null.
 * @param key the song's key; null gives null.
 * @param options how an inversion is written (default plain words, see {@link NumeralOptions}).
 */
export function romanNumeral(
  chord: string,
  key: string | null | undefined,
  options: NumeralOptions = {},
): string | null {
  const parsed = parseKey(key);
  const degrees = keyDegrees(key);
  const parts = parseChordName(chord);
  if (!parsed || !degrees || !parts) return null;
  const root = Note.chroma(parts.root);
  if (root === undefined) return null;
  const entry = degrees[root];
  if (!entry) return null;
  // The raised 6th and 7th of minor are scale degrees of melodic/harmonic minor: their diminished chords
  // (vii°, vii°7, viiø7; vi°) are written without an accidental, as in common-practice analysis.
  const minorRaised = parsed.mode === "minor" && entry.alter === 1 && entry.degree >= 5;
  const accidental =
    entry.alter === -1 ? "♭" : entry.alter === 1 && !(minorRaised && isDiminished(parts.suffix)) ? "♯" : "";
  const upper = `${accidental}${ROMAN[entry.degree] ?? "I"}`;
  const numeral = isMinorish(parts.suffix) ? upper.toLowerCase() : upper;
  const suffix = numeralSuffix(parts.suffix);
  if (parts.bass === null) return `${numeral}${suffix}`;
  const bass = Note.chroma(parts.bass);
  if (bass === undefined) return `${numeral}${suffix}`;
  const interval = (bass - root + 12) % 12;
  const seventh = /7/.test(suffix);
  if (options.inversions === "figured") {
    const figure = inversionFigure(interval, seventh);
    if (figure) return `${numeral}${seventh ? suffix.replace("7", figure) : `${suffix}${figure}`}`;
  }
  return `${numeral}${suffix}/${bassInterval(interval, seventh)}`;
}

/**
 * What a plain-words numeral's bass means, for a tooltip or screen reader: "I/5" → "I with its 5th in the
 * bass (second inversion)", "V7/7" → "V7 with its 7th in the bass (third inversion)", "I/♭7" → "I with
 * the ♭7 in the bass".
 * @returns the numeral unchanged when it has no slash bass.
 */
export function describeNumeral(numeral: string): string {
  const m = /^(.+)\/([♭♯]?\d)$/.exec(numeral);
  if (!m?.[1] || !m[2]) return numeral;
  const inversion: Record<string, string> = { "3": "first", "5": "second", "7": "third" };
  const which = inversion[m[2]];
  return which
    ? `${m[1]} with its ${m[2]}${m[2] === "3" ? "rd" : "th"} in the bass (${which} inversion)`
    : `${m[1]} with the ${m[2]} in the bass`;
}

/** A progression loop found in a song. */
export interface ProgressionLoop {
  /** Roman numerals of the loop's chords (triad level, e.g. ["vi", "IV", "I", "V"]). */
  numerals: string[];
  /** How many times the loop occurs back to back or apart in the song's chord changes. */
  count: number;
}

/** Triad-level numeral: the numeral without sevenths, extensions or inversion ("V7" → "V", "ii7/3" → "ii"). */
function triadNumeral(chord: string, key: string): string | null {
  const parts = parseChordName(chord);
  if (!parts) return null;
  const quality = isDiminished(parts.suffix) ? "dim" : isMinorish(parts.suffix) ? "m" : "";
  return romanNumeral(`${parts.root}${quality}`, key);
}

/**
 * The song's most common chord loop: the sequence of 3 or 4 distinct-in-a-row triad numerals that occurs
 * most often among the chord changes (no-chord "N" and repeats of the same chord are skipped). Longer loops
 * win ties in coverage (count × length); rotations of a loop count as the same loop, named from the
 * rotation heard first.
 * @param chords chord names in time order (one per change).
 * @param key the song's key.
 * @returns null without a key or when no loop of 3–4 chords occurs at least twice.
 */
export function commonProgression(
  chords: readonly string[],
  key: string | null | undefined,
): ProgressionLoop | null {
  if (!key || !parseKey(key)) return null;
  const seq: string[] = [];
  for (const c of chords) {
    const n = triadNumeral(c, key);
    if (n === null || seq.at(-1) === n) continue;
    seq.push(n);
  }
  let best: { numerals: string[]; count: number; score: number; first: number } | null = null;
  for (const len of [4, 3]) {
    const counts = new Map<string, { count: number; first: number; end: number; numerals: string[] }>();
    for (let i = 0; i + len <= seq.length; i++) {
      const win = seq.slice(i, i + len);
      if (new Set(win).size !== len) continue;
      // Canonical rotation: the lexicographically smallest, so rotations share one counter.
      const rotations = win.map((_, r) => [...win.slice(r), ...win.slice(0, r)].join("-"));
      const canon = [...rotations].sort()[0] ?? "";
      const entry = counts.get(canon);
      // Count occurrences that do not overlap the previous one (a loop heard 4 times counts 4).
      if (!entry) counts.set(canon, { count: 1, first: i, end: i + len, numerals: win });
      else if (i >= entry.end) {
        entry.count++;
        entry.end = i + len;
      }
    }
    for (const e of counts.values()) {
      if (e.count < 2) continue;
      const score = e.count * len;
      if (!best || score > best.score || (score === best.score && e.first < best.first)) {
        best = { numerals: e.numerals, count: e.count, score, first: e.first };
      }
    }
  }
  return best ? { numerals: best.numerals, count: best.count } : null;
}

/**
 * A diatonic triad as a screen writes it (ASCII accidentals; typeset with {@link prettyAccidentals}): the
 * root is the scale's own note on the degree ("Eb" in B♭ major, "E#" in F♯ major), so symbols read "Eb",
 * "Cm", "E#dim", and the notes are one letter apart by thirds ("C", "Eb", "G").
 */
export interface SpelledChord extends DiatonicTriad<string> {
  /** The same three notes as sharp pitch classes, for sound and for lighting keys (PRODUCT §3). */
  readonly pitchClasses: readonly PitchClass[];
}

/**
 * A scale as every screen writes it: title ("Bb Major"), notes ("Bb", "C", "D", "Eb", "F", "G", "A", one
 * letter each) and diatonic chords in one spelling; `root` is the stored value underneath.
 */
export interface SpelledScale extends ScaleWithChords<string, SpelledChord> {
  /** The key's tonic as written: "Bb" for the stored "A#" in major ("A#" with naming "sharps"). */
  readonly tonic: string;
}

/**
 * A scale spelled by its key: the conventional tonic ({@link KEY_TONIC_SPELLING}), one letter per
 * degree, and each diatonic chord built from the scale's own letters (B♭ major: B♭ C D E♭ F G A; chords
 * B♭, Cm, Dm, E♭, F, Gm, Adim; F♯ major's vii° is E♯dim). With `naming` "sharps" every name is one of the
 * 12 sharp names instead (Settings → Note names "Sharps only").
 * @param root the stored tonic, one of the 12 sharp names.
 * @param type "major" or "minor" (natural minor).
 * @param naming "by-key" (default) or "sharps".
 * @returns the spelled scale; chords carry their sharp pitch classes for sound.
 */
export function spellScale(root: PitchClass, type: ScaleType, naming: NoteNaming = "by-key"): SpelledScale {
  const sharp = getScale(root, type);
  const tonic = naming === "sharps" ? root : keyTonic(Note.chroma(root) ?? 0, type);
  const notes: readonly string[] =
    naming === "sharps"
      ? sharp.notes
      : getTonalScale(`${tonic} ${type === "major" ? "major" : "aeolian"}`).notes.map(plain);
  const at = (i: number): string => notes[i % 7] ?? "";
  const chords = sharp.chords.map((c, degree): SpelledChord => {
    const quality = CHORD_QUALITIES[type][degree] ?? "major";
    const chordRoot = at(degree);
    return {
      degree,
      numeral: ROMAN_NUMERALS[type][degree] ?? "",
      root: chordRoot,
      symbol: chordSymbol(chordRoot, quality),
      name: triadName(chordRoot, quality),
      notes: [at(degree), at(degree + 2), at(degree + 4)],
      pitchClasses: c.notes,
    };
  });
  return { root, type, tonic, name: `${tonic} ${scaleTypeLabel(type)}`, notes, chords };
}

/**
 * A picker's label for one of the 12 stored pitch classes: both names where a black key has two
 * ("A# / Bb"), the one name of a white key ("C"). With `naming` "sharps" only the sharp name.
 * @param pitchClass one of the 12 sharp names.
 * @returns ASCII label; typeset with {@link prettyAccidentals} ("A♯ / B♭").
 */
export function pitchClassLabel(pitchClass: PitchClass, naming: NoteNaming = "by-key"): string {
  if (naming === "sharps" || !pitchClass.includes("#")) return pitchClass;
  return `${pitchClass} / ${Note.enharmonic(pitchClass)}`;
}
