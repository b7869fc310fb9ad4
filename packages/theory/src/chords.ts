/**
 * Chord symbols beyond the diatonic triads: sevenths, suspended chords and slash chords, as
 * used by the course lessons ("G7", "Bm7b5", "Dsus4", "C/E").
 *
 * Parsing is delegated to tonal's `Chord` module; every note is respelled with the 12 sharp
 * names of PRODUCT §3 ("Note names").
 */
import * as Chord from "@tonaljs/chord";
import { toPitchClass } from "./notes.js";
import type { PitchClass } from "./types.js";

/**
 * The notes of a chord symbol, lowest first.
 *
 * Parameters
 * ----------
 * symbol : string
 *     A chord symbol: root A–G with optional `#`/`b`, a quality suffix tonal knows ("", "m",
 *     "dim", "7", "maj7", "m7", "m7b5", "dim7", "sus2", "sus4", …) and an optional "/bass".
 *
 * Returns
 * -------
 * PitchClass[]
 *     Distinct pitch classes with sharp names, the root first — or, for a slash chord, the bass
 *     first followed by the remaining chord tones in order, e.g. `"G7"` → `["G","B","D","F"]`,
 *     `"C/E"` → `["E","G","C"]`, `"Bdim7"` → `["B","D","F","G#"]`.
 *
 * Raises
 * ------
 * RangeError
 *     If the symbol is not a chord tonal can parse, or if it has no root.
 */
export function chordNotes(symbol: string): PitchClass[] {
  const chord = Chord.get(symbol.trim());
  if (chord.empty || !chord.tonic || chord.notes.length === 0) {
    throw new RangeError(`Not a chord symbol: "${symbol}"`);
  }
  const notes = chord.notes.map((n) => toPitchClass(n));
  return notes.filter((n, i) => notes.indexOf(n) === i);
}

/**
 * Whether a string is a chord symbol that {@link chordNotes} can spell.
 *
 * Parameters
 * ----------
 * symbol : string
 *     Any string.
 *
 * Returns
 * -------
 * boolean
 *     True when `chordNotes(symbol)` would succeed.
 */
export function isChordSymbol(symbol: string): boolean {
  try {
    chordNotes(symbol);
    return true;
  } catch {
    return false;
  }
}
