import { playChord, playNote } from "@/lib/audio";

/** Notes of the "correct" sound: a rising major arpeggio, 90 ms apart. */
export const CORRECT_NOTES = ["C5", "E5", "G5", "C6"] as const;
/** Notes of the "incorrect" sound: a low tritone played together. */
export const INCORRECT_NOTES = ["C3", "F#3"] as const;
const STEP_MS = 90;

/**
 * The quiz's correct / incorrect sounds, made by the Tone.js engine (no downloaded files; the
 * SPEC §7 sound assets are replaced by synthesis). Call from the click handler so audio can start.
 *
 * Parameters
 * ----------
 * correct : boolean
 */
export function playQuizSound(correct: boolean): void {
  if (!correct) {
    playChord(INCORRECT_NOTES, "8n");
    return;
  }
  CORRECT_NOTES.forEach((note, i) => {
    if (i === 0) playNote(note, "16n");
    else setTimeout(() => playNote(note, "16n"), i * STEP_MS);
  });
}
