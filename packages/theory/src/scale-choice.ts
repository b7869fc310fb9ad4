/**
 * The scales the scale tools offer (Scale Explorer, piano and fretboard): Western Major and Minor, the ten
 * Hindustani thaats, the 72 Carnatic melakartas and the ragas of `@tonic/theory/indian`, each under one
 * string id that lives in the URL (`?scale=…`) and the stored settings:
 *
 *   "major" | "minor" | "thaat-kafi" | "mela-22" | "raga-yaman" | "raga-darbari-kanada"
 *
 * The two Western ids are PRODUCT §3's stored values, so old links and settings keep working. Pure.
 */
import * as Note from "@tonaljs/note";
import {
  MELAKARTAS,
  type Melakarta,
  melakarta,
  parseSwaras,
  RAGAS,
  type Raga,
  THAATS,
  type Thaat,
} from "./indian.js";
import { chromaOf, pitchClassFromChroma } from "./notes.js";
import { swaraLabel } from "./sargam.js";
import { KEY_TONIC_SPELLING, type NoteNaming, spellNote, spellScale, swaraSystemOf } from "./spelling.js";
import type { PitchClass, ScaleType } from "./types.js";

/** Which list a scale is picked from. */
export type ScaleFamily = "western" | "thaat" | "melakarta" | "raga";

