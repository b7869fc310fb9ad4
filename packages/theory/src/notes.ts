/**
 * Note names, MIDI numbers, frequencies and transposition.
 *
 * Parsing is delegated to tonal; every output is normalised to the 12 sharp names of
 * PRODUCT §3 so that enharmonic spellings such as E#, B# or F## come out as F, C and G
 * (PRODUCT §9 "Enharmonic fixes").
 */
import * as Note from "@tonaljs/note";
import { MIDI_MAX, MIDI_MIN, PITCH_CLASSES } from "./constants.js";
import type { Hz, MidiNote, NoteName, PitchClass } from "./types.js";
import { midiToHz as equalTemperedHz, hzToMidi as fractionalMidi, midiNoteName } from "./units.js";

const mod12 = (n: number): number => ((n % 12) + 12) % 12;

/**
 * The sharp pitch class of a pitch-class number.
 *
 * Parameters
 * ----------
 * chroma : number
 *     Any integer; taken modulo 12 (0 = C, 11 = B).
 *
 * Returns
 * -------
 * PitchClass
 *     The sharp name, e.g. 1 → "C#", -1 → "B".
 *
 * Raises
 * ------
 * RangeError
 *     If `chroma` is not an integer.
 */
export function pitchClassFromChroma(chroma: number): PitchClass {
  if (!Number.isInteger(chroma)) throw new RangeError(`Chroma must be an integer, got ${chroma}`);
  return PITCH_CLASSES[mod12(chroma)]!;
}

/**
 * The pitch-class number (0–11) of a sharp pitch class.
 *
 * Parameters
 * ----------
 * pitchClass : PitchClass
 *     One of the 12 sharp names.
 *
 * Returns
 * -------
 * number
 *     0 for C up to 11 for B.
 */
export function chromaOf(pitchClass: PitchClass): number {
  return PITCH_CLASSES.indexOf(pitchClass);
}

/**
 * Normalise any note or pitch-class spelling to its sharp pitch class.
 *
 * This applies the enharmonic fixes of PRODUCT §9 (E# → F, B# → C, F## → G, and so on) and
 * turns flats into sharps (Bb → A#). Any octave is dropped.
 *
 * Parameters
 * ----------
 * name : string
 *     A note name that tonal can parse: letter A–G, any number of `#` or `b`, optional
 *     octave ("E#", "Bb3", "F##").
 *
 * Returns
 * -------
 * PitchClass
 *     The sharp name with the same pitch class.
 *
 * Raises
 * ------
 * RangeError
 *     If tonal cannot parse `name`.
 *
 * Source: PRODUCT §9 "Enharmonic fixes"; parsing by tonal `Note.get`.
 */
export function toPitchClass(name: string): PitchClass {
  const note = Note.get(name);
  if (note.empty) throw new RangeError(`Not a note name: "${name}"`);
  return pitchClassFromChroma(note.chroma);
}

/**
 * Transpose a pitch class by whole semitones, wrapping around the 12 names.
 *
 * Parameters
 * ----------
 * pitchClass : PitchClass
 *     Starting pitch class.
 * semitones : number
 *     Any integer, negative for down; ±12 returns the start.
 *
 * Returns
 * -------
 * PitchClass
 *     The transposed sharp name.
 *
 * Raises
 * ------
 * RangeError
 *     If `semitones` is not an integer.
 *
 * Source: PRODUCT §4 "Transpose shifts … by whole semitones … names wrap around the 12 notes".
 */
export function transposePitchClass(pitchClass: PitchClass, semitones: number): PitchClass {
  if (!Number.isInteger(semitones)) throw new RangeError(`Semitones must be an integer, got ${semitones}`);
  return pitchClassFromChroma(chromaOf(pitchClass) + semitones);
}

