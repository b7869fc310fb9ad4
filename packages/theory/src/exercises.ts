/**
 * Ear-training exercise generators and the rule that adapts their difficulty.
 *
 * Five skills: four as in the drills of musictheory.net and teoria.com (interval recognition,
 * chord quality, scale degree in a key, and diatonic progressions) and swaras over a tanpura drone
 * (PRODUCT §15). Every question is built
 * from the theory tables of this package, so its answer is right by construction, and
 * {@link checkAnswer} is the single place an answer is judged. Randomness is injected
 * (`rng`, uniform in [0, 1)) so tests and replays are deterministic.
 */
import * as Note from "@tonaljs/note";
import { PITCH_CLASSES } from "./constants.js";
import { HINDUSTANI_SWARAS } from "./indian.js";
import { midiToNoteName } from "./notes.js";
import { SARGAM_NAMES } from "./sargam.js";
import { diatonicChords } from "./scales.js";
import { keyTonic, prettyAccidentals } from "./spelling.js";
import type { MidiNote, NoteName, PitchClass } from "./types.js";

/** The ear-training skills. */
export type Skill = "intervals" | "chords" | "scale-degrees" | "progressions" | "swaras";
export const SKILLS: readonly Skill[] = ["intervals", "chords", "scale-degrees", "progressions", "swaras"];

/** Difficulty levels, 1 (easiest) to {@link MAX_LEVEL}. */
export const MAX_LEVEL = 3;

/** One answer button. */
export interface ExerciseChoice {
  /** Stable id, also the spaced-repetition item id within the skill (e.g. "M3"). */
  readonly id: string;
  readonly label: string;
}

/** A generated question. */
export interface ExerciseQuestion {
  readonly skill: Skill;
  readonly level: number;
  /** What the learner is asked, e.g. "Which interval is this?". */
  readonly prompt: string;
  /** Context to show before playing, e.g. "Key of D major" (empty when none). */
  readonly context: string;
  readonly choices: readonly ExerciseChoice[];
  /** Id of the right choice. */
  readonly answer: string;
  /**
   * What to play, in order: each step is a group of notes sounding together, with its length
   * in seconds. Notes are sharp-named with octaves, ready for the sound engine.
   */
  readonly playback: readonly { readonly notes: readonly NoteName[]; readonly seconds: number }[];
}

/** Uniform random number in [0, 1). */
export type Rng = () => number;

const pick = <T>(rng: Rng, items: readonly T[]): T => {
  const item = items[Math.min(items.length - 1, Math.floor(rng() * items.length))];
  if (item === undefined) throw new RangeError("Nothing to pick from");
  return item;
};

const note = (midi: number): NoteName => midiToNoteName(midi as MidiNote);

function clampLevel(level: number): number {
  if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) {
    throw new RangeError(`level must be an integer from 1 to ${MAX_LEVEL}, got ${level}`);
  }
  return level;
}

// ---------------------------------------------------------------- intervals

/** Intervals by size in semitones, with names as taught in lesson 2. */
export const INTERVALS: readonly { id: string; semitones: number; label: string }[] = [
  { id: "m2", semitones: 1, label: "Minor 2nd" },
  { id: "M2", semitones: 2, label: "Major 2nd" },
  { id: "m3", semitones: 3, label: "Minor 3rd" },
  { id: "M3", semitones: 4, label: "Major 3rd" },
  { id: "P4", semitones: 5, label: "Perfect 4th" },
  { id: "TT", semitones: 6, label: "Tritone" },
  { id: "P5", semitones: 7, label: "Perfect 5th" },
  { id: "m6", semitones: 8, label: "Minor 6th" },
  { id: "M6", semitones: 9, label: "Major 6th" },
  { id: "m7", semitones: 10, label: "Minor 7th" },
  { id: "M7", semitones: 11, label: "Major 7th" },
  { id: "P8", semitones: 12, label: "Octave" },
];

/** Interval ids offered at each level: far-apart sizes first, then the close pairs. */
const INTERVAL_LEVELS: readonly (readonly string[])[] = [
  ["M3", "P5", "P8"],
  ["M2", "m3", "M3", "P4", "P5", "M6", "P8"],
  INTERVALS.map((i) => i.id),
];

