import {
  chordNotes,
  diatonicChords,
  type PitchClass,
  relativeScale,
  type ScaleType,
  scaleNotes,
  toPitchClass,
} from "@tonic/theory";
import type { QuizCheck, QuizQuestion } from "./schema.js";

function parseKey(name: string): { root: PitchClass; type: ScaleType } {
  const [root = "", type = ""] = name.trim().split(/\s+/);
  const t = type.toLowerCase();
  if (t !== "major" && t !== "minor") throw new RangeError(`Not a key: "${name}"`);
  return { root: toPitchClass(root), type: t };
}

/** "C, E, G" → ["C","E","G"] with sharp names; null when a part is not a note. */
function parseNoteList(choice: string): PitchClass[] | null {
  try {
    return choice.split(",").map((n) => toPitchClass(n.trim().replace("♯", "#").replace("♭", "b")));
  } catch {
    return null;
  }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && new Set(a).size === a.length && a.every((x) => b.includes(x));

/**
 * Whether one choice text states what the check claims, computed with `@tonic/theory`.
 *
 * Parameters
 * ----------
 * check : QuizCheck
 *     scale-notes (the 7 notes in order from the root), chord-notes (the chord's notes in any
 *     order), relative-key ("A minor"), diatonic-chord (the triad symbol on a 1-based degree).
 * choice : string
 *     The choice as shown to the learner; flats are accepted and compared by pitch class.
 *
 * Returns
 * -------
 * boolean
 *     False for a wrong or unparseable choice.
 *
 * Raises
 * ------
 * RangeError
 *     When the check itself names an unknown key or chord.
 */
export function choiceSatisfies(check: QuizCheck, choice: string): boolean {
  switch (check.kind) {
    case "scale-notes": {
      const { root, type } = parseKey(check.scale);
      const notes = parseNoteList(choice);
      return notes !== null && sameList(notes, scaleNotes(root, type));
    }
    case "chord-notes": {
      const notes = parseNoteList(choice);
      return notes !== null && sameSet(notes, chordNotes(check.chord));
    }
    case "relative-key": {
      const { root, type } = parseKey(check.key);
      const rel = relativeScale(root, type);
      try {
        const c = parseKey(choice);
        return c.root === rel.root && c.type === rel.type;
      } catch {
        return false;
      }
    }
    case "diatonic-chord": {
      const { root, type } = parseKey(check.key);
      const chord = diatonicChords(root, type)[check.degree - 1];
      if (!chord) throw new RangeError(`No degree ${check.degree} in ${check.key}`);
      try {
        return sameList(chordNotes(choice), chord.notes);
      } catch {
        return false;
      }
    }
  }
}

/**
 * Verify a quiz question's `check`: its marked answer must satisfy the check and no other
 * choice may.
 *
 * Parameters
 * ----------
 * q : QuizQuestion
 *
 * Returns
 * -------
 * string | null
 *     A reason when the question is wrong, null when it is right or has no check.
 */
export function checkQuizAnswer(q: QuizQuestion): string | null {
  if (!q.check) return null;
  let matches: number[];
  try {
    const check = q.check;
    matches = q.choices.flatMap((c, i) => (choiceSatisfies(check, c) ? [i] : []));
  } catch (err) {
    return `check cannot be computed: ${(err as Error).message}`;
  }
  const what = JSON.stringify(q.check);
  if (!matches.includes(q.answer)) {
    const right = matches.length ? ` (choice ${matches[0]} "${q.choices[matches[0] ?? 0]}" is)` : "";
    return `answer ${q.answer} "${q.choices[q.answer]}" is not correct for ${what}${right}`;
  }
  if (matches.length > 1) {
    return `more than one choice is correct for ${what}: ${matches.map((i) => `"${q.choices[i]}"`).join(", ")}`;
  }
  return null;
}