const CHORD_NAME = /^([A-G](?:#|b)*)([^/]*)(?:\/([A-G](?:#|b)*))?$/;

/**
 * Transpose a chord name such as "Am", "C#" or "F/A" by whole semitones.
 *
 * The root (and a slash bass, if any) is moved and respelled with sharps; the quality
 * suffix is kept, so a major chord stays a bare name and a minor chord keeps its "m"
 * (PRODUCT §4 "Transpose").
 *
 * Parameters
 * ----------
 * chord : string
 *     A chord symbol: root letter A–G with optional `#`/`b` accidentals, an optional
 *     suffix ("m", "7", "dim", …) and an optional "/bass".
 * semitones : number
 *     Any integer; no bound (PRODUCT §4). 0 only respells the root with sharps.
 *
 * Returns
 * -------
 * string
 *     The transposed symbol, e.g. `("Am", 2)` → `"Bm"`, `("Bb", 1)` → `"B"`. A string that
 *     does not start with a note letter (for example "N" for "no chord") is returned
 *     unchanged.
 *
 * Raises
 * ------
 * RangeError
 *     If `semitones` is not an integer.
 *
 * Source: PRODUCT §4, §9 (transpose step 1 semitone); root parsing by tonal `Note.get`.
 */
export function transposeChordName(chord: string, semitones: number): string {
  if (!Number.isInteger(semitones)) throw new RangeError(`Semitones must be an integer, got ${semitones}`);
  const match = CHORD_NAME.exec(chord.trim());
  if (!match) return chord;
  const [, root = "", suffix = "", bass] = match;
  const moved = transposePitchClass(toPitchClass(root), semitones);
  const movedBass = bass === undefined ? "" : `/${transposePitchClass(toPitchClass(bass), semitones)}`;
  return `${moved}${suffix}${movedBass}`;
}

/**
 * Validate and brand a MIDI note number.
 *
 * Parameters
 * ----------
 * value : number
 *     Candidate MIDI number.
 *
 * Returns
 * -------
 * MidiNote
 *     The same number, branded.
 *
 * Raises
 * ------
 * RangeError
 *     If `value` is not an integer in 0–127 (PRODUCT §9).
 */
export function asMidiNote(value: number): MidiNote {
  if (!Number.isInteger(value) || value < MIDI_MIN || value > MIDI_MAX) {
    throw new RangeError(`MIDI note must be an integer in ${MIDI_MIN}–${MIDI_MAX}, got ${value}`);
  }
  return value as MidiNote;
}

/**
 * Build a note name from a pitch class and an octave.
 *
 * Parameters
 * ----------
 * pitchClass : PitchClass
 *     Sharp pitch class.
 * octave : number
 *     Scientific-pitch octave (C4 = middle C); any integer whose note lies in MIDI 0–127,
 *     i.e. C-1 … G9.
 *
 * Returns
 * -------
 * NoteName
 *     e.g. `("C#", 4)` → `"C#4"`.
 *
 * Raises
 * ------
 * RangeError
 *     If the note falls outside MIDI 0–127.
 */
export function noteName(pitchClass: PitchClass, octave: number): NoteName {
  asMidiNote((octave + 1) * 12 + chromaOf(pitchClass));
  return `${pitchClass}${octave}` as NoteName;
}

/**
 * MIDI number of a note name.
 *
 * Parameters
 * ----------
 * name : string
 *     A note with octave in any spelling tonal accepts ("C4", "Bb3", "E#2").
 *
 * Returns
 * -------
 * MidiNote
 *     Integer 0–127; C4 = 60, A4 = 69.
 *
 * Raises
 * ------
 * RangeError
 *     If `name` has no octave, cannot be parsed, or lies outside MIDI 0–127.
 *
 * Source: tonal `Note.midi`.
 */
export function noteToMidi(name: string): MidiNote {
  const midi = Note.midi(name);
  if (midi === null) throw new RangeError(`Not a note with an octave: "${name}"`);
  return asMidiNote(midi);
}

/**
 * Note name of a MIDI number, spelled with sharps.
 *
 * Parameters
 * ----------
 * midi : MidiNote
 *     0–127.
 *
 * Returns
 * -------
 * NoteName
 *     e.g. 61 → "C#4", 0 → "C-1".
 *
 * Source: `midiNoteName` of `./units.ts` (the one MIDI → name conversion), after the range check.
 */
export function midiToNoteName(midi: MidiNote): NoteName {
  return midiNoteName(asMidiNote(midi)) as NoteName;
}

/**
 * Equal-tempered frequency of a MIDI note, with A4 = 440 Hz.
 *
 * Parameters
 * ----------
 * midi : MidiNote
 *     0–127.
 *
 * Returns
 * -------
 * Hz
 *     `440 · 2^((midi − 69) / 12)`; 69 → 440, 60 → ≈261.63.
 *
 * Source: PRODUCT §9 (A4 = 440 Hz); `midiToHz` of `./units.ts` after the range check.
 */
export function midiToHz(midi: MidiNote): Hz {
  return equalTemperedHz(asMidiNote(midi));
}

/**
 * Nearest MIDI note of a frequency, with A4 = 440 Hz.
 *
 * Parameters
 * ----------
 * hz : number
 *     Frequency in hertz, > 0. Must round to a note in MIDI 0–127 (≈ 8.18 Hz – 12.5 kHz).
 *
 * Returns
 * -------
 * MidiNote
 *     `round(69 + 12 · log2(hz / 440))`.
 *
 * Raises
 * ------
 * RangeError
 *     If `hz` is not a positive finite number or rounds outside MIDI 0–127.
 *
 * Source: PRODUCT §9 (A4 = 440 Hz, MIDI 0–127).
 */
export function hzToMidi(hz: number): MidiNote {
  if (!Number.isFinite(hz) || hz <= 0) throw new RangeError(`Frequency must be positive, got ${hz}`);
  return asMidiNote(Math.round(fractionalMidi(hz)));
}

/**
 * Parse a note name into its parts.
 *
 * Parameters
 * ----------
 * name : string
 *     A note with octave ("C#4", "Bb3").
 *
 * Returns
 * -------
 * { pitchClass: PitchClass; octave: number; midi: MidiNote }
 *     Sharp pitch class, octave of the sounding note (B#3 → C, octave 4) and MIDI number.
 *
 * Raises
 * ------
 * RangeError
 *     As `noteToMidi`.
 */
export function parseNoteName(name: string): { pitchClass: PitchClass; octave: number; midi: MidiNote } {
  const midi = noteToMidi(name);
  return { pitchClass: pitchClassFromChroma(midi), octave: Math.floor(midi / 12) - 1, midi };
}
