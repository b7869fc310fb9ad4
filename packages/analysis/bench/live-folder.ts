/**
 * The live benches' shared runner: plays audio through the Live screen's code path and scores the chord
 * it shows against timed truth. `npm run bench:live -- --folder DIR [--json out.json] [--only SUBSTRING]`
 * runs every `DIR/<item>/audio.*` (WAV, MP3, … at any sample rate) that has a `truth.json` of timed
 * chords (`{"chords":[{"start","end","label"}]}`, Harte labels; an optional `"group"` string pools items,
 * e.g. "guitar clean").
 *
 * The path: the audio is resampled to 48 kHz (linear interpolation; the live chroma reads 60 Hz–5 kHz,
 * far below either Nyquist frequency) and fed as 128-sample render quanta buffered into LIVE_BLOCK-sample
 * blocks to one `LiveListener` (options from the `LIVE_OPTS` environment variable, JSON, as the other
 * live benches), exactly as the browser's AudioWorklet → Worker path does. The chord shown is what the
 * Worker posts: each block's last frame, from the end of that block until the next shown change.
 *
 * Measures, per item and pooled over items (and per group):
 *   accuracy   share of the time where the shown chord is right (mir_eval's majmin and sevenths, via the
 *              engine's `chordWcsr`), leaving out the 0.5 s after each true change (a chord at the start,
 *              the onset from silence and changes to and from "N" included) and the time the comparison leaves out
 *              (chords outside the vocabulary, "X"); "N" in the truth must be shown as "N";
 *   latency    from each true change to a chord (one the previous chord would not already count as, in
 *              majmin) to the moment the right chord (majmin) is first shown, capped at 2 s; a chord never
 *              shown right before it ends or within 2 s counts 2 s and as missed. Median and p95;
 *              where the truth gives a chord's `identifiable` moment (its root and third both struck,
 *              {@link TruthChord}), also the p95 of that moment's delay after the change (the floor no
 *              recogniser that waits for the notes can go below) and the latency counted from it;
 *   false changes per minute on held chords: changes of the shown chord during a true chord after its
 *              right chord was first shown, per minute of such time; also per kind ({@link FalseChangeKind}),
 *              and with `--false-changes` each one listed under its item;
 *   no chord   share of the truth's chord time (not N or X) during which "N" is shown;
 *   cpu        process CPU time of the listener per second of audio, % of one core.
 *   The chords are the recogniser's with the engine's learned chord model read on the sliding window as
 *   in the Worker (`--built-in-chords`: the small built-in model instead).
 *   key        for items whose truth names a key ("key": "G major"): the MIREX weighted score of the last
 *              key shown, read by Live's learned key model (`models/live-key.onnx`) as in the Worker (the
 *              hand-written key stage with `--hand-written-key`, another model with `--key-model FILE`);
 *              mean and share exact over the items; and the key over time: the MIREX weighted score
 *              of the key on screen averaged over the item from {@link KEY_OVER_TIME_FROM} seconds to
 *              its end (no key shown scores 0), mean over the items.
 * The last line printed is a JSON summary; `--json FILE` also writes it with every item's scores.
 */

import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { crc32 } from "node:zlib";
import { chordToHarte } from "../src/labels.js";
import { averageLiveChordModels } from "../src/live/frame-ensemble.js";
import { LIVE_BLOCK, LiveListener, type LiveListenerOptions } from "../src/live/index.js";
import { decodeAudioFile } from "../src/node.js";
import { loadNodeKeyModel, loadNodeLiveChordModel, loadNodeModels } from "../src/onnx-node.js";
import { encodeWav as encodeWav16 } from "../src/wav.js";
import { addHiss, micBand } from "../testing/index.js";
import {
  chordWcsr,
  compareMajmin,
  compareSevenths,
  encodeChord,
  keyWeightedScore,
  type LabeledInterval,
} from "../testing/metrics.js";

/** The sample rate the live path runs at in the benches (the usual microphone AudioContext rate). */
export const LIVE_RATE = 48000;
/** The Web Audio render quantum, samples. */
export const RENDER_QUANTUM = 128;
/** Time left out of the accuracy after each true change, seconds. */
export const SETTLE_SECONDS = 0.5;
/** Latency cap, seconds: a chord not shown right within this counts this long. */
export const LATENCY_CAP_SECONDS = 2;

