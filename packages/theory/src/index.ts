/**
 * @tonic/theory — pure music theory for Tonic (no DOM, no I/O), on the tonal library.
 *
 * Scales, diatonic chords, arpeggios, relative scales, progressions, piano keys, guitar
 * fretboard positions, MIDI ↔ frequency and chord-name transposition, with the constants
 * of SPEC §9. Ear-training generators (`@tonic/theory/exercises`) and key-aware spelling with ABC
 * notation (`@tonic/theory/notation`) are separate entry points, so pages that do not use them
 * never load them.
 */

export { chordNotes, isChordSymbol } from "./chords.js";
export {
  A4_HZ,
  A4_MIDI,
  ACTIVE_KEY_HIGHLIGHT_MS,
  CHORD_DURATION,
  CHORD_QUALITIES,
  DEFAULT_OCTAVE_RANGE,
  FRET_COUNT,
  GUITAR_STRINGS,
  isPitchClass,
  isScaleType,
  MIDI_MAX,
  MIDI_MIN,
  MIN_KEY_WIDTH_REM,
  MOBILE_BREAKPOINT_PX,
  NOTE_DURATION,
  OCTAVE_MAX,
  OCTAVE_MIN,
  PITCH_CLASSES,
  POLYPHONY,
  PROGRESSIONS,
  type ProgressionPattern,
  ROMAN_NUMERALS,
  SCALE_FORMULAS,
  SCALE_STEPS,
  SCALE_TYPES,
  TIME_SIGNATURES,
} from "./constants.js";
export { noteValueToSeconds } from "./durations.js";
export {
  canShiftOctave,
  type FretPosition,
  fretboardPositions,
  isValidOctaveRange,
  type PianoKey,
  pianoKeys,
  shiftOctaveRange,
  voiceAscending,
} from "./instruments.js";
export {
  asMidiNote,
  chromaOf,
  hzToMidi,
  midiToHz,
  midiToNoteName,
  noteName,
  noteToMidi,
  parseNoteName,
  pitchClassFromChroma,
  toPitchClass,
  transposeChordName,
  transposePitchClass,
} from "./notes.js";
export {
  type Arpeggio,
  arpeggios,
  type Chord,
  chordFormula,
  chordSymbol,
  diatonicChords,
  getScale,
  type Progression,
  pianoScaleNotes,
  progressions,
  relativeScale,
  type Scale,
  scaleDegree,
  scaleNotes,
  scaleTypeLabel,
  type TimeSignatureProgressions,
  triadAt,
} from "./scales.js";
export {
  type ChordParts,
  commonProgression,
  describeNumeral,
  KEY_TONIC_SPELLING,
  type KeyDegree,
  keyDegrees,
  keySpelling,
  keyTonic,
  type NoteNaming,
  type NumeralOptions,
  type ParsedKey,
  type ProgressionLoop,
  parseChordName,
  parseKey,
  pitchClassLabel,
  prettyAccidentals,
  romanNumeral,
  type SpelledChord,
  type SpelledScale,
  type SpellNoteOptions,
  spellChord,
  spellKey,
  spellNote,
  spellScale,
} from "./spelling.js";
export type {
  ChordQuality,
  Hz,
  MidiNote,
  NoteName,
  OctaveRange,
  PitchClass,
  ScaleType,
  Seconds,
  TimeSignature,
} from "./types.js";
