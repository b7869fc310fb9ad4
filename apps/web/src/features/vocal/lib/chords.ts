import { asMidiNote, midiToNoteName, noteToMidi } from "@tonic/theory";

const PCS = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];
const INTERVALS: Record<string, readonly number[]> = { "": [0, 4, 7], m: [0, 3, 7], dim: [0, 3, 6] };

/**
 * Notes of a recommended chord for playback: the triad in root position with the root between A3
 * and G#4 (a comfortable middle register).
 *
 * @param chord a chord name of the vocal result, e.g. "C", "F#m", "Bdim" (sharps only).
 * @returns scientific pitch names, e.g. "Am" → ["A3", "C4", "E4"].
 * @throws RangeError for a name that is not a major, minor or diminished triad.
 */
export function chordNotes(chord: string): string[] {
  const m = /^([A-G]#?)(m|dim)?$/.exec(chord);
  const pc = m ? PCS.indexOf(m[1] as string) : -1;
  const intervals = m ? INTERVALS[m[2] ?? ""] : undefined;
  if (!m || pc < 0 || !intervals) throw new RangeError(`Not a triad name: "${chord}"`);
  const root = 57 + ((pc - 9 + 12) % 12); // A3 (57) … G#4 (68)
  return intervals.map((i) => midiToNoteName(asMidiNote(root + i)));
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
  const pc = m ? PCS.indexOf(m[1] as string) : -1;
  if (!m || pc < 0) return null;
  const steps = m[2] === "Major" ? [0, 2, 4, 5, 7, 9, 11] : [0, 2, 3, 5, 7, 8, 10];
  return steps.map((s) => PCS[(pc + s) % 12] as string);
}