/** `x` at `fromRate` Hz resampled to {@link LIVE_RATE} by linear interpolation (exact for integer ratios). */
export function toLiveRate(x: Float32Array, fromRate: number): Float32Array {
  if (fromRate === LIVE_RATE) return x;
  const k = LIVE_RATE / fromRate;
  if (Number.isInteger(k)) {
    const y = new Float32Array(x.length * k);
    for (let i = 0; i < x.length; i++) {
      const a = x[i] as number;
      const b = (i + 1 < x.length ? x[i + 1] : a) as number;
      for (let j = 0; j < k; j++) y[i * k + j] = a + ((b - a) * j) / k;
    }
    return y;
  }
  const n = Math.floor(((x.length - 1) * LIVE_RATE) / fromRate) + 1;
  const y = new Float32Array(Math.max(0, n));
  for (let i = 0; i < y.length; i++) {
    const p = (i * fromRate) / LIVE_RATE;
    const j = Math.floor(p);
    const f = p - j;
    const a = x[j] as number;
    y[i] = a + (((j + 1 < x.length ? x[j + 1] : a) as number) - a) * f;
  }
  return y;
}

/** One chord frame of the live recogniser, with the moment it could be shown. */
export interface ShownFrame {
  /** Stream time of the frame, seconds. */
  time: number;
  /** End of the block that delivered it, seconds: when the Worker posts it. */
  blockEnd: number;
  /** Displayed chord (display name, "N" for no chord). */
  chord: string;
}

/**
 * 48 kHz `pcm` as the browser's AudioWorklet delivers it to the Worker: 128-sample render quanta buffered
 * into LIVE_BLOCK-sample blocks (a trailing partial block is not delivered). Yields each block (one
 * reused buffer) with its end, seconds.
 */
function* liveBlocks(pcm: Float32Array): Generator<{ block: Float32Array; blockEnd: number }> {
  const block = new Float32Array(LIVE_BLOCK);
  let fill = 0;
  for (let q = 0; q + RENDER_QUANTUM <= pcm.length; q += RENDER_QUANTUM) {
    block.set(pcm.subarray(q, q + RENDER_QUANTUM), fill);
    fill += RENDER_QUANTUM;
    if (fill < LIVE_BLOCK) continue;
    fill = 0;
    yield { block, blockEnd: (q + RENDER_QUANTUM) / LIVE_RATE };
  }
}

/**
 * Plays 48 kHz `pcm` through a fresh `LiveListener` as the browser does (see {@link liveBlocks}).
 * @returns every chord frame, and the listener's process CPU time in ms.
 */