/**
 * The interval id for a size in semitones (1–12), as {@link INTERVALS} names it.
 *
 * Raises
 * ------
 * RangeError
 *     For a size outside 1–12.
 */
export function intervalIdOfSemitones(semitones: number): string {
  const found = INTERVALS.find((i) => i.semitones === semitones);
  if (!found) throw new RangeError(`No interval of ${semitones} semitones (1–12 supported)`);
  return found.id;
}

function intervalQuestion(level: number, rng: Rng, forced?: string): ExerciseQuestion {
  const ids = INTERVAL_LEVELS[level - 1] ?? [];
  const id = forced ?? pick(rng, ids);
  const interval = INTERVALS.find((i) => i.id === id);
  if (!interval) throw new RangeError(`Unknown interval "${id}"`);
  const low = 55 + Math.floor(rng() * 13); // G3..G4
  const high = low + interval.semitones;
  // Level 1 plays melodically upward; higher levels also play downward or together.
  const style = level === 1 ? 0 : Math.floor(rng() * (level === 2 ? 2 : 3));
  const playback =
    style === 2
      ? [{ notes: [note(low), note(high)], seconds: 1.2 }]
      : style === 1
        ? [
            { notes: [note(high)], seconds: 0.7 },
            { notes: [note(low)], seconds: 0.9 },
          ]
        : [
            { notes: [note(low)], seconds: 0.7 },
            { notes: [note(high)], seconds: 0.9 },
          ];
  const offered = ids.includes(id) ? ids : [...ids, id];
  return {
    skill: "intervals",
    level,
    prompt: "Which interval is this?",
    context:
      style === 2
        ? "Both notes together"
        : style === 1
          ? "High note, then low note"
          : "Low note, then high note",
    choices: INTERVALS.filter((i) => offered.includes(i.id)).map((i) => ({ id: i.id, label: i.label })),
    answer: id,
    playback,
  };
}

// ---------------------------------------------------------------- chord qualities

/** Chord qualities with their tonal suffix and a learner-facing name. */
export const CHORD_QUALITY_ITEMS: readonly { id: string; suffix: string; label: string }[] = [
  { id: "major", suffix: "", label: "Major" },
  { id: "minor", suffix: "m", label: "Minor" },
  { id: "diminished", suffix: "dim", label: "Diminished" },
  { id: "augmented", suffix: "aug", label: "Augmented" },
  { id: "dominant7", suffix: "7", label: "Dominant 7th" },
  { id: "major7", suffix: "maj7", label: "Major 7th" },
  { id: "minor7", suffix: "m7", label: "Minor 7th" },
];

const CHORD_LEVELS: readonly (readonly string[])[] = [
  ["major", "minor"],
  ["major", "minor", "diminished", "augmented"],
  CHORD_QUALITY_ITEMS.map((c) => c.id),
];

/** Semitones above the root of each quality (root position). */
const QUALITY_SHAPES: Readonly<Record<string, readonly number[]>> = {
  major: [0, 4, 7],
  minor: [0, 3, 7],
  diminished: [0, 3, 6],
  augmented: [0, 4, 8],
  dominant7: [0, 4, 7, 10],
  major7: [0, 4, 7, 11],
  minor7: [0, 3, 7, 10],
};

function chordQuestion(level: number, rng: Rng, forced?: string): ExerciseQuestion {
  const ids = CHORD_LEVELS[level - 1] ?? [];
  const id = forced ?? pick(rng, ids);
  const shape = QUALITY_SHAPES[id];
  if (!shape) throw new RangeError(`Unknown chord quality "${id}"`);
  const root = 52 + Math.floor(rng() * 10); // E3..C#4
  const notes = shape.map((s) => note(root + s));
  const offered = ids.includes(id) ? ids : [...ids, id];
  return {
    skill: "chords",
    level,
    prompt: "What kind of chord is this?",
    context: "Played note by note, then together",
    choices: CHORD_QUALITY_ITEMS.filter((c) => offered.includes(c.id)).map((c) => ({
      id: c.id,
      label: c.label,
    })),
    answer: id,
    playback: [...notes.map((n) => ({ notes: [n], seconds: 0.45 })), { notes, seconds: 1.4 }],
  };
}

