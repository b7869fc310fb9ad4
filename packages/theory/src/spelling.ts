/**
 * Spelling by key, Roman numerals and progression loops: how a musician writes the notes and chords of a
 * song once its key is known ("B♭m7, E♭m7, G♭7, F7" in B♭ minor — never "A#m7").
 *
 * Keys arrive in the engine's form ("A# Minor", "C Major": tonic with sharps, then the mode). Everything
 * here is pure; note arithmetic is delegated to tonal (`Note`, `Scale`).
 *
 * Sources: key-signature spellings follow the circle of fifths (the tonic spelling with the fewer
 * accidentals, see {@link KEY_TONIC_SPELLING}); chromatic degrees
 * follow common-practice usage (Aldwell & Schachter, *Harmony and Voice Leading*, ch. 1 and 21): in major
 * the borrowed ♭II, ♭III, ♭VI, ♭VII and the raised ♯IV; in minor the raised 6th and 7th (melodic/harmonic
 * minor), the Picardy major 3rd, ♯IV and the Neapolitan ♭II. Roman numerals are written against the
 * major scale of the tonic (the pop/jazz convention: "♭VI" in minor), case by chord quality.
 */
import { Note, Scale } from "tonal";
import { pitchClassFromChroma } from "./notes.js";

/** How note names are written: by the song's key, or always with the 12 sharp names. */
export type NoteNaming = "by-key" | "sharps";

/** A parsed key: tonic chroma 0..11 (0 = C) and mode. */
export interface ParsedKey {
  chroma: number;
  mode: "major" | "minor";
}

/**
 * The conventional spelling of each key's tonic, indexed by chroma 0..11: the spelling with the fewer
 * accidentals in its key signature (ties — F♯/G♭ major, D♯/E♭ minor — go to the one pop sheets use most:
 * F♯ major, E♭ minor).
 */
export const KEY_TONIC_SPELLING: Readonly<Record<"major" | "minor", readonly string[]>> = {
  major: ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"],
  minor: ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "G#", "A", "Bb", "B"],
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