export function playLive(
  pcm: Float32Array,
  options: LiveListenerOptions = JSON.parse(process.env.LIVE_OPTS ?? "{}"),
): { frames: ShownFrame[]; cpuMs: number } {
  const listener = new LiveListener(LIVE_RATE, options);
  const frames: ShownFrame[] = [];
  const t0 = process.cpuUsage();
  for (const { block, blockEnd } of liveBlocks(pcm))
    for (const f of listener.push(block).chords) frames.push({ time: f.time, blockEnd, chord: f.chord });
  const cpu = process.cpuUsage(t0);
  return { frames, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/**
 * {@link playLive} with the learned models: when `options.keyModel` or `options.chordModel` is set, it
 * runs as in the Worker (`refreshKey` and `refreshChords` after each block, here awaited so that their
 * answers are read from the next block on).
 * @returns the chord frames, the CPU time in ms (the models' runs included), the last key reported and
 * every change of the key on screen (`time`: the end of the block that reported it, seconds; `key`: null
 * when the screen clears it).
 */
export async function playLiveWithModels(
  pcm: Float32Array,
  options: LiveListenerOptions,
): Promise<{ frames: ShownFrame[]; cpuMs: number; key: string | null; keyChanges: KeyChange[] }> {
  const listener = new LiveListener(LIVE_RATE, options);
  const frames: ShownFrame[] = [];
  let key: string | null = null;
  const keyChanges: KeyChange[] = [];
  let onScreen: string | null = null;
  const t0 = process.cpuUsage();
  for (const { block, blockEnd } of liveBlocks(pcm)) {
    const u = listener.push(block);
    for (const f of u.chords) frames.push({ time: f.time, blockEnd, chord: f.chord });
    if (u.key?.key) key = u.key.key;
    // The screen shows the key of each update that carries one (an update without frames leaves it).
    if (u.key && u.key.key !== onScreen) {
      onScreen = u.key.key;
      keyChanges.push({ time: blockEnd, key: onScreen });
    }
    await listener.refreshKey();
    await listener.refreshChords();
    await listener.refreshFrames();
  }
  const cpu = process.cpuUsage(t0);
  return { frames, cpuMs: (cpu.user + cpu.system) / 1000, key, keyChanges };
}

/** A change of the key on screen: from `time` (seconds) on, `key` is shown (null: none). */
export interface KeyChange {
  time: number;
  key: string | null;
}

/**
 * Seconds into an item from which the key over time is scored: Live names a key once it has heard
 * 3 s of harmony, and a player looks for one after a few bars, so the first seconds are left out.
 */
export const KEY_OVER_TIME_FROM = 10;

/**
 * The key over time: the MIREX weighted score (`keyWeightedScore`) of the key on screen against `truth`,
 * averaged over [`from`, `end`] seconds; a stretch with no key shown scores 0.
 * @param changes the key's changes in time order ({@link playLiveWithModels}).
 * @returns the mean score, 0..1, or null when `end` ≤ `from`.
 */
export function keyOverTime(
  truth: string,
  changes: readonly KeyChange[],
  end: number,
  from = KEY_OVER_TIME_FROM,
): number | null {
  if (!(end > from)) return null;
  let sum = 0;
  for (const [i, c] of changes.entries()) {
    const a = Math.max(from, c.time);
    const b = Math.min(end, changes[i + 1]?.time ?? end);
    if (b > a && c.key) sum += (b - a) * keyWeightedScore(truth, c.key);
  }
  return sum / (end - from);
}

/**
 * The shown chords as Harte intervals from each change's block end to the next change (the last to
 * `end`). As the Worker posts only a block's last frame, the screen shows that one: a change and its undoing
 * within one block are never seen.
 */
export function shownTimeline(frames: readonly ShownFrame[], end: number): LabeledInterval[] {
  const out: LabeledInterval[] = [];
  for (const [k, f] of frames.entries()) {
    if (frames[k + 1]?.blockEnd === f.blockEnd) continue;
    const label = chordToHarte(f.chord);
    const last = out[out.length - 1];
    if (last && last.label === label) continue;
    if (last) last.end = f.blockEnd;
    out.push({ start: f.blockEnd, end: Math.max(end, f.blockEnd), label });
  }
  return out.filter((iv) => iv.end > iv.start);
}

/**
 * What both live benches count of the chord changes a recogniser shows (this one on a folder, `live.ts`
 * on synthetic audio), as sums, so that runs pool by adding.
 */
export interface ChangeCounts {
  /** per scored change, capped; seconds here, ms in `live.ts` */
  latencies: number[];
  /** changes whose chord was never shown right (within the cap) */
  missed: number;
  /** changes of the shown chord while a true chord was held, after it was first shown */
  falseChanges: number;
  /** seconds of such held time (the false changes' denominator) */
  heldSeconds: number;
  /** process CPU time of the listener, ms */
  cpuMs: number;
}

/** Adds the counts of `s` into `into`. */
export function addChangeCounts(into: ChangeCounts, s: ChangeCounts): void {
  into.latencies.push(...s.latencies);
  into.missed += s.missed;
  into.falseChanges += s.falseChanges;
  into.heldSeconds += s.heldSeconds;
  into.cpuMs += s.cpuMs;
}

/**
 * What a false change showed, judged against the held true chord (MIREX majmin: root and triad):
 *   back       the right chord again after a wrong one (the end of a detour: a detour counts twice);
 *   quality    another chord that is still right in majmin (a seventh added or dropped);
 *   parallel   the triad of the other quality on the true root (C ↔ Cm);
 *   otherTriad another chord on the true root (sus, dim, aug);
 *   otherRoot  a chord on another root;
 *   noChord    "N".
 */
export type FalseChangeKind = "back" | "quality" | "parallel" | "otherTriad" | "otherRoot" | "noChord";

/**
 * One false change: the held true chord, the chord shown, when (seconds after the true chord's start) and
 * for how long, and the chord it replaced (`before`, shown from `beforeAfter` seconds after the true
 * chord's start; negative when it was already shown before the true chord began).
 */
export interface FalseChange {
  chord: string;
  chordStart: number;
  shown: string;
  after: number;
  seconds: number;
  kind: FalseChangeKind;
  before: string;
  beforeAfter: number;
}

/**
 * The kind of a change to `shown` while `truth` is held, the chord shown before it being `before`
 * (Harte labels; see {@link FalseChangeKind}).
 */
export function falseChangeKind(truth: string, shown: string, before: string): FalseChangeKind {
  if (shown === "N" || shown === "X") return "noChord";
  if (compareMajmin(truth, shown) === 1) return compareMajmin(truth, before) === 1 ? "quality" : "back";
  const t = encodeChord(truth);
  const e = encodeChord(shown);
  if (t.root !== e.root) return "otherRoot";
  const swapped = t.bitmap[3] !== t.bitmap[4] && t.bitmap[3] === e.bitmap[4] && t.bitmap[4] === e.bitmap[3];
  return swapped && t.bitmap[7] === e.bitmap[7] ? "parallel" : "otherTriad";
}

/** An item's scores as sums, so that items pool by adding. */
export interface LiveScore extends ChangeCounts {
  /** Every false change counted in `falseChanges`, in time order (pooled scores: item after item). */
  falseChangeList: FalseChange[];
  /**
   * For the scored changes whose truth gives `identifiable` ({@link TruthChord}): seconds from that moment
   * to the right chord shown (0 when shown sooner), capped and counted missed as `latencies`.
   */
  afterIdentifiable: number[];
  /** For the same changes: seconds from the change to its `identifiable` moment (the notes' own delay). */
  identifiableDelays: number[];
  seconds: number;
  majmin: { right: number; of: number };
  sevenths: { right: number; of: number };
  noChordSeconds: number;
  chordSeconds: number;
}

export const emptyScore = (): LiveScore => ({
  seconds: 0,
  majmin: { right: 0, of: 0 },
  sevenths: { right: 0, of: 0 },
  latencies: [],
  afterIdentifiable: [],
  identifiableDelays: [],
  missed: 0,
  falseChanges: 0,
  falseChangeList: [],
  heldSeconds: 0,
  noChordSeconds: 0,
  chordSeconds: 0,
  cpuMs: 0,
});

/** Adds `s` into `into`. */
export function addScore(into: LiveScore, s: LiveScore): void {
  into.seconds += s.seconds;
  into.majmin.right += s.majmin.right;
  into.majmin.of += s.majmin.of;
  into.sevenths.right += s.sevenths.right;
  into.sevenths.of += s.sevenths.of;
  addChangeCounts(into, s);
  into.falseChangeList.push(...s.falseChangeList);
  into.afterIdentifiable.push(...s.afterIdentifiable);
  into.identifiableDelays.push(...s.identifiableDelays);
  into.noChordSeconds += s.noChordSeconds;
  into.chordSeconds += s.chordSeconds;
}

const isChord = (label: string) => label !== "N" && label !== "X";
const labelAt = (ivs: readonly LabeledInterval[], t: number) =>
  ivs.find((iv) => iv.start <= t && t < iv.end)?.label ?? "N";

/** Overlap of [a, b) with the intervals of `ivs` whose label passes `keep`, seconds. */
function overlap(
  ivs: readonly LabeledInterval[],
  a: number,
  b: number,
  keep: (l: string) => boolean,
): number {
  let s = 0;
  for (const iv of ivs) if (keep(iv.label)) s += Math.max(0, Math.min(b, iv.end) - Math.max(a, iv.start));
  return s;
}

/** The truth with "X" over the first SETTLE_SECONDS after each change of label (so comparisons skip it). */
export function settleMasked(truth: readonly LabeledInterval[]): LabeledInterval[] {
  const masks: [number, number][] = [];
  let prev = "N";
  for (const iv of truth) {
    if (iv.label !== prev) masks.push([iv.start, iv.start + SETTLE_SECONDS]);
    prev = iv.label;
  }
  const cuts = [...new Set([...truth.flatMap((iv) => [iv.start, iv.end]), ...masks.flat()])].sort(
    (a, b) => a - b,
  );
  const out: LabeledInterval[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const a = cuts[i] as number;
    const b = cuts[i + 1] as number;
    const mid = (a + b) / 2;
    const ref = truth.find((iv) => iv.start <= mid && mid < iv.end);
    if (!ref) continue;
    const label = masks.some(([m0, m1]) => m0 <= mid && mid < m1) ? "X" : ref.label;
    const last = out[out.length - 1];
    if (last && last.label === label && last.end === a) last.end = b;
    else out.push({ start: a, end: b, label });
  }
  return out;
}

/**
 * Scores the shown chords against the truth (see the file's comment). `truth` must be sorted and
 * non-overlapping; `seconds` is the audio's length.
 */
export function scoreLive(
  truth: readonly TruthChord[],
  shown: readonly LabeledInterval[],
  seconds: number,
): LiveScore {
  const s = emptyScore();
  s.seconds = seconds;
  if (truth.length === 0) return s;
  // Accuracy: the engine's weighted chord symbol recall on the truth with the settling time as "X".
  const masked = settleMasked(truth);
  for (const [name, compare] of [
    ["majmin", compareMajmin],
    ["sevenths", compareSevenths],
  ] as const) {
    const of = masked.reduce((d, iv) => d + (compare(iv.label, iv.label) >= 0 ? iv.end - iv.start : 0), 0);
    const wcsr = of > 0 ? (chordWcsr(masked, shown, compare) ?? 0) : 0;
    s[name] = { right: wcsr * of, of };
  }
  // Latency and false changes, per held chord.
  for (let i = 0; i < truth.length; i++) {
    const iv = truth[i] as TruthChord;
    const prev = truth[i - 1]?.label ?? "N";
    if (!isChord(iv.label) || compareMajmin(iv.label, iv.label) !== 1) continue;
    if (compareMajmin(iv.label, prev) === 1) continue; // the previous chord already counts as this one
    const right = (l: string) => compareMajmin(iv.label, l) === 1;
    let at: number | undefined;
    if (right(labelAt(shown, iv.start))) at = iv.start;
    else at = shown.find((e) => e.start >= iv.start && e.start < iv.end && right(e.label))?.start;
    if (at === undefined || at - iv.start >= LATENCY_CAP_SECONDS) {
      s.latencies.push(LATENCY_CAP_SECONDS);
      s.missed++;
    } else s.latencies.push(at - iv.start);
    if (iv.identifiable !== undefined && Number.isFinite(iv.identifiable)) {
      const from = Math.min(Math.max(iv.identifiable, iv.start), iv.end);
      s.identifiableDelays.push(from - iv.start);
      s.afterIdentifiable.push(
        at === undefined ? LATENCY_CAP_SECONDS : Math.min(LATENCY_CAP_SECONDS, Math.max(0, at - from)),
      );
    }
    if (at === undefined) continue;
    // Held: from the right chord's first showing to the end of the true chord (and any repeats of it).
    let end = iv.end;
    for (let j = i + 1; j < truth.length && compareMajmin(iv.label, truth[j]?.label ?? "N") === 1; j++)
      end = (truth[j] as LabeledInterval).end;
    s.heldSeconds += end - at;
    for (const [k, e] of shown.entries()) {
      if (!(e.start > at && e.start < end)) continue;
      const before = shown[k - 1];
      s.falseChanges++;
      s.falseChangeList.push({
        chord: iv.label,
        chordStart: iv.start,
        shown: e.label,
        after: e.start - iv.start,
        seconds: Math.min(e.end, end) - e.start,
        kind: falseChangeKind(iv.label, e.label, before?.label ?? "N"),
        before: before?.label ?? "N",
        beforeAfter: (before?.start ?? 0) - iv.start,
      });
    }
  }
  // "No chord" shown during the truth's chords.
  for (const iv of truth) {
    if (!isChord(iv.label)) continue;
    s.chordSeconds += iv.end - iv.start;
    s.noChordSeconds += overlap(shown, iv.start, iv.end, (l) => l === "N");
    // Before the first shown change nothing is shown: the display's "N".
    const first = shown[0]?.start ?? Number.POSITIVE_INFINITY;
    s.noChordSeconds += Math.max(0, Math.min(iv.end, first) - iv.start);
  }
  return s;
}

/** The `p`-quantile of `xs` (the element at ⌊p·n⌋ of the sorted list), NaN when empty. */
export function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
}

/** The reported measures of a (pooled) score. */
export function summarize(s: LiveScore) {
  const r3 = (v: number) => (Number.isFinite(v) ? Number(v.toFixed(3)) : null);
  return {
    seconds: Math.round(s.seconds),
    majmin: r3(s.majmin.right / s.majmin.of),
    sevenths: r3(s.sevenths.right / s.sevenths.of),
    changes: s.latencies.length,
    latencyMedianMs: Number.isFinite(pct(s.latencies, 0.5)) ? Math.round(1000 * pct(s.latencies, 0.5)) : null,
    latencyP95Ms: Number.isFinite(pct(s.latencies, 0.95)) ? Math.round(1000 * pct(s.latencies, 0.95)) : null,
    ...identifiableSummary(s),
    missed: s.missed,
    falseChangesPerMin: s.heldSeconds > 0 ? Number(((60 * s.falseChanges) / s.heldSeconds).toFixed(2)) : null,
    falseChangesByKind: countKinds(s.falseChangeList),
    noChordShare: r3(s.noChordSeconds / s.chordSeconds),
    cpuPercentOfCore: s.seconds > 0 ? Number(((100 * s.cpuMs) / 1000 / s.seconds).toFixed(2)) : null,
  };
}

/** How many false changes of each kind. */
function countKinds(list: readonly FalseChange[]): Record<FalseChangeKind, number> {
  const out: Record<FalseChangeKind, number> = {
    back: 0,
    quality: 0,
    parallel: 0,
    otherTriad: 0,
    otherRoot: 0,
    noChord: 0,
  };
  for (const f of list) out[f.kind]++;
  return out;
}

/**
 * A false change as one line: the true chord and when it began, what was shown, when and for how long,
 * and the chord it replaced with when that was first shown (seconds after the true chord's start).
 */
export function formatFalseChange(f: FalseChange): string {
  const since = f.beforeAfter < 0 ? `${f.beforeAfter.toFixed(2)}` : `+${f.beforeAfter.toFixed(2)}`;
  return `${f.chord} from ${f.chordStart.toFixed(2)} s: ${f.shown} shown at +${f.after.toFixed(2)} s for ${f.seconds.toFixed(2)} s after ${f.before} (shown from ${since} s) (${f.kind})`;
}

/**
 * The latency measures of the changes whose truth gives an `identifiable` moment (nothing when none
 * does), ms: the p95 of the notes' own delay (a recogniser that names each chord the instant its root and
 * third have sounded, and never guesses sooner, could not have a lower p95 latency), and the median and
 * p95 of the latency counted from that moment.
 */
export function identifiableSummary(s: Pick<LiveScore, "afterIdentifiable" | "identifiableDelays">): {
  identifiableP95Ms?: number;
  afterIdentifiableMedianMs?: number;
  afterIdentifiableP95Ms?: number;
} {
  if (s.identifiableDelays.length === 0) return {};
  const ms = (v: number) => Math.round(1000 * v);
  return {
    identifiableP95Ms: ms(pct(s.identifiableDelays, 0.95)),
    afterIdentifiableMedianMs: ms(pct(s.afterIdentifiable, 0.5)),
    afterIdentifiableP95Ms: ms(pct(s.afterIdentifiable, 0.95)),
  };
}

/** One line of a table: label and the measures. */
export function formatRow(label: string, s: LiveScore): string {
  const m = summarize(s);
  const f = (v: number | null, d = 3) => (v === null ? "  -  " : v.toFixed(d));
  return `${label}  majmin ${f(m.majmin)}  sevenths ${f(m.sevenths)}  latency median ${m.latencyMedianMs ?? "-"} ms p95 ${m.latencyP95Ms ?? "-"} ms (${m.changes} changes, ${m.missed} missed${m.identifiableP95Ms === undefined ? "" : `; notes' own p95 ${m.identifiableP95Ms} ms, after them median ${m.afterIdentifiableMedianMs} p95 ${m.afterIdentifiableP95Ms} ms`})  false changes ${f(m.falseChangesPerMin, 2)}/min  no chord ${f(m.noChordShare)}`;
}

/**
 * A timed chord of a truth file. `identifiable` (optional, seconds, within [start, end)) is the moment
 * by which the chord's root and third have both been struck since it began — the earliest a listener
 * can name it in majmin without guessing: at the start for a strum or a held chord, later for an
 * arpeggio (`make-live-folder.ts` writes it from its MIDI).
 */
export interface TruthChord extends LabeledInterval {
  identifiable?: number;
}

/** A folder item's truth file. */
interface TruthFile {
  chords: TruthChord[] | null;
  group?: string;
  /** The piece's key ("G major"), when it has one. */
  key?: string;
}

/** One scored item. */
export interface ItemResult {
  item: string;
  group?: string;
  score: LiveScore;
  /**
   * The truth's key, the last key the screen showed, its MIREX weighted score, and the key over time
   * ({@link keyOverTime}; null for an item not longer than {@link KEY_OVER_TIME_FROM}) (items with a key).
   */
  key?: { truth: string; shown: string | null; score: number; overTime: number | null };
}

/**
 * Runs and scores every `dir/<item>/audio.*` with a `truth.json` of chords (items without chords are
 * skipped), in name order; `only` keeps the items whose name contains it; `gainDb` (default 0) plays each
 * item that many dB louder (negative: quieter), as a microphone nearer or farther would hear it; `noiseDbfs`
 * then adds a microphone's hiss at that level ({@link addHiss}, seeded by the item's name), which does not
 * move with the instrument's distance. `micBand` (Hz, {@link micBandArg}) first passes each item through a
 * microphone's band ({@link micBand}).
 */
export async function runFolder(
  dir: string,
  options: {
    only?: string;
    listener?: LiveListenerOptions;
    onItem?: (r: ItemResult) => void;
    gainDb?: number;
    noiseDbfs?: number;
    micBand?: MicBand;
  } = {},
  // The listener options default to LIVE_OPTS (see playLive).
): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  const items = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && (!options.only || d.name.includes(options.only)))
    .map((d) => d.name)
    .sort();
  for (const item of items) {
    const truthPath = join(dir, item, "truth.json");
    if (!existsSync(truthPath)) continue;
    const truth = JSON.parse(readFileSync(truthPath, "utf8")) as TruthFile;
    if (!truth.chords || truth.chords.length === 0) continue;
    const audioName = readdirSync(join(dir, item)).find((f) => f.startsWith("audio."));
    if (!audioName) continue;
    const audio = await decodeAudioFile(join(dir, item, audioName));
    const pcm = toLiveRate(audio.samples, audio.sampleRate);
    if (options.micBand) micBand(pcm, LIVE_RATE, options.micBand.lowCutHz, options.micBand.highCutHz);
    if (options.gainDb) {
      const g = 10 ** (options.gainDb / 20);
      for (let i = 0; i < pcm.length; i++) pcm[i] = (pcm[i] as number) * g;
    }
    if (options.noiseDbfs !== undefined) addHiss(pcm, options.noiseDbfs, crc32(item));
    const seconds = pcm.length / LIVE_RATE;
    const listener: LiveListenerOptions = options.listener ?? JSON.parse(process.env.LIVE_OPTS ?? "{}");
    const { frames, cpuMs, key, keyChanges } = await playLiveWithModels(pcm, listener);
    const chords = [...truth.chords].sort((a, b) => a.start - b.start);
    const score = scoreLive(chords, shownTimeline(frames, seconds), seconds);
    score.cpuMs = cpuMs;
    const r: ItemResult = {
      item,
      score,
      ...(truth.group ? { group: truth.group } : {}),
      ...(truth.key
        ? {
            key: {
              truth: truth.key,
              shown: key,
              score: key ? keyWeightedScore(truth.key, key) : 0,
              overTime: keyOverTime(truth.key, keyChanges, seconds),
            },
          }
        : {}),
    };
    options.onItem?.(r);
    results.push(r);
  }
  return results;
}

