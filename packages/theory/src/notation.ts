/**
 * Spelling notes by key and writing them as ABC notation for the staff.
 *
 * The rest of the package names pitch classes with sharps (PRODUCT §3 "Note names"); a staff
 * needs real spellings: F major has a B♭, not an A#. Keys are spelled the conventional way
 * by the one rule of spelling.ts (the enharmonic key with the fewer accidentals, sharps when tied at
 * six: F# major, D# minor), and scale and chord notes get their letter from the key (tonal's `Key`, `Scale` and `Chord`).
 * ABC is the text format of abc notation standard 2.1 (https://abcnotation.com/wiki/abc:standard:v2.1).
 */

import * as Chord from "@tonaljs/chord";
import { majorKey, minorKey } from "@tonaljs/key";
import * as Note from "@tonaljs/note";
import { get as getScale } from "@tonaljs/scale";
import { chromaOf, toPitchClass } from "./notes.js";
import { keyTonic, spellNote } from "./spelling.js";
import type { PitchClass, ScaleType } from "./types.js";

/** A key as written on the staff. */
export interface SpelledKey {
  /** Tonic with its conventional spelling, e.g. "Bb" for the pitch class A# in major. */
  readonly tonic: string;
  readonly type: ScaleType;
  /** Signed count of the key signature: +n sharps, -n flats (0 for C major / A minor). */
  readonly alteration: number;
  /** ABC `K:` value, e.g. "Bb" or "F#m". */
  readonly abcKey: string;
}

function alterationOf(tonic: string, type: ScaleType): number {
  return type === "major" ? majorKey(tonic).alteration : minorKey(tonic).alteration;
}

/**
 * The conventional spelling of a key given by a sharp-named pitch class.
 *
 * Parameters
 * ----------
 * root : PitchClass
 *     Tonic as one of the 12 sharp names.
 * type : ScaleType
 *
 * Returns
 * -------
 * SpelledKey
 *     The key's conventional tonic from the one spelling rule (`keyTonic`, spelling.ts): the
 *     enharmonic spelling whose signature has fewer accidentals (A# major → B♭ major, two flats;
 *     G# minor stays G# minor, five sharps); ties at six go to sharps (F♯ major, D♯ minor).
 */
export function spellKey(root: PitchClass, type: ScaleType): SpelledKey {
  const tonic = keyTonic(chromaOf(root), type);
  const alteration = alterationOf(tonic, type);
  return { tonic, type, alteration, abcKey: type === "major" ? tonic : `${tonic}m` };
}

/**
 * The seven notes of a scale spelled by its key (one letter per degree).
 *
 * Parameters
 * ----------
 * root : PitchClass
 * type : ScaleType
 *     "minor" is the natural minor scale (PRODUCT §9 steps).
 *
 * Returns
 * -------
 * string[]
 *     E.g. F major → ["F","G","A","Bb","C","D","E"]; D# minor → ["D#","E#","F#","G#","A#","B","C#"].
 */
export function spelledScale(root: PitchClass, type: ScaleType): string[] {
  const key = spellKey(root, type);
  return getScale(`${key.tonic} ${type === "major" ? "major" : "aeolian"}`).notes;
}

/**
 * A chord's notes spelled from its root, the root itself spelled to suit a key.
 *
 * Parameters
 * ----------
 * symbol : string
 *     A chord symbol tonal can parse ("G7", "A#m", "Bbmaj7", "C/E").
 * key : SpelledKey | undefined
 *     When given, the root and bass are spelled as the key writes them (`spellNote`, spelling.ts):
 *     A#m in F major → B♭m, B in B♭ minor → C♭.
 *
 * Returns
 * -------
 * string[]
 *     Root position, lowest first; a slash chord starts with its bass.
 *
 * Raises
 * ------
 * RangeError
 *     For a symbol tonal cannot parse.
 */
export function spelledChord(symbol: string, key?: SpelledKey): string[] {
  const chord = Chord.get(symbol.trim());
  if (chord.empty || !chord.tonic) throw new RangeError(`Not a chord symbol: "${symbol}"`);
  const keyName = key ? `${key.tonic} ${key.type}` : null;
  const tonic = keyName ? spellNote(chord.tonic, keyName) : chord.tonic;
  const bass = chord.bass ? (keyName ? spellNote(chord.bass, keyName) : chord.bass) : undefined;
  const suffix = chord.aliases[0] ?? "";
  const respelled = Chord.getChord(suffix, tonic, bass);
  const notes = respelled.empty ? chord.notes : respelled.notes;
  if (!bass) return notes;
  return [bass, ...notes.filter((n) => Note.chroma(n) !== Note.chroma(bass))];
}

/** Letter name plus octave and accidental count of a spelled note such as "Bb4" or "F##3". */
interface ParsedSpelling {
  letter: string;
  alt: number;
  oct: number;
}

function parseSpelled(note: string): ParsedSpelling {
  const n = Note.get(note);
  if (n.empty || n.oct === undefined) throw new RangeError(`Not a note with an octave: "${note}"`);
  return { letter: n.letter, alt: n.alt, oct: n.oct };
}

/** Signed alteration the key signature gives each letter (e.g. B → -1 in F major). */
function signatureAlterations(key: SpelledKey): Record<string, number> {
  const out: Record<string, number> = { C: 0, D: 0, E: 0, F: 0, G: 0, A: 0, B: 0 };
  const scale = key.type === "major" ? majorKey(key.tonic).scale : minorKey(key.tonic).natural.scale;
  for (const n of scale) {
    const p = Note.get(n);
    out[p.letter] = p.alt;
  }
  return out;
}

