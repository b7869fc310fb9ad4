import { useEffect, useState } from "react";

/** PRODUCT §9: the timeline follows the player every 100 ms. */
export const PLAYER_POLL_MS = 100;

/** Anything that can report and set a playback position in seconds (audio element, YouTube player). */
export interface PlayerHandle {
  getCurrentTime(): number;
  seekTo(seconds: number): void;
  play(): void;
  pause(): void;
  /** Playback speed (1 = normal), keeping pitch where the player can; absent when unsupported. */
  setPlaybackRate?(rate: number): void;
  /** Whether playback is paused (absent: unknown). */
  isPaused?(): boolean;
}

/** Polls `player` every 100 ms and returns the current time in seconds. */
export function usePlayerTime(player: PlayerHandle | null): number {
  const [time, setTime] = useState(0);
  useEffect(() => {
    if (!player) return;
    const id = window.setInterval(() => setTime(player.getCurrentTime()), PLAYER_POLL_MS);
    return () => window.clearInterval(id);
  }, [player]);
  return time;
}