/** Pooled scores: all items, and per group (in first-seen order). */
export function pool(results: readonly ItemResult[]): { all: LiveScore; groups: Map<string, LiveScore> } {
  const all = emptyScore();
  const groups = new Map<string, LiveScore>();
  for (const r of results) {
    addScore(all, r.score);
    if (r.group === undefined) continue;
    const g = groups.get(r.group) ?? emptyScore();
    addScore(g, r.score);
    groups.set(r.group, g);
  }
  return { all, groups };
}

/**
 * The key measure over the items with a key: the mean MIREX weighted score of the last key shown (a
 * piece with no key shown scores 0), the share named exactly, and the mean key over time of the items
 * long enough to have one (null when none is); nothing when no item has a key.
 */
export function keySummary(results: readonly ItemResult[]): {
  key?: { items: number; weighted: number; exact: number; overTime: number | null };
} {
  const keyed = results.flatMap((r) => (r.key ? [r.key] : []));
  if (keyed.length === 0) return {};
  const timed = keyed.flatMap((k) => (k.overTime === null ? [] : [k.overTime]));
  const r3 = (v: number) => Math.round(v * 1000) / 1000;
  return {
    key: {
      items: keyed.length,
      weighted: r3(keyed.reduce((a, k) => a + k.score, 0) / keyed.length),
      exact: r3(keyed.filter((k) => k.score === 1).length / keyed.length),
      overTime: timed.length > 0 ? r3(timed.reduce((a, v) => a + v, 0) / timed.length) : null,
    },
  };
}