/** One scale the tools can show. */
export interface ScaleChoice {
  /** The id in URLs and settings ("major", "thaat-kafi", "mela-22", "raga-yaman"). */
  readonly id: string;
  readonly family: ScaleFamily;
  /** "Major", "Kafi", "Kharaharapriya", "Yaman". */
  readonly name: string;
  /** The picker's label: "Kafi — Dorian", "22 Kharaharapriya — Dorian", "Yaman". */
  readonly label: string;
  /** The Western mode with the same notes, or null ("Dorian"; Major and Minor: null). */
  readonly westernMode: string | null;
  /** Whose swara spelling the data uses. */
  readonly system: "western" | "hindustani" | "carnatic";
  /** Semitones above the tonic (Sa), ascending, unique, 0 first. */
  readonly semitones: readonly number[];
  /** One swara per semitone in the data's spelling ("S", "r", "M"; "R2", "G1"). */
  readonly swaras: readonly string[];
  /** "major" or "minor" for the Western scales (their chords and progressions), else null. */
  readonly westernType: ScaleType | null;
  /** The raga's outline, for a raga. */
  readonly raga: Raga | null;
  /** A raga's parent, in words: "Kalyan thaat", "melakarta 28, Harikambhoji"; else null. */
  readonly parent: string | null;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const HINDUSTANI_LETTERS = ["S", "r", "R", "g", "G", "m", "M", "P", "d", "D", "n", "N"];

const western = (type: ScaleType): ScaleChoice => {
  const semitones = type === "major" ? [0, 2, 4, 5, 7, 9, 11] : [0, 2, 3, 5, 7, 8, 10];
  return {
    id: type,
    family: "western",
    name: type === "major" ? "Major" : "Minor",
    label: type === "major" ? "Major" : "Minor",
    westernMode: null,
    system: "western",
    semitones,
    swaras: semitones.map((s) => HINDUSTANI_LETTERS[s] ?? "S"),
    westernType: type,
    raga: null,
    parent: null,
  };
};

const withMode = (label: string, mode: string | null) => (mode ? `${label} — ${mode}` : label);

const fromThaat = (t: Thaat): ScaleChoice => ({
  id: `thaat-${slug(t.name)}`,
  family: "thaat",
  name: t.name,
  label: withMode(t.name, t.westernMode),
  westernMode: t.westernMode,
  system: "hindustani",
  semitones: t.intervals,
  swaras: t.swaras,
  westernType: null,
  raga: null,
  parent: null,
});

const fromMelakarta = (m: Melakarta): ScaleChoice => ({
  id: `mela-${m.number}`,
  family: "melakarta",
  name: m.name,
  label: withMode(`${m.number} ${m.name}`, m.westernMode),
  westernMode: m.westernMode,
  system: "carnatic",
  semitones: m.intervals,
  swaras: m.swaras,
  westernType: null,
  raga: null,
  parent: null,
});

const fromRaga = (r: Raga): ScaleChoice => {
  const all = [...parseSwaras(r.aroha, r.system), ...parseSwaras(r.avaroha, r.system)];
  const bySemitone = new Map<number, string>();
  for (const s of all) if (!bySemitone.has(s.semitone)) bySemitone.set(s.semitone, s.name);
  const semitones = [...bySemitone.keys()].sort((a, b) => a - b);
  const parent =
    typeof r.parent === "number" ? `melakarta ${r.parent}, ${melakarta(r.parent).name}` : `${r.parent} thaat`;
  return {
    id: `raga-${slug(r.name)}`,
    family: "raga",
    name: r.name,
    label: r.name,
    westernMode: null,
    system: r.system,
    semitones,
    swaras: semitones.map((s) => bySemitone.get(s) ?? "S"),
    westernType: null,
    raga: r,
    parent,
  };
};

/** The Western scales, thaats, melakartas and ragas, in the pickers' order. */
export const SCALE_CHOICES: readonly ScaleChoice[] = [
  western("major"),
  western("minor"),
  ...THAATS.map(fromThaat),
  ...MELAKARTAS.map(fromMelakarta),
  ...RAGAS.map(fromRaga),
];

const BY_ID = new Map(SCALE_CHOICES.map((c) => [c.id, c]));

/** A group of the scale picker. */
export interface ScaleChoiceGroup {
  readonly label: string;
  readonly choices: readonly ScaleChoice[];
}

/** The picker's groups: Western, Thaat, Melakarta, Raga (Hindustani), Raga (Carnatic). */
export const SCALE_CHOICE_GROUPS: readonly ScaleChoiceGroup[] = [
  { label: "Western", choices: SCALE_CHOICES.filter((c) => c.family === "western") },
  { label: "Thaat (Hindustani parent scale)", choices: SCALE_CHOICES.filter((c) => c.family === "thaat") },
  {
    label: "Melakarta (Carnatic parent scale)",
    choices: SCALE_CHOICES.filter((c) => c.family === "melakarta"),
  },
  {
    label: "Raga (Hindustani)",
    choices: SCALE_CHOICES.filter((c) => c.family === "raga" && c.system === "hindustani"),
  },
  {
    label: "Raga (Carnatic)",
    choices: SCALE_CHOICES.filter((c) => c.family === "raga" && c.system === "carnatic"),
  },
];

/**
 * The scale of an id.
 * @returns null for an unknown id.
 */
export function scaleChoice(id: string | null | undefined): ScaleChoice | null {
  return id ? (BY_ID.get(id) ?? null) : null;
}

/** True when `id` names a scale of {@link SCALE_CHOICES}. */
export function isScaleId(id: string): boolean {
  return BY_ID.has(id);
}

/**
 * The scale's notes from a tonic, sharp pitch classes (for lighting keys and frets, and for sound).
 * @param root the tonic (Sa), one of the 12 sharp names.
 */
export function scaleChoiceNotes(root: PitchClass, choice: ScaleChoice): PitchClass[] {
  const tonic = chromaOf(root);
  return choice.semitones.map((s) => pitchClassFromChroma(tonic + s));
}

const LETTERS = "CDEFGAB";
const LETTER_CHROMA = [0, 2, 4, 5, 7, 9, 11];
const DEGREE_OF_SWARA = "SRGMPDN";

/** The tonic's conventional letter name for a scale with (or without) a major third. */
function tonicName(root: PitchClass, semitones: readonly number[]): string {
  const mode = semitones.includes(4) && !semitones.includes(3) ? "major" : "minor";
  return KEY_TONIC_SPELLING[mode][chromaOf(root)] ?? root;
}

/**
 * The scale's notes by letter, one letter per swara degree (Sa on the tonic's letter, Re on the next…):
 * Kafi on D is D E F G A B C; Bhairav on C is C D♭ E F G A♭ B. A double accidental is written as its
 * plain enharmonic (Kanakangi's G₁ on C is D, not E𝄫). Major and Minor are {@link spellScale}'s.
 * @param root the tonic, one of the 12 sharp names.
 * @param naming "sharps" gives the 12 sharp names; anything else spells by letter.
 * @returns ASCII names in the order of {@link ScaleChoice.semitones}.
 */
export function spellScaleChoice(root: PitchClass, choice: ScaleChoice, naming: NoteNaming): string[] {
  if (naming === "sharps") return scaleChoiceNotes(root, choice);
  if (choice.westernType) return [...spellScale(root, choice.westernType, naming).notes];
  const tonic = tonicName(root, choice.semitones);
  const tonicLetter = LETTERS.indexOf(tonic.charAt(0));
  const tonicChroma = chromaOf(root);
  return choice.semitones.map((s, i) => {
    const degree = Math.max(0, DEGREE_OF_SWARA.indexOf((choice.swaras[i] ?? "S").charAt(0).toUpperCase()));
    const letterIndex = (tonicLetter + degree) % 7;
    const letter = LETTERS.charAt(letterIndex);
    const alter = ((((tonicChroma + s - (LETTER_CHROMA[letterIndex] ?? 0)) % 12) + 18) % 12) - 6;
    if (Math.abs(alter) > 1)
      return Note.simplify(`${letter}${alter > 0 ? "##" : "bb"}`) || pitchClassFromChroma(tonicChroma + s);
    return `${letter}${alter === 1 ? "#" : alter === -1 ? "b" : ""}`;
  });
}

/**
 * The scale's title from a tonic: "B♭ Major" (ASCII "Bb Major"), "D Kafi", "C Yaman".
 * @param naming "sharps" writes the tonic with its sharp name.
 */
export function scaleChoiceTitle(root: PitchClass, choice: ScaleChoice, naming: NoteNaming): string {
  if (choice.westernType) return spellScale(root, choice.westernType, naming).name;
  const tonic = naming === "sharps" ? root : tonicName(root, choice.semitones);
  return `${tonic} ${choice.name}`;
}

/**
 * How one note reads on a scale tool (a piano key, a fret, a note chip) with the scale in view: in sargam
 * from the tonic as Sa (octave marks when the note has an octave; Carnatic takes the scale's own swara
 * names), else by the key's spelling (a note outside the scale never reads E♯, B♯, C♭ or F♭), else the
 * sharp name.
 * @param note "A#", "A#4".
 * @param root the tonic (Sa), one of the 12 sharp names.
 * @returns ASCII accidentals (typeset with prettyAccidentals).
 */
export function scaleNoteLabel(
  note: string,
  root: PitchClass,
  choice: ScaleChoice,
  naming: NoteNaming,
): string {
  const system = swaraSystemOf(naming);
  if (system) {
    return swaraLabel(note, chromaOf(root), system, {
      scaleSwaras: choice.system === "carnatic" ? choice.swaras : undefined,
    });
  }
  if (choice.westernType || naming === "sharps") {
    return spellNote(note, `${root} ${choice.westernType ?? "major"}`, naming, { outOfScale: "plain" });
  }
  const n = Note.get(note);
  if (n.empty) return note;
  const at = choice.semitones.indexOf((n.chroma - chromaOf(root) + 12) % 12);
  const parallel = `${root} ${choice.semitones.includes(4) && !choice.semitones.includes(3) ? "major" : "minor"}`;
  if (at < 0) return spellNote(note, parallel, naming, { outOfScale: "plain" });
  const name = spellScaleChoice(root, choice, naming)[at] ?? note;
  if (n.oct === undefined || n.midi === null) return name;
  const spelled = Note.get(`${name}${n.oct}`);
  const shift = spelled.midi === null ? 0 : Math.round((n.midi - spelled.midi) / 12);
  return `${name}${n.oct + shift}`;
}
