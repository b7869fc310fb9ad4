import {
  chordNotes,
  isPitchClass,
  type NoteName,
  type PitchClass,
  pianoScaleNotes,
  type ScaleType,
  scaleTypeLabel,
  toPitchClass,
  voiceAscending,
} from "@tonic/theory";

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
    return {
      root,
      notes: notes.slice(0, 7),
      playback: voiceAscending(notes, octave),
      label: `${root} ${scaleTypeLabel(type as ScaleType)} scale`,
    };
  }
  const notes = chordNotes(example.value);
  const rootName = /^[A-G][#b]?/.exec(example.value)?.[0] ?? notes[0] ?? "C";
  return {
    root: toPitchClass(rootName),
    notes,
    playback: voiceAscending(notes, octave),
    label: `${example.value} chord`,
  };
}