/** The JSON summary: pooled, per group, and (with `items`) per item. */
export function folderSummary(dir: string, results: readonly ItemResult[], items = false) {
  const { all, groups } = pool(results);
  return {
    bench: "live-folder",
    folder: dir,
    sampleRate: LIVE_RATE,
    block: LIVE_BLOCK,
    items: results.length,
    pooled: summarize(all),
    ...keySummary(results),
    ...(groups.size > 0
      ? { groups: Object.fromEntries([...groups].map(([k, v]) => [k, summarize(v)])) }
      : {}),
    ...(items
      ? {
          perItem: results.map((r) => ({
            item: r.item,
            group: r.group,
            ...summarize(r.score),
            ...(r.key ? { key: r.key } : {}),
          })),
        }
      : {}),
  };
}

/**
 * `bench:live -- --folder DIR [--json FILE] [--only SUBSTRING] [--false-changes] [--hand-written-key]
 * [--built-in-chords] [--mic-band LO,HI] [--gain-db DB] [--noise-dbfs DB]`: the learned key and chord models
 * run as on the Live screen, unless the flags ask for the hand-written key stage or the small built-in chord
 * model; `--false-changes` lists each item's false changes under its row; `--mic-band` hears every item
 * through a microphone's band ({@link micBandArg}), `--gain-db` plays it that many dB louder or quieter,
 * and `--noise-dbfs` adds a microphone's hiss at that level after it ({@link addHiss}).
 */