/**
 * ABC for one spelled note with an octave, relative to a key signature and the accidentals
 * already written earlier in the same bar.
 *
 * Parameters
 * ----------
 * note : string
 *     E.g. "C4" (middle C → ABC "C"), "Bb3" (→ "_B,"), "F#5" (→ "^f").
 * key : SpelledKey
 * barAccidentals : Map<string, number>
 *     Staff position ("B3") → alteration currently in force in this bar; updated in place.
 * length : string
 *     ABC length suffix relative to `L:` ("" for one unit, "2", "4", "/2").
 */
function abcNote(note: string, key: SpelledKey, barAccidentals: Map<string, number>, length = ""): string {
  const { letter, alt, oct } = parseSpelled(note);
  const position = `${letter}${oct}`;
  const inForce = barAccidentals.get(position) ?? signatureAlterations(key)[letter] ?? 0;
  let accidental = "";
  if (alt !== inForce) {
    accidental = alt === 0 ? "=" : alt > 0 ? "^".repeat(alt) : "_".repeat(-alt);
    barAccidentals.set(position, alt);
  }
  const name =
    oct >= 5 ? letter.toLowerCase() + "'".repeat(oct - 5) : letter + ",".repeat(Math.max(0, 4 - oct));
  return `${accidental}${name}${length}`;
}

/** One staff example to write as ABC. */
export interface StaffExample {
  key: SpelledKey;
  /** Treble or bass clef; "grand" writes the notes below C4 on a bass staff under a treble staff. */
  clef: "treble" | "bass" | "grand";
  /**
   * What to write, left to right: each item is one note or several notes sounding together
   * (a chord), spelled with octaves ("Bb3").
   */
  events: readonly (readonly string[])[];
  /** Each event's length in quarter notes (default 1). */
  beats?: number;
  /** Optional title above the staff (ABC `T:`). */
  title?: string;
}

function eventAbc(
  event: readonly string[],
  key: SpelledKey,
  bar: Map<string, number>,
  length: string,
): string {
  if (event.length === 0) return `z${length}`;
  if (event.length === 1) return abcNote(event[0] ?? "", key, bar, length);
  return `[${event.map((n) => abcNote(n, key, bar)).join("")}]${length}`;
}

/**
 * Write an example as ABC notation: free meter, quarter-note unit, one bar line at the end,
 * accidentals only where the key signature does not already give them.
 *
 * Parameters
 * ----------
 * example : StaffExample
 *
 * Returns
 * -------
 * string
 *     A complete tune (X:, optional T:, M:none, L:1/4, K: with clef, the notes); a grand staff
 *     uses two voices joined by `%%score {RH LH}`.
 *
 * Raises
 * ------
 * RangeError
 *     For a note without an octave.
 */
export function toAbc(example: StaffExample): string {
  const beats = example.beats ?? 1;
  const length = beats === 1 ? "" : Number.isInteger(beats) ? String(beats) : `${beats * 2}/2`;
  const head = ["X:1", ...(example.title ? [`T:${example.title}`] : []), "M:none", "L:1/4"];
  if (example.clef !== "grand") {
    const bar = new Map<string, number>();
    const body = example.events.map((e) => eventAbc(e, example.key, bar, length)).join(" ");
    return [...head, `K:${example.key.abcKey} clef=${example.clef}`, `${body} |]`].join("\n");
  }
  const isLow = (n: string) => parseSpelled(n).oct < 4;
  const treble = new Map<string, number>();
  const bass = new Map<string, number>();
  const rh = example.events.map((e) =>
    eventAbc(
      e.filter((n) => !isLow(n)),
      example.key,
      treble,
      length,
    ),
  );
  const lh = example.events.map((e) => eventAbc(e.filter(isLow), example.key, bass, length));
  return [
    ...head,
    "%%score {RH LH}",
    "V:RH clef=treble",
    "V:LH clef=bass",
    `K:${example.key.abcKey}`,
    "[V:RH]",
    `${rh.join(" ")} |]`,
    "[V:LH]",
    `${lh.join(" ")} |]`,
  ].join("\n");
}

/**
 * Put spelled pitch classes in ascending order from an octave, each one above the last.
 *
 * Parameters
 * ----------
 * notes : readonly string[]
 *     Spelled pitch classes ("Bb", "D", "F").
 * octave : number
 *     Octave of the first note (scientific pitch, 4 = middle-C octave).
 *
 * Returns
 * -------
 * string[]
 *     Notes with octaves, e.g. ["Bb3","D4","F4"]; the octave follows the letter (Cb and B#
 *     belong to the octave their letter says, as in scientific pitch notation).
 */
export function spelledAscending(notes: readonly string[], octave: number): string[] {
  const out: string[] = [];
  let prevMidi = -1;
  for (const n of notes) {
    let oct = out.length === 0 ? octave : octave - 1;
    let midi = Note.midi(`${n}${oct}`) ?? 0;
    while (midi <= prevMidi) {
      oct += 1;
      midi = Note.midi(`${n}${oct}`) ?? 0;
    }
    out.push(`${n}${oct}`);
    prevMidi = midi;
  }
  return out;
}

/**
 * A spelled note's sharp-named pitch class (for the piano and the sound engine).
 *
 * Raises
 * ------
 * RangeError
 *     For text that is not a note.
 */
export function pitchClassOfSpelled(note: string): PitchClass {
  const chroma = Note.chroma(note);
  if (chroma === undefined || Number.isNaN(chroma)) throw new RangeError(`Not a note: "${note}"`);
  return toPitchClass(Note.pitchClass(Note.fromMidiSharps(60 + chroma)));
}
