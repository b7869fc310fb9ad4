/**
 * Scales, diatonic chords, arpeggios, relative scales and progressions.
 *
 * Built from the PRODUCT §9 tables (steps, chord qualities by degree, progressions) and
 * spelled with sharps only; the tests check every root × type against tonal's `Scale`,
 * `Key` and `Chord` modules.
 */
import {
  CHORD_QUALITIES,
  PROGRESSIONS,
  ROMAN_NUMERALS,
  SCALE_FORMULAS,
  SCALE_STEPS,
  TIME_SIGNATURES,
} from "./constants.js";
import { transposePitchClass } from "./notes.js";
import type { ChordQuality, PitchClass, ScaleType, TimeSignature } from "./types.js";

/**
 * What every diatonic triad says of itself, however its notes are written: `N` is the note names' type
 * (the 12 sharp {@link PitchClass} names in {@link Chord}, the key's own spelling in `SpelledChord`).
 */
export interface DiatonicTriad<N extends string> {
  /** Zero-based scale degree, 0–6. */
  readonly degree: number;
  /** Roman numeral of the degree (PRODUCT §9: I ii iii IV V vi vii°; i ii° III iv v VI VII). */
  readonly numeral: string;
  readonly root: N;
  /** Chord symbol: bare root for major, root + "m" for minor, root + "dim" for diminished ("Eb", "Cm"). */
  readonly symbol: string;
  /** Display name, e.g. "D Minor", "Eb Major", "A Diminished". */
  readonly name: string;
  /** Root, third and fifth. */
  readonly notes: readonly N[];
}

/** A diatonic triad (PRODUCT §3 "Chord"), in sharp names. */
export interface Chord extends DiatonicTriad<PitchClass> {
  readonly type: ChordQuality;
}

/**
 * What every scale with its diatonic chords says of itself: `N` is the note names' type and `C` the
 * chords' ({@link Scale} in sharp names, `SpelledScale` in the key's own spelling).
 */
export interface ScaleWithChords<N extends string, C extends DiatonicTriad<N>> {
  /** Display name, e.g. "C# Minor" or "Bb Major". */
  readonly name: string;
  /** The stored tonic: one of PRODUCT §3's 12 sharp names. */
  readonly root: PitchClass;
  readonly type: ScaleType;
  /** The 7 distinct notes from the tonic upward. */
  readonly notes: readonly N[];
  /** The 7 diatonic triads, one per degree. */
  readonly chords: readonly C[];
}

/** A scale with its diatonic chords (PRODUCT §3 "Scale"), in sharp names. */
export interface Scale extends ScaleWithChords<PitchClass, Chord> {
  /** Step formula, e.g. "W-W-H-W-W-W-H" (PRODUCT §9). */
  readonly formula: string;
  /** Steps in semitones (PRODUCT §9). */
  readonly steps: readonly number[];
}

/** One Arpeggios card (PRODUCT §2 "Scale explorer panels"). */
export interface Arpeggio {
  readonly degree: number;
  /** Card title: the chord name plus the word Arpeggio, e.g. "D Minor Arpeggio". */
  readonly title: string;
  readonly chord: Chord;
  /** Notes to play in order: root, third, fifth. */
  readonly notes: readonly PitchClass[];
}

/** A progression resolved to chords of one scale (PRODUCT §3 "Progression"). */
export interface Progression {
  readonly name: string;
  /** Zero-based degree indexes (PRODUCT §9). */
  readonly pattern: readonly number[];
  readonly chords: readonly Chord[];
}

/** The progressions of one time signature. */
export interface TimeSignatureProgressions {
  readonly timeSignature: TimeSignature;
  readonly progressions: readonly Progression[];
}

const QUALITY_SUFFIX: Readonly<Record<ChordQuality, string>> = { major: "", minor: "m", diminished: "dim" };
const QUALITY_LABEL: Readonly<Record<ChordQuality, string>> = {
  major: "Major",
  minor: "Minor",
  diminished: "Diminished",
};
const TYPE_LABEL: Readonly<Record<ScaleType, string>> = { major: "Major", minor: "Minor" };