export async function folderCli(argv: readonly string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const folder = arg("--folder");
  if (!folder || !existsSync(folder)) {
    process.stderr.write(`bench:live --folder: ${folder ?? "(none given)"} not found\n`);
    process.exitCode = 1;
    return;
  }
  const dir = resolve(folder);
  const only = arg("--only");
  const gainDb = gainArg(arg("--gain-db"));
  const noiseDbfs = noiseArg(arg("--noise-dbfs"));
  const band = micBandArg(arg("--mic-band"));
  const listener = await withModels(JSON.parse(process.env.LIVE_OPTS ?? "{}"), argv);
  const results = await runFolder(dir, {
    listener,
    gainDb,
    ...(band ? { micBand: band } : {}),
    ...(noiseDbfs === undefined ? {} : { noiseDbfs }),
    ...(only ? { only } : {}),
    onItem: (r) => {
      console.log(formatRow(r.item.padEnd(40), r.score));
      if (argv.includes("--false-changes"))
        for (const f of r.score.falseChangeList) console.log(`    ${formatFalseChange(f)}`);
    },
  });
  const { all, groups } = pool(results);
  for (const [g, s] of groups) console.log(formatRow(g.padEnd(40), s));
  console.log(formatRow(`pooled (${results.length} items)`.padEnd(40), all));
  const k = keySummary(results).key;
  if (k)
    console.log(
      `key (${k.items} items): weighted ${k.weighted}, exact ${k.exact}, over time (from ${KEY_OVER_TIME_FROM} s) ${k.overTime ?? "-"}`,
    );
  const json = arg("--json");
  if (json) writeFileSync(json, `${JSON.stringify(folderSummary(dir, results, true), null, 2)}\n`);
  console.log(JSON.stringify(folderSummary(dir, results)));
}

