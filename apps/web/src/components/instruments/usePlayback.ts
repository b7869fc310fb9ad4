import { useCallback, useEffect, useRef, useState } from "react";
import { playChord, playNote } from "@/lib/audio";

/** Time between the notes of a played scale, in milliseconds. */
export const SCALE_STEP_MS = 280;

/**
 * Play an example's notes: a scale one note after another, a chord all at once. Must be
 * started from a user gesture (the first play starts audio).
 *
 * Parameters
 * ----------
 * onNote : (note: string, index: number) => void
 *     Called as each note starts (to light its key).
 *
 * Returns
 * -------
 * { playing: boolean; playScale(notes): void; playTogether(notes): void }
 */
export function usePlayback(onNote: (note: string, index: number) => void) {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const [playing, setPlaying] = useState(false);
  const stop = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
    setPlaying(false);
  }, []);
  useEffect(() => stop, [stop]);

  const playScale = useCallback(
    (notes: readonly string[]) => {
      stop();
      setPlaying(true);
      notes.forEach((note, i) => {
        const run = () => {
          playNote(note);
          onNote(note, i);
        };
        // The first note plays inside the gesture so audio can start.
        if (i === 0) run();
        else timers.current.push(setTimeout(run, i * SCALE_STEP_MS));
      });
      timers.current.push(setTimeout(() => setPlaying(false), notes.length * SCALE_STEP_MS));
    },
    [onNote, stop],
  );

  const playTogether = useCallback(
    (notes: readonly string[]) => {
      stop();
      playChord(notes);
      if (notes[0]) onNote(notes[0], 0);
    },
    [onNote, stop],
  );

  return { playing, playScale, playTogether };
}