/**
 * Display label of a scale type.
 *
 * Parameters
 * ----------
 * type : ScaleType
 *
 * Returns
 * -------
 * string
 *     "Major" or "Minor" as in the pickers (PRODUCT §2).
 */
export function scaleTypeLabel(type: ScaleType): string {
  return TYPE_LABEL[type];
}

/**
 * The 7 notes of a scale from its root upward, sharps only.
 *
 * Parameters
 * ----------
 * root : PitchClass
 *     Any of the 12 names.
 * type : ScaleType
 *     "major" or "minor" (natural minor).
 *
 * Returns
 * -------
 * PitchClass[]
 *     7 distinct pitch classes; enharmonic fixes applied (C# major → C# D# F F# G# A# C).
 *
 * Source: PRODUCT §9 "Scale steps", "Enharmonic fixes".
 */
export function scaleNotes(root: PitchClass, type: ScaleType): PitchClass[] {
  const notes: PitchClass[] = [root];
  let offset = 0;
  for (const step of SCALE_STEPS[type].slice(0, -1)) {
    offset += step;
    notes.push(transposePitchClass(root, offset));
  }
  return notes;
}

/**
 * The scale notes as shown on the piano: the 7 notes plus the root repeated at the end.
 *
 * Parameters
 * ----------
 * root : PitchClass
 * type : ScaleType
 *
 * Returns
 * -------
 * PitchClass[]
 *     8 entries, first and last equal to `root` (PRODUCT §3 "Scale").
 */
export function pianoScaleNotes(root: PitchClass, type: ScaleType): PitchClass[] {
  return [...scaleNotes(root, type), root];
}

/**
 * The triad on one position of a note list: that note, the one two positions later and the
 * one four positions later, wrapping around the list.
 *
 * Parameters
 * ----------
 * notes : readonly PitchClass[]
 *     Distinct scale notes (7 for Major/Minor); must not be empty.
 * index : number
 *     Zero-based position; any integer, taken modulo the list length.
 *
 * Returns
 * -------
 * PitchClass[]
 *     Three notes.
 *
 * Raises
 * ------
 * RangeError
 *     If `notes` is empty or `index` is not an integer.
 *
 * Source: PRODUCT §3 "Chord" (piano chord cards: degree, +2, +4 wrapping).
 */
export function triadAt(notes: readonly PitchClass[], index: number): PitchClass[] {
  if (notes.length === 0) throw new RangeError("Cannot build a triad from an empty note list");
  if (!Number.isInteger(index)) throw new RangeError(`Index must be an integer, got ${index}`);
  const at = (i: number): PitchClass => notes[(((index + i) % notes.length) + notes.length) % notes.length]!;
  return [at(0), at(2), at(4)];
}

/**
 * Chord symbol for a root and quality.
 *
 * Parameters
 * ----------
 * root : PitchClass | string
 *     One of the 12 sharp names, or a root as a key spells it ("Eb", "E#").
 * quality : ChordQuality
 *
 * Returns
 * -------
 * string
 *     "C" (major), "Cm" (minor) or "Cdim" (diminished) — PRODUCT §4 "Major chords show the
 *     bare name, minor the name plus m".
 */
export function chordSymbol(root: PitchClass | string, quality: ChordQuality): string {
  return `${root}${QUALITY_SUFFIX[quality]}`;
}

/**
 * Display name of a triad: the root and the quality's word.
 *
 * Parameters
 * ----------
 * root : PitchClass | string
 *     One of the 12 sharp names, or a root as a key spells it ("Eb", "E#").
 * quality : ChordQuality
 *
 * Returns
 * -------
 * string
 *     "D Minor", "Eb Major", "A Diminished".
 */
export function triadName(root: PitchClass | string, quality: ChordQuality): string {
  return `${root} ${QUALITY_LABEL[quality]}`;
}

/**
 * The 7 diatonic triads of a scale.
 *
 * Parameters
 * ----------
 * root : PitchClass
 * type : ScaleType
 *
 * Returns
 * -------
 * Chord[]
 *     One per degree 0–6, with the qualities of PRODUCT §9 (I ii iii IV V vi vii°;
 *     i ii° III iv v VI VII) and notes built by stacking scale thirds.
 */
