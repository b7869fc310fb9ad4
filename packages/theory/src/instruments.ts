/**
 * Piano keys and guitar fretboard positions.
 */
import { FRET_COUNT, GUITAR_STRINGS, OCTAVE_MAX, OCTAVE_MIN, PITCH_CLASSES } from "./constants.js";
import { asMidiNote, noteName, noteToMidi, pitchClassFromChroma } from "./notes.js";
import type { MidiNote, NoteName, OctaveRange, PitchClass } from "./types.js";

/** A piano key (PRODUCT §3 "Piano key"). */
export interface PianoKey {
  /** Pitch class with sharps, e.g. "C#". */
  readonly note: PitchClass;
  /** Note plus octave, e.g. "C#4". */
  readonly fullNote: NoteName;
  readonly octave: number;
  readonly midi: MidiNote;
  /** True for sharps (black keys). */
  readonly isBlack: boolean;
}

/** One playable spot on the fretboard. */
export interface FretPosition {
  /** 0 = top string (E4) … 5 = bottom string (E2). */
  readonly stringIndex: number;
  /** The open string's note, e.g. "E4". */
  readonly openNote: NoteName;
  /** 0 (open) to 11. */
  readonly fret: number;
  readonly note: PitchClass;
  readonly fullNote: NoteName;
  readonly octave: number;
  readonly midi: MidiNote;
}

/**
 * Whether an octave range is valid: integers, start ≤ end, inside 0–8.
 *
 * Parameters
 * ----------
 * range : OctaveRange
 *
 * Returns
 * -------
 * boolean
 *
 * Source: PRODUCT §5, §9 (octave bounds 0 to 8).
 */
export function isValidOctaveRange(range: OctaveRange): boolean {
  return (
    Number.isInteger(range.start) &&
    Number.isInteger(range.end) &&
    range.start >= OCTAVE_MIN &&
    range.end <= OCTAVE_MAX &&
    range.start <= range.end
  );
}

/**
 * Whether the octave range can move one octave in a direction.
 *
 * Parameters
 * ----------
 * range : OctaveRange
 * direction : -1 | 1
 *     -1 for Lower Octave, 1 for Higher Octave.
 *
 * Returns
 * -------
 * boolean
 *     Down needs start > 0, up needs end < 8 (PRODUCT §4 "Piano").
 */
export function canShiftOctave(range: OctaveRange, direction: -1 | 1): boolean {
  return direction === -1 ? range.start > OCTAVE_MIN : range.end < OCTAVE_MAX;
}

/**
 * Move both ends of an octave range by one octave, if the bounds allow.
 *
 * Parameters
 * ----------
 * range : OctaveRange
 * direction : -1 | 1
 *
 * Returns
 * -------
 * OctaveRange
 *     The shifted range, or `range` itself when the move would cross 0 or 8.
 *
 * Source: PRODUCT §4 "Octave down shifts both ends by one if start is above 0; octave up if
 * end is below 8".
 */
export function shiftOctaveRange(range: OctaveRange, direction: -1 | 1): OctaveRange {
  if (!canShiftOctave(range, direction)) return range;
  return { start: range.start + direction, end: range.end + direction };
}

/**
 * All piano keys of an octave range, low to high.
 *
 * Parameters
 * ----------
 * range : OctaveRange
 *     Inclusive octaves within 0–8; each octave contributes C to B (12 keys).
 *
 * Returns
 * -------
 * PianoKey[]
 *     `12 · (end − start + 1)` keys; the default 4–5 gives C4 … B5 (24 keys).
 *
 * Raises
 * ------
 * RangeError
 *     If the range is not valid (see `isValidOctaveRange`).
 */
export function pianoKeys(range: OctaveRange): PianoKey[] {
  if (!isValidOctaveRange(range)) {
    throw new RangeError(`Octave range must be integers within ${OCTAVE_MIN}–${OCTAVE_MAX}, start ≤ end`);
  }
  const keys: PianoKey[] = [];
  for (let octave = range.start; octave <= range.end; octave++) {
    for (const note of PITCH_CLASSES) {
      const fullNote = noteName(note, octave);
      keys.push({ note, fullNote, octave, midi: noteToMidi(fullNote), isBlack: note.includes("#") });
    }
  }
  return keys;
}

/**
 * Every fretboard position for the six strings E4 B3 G3 D3 A2 E2 and frets 0–11.
 *
 * Returns
 * -------
 * FretPosition[][]
 *     6 rows (top string first), 12 positions each; position (s, f) sounds the open string
 *     raised by f semitones.
 *
 * Source: PRODUCT §2 "Guitar fretboard screen", §9 (12 frets, 6 strings).
 */
export function fretboardPositions(): FretPosition[][] {
  return GUITAR_STRINGS.map((open, stringIndex) => {
    const openMidi = noteToMidi(open);
    return Array.from({ length: FRET_COUNT }, (_, fret) => {
      const midi = asMidiNote(openMidi + fret);
      const octave = Math.floor(midi / 12) - 1;
      const note = pitchClassFromChroma(midi);
      return {
        stringIndex,
        openNote: open as NoteName,
        fret,
        note,
        fullNote: noteName(note, octave),
        octave,
        midi,
      };
    });
  });
}

/**
 * Place pitch classes in ascending order starting at an octave, for playing a chord or an
 * arpeggio: each note goes up to the next octave when it would not be above the previous one.
 *
 * Parameters
 * ----------
 * notes : readonly PitchClass[]
 *     Pitch classes in playing order, e.g. a triad ["A", "C", "E"].
 * octave : number
 *     Octave of the first note; the result must stay within MIDI 0–127.
 *
 * Returns
 * -------
 * NoteName[]
 *     Strictly ascending notes, e.g. `(["A", "C", "E"], 4)` → `["A4", "C5", "E5"]`.
 *
 * Raises
 * ------
 * RangeError
 *     If a note would fall outside MIDI 0–127.
 */
export function voiceAscending(notes: readonly PitchClass[], octave: number): NoteName[] {
  const out: NoteName[] = [];
  let current = octave;
  let previous = -1;
  for (const note of notes) {
    let midi = noteToMidi(noteName(note, current));
    if (midi <= previous) {
      current += 1;
      midi = noteToMidi(noteName(note, current));
    }
    out.push(noteName(note, current));
    previous = midi;
  }
  return out;
}
