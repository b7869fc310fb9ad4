import { useEffect } from "react";
import { soundEngine } from "./engine";

export { playFeedbackSound, SOUND_EFFECTS } from "./effects";
export type { AudioDiagnostics, PlayRecord } from "./engine";
export {
  TANPURA_CYCLE_PAUSE_SECONDS,
  TANPURA_MAX_CENTS,
  TANPURA_PLUCK_SECONDS,
  type TanpuraFirstString,
  type TanpuraState,
  tanpura,
  tanpuraStrings,
} from "./tanpura";

/** Play one note (default an eighth note). Call from a user-gesture handler; the first call starts audio. */
export function playNote(note: string, duration?: string | number): void {
  soundEngine.playNote(note, duration);
}

/** Play notes together (default a half note). Call from a user-gesture handler. */
export function playChord(notes: readonly string[], duration?: string | number): void {
  soundEngine.playChord(notes, duration);
}

/** Start audio now; must be called inside a user gesture (pointerdown, keydown, click). */
export function unlockAudio(): void {
  soundEngine.unlock();
}

/**
 * Start the audio context on the first user gesture anywhere on the page, so the first
 * note a user plays is not delayed by context start-up. Nothing is created before that.
 *
 * Touch browsers only grant activation on the end of a tap (pointerup / touchend), so the
 * listeners stay until the context actually runs.
 */
export function useAudioUnlockOnFirstGesture(): void {
  useEffect(() => {
    if (soundEngine.running) return;
    const events = ["pointerdown", "pointerup", "touchend", "keydown", "click"] as const;
    const remove = () => {
      for (const e of events) window.removeEventListener(e, onGesture, true);
    };
    function onGesture() {
      soundEngine.unlock();
      if (soundEngine.running) remove();
    }
    for (const e of events) window.addEventListener(e, onGesture, true);
    return remove;
  }, []);
}
