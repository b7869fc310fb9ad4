import {
  chordNotes,
  chromaOf,
  isPitchClass,
  keySpelling,
  type NoteName,
  PITCH_CLASSES,
  type PitchClass,
  pianoScaleNotes,
  prettyAccidentals,
  type ScaleType,
  scaleTypeLabel,
  spellKey,
  toPitchClass,
  voiceAscending,
} from "@tonic/theory";
import { spelledChord } from "@tonic/theory/notation";

/** An interactive example of a lesson: `{{piano scale="C major"}}`, `{{piano chord="G7"}}`, `{{fretboard scale="E minor"}}`. */
export interface InstrumentExample {
  instrument: "piano" | "fretboard";
  kind: "scale" | "chord";
  /** "C major" or a chord symbol such as "G7". */
  value: string;
}

/** What an example shows and plays. */
export interface ResolvedExample {
  /** The orange key / ringed dot (the scale root or chord root). */
  root: PitchClass;
  /** Every pitch class to light up. */
  notes: PitchClass[];
  /** Notes to play, in order (a scale from the root up to its octave; a chord bottom-up). */
  playback: NoteName[];
  /** Accessible title, e.g. "C Major scale" or "G7 chord". */
  label: string;
  /**
   * The 12 pitch-class names the example's labels use, indexed by chroma (0 = C), ASCII: a scale's key
   * spelling, or a chord's own spelling (B♭dim7 → A♭, not G♯) with sharps for the other keys.
   */
  names: readonly string[];
}

/**
 * A key label of an example, typeset: "G#4" in a Bdim7 example → "A♭4".
 * @param note a pitch class or a note with octave, sharp names.
 */
export function exampleLabel(resolved: ResolvedExample, note: string): string {
  const m = /^([A-G]#?)(-?\d+)?$/.exec(note);
  if (!m?.[1] || !isPitchClass(m[1])) return note;
  return prettyAccidentals(`${resolved.names[chromaOf(m[1])] ?? m[1]}${m[2] ?? ""}`);
}

const EXAMPLE_LINE = /^\{\{(piano|fretboard) (scale|chord)="([^"]+)"\}\}$/;

/**
 * Parse one paragraph that is an interactive example line.
 *
 * Returns
 * -------
 * InstrumentExample | null
 *     null for any other paragraph.
 */
export function parseExample(paragraph: string): InstrumentExample | null {
  const m = EXAMPLE_LINE.exec(paragraph.trim());
  if (!m) return null;
  return { instrument: m[1] as "piano" | "fretboard", kind: m[2] as "scale" | "chord", value: m[3] ?? "" };
}

/**
 * The notes an example shows and plays.
 *
 * Parameters
 * ----------
 * example : InstrumentExample
 * octave : number
 *     Octave the playback starts in (4 for the piano, 3 for the guitar).
 *
 * Returns
 * -------
 * ResolvedExample
 *
 * Raises
 * ------
 * RangeError
 *     For an unknown scale or chord (the server validates content, so this means a bug).
 */
export function resolveExample(example: InstrumentExample, octave: number): ResolvedExample {
  if (example.kind === "scale") {
    const [root = "", type = ""] = example.value.split(" ");
    if (!isPitchClass(root) || (type !== "major" && type !== "minor")) {
      throw new RangeError(`Not a scale: "${example.value}"`);
    }
    const notes = pianoScaleNotes(root, type as ScaleType);
    const key = `${root} ${scaleTypeLabel(type as ScaleType)}`;
    return {
      root,
      notes: notes.slice(0, 7),
      playback: voiceAscending(notes, octave),
      label: `${prettyAccidentals(spellKey(key) ?? key)} scale`,
      names: keySpelling(key) ?? PITCH_CLASSES,
    };
  }
  const notes = chordNotes(example.value);
  const rootName = /^[A-G][#b]?/.exec(example.value)?.[0] ?? notes[0] ?? "C";
  const names: string[] = [...PITCH_CLASSES];
  for (const n of spelledChord(example.value)) names[chromaOf(toPitchClass(n))] = n;
  return {
    root: toPitchClass(rootName),
    notes,
    playback: voiceAscending(notes, octave),
    label: `${prettyAccidentals(example.value)} chord`,
    names,
  };
}
