import { useCallback, useEffect, useRef, useState } from "react";
import { useSettingsStore } from "@/stores/settings";
import { type BeatGrid, barAt, beatAt, loopRange } from "../lib/beat-grid";
import { click } from "../lib/click";
import type { PlayerHandle } from "./usePlayerTime";

/** Playback speeds offered, as fractions of normal (50–150 %). */
export const SPEEDS = [0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5] as const;

/** A loop over bars `from`..`to` (inclusive indices into the grid's bars). */
export interface BarLoop {
  from: number;
  to: number;
}

/** How early (seconds) the loop's end triggers the jump back, so a 60 Hz frame never plays past the bar. */
const LOOP_EARLY = 0.03;

/**
 * Practice state for the Song analysis screen: bar loop (A/B or a range), speed (pitch kept), count-in
 * and metronome clicks on the grid's beats, and the keyboard shortcuts (space play/pause, ←/→ one bar,
 * L loop). Watches the player every animation frame while a loop or the metronome is on.
 */
export function usePractice(player: PlayerHandle | null, grid: BeatGrid, bpm: number | null) {
  const volume = useSettingsStore((s) => s.settings.volume);
  const [loop, setLoop] = useState<BarLoop | null>(null);
  const [pendingA, setPendingA] = useState<number | null>(null);
  const [rate, setRateState] = useState(1);
  const [metronome, setMetronome] = useState(false);
  const [countIn, setCountIn] = useState(false);
  const [passes, setPasses] = useState(0);
  const [counting, setCounting] = useState(false);
  const lastBeat = useRef(-1);
  const countTimer = useRef<number | null>(null);

  const range = loop ? loopRange(grid, loop.from, loop.to) : null;
  const loopStart = range?.start ?? null;
  const loopEnd = range?.end ?? null;

  useEffect(() => {
    if (!player || (loopEnd === null && !metronome)) return;
    let raf = 0;
    const tick = () => {
      const t = player.getCurrentTime();
      if (loopStart !== null && loopEnd !== null && t >= loopEnd - LOOP_EARLY) {
        player.seekTo(loopStart);
        lastBeat.current = -1;
        setPasses((p) => p + 1);
      } else if (metronome && !(player.isPaused?.() ?? false)) {
        const b = beatAt(grid.beats, t);
        const beat = grid.beats[b];
        if (b !== lastBeat.current && beat && t - beat.time < 0.12) click(beat.position === 0, volume);
        lastBeat.current = b;
      }
      raf = window.requestAnimationFrame(tick);
    };
    raf = window.requestAnimationFrame(tick);
    return () => window.cancelAnimationFrame(raf);
  }, [player, loopStart, loopEnd, metronome, grid, volume]);

  useEffect(
    () => () => {
      if (countTimer.current !== null) window.clearTimeout(countTimer.current);
    },
    [],
  );

  const setRate = useCallback(
    (r: number) => {
      setRateState(r);
      player?.setPlaybackRate?.(r);
    },
    [player],
  );

  const play = useCallback(() => {
    if (!player) return;
    if (!countIn) {
      player.play();
      return;
    }
    // One bar of clicks at the song's tempo (slowed with the speed), then play.
    const period = 60 / (bpm && bpm > 0 ? bpm : 100) / rate;
    const n = grid.beatsPerBar;
    for (let i = 0; i < n; i++) click(i === 0, volume, i * period);
    setCounting(true);
    countTimer.current = window.setTimeout(
      () => {
        setCounting(false);
        countTimer.current = null;
        player.play();
      },
      n * period * 1000,
    );
  }, [player, countIn, bpm, rate, grid.beatsPerBar, volume]);

  const togglePlay = useCallback(() => {
    if (!player) return;
    if (player.isPaused?.() ?? true) play();
    else player.pause();
  }, [player, play]);

  const seekBar = useCallback(
    (delta: number) => {
      if (!player || grid.bars.length === 0) return;
      const bar = Math.min(grid.bars.length - 1, Math.max(0, barAt(grid, player.getCurrentTime()) + delta));
      const target = grid.bars[bar];
      if (target) player.seekTo(target.start);
    },
    [player, grid],
  );

  const setLoopBars = useCallback((from: number, to: number) => {
    setLoop({ from: Math.min(from, to), to: Math.max(from, to) });
    setPendingA(null);
    setPasses(0);
  }, []);

  /** A: mark the current bar as the loop's start. B: close the loop at the current bar. */
  const markA = useCallback(() => {
    if (!player) return;
    setPendingA(barAt(grid, player.getCurrentTime()));
    setLoop(null);
  }, [player, grid]);
  const markB = useCallback(() => {
    if (!player) return;
    const b = barAt(grid, player.getCurrentTime());
    setLoopBars(pendingA ?? b, b);
  }, [player, grid, pendingA, setLoopBars]);
  const clearLoop = useCallback(() => {
    setLoop(null);
    setPendingA(null);
  }, []);
  const toggleLoop = useCallback(() => {
    if (loop) clearLoop();
    else if (player) {
      const b = barAt(grid, player.getCurrentTime());
      setLoopBars(pendingA ?? b, b);
    }
  }, [loop, clearLoop, player, grid, pendingA, setLoopBars]);

  // Keyboard shortcuts; form fields, buttons and the media element keep their own keys.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const el = e.target instanceof HTMLElement ? e.target : null;
      if (el?.closest("input, textarea, select, button, audio, video, [contenteditable=true], [role=dialog]"))
        return;
      if (e.key === " ") {
        e.preventDefault();
        togglePlay();
      } else if (e.key === "ArrowLeft") {
        e.preventDefault();
        seekBar(-1);
      } else if (e.key === "ArrowRight") {
        e.preventDefault();
        seekBar(1);
      } else if (e.key === "l" || e.key === "L") {
        toggleLoop();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [togglePlay, seekBar, toggleLoop]);

  return {
    loop,
    range,
    pendingA,
    passes,
    rate,
    setRate,
    metronome,
    setMetronome,
    countIn,
    setCountIn,
    counting,
    togglePlay,
    seekBar,
    setLoopBars,
    markA,
    markB,
    clearLoop,
    toggleLoop,
  };
}

export type Practice = ReturnType<typeof usePractice>;