const SIMPLE_NOTE = /^[A-G](#|b)?$/;
const AWKWARD = new Set(["E#", "B#", "Cb", "Fb"]);

/** Simplifies double accidentals and the awkward single ones (E♯, B♯, C♭, F♭) of chromatic notes. */
function plain(name: string): string {
  if (SIMPLE_NOTE.test(name) && !AWKWARD.has(name)) return name;
  return Note.simplify(name) || name;
}

const spellingCache = new Map<string, string[]>();

/** Options of the spelling functions. */
export interface SpellOptions {
  /**
   * Keep the key's tonic as written ("D# minor" stays D♯ minor: D♯ E♯ F♯…) unless that needs double
   * accidentals (G♯ major → A♭ major). Default false: the conventional spelling of the key (engine keys
   * arrive with sharps, "A# Minor" is written B♭ minor).
   */
  keepTonic?: boolean;
}

/** The tonic exactly as written in a key name ("D#" in "D# minor"), ASCII; null when not a key. */
function writtenTonic(key: string | null | undefined): string | null {
  if (!key) return null;
  const m = KEY_RE.exec(key.replace(/♯/g, "#").replace(/♭/g, "b"));
  if (!m?.[1]) return null;
  return m[1].charAt(0).toUpperCase() + m[1].slice(1);
}

/**
 * The 12 pitch-class names of a key, indexed by chroma (0 = C): the diatonic notes as in the key
 * signature (E♯ in F♯ major stays E♯), the five chromatic notes by the common-practice degree they
 * usually are (major: ♭2 ♭3 ♯4 ♭6 ♭7; minor: ♭2 ♮3 ♯4 ♮6 ♮7), written without double accidentals.
 * @param key a key name {@link parseKey} accepts.
 * @returns 12 ASCII note names ("Bb", "F#"), or null when `key` is not a key.
 */
export function keySpelling(key: string | null | undefined, options: SpellOptions = {}): string[] | null {
  const parsed = parseKey(key);
  if (!parsed) return null;
  const written = writtenTonic(key);
  const mode = parsed.mode === "major" ? "major" : "aeolian";
  const keep =
    options.keepTonic === true &&
    written !== null &&
    Scale.get(`${written} ${mode}`).notes.every((n) => !/##|bb/.test(n));
  const tonic = keep && written ? written : (KEY_TONIC_SPELLING[parsed.mode][parsed.chroma] ?? "C");
  const id = `${tonic}-${parsed.mode}`;
  const cached = spellingCache.get(id);
  if (cached) return cached;
  const degrees = Scale.get(`${tonic} ${mode}`).notes;
  const names: (string | null)[] = new Array(12).fill(null);
  for (const n of degrees) names[Note.chroma(n) ?? 0] = n;
  // Chromatic degrees: [scale degree index 0..6, "flat" | "sharp"].
  const chromatic: readonly [number, "b" | "#"][] =
    parsed.mode === "major"
      ? [
          [2, "b"],
          [5, "b"],
          [6, "b"],
          [3, "#"],
          [1, "b"],
        ]
      : [
          [6, "#"],
          [5, "#"],
          [2, "#"],
          [3, "#"],
          [1, "b"],
        ];
  for (const [deg, acc] of chromatic) {
    const base = degrees[deg];
    if (!base) continue;
    const name = plain(Note.transpose(base, acc === "#" ? "1A" : "-1A"));
    const c = Note.chroma(name);
    if (c !== undefined && c >= 0 && names[c] === null) names[c] = name;
  }
  const out = names.map((n, c) => n ?? pitchClassFromChroma(c));
  spellingCache.set(id, out);
  return out;
}

/**
 * Writes a note (any spelling, with or without octave) as the key writes it.
 * @param note "A#", "Bb", "C#4"…
 * @param key the song's key; null or `naming` "sharps" gives the 12 sharp names.
 * @returns ASCII name, octave kept ("A#4" in B♭ minor → "Bb4"); `note` unchanged when it is not a note.
 */
export function spellNote(
  note: string,
  key: string | null | undefined,
  naming: NoteNaming = "by-key",
  options: SpellOptions = {},
): string {
  const n = Note.get(note);
  if (n.empty) return note;
  const octave = n.oct === undefined ? "" : String(n.oct);
  if (naming === "sharps") return `${pitchClassFromChroma(n.chroma)}${octave}`;
  const names = keySpelling(key, options);
  const name = names ? names[n.chroma] : pitchClassFromChroma(n.chroma);
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
    naming === "sharps"
      ? pitchClassFromChroma(parsed.chroma)
      : (KEY_TONIC_SPELLING[parsed.mode][parsed.chroma] ?? "C");
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

const NUMERALS = ["I", "♭II", "II", "♭III", "III", "IV", "♯IV", "V", "♭VI", "VI", "♭VII", "VII"];

/** True for qualities read as minor or diminished (lower-case numeral). */
function isMinorish(suffix: string): boolean {
  return /^(m(?!aj)|min|dim|°|ø)/.test(suffix);
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

/** Inversion figure from the bass's interval above the root (semitones), for triads and sevenths. */
function inversionFigure(interval: number, seventh: boolean): string {
  if (interval === 3 || interval === 4) return seventh ? "65" : "6";
  if (interval === 7 || interval === 6 || interval === 8) return seventh ? "43" : "64";
  if (interval === 10 || interval === 11 || interval === 9) return seventh ? "42" : "";
  return "";
}

/**
 * The Roman numeral of a chord in a key, against the tonic's major scale (the pop/jazz convention):
 * in B♭ minor, B♭m7 → "i7", E♭m7 → "iv7", G♭7 → "♭VI7", F7 → "V7"; in C major, G7 → "V7", Bdim →
 * "vii°", Bm7b5 → "viiø7", C/E → "I6". Upper case for major, augmented and dominant chords, lower case
 * for minor and diminished; a slash bass that is a chord tone adds the figured-bass inversion
 * (6, 64; 65, 43, 42 for sevenths), any other bass is written "/♭VII" style.
 * @returns null for "N", unknown chords or a null key.
 */
export function romanNumeral(chord: string, key: string | null | undefined): string | null {
  const parsed = parseKey(key);
  const parts = parseChordName(chord);
  if (!parsed || !parts) return null;
  const root = Note.chroma(parts.root);
  if (root === undefined) return null;
  const degree = (root - parsed.chroma + 12) % 12;
  const upper = NUMERALS[degree] ?? "I";
  const numeral = isMinorish(parts.suffix) ? upper.toLowerCase() : upper;
  let suffix = numeralSuffix(parts.suffix);
  if (parts.bass !== null) {
    const bass = Note.chroma(parts.bass);
    if (bass === undefined) return `${numeral}${suffix}`;
    const interval = (bass - root + 12) % 12;
    const seventh = /7/.test(suffix);
    const figure = inversionFigure(interval, seventh);
    if (figure) {
      suffix = seventh ? suffix.replace("7", figure) : `${suffix}${figure}`;
      return `${numeral}${suffix}`;
    }
    const bassDegree = NUMERALS[(bass - parsed.chroma + 12) % 12] ?? "I";
    return `${numeral}${suffix}/${bassDegree}`;
  }
  return `${numeral}${suffix}`;
}

/** A progression loop found in a song. */
export interface ProgressionLoop {
  /** Roman numerals of the loop's chords (triad level, e.g. ["vi", "IV", "I", "V"]). */
  numerals: string[];
  /** How many times the loop occurs back to back or apart in the song's chord changes. */
  count: number;
}

/** Triad-level numeral: the numeral without sevenths, extensions or inversion ("V7" → "V", "ii65" → "ii"). */
function triadNumeral(chord: string, key: string): string | null {
  const parts = parseChordName(chord);
  if (!parts) return null;
  const minor = isMinorish(parts.suffix);
  const dim = /^(dim|°|m7b5|ø)/.test(parts.suffix);
  const base = romanNumeral(`${parts.root}${minor ? "m" : ""}`, key);
  if (!base) return null;
  return dim ? `${base}°` : base;
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
