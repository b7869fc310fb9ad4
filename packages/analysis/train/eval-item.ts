/**
 * A rendered training song as an evaluation item (`render-corpus.ts --folder-out`): its `truth.json` in
 * the format of `../shared/eval` (see its README), so that `npm run bench -- --folder` and
 * `npm run bench:live -- --folder` score validation songs as they score the evaluation sets. Pure.
 */
import type { TimedLabel } from "./billboard.js";

/** The `truth.json` of one item (the fields the benches read, plus where it came from). */
export interface EvalTruth {
  id: string;
  source: string;
  /** pools items in the live bench ("band billboard") */
  group: string;
  /** "A minor" style, or null without one */
  key: string | null;
  /** 60 / median beat interval, 2 decimals; null with fewer than two beats */
  bpm: number | null;
  beats: number[];
  downbeats: number[];
  time_signature: string;
  /** Harte labels covering 0..duration without gaps ("N" where the song has no chord) */
  chords: TimedLabel[];
  duration: number;
}

/** "A:min" → "A minor" (any other mode reads as major). */
export function keyName(label: string): string {
  const [t = "C", m = "maj"] = label.split(":");
  return `${t} ${m === "min" ? "minor" : "major"}`;
}

/**
 * The truth of a song rendered to `duration` seconds of audio.
 * @param song chords and keys in song time, and the metre.
 * @param at maps song time to audio time (the render's start shift and detuning), seconds.
 * @param beats beat times in audio time; @param downbeats downbeat times in audio time.
 * @returns times rounded to 1 ms and clipped to the audio; the key is the one spanning the most audio.
 */
export function evalTruth(
  meta: { id: string; source: string; group: string },
  song: { chords: readonly TimedLabel[]; keys: readonly TimedLabel[]; metre: string },
  at: (t: number) => number,
  beats: readonly number[],
  downbeats: readonly number[],
  duration: number,
): EvalTruth {
  const clip = (t: number) => Math.round(Math.min(duration, Math.max(0, t)) * 1000) / 1000;
  const chords: TimedLabel[] = [];
  for (const c of song.chords) {
    const start = clip(at(c.start));
    const end = clip(at(c.end));
    if (!(end > start)) continue;
    const last = chords[chords.length - 1];
    const from = last ? last.end : 0;
    if (end <= from) continue;
    if (start > from) chords.push({ start: from, end: start, label: "N" });
    chords.push({ start: Math.max(start, from), end, label: c.label });
  }
  const lastEnd = chords[chords.length - 1]?.end ?? 0;
  if (lastEnd < clip(duration)) chords.push({ start: lastEnd, end: clip(duration), label: "N" });
  let key: string | null = null;
  let keySeconds = 0;
  for (const k of song.keys) {
    const seconds = clip(at(k.end)) - clip(at(k.start));
    if (seconds > keySeconds) [key, keySeconds] = [keyName(k.label), seconds];
  }
  const inside = (ts: readonly number[]) => ts.filter((t) => t >= 0 && t <= duration);
  const gaps = inside(beats)
    .slice(1)
    .map((b, i) => b - (inside(beats)[i] as number))
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  return {
    ...meta,
    key,
    bpm: median ? Math.round((60 / median) * 100) / 100 : null,
    beats: inside(beats),
    downbeats: inside(downbeats),
    time_signature: song.metre,
    chords,
    duration: clip(duration),
  };
}
