import type { TimedChord } from "./timeline";

/** What the beat grid is built from: the engine's beats and downbeats (seconds), or a tempo alone. */
export interface BeatGridInput {
  /** Beat instants, seconds ascending (may be absent for songs from the song store). */
  beats?: readonly number[] | null;
  /** Downbeats (first beat of each bar), seconds; a subset of `beats`. */
  downbeats?: readonly number[] | null;
  /** "4/4" | "3/4" | "6/8" | null. */
  timeSignature?: string | null;
  /** Tempo, BPM; null or 0 when there is no steady beat. */
  bpm: number | null;
  chords: readonly TimedChord[];
  durationSeconds: number;
}

/** One beat cell of the grid. */
export interface GridBeat {
  /** Index in {@link BeatGrid.beats}. */
  index: number;
  /** Start, seconds. */
  time: number;
  /** End (next beat, or the song's end), seconds. */
  end: number;
  /** The chord sounding longest within [time, end); null for no chord ("N") or before the first chord. */
  chord: string | null;
  /** True when the chord differs from the previous beat's (a chord name is shown here). */
  change: boolean;
  /** Index of the bar in {@link BeatGrid.bars}. */
  bar: number;
  /** 0-based position within the bar's cells (a pickup bar's beats sit at its end). */
  position: number;
}

/** One bar: its cells (null = empty cell before a pickup), start and end in seconds. */
export interface GridBar {
  index: number;
  /** Bar number shown to the user, from 1. */
  number: number;
  start: number;
  end: number;
  cells: (GridBeat | null)[];
}

export interface BeatGrid {
  beatsPerBar: number;
  beats: GridBeat[];
  bars: GridBar[];
  /**
   * "engine": the engine's beats and downbeats; "tempo": beats spaced from the BPM (songs from the song
   * store); "seconds": no steady beat, one cell per second.
   */
  source: "engine" | "tempo" | "seconds";
}

/** Largest distance (seconds) between a beat and a downbeat for them to be the same instant. */
const SAME_INSTANT = 0.03;

