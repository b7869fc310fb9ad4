import { midiToNoteName } from "./music";

/** A sung note as the engine segments it (seconds, MIDI number). */
export interface SungNote {
  start: number;
  end: number;
  midi: number;
}

/** More different notes than this are a melody: "Unable to detect scale" stays the answer. */
const MAX_FEW_NOTES = 3;
/** Notes shorter than this are slides and scoops, not notes the singer held (seconds; the engine's). */
const MIN_SUSTAIN_SECONDS = 0.12;
/** Held notes must last this long in all before we name them (seconds). */
const MIN_HELD_SECONDS = 0.5;

/**
 * The different notes of a recording too plain for a key: one to three held pitches (a single steady
 * note, say). The singer is told which notes we heard and to sing a few different ones.
 *
 * @param notes the engine's note segmentation of the recording.
 * @returns the different MIDI notes held, low to high, or null when there are none or more than three.
 */
export function fewSungNotes(notes: readonly SungNote[]): number[] | null {
  const held = notes.filter((n) => n.end - n.start >= MIN_SUSTAIN_SECONDS);
  const seconds = held.reduce((sum, n) => sum + n.end - n.start, 0);
  if (held.length === 0 || seconds < MIN_HELD_SECONDS) return null;
  const distinct = [...new Set(held.map((n) => Math.round(n.midi)))].sort((a, b) => a - b);
  return distinct.length <= MAX_FEW_NOTES ? distinct : null;
}

/**
 * What to tell a singer who held only a few notes, e.g. "One note: A4 — sing a few different notes".
 * @param midis the different notes, low to high (one to three).
 */
export function fewNotesMessage(midis: readonly number[]): string {
  const names = midis.map(midiToNoteName);
  if (names.length === 1) return `One note: ${names[0]} — sing a few different notes`;
  const list = `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  return `Only ${names.length} notes: ${list} — sing a few more different notes`;
}
