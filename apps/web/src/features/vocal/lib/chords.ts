import {
  asMidiNote,
  chordNotes as chordPitchClasses,
  chromaOf,
  isPitchClass,
  midiToNoteName,
  noteToMidi,
  scaleNotes,
} from "@tonic/theory";

/**
 * Notes of a recommended chord for playback: the triad in root position with the root between A3
 * and G#4 (a comfortable middle register).
 *
 * @param chord a chord name of the vocal result, e.g. "C", "F#m", "Bdim" (sharps only).
 * @returns scientific pitch names, e.g. "Am" → ["A3", "C4", "E4"].
 * @throws RangeError for a name that is not a major, minor or diminished triad.
 */
export function chordNotes(chord: string): string[] {
  if (!/^[A-G]#?(m|dim)?$/.test(chord)) throw new RangeError(`Not a triad name: "${chord}"`);
  const chroma = chordPitchClasses(chord).map(chromaOf);
  const pc = chroma[0] ?? 0;
  const root = 57 + ((pc - 9 + 12) % 12); // A3 (57) … G#4 (68)
  return chroma.map((c) => midiToNoteName(asMidiNote(root + ((c - pc + 12) % 12))));
}

/**
 * MIDI number of a note name with octave ("G3" → 55), or null when it is not one.
 *
 * @param name scientific pitch, sharps or flats.
 */
export function noteMidi(name: string): number | null {
  try {
    return noteToMidi(name);
  } catch {
    return null;
  }
}

/**
 * The seven notes of a key named like the vocal result ("D Major", "F# Minor"; sharps).
 *
 * @param key "<tonic> Major" or "<tonic> Minor" (natural minor).
 * @returns pitch-class names from the tonic, or null for an unknown key name.
 */
export function scaleOfKey(key: string): string[] | null {
  const m = /^([A-G]#?) (Major|Minor)$/.exec(key);
  const tonic = m?.[1];
  if (!m || !tonic || !isPitchClass(tonic)) return null;
  return scaleNotes(tonic, m[2] === "Major" ? "major" : "minor");
}