/**
 * The `--gain-db` argument: a number of dB within −60..20 (0 when absent).
 * @throws {RangeError} for anything else.
 */
export function gainArg(text: string | undefined): number {
  if (text === undefined) return 0;
  const db = Number(text);
  if (!(Number.isFinite(db) && db >= -60 && db <= 20))
    throw new RangeError(`--gain-db must be −60..20 dB, got ${text}`);
  return db;
}

/**
 * The `--noise-dbfs` argument: a level in dBFS within −90..0 (undefined when absent: no hiss added).
 * @throws {RangeError} for anything else.
 */
export function noiseArg(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const db = Number(text);
  if (!(Number.isFinite(db) && db >= -90 && db <= 0))
    throw new RangeError(`--noise-dbfs must be −90..0 dBFS, got ${text}`);
  return db;
}

/** A microphone's band, Hz: its high-pass and low-pass cut-offs, 0 for none ({@link micBand}). */
export interface MicBand {
  lowCutHz: number;
  highCutHz: number;
}

/**
 * The `--mic-band LO,HI` argument: the high-pass and low-pass cut-offs in Hz, each 0 (none) or within
 * 20..20,000 Hz, the low below the high (undefined when absent: the item as recorded).
 * @throws {RangeError} for anything else.
 */
export function micBandArg(text: string | undefined): MicBand | undefined {
  if (text === undefined) return undefined;
  const parts = text.split(",").map(Number);
  const ok = (hz: number) => hz === 0 || (hz >= 20 && hz <= 20000);
  const [lowCutHz, highCutHz] = parts as [number, number];
  if (
    !(parts.length === 2 && ok(lowCutHz) && ok(highCutHz)) ||
    (lowCutHz > 0 && highCutHz > 0 && lowCutHz >= highCutHz)
  )
    throw new RangeError(`--mic-band must be LO,HI in Hz (each 0 or 20..20000, LO below HI), got ${text}`);
  return { lowCutHz, highCutHz };
}

