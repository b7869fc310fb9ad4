/**
 * Play-along scoring: compare the chords a player played with a song's chords, bar by bar.
 * Pure module (no Node or DOM APIs).
 */
import { parseDisplayChord } from "../labels.js";
import { ChordLabelError } from "../types.js";

/** Triad family of each quality (Harte shorthand): what "the same quality" means when scoring. */
const FAMILY: Readonly<Record<string, string>> = {
  maj: "maj",
  "7": "maj",
  maj7: "maj",
  maj6: "maj",
  "9": "maj",
  min: "min",
  min7: "min",
  min6: "min",
  minmaj7: "min",
  dim: "dim",
  hdim7: "dim",
  dim7: "dim",
  aug: "aug",
  sus4: "sus4",
  sus2: "sus2",
};

/**
 * Whether a played chord counts as the expected one: same root pitch class (so enharmonics such as
 * "A#" and "Bb" agree) and the same triad family (major: maj, 7, maj7, 6, 9; minor: m, m7, m6, mMaj7;
 * diminished: dim, m7b5, dim7; aug; sus4; sus2). Slash basses are ignored, so inversions agree
 * ("C/E" = "C"). "N" only matches "N". Unknown names never match.
 */
export function chordsMatch(played: string, expected: string): boolean {
  try {
    const p = parseDisplayChord(played);
    const e = parseDisplayChord(expected);
    if (!p || !e) return p === e;
    return p.root === e.root && FAMILY[p.quality.harte] === FAMILY[e.quality.harte];
  } catch (err) {
    if (err instanceof ChordLabelError) return false;
    throw err;
  }
}

/** One bar to play: [start, end) in song seconds and the chord expected. */
export interface PlayBar {
  start: number;
  end: number;
  chord: string;
}

/**
 * Split a song's chord changes into bars: every chord segment is cut into pieces of at most
 * `beatsPerBar` beats at `bpm` (the last piece of a segment may be shorter; pieces shorter than one beat
 * are merged into the previous one). "N" segments are left out (nothing to play).
 *
 * @param chords chord changes, ascending time, seconds.
 * @param durationSeconds end of the last chord, seconds.
 * @param bpm tempo in BPM (> 0); 120 is assumed when it is null (no steady beat) or not finite.
 */
export function barsFromChords(
  chords: readonly { time: number; chord: string }[],
  durationSeconds: number,
  bpm: number | null,
  beatsPerBar = 4,
): PlayBar[] {
  const beat = 60 / (bpm !== null && Number.isFinite(bpm) && bpm > 0 ? bpm : 120);
  const bar = beat * beatsPerBar;
  const out: PlayBar[] = [];
  chords.forEach((c, i) => {
    const end = i + 1 < chords.length ? (chords[i + 1]?.time ?? durationSeconds) : durationSeconds;
    if (c.chord === "N" || !(end > c.time)) return;
    let t = c.time;
    while (end - t > 1e-6) {
      let e = Math.min(end, t + bar);
      if (end - e < beat * 0.999) e = end;
      out.push({ start: t, end: e, chord: c.chord });
      t = e;
    }
  });
  return out;
}

/** A sample of what the player played: at song time `time` (seconds) the live display showed `chord`. */
export interface PlayedSample {
  time: number;
  chord: string;
}

/** Where a take's song started on the microphone's audio clock. */
export interface TakeAnchor {
  /** Stream time when the song started, seconds of audio since the microphone stream began. */
  stream: number;
  /** Song time then, seconds (0 for a take from the top). */
  song: number;
  /** Playback speed (0.5, 0.75 or 1: song seconds per second). */
  speed: number;
}

/**
 * Song time of a chord the live engine decided on audio heard at stream time `heardAt`: measured on the
 * audio clock, so a busy device that shows chords late does not make the player late.
 *
 * @param anchor where the song started on the stream ({@link TakeAnchor}).
 * @param heardAt stream time of the chord's frame, seconds (`LiveUpdate` chord `time`).
 * @returns song seconds, `song + (heardAt − stream) · speed` (negative before the song started).
 */
export function songTimeOf(anchor: TakeAnchor, heardAt: number): number {
  return anchor.song + (heardAt - anchor.stream) * anchor.speed;
}

/** A bar's verdict. */
export interface BarResult extends PlayBar {
  /** Share 0..1 of the bar's samples (after the grace period) that matched. */
  share: number;
  hit: boolean;
  /** The chord shown most often during the bar ("N" when nothing was played or no samples). */
  played: string;
}

/**
 * Mark each bar hit or missed: a bar is hit when at least `minShare` of the display samples between
 * `start + graceSeconds` and `end` match its chord ({@link chordsMatch}). The grace period covers the
 * display latency and a player changing chord a little late. Bars without samples are missed.
 *
 * @param samples display samples, any order, song seconds.
 * @returns one result per bar and the score (hits / bars, 0 when there are no bars).
 */
export function scoreBars(
  bars: readonly PlayBar[],
  samples: readonly PlayedSample[],
  graceSeconds = 0.3,
  minShare = 0.5,
): { bars: BarResult[]; score: number } {
  const sorted = [...samples].sort((a, b) => a.time - b.time);
  let j = 0;
  const results = bars.map((b) => {
    const from = b.start + Math.min(graceSeconds, (b.end - b.start) / 2);
    while (j < sorted.length && (sorted[j]?.time ?? 0) < b.start) j++;
    let n = 0;
    let ok = 0;
    const counts = new Map<string, number>();
    for (let k = j; k < sorted.length; k++) {
      const s = sorted[k];
      if (!s || s.time >= b.end) break;
      if (s.time < from) continue;
      n++;
      counts.set(s.chord, (counts.get(s.chord) ?? 0) + 1);
      if (chordsMatch(s.chord, b.chord)) ok++;
    }
    let played = "N";
    let most = 0;
    for (const [c, v] of counts) {
      if (v > most) {
        most = v;
        played = c;
      }
    }
    const share = n > 0 ? ok / n : 0;
    return { ...b, share, hit: n > 0 && share >= minShare, played };
  });
  const hits = results.filter((r) => r.hit).length;
  return { bars: results, score: results.length > 0 ? hits / results.length : 0 };
}

/**
 * The bars a take stopped at song time `stopSeconds` is scored on: every bar the song went at least
 * halfway through. A bar only just begun when the player pressed "Finish" is left out rather than
 * marked missed (its samples would all fall in the grace period, so it could not be hit).
 *
 * @param bars the song's bars ({@link barsFromChords}), seconds.
 * @param stopSeconds song time when the take stopped, seconds (≥ 0; a later time than the song's end
 *   keeps every bar).
 */
export function barsPlayed(bars: readonly PlayBar[], stopSeconds: number): PlayBar[] {
  return bars.filter((b) => stopSeconds >= b.start + (b.end - b.start) / 2);
}