/** "3/4" → 3, "6/8" → 6, else 4. */
function meterBeats(ts: string | null | undefined): number {
  if (ts === "3/4") return 3;
  if (ts === "6/8") return 6;
  return 4;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/**
 * The chord sounding longest within each [start, end) window.
 * @param windows ascending, non-overlapping windows, seconds
 * @param chords chord changes (any order); "N" is no chord
 */
export function chordsInWindows(
  windows: readonly { start: number; end: number }[],
  chords: readonly TimedChord[],
): (string | null)[] {
  const sorted = [...chords].filter((c) => Number.isFinite(c.time)).sort((a, b) => a.time - b.time);
  const out: (string | null)[] = [];
  let j = 0;
  for (const w of windows) {
    while (j + 1 < sorted.length && (sorted[j + 1]?.time ?? Number.POSITIVE_INFINITY) <= w.start) j++;
    let best: string | null = null;
    let bestLen = 0;
    for (let k = j; k < sorted.length; k++) {
      const c = sorted[k];
      if (!c || c.time >= w.end) break;
      const segStart = Math.max(w.start, c.time);
      const segEnd = Math.min(w.end, sorted[k + 1]?.time ?? Number.POSITIVE_INFINITY);
      if (segEnd - segStart > bestLen) {
        bestLen = segEnd - segStart;
        best = c.chord;
      }
    }
    out.push(best === "N" || best === "X" ? null : best);
  }
  return out;
}

/**
 * Lays a song out as bars of beats (the chord grid). Bars start at the engine's downbeats; beats before the
 * first downbeat form a pickup bar, right-aligned. Without beats, beats are spaced at 60/BPM from 0 s, bars
 * every 4 (or 3) beats; without a tempo, one cell per second in bars of 4.
 * @returns beats with the chord that sounds longest in each, and the bars holding them.
 */
export function buildBeatGrid(input: BeatGridInput): BeatGrid {
  const duration = Number.isFinite(input.durationSeconds) ? Math.max(0, input.durationSeconds) : 0;
  let times = (input.beats ?? []).filter((t) => Number.isFinite(t) && t >= 0 && t < duration);
  let downbeats = (input.downbeats ?? []).filter((t) => Number.isFinite(t));
  let source: BeatGrid["source"] = "engine";
  let beatsPerBar = meterBeats(input.timeSignature);
  if (times.length < 2) {
    const bpm = input.bpm && input.bpm > 0 ? input.bpm : null;
    const period = bpm ? 60 / bpm : 1;
    source = bpm ? "tempo" : "seconds";
    if (!bpm) beatsPerBar = 4;
    times = [];
    for (let t = 0; t < duration - 1e-6; t += period) times.push(Number(t.toFixed(4)));
    downbeats = times.filter((_, i) => i % beatsPerBar === 0);
  }
  // Beats per bar from the spacing of the downbeats when the engine gave them.
  const isDownbeat = (t: number) => downbeats.some((d) => Math.abs(d - t) <= SAME_INSTANT);
  const flags = times.map(isDownbeat);
  if (source === "engine" && flags.filter(Boolean).length >= 2) {
    const gaps: number[] = [];
    let last = -1;
    flags.forEach((f, i) => {
      if (!f) return;
      if (last >= 0) gaps.push(i - last);
      last = i;
    });
    const m = median(gaps);
    if (m >= 2 && m <= 6) beatsPerBar = m;
  } else if (source === "engine") {
    // No downbeats: group every beatsPerBar beats.
    times.forEach((_, i) => {
      flags[i] = i % beatsPerBar === 0;
    });
  }
  const windows = times.map((t, i) => ({ start: t, end: times[i + 1] ?? Math.max(t, duration) }));
  const chordNames = chordsInWindows(windows, input.chords);

  const beats: GridBeat[] = [];
  const bars: GridBar[] = [];
  let current: GridBeat[] = [];
  const flush = (pickup: boolean) => {
    if (current.length === 0) return;
    const index = bars.length;
    const width = Math.max(beatsPerBar, current.length);
    const pad = pickup ? width - current.length : 0;
    const cells: (GridBeat | null)[] = [...new Array<null>(pad).fill(null), ...current];
    current.forEach((b, i) => {
      b.bar = index;
      b.position = pad + i;
    });
    const first = current[0];
    const lastBeat = current[current.length - 1];
    bars.push({ index, number: index + 1, start: first?.time ?? 0, end: lastBeat?.end ?? 0, cells });
    current = [];
  };
  let seenDownbeat = false;
  times.forEach((t, i) => {
    if (flags[i] && current.length > 0) flush(!seenDownbeat);
    if (flags[i]) seenDownbeat = true;
    const prev = beats[i - 1];
    const chord = chordNames[i] ?? null;
    const beat: GridBeat = {
      index: i,
      time: t,
      end: windows[i]?.end ?? t,
      chord,
      change: i === 0 ? chord !== null : chord !== (prev?.chord ?? null),
      bar: 0,
      position: 0,
    };
    beats.push(beat);
    current.push(beat);
  });
  flush(false);
  return { beatsPerBar, beats, bars, source };
}

/**
 * Index of the beat playing at `time` seconds (binary search), or -1 before the first beat.
 */
export function beatAt(beats: readonly { time: number }[], time: number): number {
  let lo = 0;
  let hi = beats.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((beats[mid]?.time ?? 0) <= time + 1e-3) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

/** Index of the bar playing at `time` seconds (0 before the first beat). */
export function barAt(grid: BeatGrid, time: number): number {
  const b = beatAt(grid.beats, time);
  return b < 0 ? 0 : (grid.beats[b]?.bar ?? 0);
}

/** A loop over bars `from`..`to` (inclusive, indices into bars), as a time range in seconds. */
export function loopRange(grid: BeatGrid, from: number, to: number): { start: number; end: number } | null {
  const a = grid.bars[Math.min(from, to)];
  const b = grid.bars[Math.max(from, to)];
  if (!a || !b) return null;
  return { start: a.start, end: b.end };
}