/**
 * `options` with the learned models as the Live screen reads them: Live's key model (`models/live-key.onnx`,
 * `loadNodeKeyModel`) unless `argv` holds `--hand-written-key` (`--key-model FILE`: another key model, a
 * candidate, or `models/key.onnx` for the offline engine's), the engine's chord model (`loadNodeModels`)
 * unless it holds `--built-in-chords`, and Live's frame model (`--frame-model FILE[,FILE…]`: candidates).
 */
export async function withModels(
  options: LiveListenerOptions,
  argv: readonly string[],
): Promise<LiveListenerOptions> {
  const engine = await loadNodeModels();
  const chords = engine.chords;
  const k = argv.indexOf("--key-model");
  const key = argv.includes("--hand-written-key")
    ? undefined
    : k >= 0
      ? await loadNodeKeyModel(argv[k + 1] ?? "")
      : await loadNodeKeyModel();
  const i = argv.indexOf("--frame-model");
  // One file, or several separated by commas: their mean probabilities (averageLiveChordModels).
  const candidates = i >= 0 ? (argv[i + 1] ?? "").split(",").filter((f) => f !== "") : [];
  const frames = argv.includes("--templates")
    ? undefined
    : candidates.length > 1
      ? averageLiveChordModels(await Promise.all(candidates.map((f) => loadNodeLiveChordModel(f))))
      : await loadNodeLiveChordModel(candidates[0]);
  return {
    ...options,
    ...(key ? { keyModel: key } : {}),
    ...(chords && !argv.includes("--built-in-chords") ? { chordModel: chords } : {}),
    ...(frames ? { liveChordModel: frames } : {}),
  };
}

/** `x` as a 16-bit mono WAV file at `sampleRate`, peak-normalised to 0.8 (the engine's `encodeWav`). */
export function encodeWav(x: Float32Array, sampleRate: number): Uint8Array {
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  const g = peak > 0 ? 0.8 / peak : 1;
  return encodeWav16(x, sampleRate, g);
}
