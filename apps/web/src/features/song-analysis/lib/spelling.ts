import {
  type NoteNaming,
  prettyAccidentals,
  romanNumeral,
  spellChord,
  spellKey,
  transposeChordName,
} from "@tonic/theory";

/** How chords are shown: the song's key, transpose and capo (semitones) and the "Note names" setting. */
export interface ChordDisplay {
  key: string | null;
  transpose: number;
  capo: number;
  naming: NoteNaming;
}

/** Moves a key ("A# Minor") by whole semitones; null stays null. */
export function shiftKey(key: string | null, semitones: number): string | null {
  if (!key || semitones % 12 === 0) return key;
  const [tonic, mode] = key.split(" ");
  if (!tonic || !mode) return key;
  return `${transposeChordName(tonic, semitones)} ${mode}`;
}

/**
 * The chord as the player reads it: transposed by `transpose`, moved down by the capo (the shape played),
 * spelled in the resulting key (or with sharps) and typeset ("B♭m7").
 * @returns null for no chord ("N", "X" or null).
 */
export function displayChord(chord: string | null, d: ChordDisplay): string | null {
  if (!chord || chord === "N" || chord === "X") return null;
  const shift = d.transpose - d.capo;
  const moved = shift === 0 ? chord : transposeChordName(chord, shift);
  return prettyAccidentals(spellChord(moved, shiftKey(d.key, shift), d.naming));
}

/** The key as shown (transposed, spelled, typeset), or "—" without a key. */
export function displayKey(key: string | null, transpose: number, naming: NoteNaming): string {
  const k = spellKey(shiftKey(key, transpose), naming);
  return k ? prettyAccidentals(k) : "—";
}

/**
 * The Roman numeral of a chord in the song's key (transposition does not change it), on the key's own
 * degrees (III, VI, VII in minor) with inversions in plain words ("I/5"); null for no chord.
 */
export function chordNumeral(chord: string | null, key: string | null): string | null {
  if (!chord || !key) return null;
  return romanNumeral(chord, key);
}