// ---------------------------------------------------------------- scale degrees

/** Degree names (1–7) of the major scale. */
export const DEGREE_LABELS = ["1 (Do)", "2 (Re)", "3 (Mi)", "4 (Fa)", "5 (Sol)", "6 (La)", "7 (Ti)"] as const;
const DEGREE_LEVELS: readonly (readonly number[])[] = [
  [1, 3, 5],
  [1, 2, 3, 4, 5],
  [1, 2, 3, 4, 5, 6, 7],
];

/**
 * "A♭ major" for the pitch class G#, "F♯ major" for F#: the key's name by the one spelling rule of
 * spelling.ts (keyTonic), accidentals typeset.
 */
function keyLabel(tonic: PitchClass): string {
  return `${prettyAccidentals(keyTonic(PITCH_CLASSES.indexOf(tonic), "major"))} major`;
}

/** Semitones above the tonic of each major-scale degree. */
const MAJOR_STEPS = [0, 2, 4, 5, 7, 9, 11] as const;

function keyRootMidi(rng: Rng): { tonic: PitchClass; midi: number } {
  const chroma = Math.floor(rng() * 12);
  const tonic = PITCH_CLASSES[chroma] ?? "C";
  // Keep the tonic between F#3 and F4 so the scale sits in a comfortable range.
  const midi = 60 + chroma - (chroma > 5 ? 12 : 0);
  return { tonic, midi };
}

function triadMidis(rootMidi: number, notes: readonly PitchClass[]): number[] {
  const out: number[] = [];
  for (const pc of notes) {
    let m = rootMidi + ((((PITCH_CLASSES.indexOf(pc) - (rootMidi % 12)) % 12) + 12) % 12);
    while (out.length > 0 && m <= (out[out.length - 1] ?? 0)) m += 12;
    out.push(m);
  }
  return out;
}

function degreeQuestion(level: number, rng: Rng, forced?: string): ExerciseQuestion {
  const degrees = DEGREE_LEVELS[level - 1] ?? [];
  const degree = forced ? Number(forced) : pick(rng, degrees);
  if (!Number.isInteger(degree) || degree < 1 || degree > 7)
    throw new RangeError(`Unknown degree "${forced}"`);
  const { tonic, midi } = keyRootMidi(rng);
  const chords = diatonicChords(tonic, "major");
  const tonicTriad = triadMidis(midi, chords[0]?.notes ?? []);
  const target = midi + (MAJOR_STEPS[degree - 1] ?? 0);
  const offered = degrees.includes(degree) ? degrees : [...degrees, degree].sort();
  return {
    skill: "scale-degrees",
    level,
    prompt: "Which degree of the scale is the last note?",
    context: `Key of ${keyLabel(tonic)}: the tonic chord, then one note`,
    choices: offered.map((d) => ({ id: String(d), label: DEGREE_LABELS[d - 1] ?? String(d) })),
    answer: String(degree),
    playback: [
      { notes: tonicTriad.map(note), seconds: 1.2 },
      { notes: [note(target)], seconds: 1 },
    ],
  };
}

// ---------------------------------------------------------------- progressions

/** Progressions as major-key degree indexes (0 = I), with their Roman-numeral names. */
export const PROGRESSION_ITEMS: readonly { id: string; degrees: readonly number[]; label: string }[] = [
  { id: "I-IV-V-I", degrees: [0, 3, 4, 0], label: "I – IV – V – I" },
  { id: "I-V-vi-IV", degrees: [0, 4, 5, 3], label: "I – V – vi – IV" },
  { id: "I-vi-IV-V", degrees: [0, 5, 3, 4], label: "I – vi – IV – V" },
  { id: "ii-V-I", degrees: [1, 4, 0], label: "ii – V – I" },
  { id: "I-IV-I-V", degrees: [0, 3, 0, 4], label: "I – IV – I – V" },
  { id: "vi-IV-I-V", degrees: [5, 3, 0, 4], label: "vi – IV – I – V" },
];