export function diatonicChords(root: PitchClass, type: ScaleType): Chord[] {
  const notes = scaleNotes(root, type);
  return notes.map((chordRoot, degree) => {
    const quality = CHORD_QUALITIES[type][degree]!;
    return {
      degree,
      numeral: ROMAN_NUMERALS[type][degree]!,
      root: chordRoot,
      type: quality,
      symbol: chordSymbol(chordRoot, quality),
      name: triadName(chordRoot, quality),
      notes: triadAt(notes, degree),
    };
  });
}

/**
 * A scale with its name, formula, notes and chords.
 *
 * Parameters
 * ----------
 * root : PitchClass
 *     Any of the 12 names.
 * type : ScaleType
 *
 * Returns
 * -------
 * Scale
 *     `name` like "A# Minor", 7 `notes`, 7 `chords`.
 *
 * Source: PRODUCT §3 "Scale", §9.
 */
export function getScale(root: PitchClass, type: ScaleType): Scale {
  return {
    name: `${root} ${TYPE_LABEL[type]}`,
    root,
    type,
    formula: SCALE_FORMULAS[type],
    steps: SCALE_STEPS[type],
    notes: scaleNotes(root, type),
    chords: diatonicChords(root, type),
  };
}

/**
 * The chord formula by degree, e.g. "I - ii - iii - IV - V - vi - vii°".
 *
 * Parameters
 * ----------
 * type : ScaleType
 *
 * Returns
 * -------
 * string
 *     The 7 roman numerals of PRODUCT §9 joined by " - ".
 */
export function chordFormula(type: ScaleType): string {
  return ROMAN_NUMERALS[type].join(" - ");
}

/**
 * One arpeggio per scale degree.
 *
 * Parameters
 * ----------
 * root : PitchClass
 * type : ScaleType
 *
 * Returns
 * -------
 * Arpeggio[]
 *     7 cards titled "<chord name> Arpeggio" with the chord's root, third and fifth
 *     (PRODUCT §2 "Arpeggios block").
 */
export function arpeggios(root: PitchClass, type: ScaleType): Arpeggio[] {
  return diatonicChords(root, type).map((chord) => ({
    degree: chord.degree,
    title: `${chord.name} Arpeggio`,
    chord,
    notes: chord.notes,
  }));
}

/**
 * The relative scale: same notes, other type.
 *
 * Parameters
 * ----------
 * root : PitchClass
 * type : ScaleType
 *
 * Returns
 * -------
 * Scale
 *     For major, the minor scale on the 6th degree (C Major → A Minor); for minor, the major
 *     scale on the 3rd degree (A Minor → C Major).
 */
export function relativeScale(root: PitchClass, type: ScaleType): Scale {
  return type === "major"
    ? getScale(transposePitchClass(root, 9), "minor")
    : getScale(transposePitchClass(root, 3), "major");
}

/**
 * Chord progressions for 4/4 and 3/4, resolved to a scale's chords.
 *
 * Parameters
 * ----------
 * root : PitchClass
 * type : ScaleType
 *
 * Returns
 * -------
 * TimeSignatureProgressions[]
 *     4/4 first (Basic, Alternative) then 3/4 (Waltz, Alternative Waltz), each with the
 *     zero-based pattern of PRODUCT §9 for `type` and the matching chords.
 */
export function progressions(root: PitchClass, type: ScaleType): TimeSignatureProgressions[] {
  const chords = diatonicChords(root, type);
  return TIME_SIGNATURES.map((timeSignature) => ({
    timeSignature,
    progressions: PROGRESSIONS[timeSignature].map(({ name, pattern }) => ({
      name,
      pattern: pattern[type],
      chords: pattern[type].map((degree) => chords[degree]!),
    })),
  }));
}

/**
 * Zero-based degree of a pitch class in a scale, or null when it is not a scale note.
 *
 * Parameters
 * ----------
 * note : PitchClass
 * root : PitchClass
 * type : ScaleType
 *
 * Returns
 * -------
 * number | null
 *     0 for the root up to 6; null outside the scale.
 */
export function scaleDegree(note: PitchClass, root: PitchClass, type: ScaleType): number | null {
  const index = scaleNotes(root, type).indexOf(note);
  return index === -1 ? null : index;
}