const PROGRESSION_LEVELS: readonly (readonly string[])[] = [
  ["I-IV-V-I", "I-V-vi-IV"],
  ["I-IV-V-I", "I-V-vi-IV", "I-vi-IV-V", "ii-V-I"],
  PROGRESSION_ITEMS.map((p) => p.id),
];

function progressionQuestion(level: number, rng: Rng, forced?: string): ExerciseQuestion {
  const ids = PROGRESSION_LEVELS[level - 1] ?? [];
  const id = forced ?? pick(rng, ids);
  const item = PROGRESSION_ITEMS.find((p) => p.id === id);
  if (!item) throw new RangeError(`Unknown progression "${id}"`);
  const { tonic, midi } = keyRootMidi(rng);
  const chords = diatonicChords(tonic, "major");
  const playback = item.degrees.map((d) => {
    const chord = chords[d];
    if (!chord) throw new RangeError(`No degree ${d}`);
    // Root in the bass an octave down, triad above it: a simple, clear voicing.
    const rootMidi = midi - 12 + (MAJOR_STEPS[d] ?? 0);
    const triad = triadMidis(rootMidi + 12, chord.notes);
    return { notes: [note(rootMidi), ...triad.map(note)], seconds: 1 };
  });
  const offered = ids.includes(id) ? ids : [...ids, id];
  return {
    skill: "progressions",
    level,
    prompt: "Which progression is this?",
    context: `Key of ${keyLabel(tonic)}`,
    choices: PROGRESSION_ITEMS.filter((p) => offered.includes(p.id)).map((p) => ({
      id: p.id,
      label: p.label,
    })),
    answer: id,
    playback,
  };
}

// ---------------------------------------------------------------- swaras over a drone

/**
 * The twelve swaras as choice ids (the one-letter Latin spelling of `@tonic/theory/indian`: komal
 * lower case, tivra Ma as M) in order from Sa; labels are {@link SARGAM_NAMES} (Sa re Re ga … Ni).
 */
export const SWARA_IDS = ["S", "r", "R", "g", "G", "m", "M", "P", "d", "D", "n", "N"] as const;

/** Swaras offered at each level: Sa Ga Pa; the seven shuddha swaras; all twelve. */
const SWARA_LEVELS: readonly (readonly string[])[] = [
  ["S", "G", "P"],
  ["S", "R", "G", "m", "P", "D", "N"],
  SWARA_IDS,
];

/** Sa of the swara drill when none is chosen: C4, the madhya Sa of Sa = C. */
export const SWARA_DRILL_SA = "C4" as const;

/** Options of {@link generateQuestion}. */
export interface QuestionOptions {
  /** The learner's Sa (pitch class) for the swara drill; default C. Other skills ignore it. */
  sa?: PitchClass;
}

/**
 * The madhya (middle-octave) Sa of the swara drill for a Sa pitch class, as a MIDI number: the Sa
 * from G3 (55) to F♯4 (66), so the swaras Sa…Ni stay between G3 and F5, a register both low and
 * high voices hear comfortably and the drone's Pa below (a fourth under Sa) stays above C3.
 *
 * @param sa pitch class of Sa ("C" … "B").
 * @returns MIDI number 55–66.
 * @throws RangeError for a name that is not one of the 12 pitch classes.
 */
export function swaraDrillSaMidi(sa: PitchClass): MidiNote {
  const pc = PITCH_CLASSES.indexOf(sa);
  if (pc < 0) throw new RangeError(`Unknown Sa "${sa}"`);
  return (pc <= 6 ? 60 + pc : 48 + pc) as MidiNote;
}

function swaraQuestion(level: number, rng: Rng, forced?: string, sa: PitchClass = "C"): ExerciseQuestion {
  const saMidi = swaraDrillSaMidi(sa);
  const ids = SWARA_LEVELS[level - 1] ?? [];
  const id = forced ?? pick(rng, ids);
  const semitone = HINDUSTANI_SWARAS[id];
  if (semitone === undefined || !(SWARA_IDS as readonly string[]).includes(id)) {
    throw new RangeError(`Unknown swara "${id}"`);
  }
  const offered = ids.includes(id) ? ids : SWARA_IDS.filter((s) => ids.includes(s) || s === id);
  return {
    skill: "swaras",
    level,
    prompt: "Which swara is this?",
    context: `Sa = ${prettyAccidentals(sa)}: the tanpura plays Sa and Pa, then one swara sounds`,
    choices: offered.map((s) => ({ id: s, label: SARGAM_NAMES[HINDUSTANI_SWARAS[s] ?? 0] ?? s })),
    answer: id,
    // Madhya saptak, from Sa up to Ni, long enough to hear against the drone.
    playback: [{ notes: [note(saMidi + semitone)], seconds: 1.6 }],
  };
}

// ---------------------------------------------------------------- public API

/**
 * Generate one ear-training question.
 *
 * Parameters
 * ----------
 * skill : Skill
 * level : number
 *     1 to {@link MAX_LEVEL}; higher levels offer more (and closer) answers and, for
 *     intervals, downward and harmonic playing.
 * rng : Rng
 *     Uniform random source in [0, 1) (pass `Math.random` in the app, a seeded one in tests).
 * item : string | undefined
 *     Force the right answer to this choice id (used to bring a missed item back); when it is
 *     not offered at this level it is added to the choices.
 * options : QuestionOptions
 *     `sa`: the learner's Sa for the swara drill (default C; the swara sounds over
 *     {@link swaraDrillSaMidi}).
 *
 * Returns
 * -------
 * ExerciseQuestion
 *
 * Raises
 * ------
 * RangeError
 *     For a level out of range or an unknown item id.
 */
export function generateQuestion(
  skill: Skill,
  level: number,
  rng: Rng,
  item?: string,
  options: QuestionOptions = {},
): ExerciseQuestion {
  clampLevel(level);
  switch (skill) {
    case "intervals":
      return intervalQuestion(level, rng, item);
    case "chords":
      return chordQuestion(level, rng, item);
    case "scale-degrees":
      return degreeQuestion(level, rng, item);
    case "progressions":
      return progressionQuestion(level, rng, item);
    case "swaras":
      return swaraQuestion(level, rng, item, options.sa);
  }
}

/**
 * Judge an answer.
 *
 * Returns
 * -------
 * boolean
 *     True when `choiceId` is the question's answer.
 */
export function checkAnswer(question: ExerciseQuestion, choiceId: string): boolean {
  return question.answer === choiceId;
}

/** The label of a question's right answer. */
export function answerLabel(question: ExerciseQuestion): string {
  return question.choices.find((c) => c.id === question.answer)?.label ?? question.answer;
}

/** Answers looked at to adapt the level, and the accuracies that move it. */
export const ADAPT_WINDOW = 6;
export const LEVEL_UP_ACCURACY = 5 / 6;
export const LEVEL_DOWN_ACCURACY = 1 / 2;

/**
 * The next difficulty level from the latest answers at the current level (a simple staircase:
 * up after at least 5 of the last 6 right, down when half or fewer are right).
 *
 * Parameters
 * ----------
 * level : number
 *     Current level, 1 to {@link MAX_LEVEL}.
 * recent : readonly boolean[]
 *     Results at this level, oldest first (true = right). Fewer than {@link ADAPT_WINDOW}
 *     results never change the level.
 *
 * Returns
 * -------
 * number
 *     The new level, within 1 to MAX_LEVEL.
 */
export function nextLevel(level: number, recent: readonly boolean[]): number {
  clampLevel(level);
  if (recent.length < ADAPT_WINDOW) return level;
  const window = recent.slice(-ADAPT_WINDOW);
  const accuracy = window.filter(Boolean).length / window.length;
  if (accuracy >= LEVEL_UP_ACCURACY) return Math.min(MAX_LEVEL, level + 1);
  if (accuracy <= LEVEL_DOWN_ACCURACY) return Math.max(1, level - 1);
  return level;
}

/**
 * Size in semitones between two notes with octaves, ignoring direction (for checking what was
 * played, e.g. by tests that "listen" to the engine).
 *
 * Raises
 * ------
 * RangeError
 *     For text that is not a note with an octave.
 */
export function semitonesBetween(a: string, b: string): number {
  const ma = Note.midi(a);
  const mb = Note.midi(b);
  if (ma === null || mb === null) throw new RangeError(`Not notes with octaves: "${a}", "${b}"`);
  return Math.abs(mb - ma);
}
