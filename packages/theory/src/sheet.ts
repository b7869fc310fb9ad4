/**
 * Chord sheets a musician can correct (issue 30): the song as beats, bars and chord changes, and the
 * edit operations of the chord grid (set a chord over beats, split, merge, move a change, no chord, fix
 * the key, the meter and the first downbeat). Every operation is pure: it returns a new sheet and the
 * edit as data ({@link SheetEdit}), which the server keeps so corrections can later measure the engine.
 * A tempo edit ({@link scaleTempo}) fixes the engine's commonest rhythm error, a beat counted at twice or
 * half the pulse a musician taps (the tempo "octave" error; Gouyon et al., IEEE TASLP 14(5), 2006).
 */
import { NO_CHORD } from "./chord-symbol.js";

/** Meters a sheet may be written in; the number before the slash is the grid's beats per bar. */
export const SHEET_METERS = ["2/4", "3/4", "4/4", "5/4", "6/8"] as const;
export type SheetMeter = (typeof SHEET_METERS)[number];

/** Most bars a sheet may hold (issue 30). */
export const MAX_SHEET_BARS = 2000;

/**
 * Tempo range of a sheet, BPM. A halved or doubled tempo ({@link scaleTempo}) must stay inside it: 20 BPM
 * is slower than the slowest marking (grave, ≈ 25–45 BPM), 400 the contract's ceiling, beyond any beat a
 * player counts.
 */
export const SHEET_BPM_RANGE = { min: 20, max: 400 } as const;

/** From beat `beat` (an index into {@link ChordSheet.beats}) on, `chord` sounds ("N" = no chord). */
export interface SheetChange {
  beat: number;
  chord: string;
}

/**
 * A chord sheet: the beat grid and the chords on it.
 * - `beats`: beat instants in seconds, strictly ascending (the grid's cells; for a song without a steady
 *   beat, one a second).
 * - `downbeat`: index of the first downbeat, 0 ≤ downbeat < beats per bar; the beats before it form a
 *   pickup bar. Every `beatsPerBar`-th beat from it starts a bar.
 * - `changes`: strictly ascending by beat, the first at beat 0; each holds a canonical label of
 *   `chord-symbol.ts` or "N". Two changes in a row may hold the same chord (a split: the chord is played
 *   again).
 */
export interface ChordSheet {
  /** "A# Minor" style (sharps), or null when the song has no key. */
  key: string | null;
  meter: SheetMeter;
  /** Tempo in BPM, or null without a steady beat. */
  bpm: number | null;
  beats: number[];
  downbeat: number;
  changes: SheetChange[];
  /** End of the last beat (the song's length), seconds. */
  durationSeconds: number;
}

/**
 * One edit, as data: for chords, the changes in effect over beats `from`..`to` (inclusive) before and
 * after — the first entry of each list starts at `from` and holds the chord sounding there; for key, meter
 * and downbeat, the value before and after; for tempo, the BPM before and after (twice or half: the
 * beats were halved or doubled with it, see {@link scaleTempo}).
 */
export type SheetEdit =
  | { kind: "chords"; from: number; to: number; before: SheetChange[]; after: SheetChange[] }
  | { kind: "key"; before: string | null; after: string | null }
  | { kind: "meter"; before: SheetMeter; after: SheetMeter }
  | { kind: "downbeat"; before: number; after: number }
  | { kind: "tempo"; before: number; after: number };

/** The result of an edit operation: the new sheet and what changed (null when nothing did). */
export interface SheetEditResult {
  sheet: ChordSheet;
  edit: SheetEdit | null;
}

/** Beats per bar of a meter: "6/8" → 6, "3/4" → 3. */
export function meterBeatsPerBar(meter: SheetMeter): number {
  return Number(meter.split("/")[0]);
}

/** The meter written with `beatsPerBar` beats (2–6; 6 is "6/8"); null for other counts. */
export function meterOfBeats(beatsPerBar: number): SheetMeter | null {
  const m = SHEET_METERS.find((x) => meterBeatsPerBar(x) === beatsPerBar);
  return m ?? null;
}

/** Index in `changes` of the change sounding at beat `beat` (the last one at or before it), or -1. */
export function changeIndexAt(sheet: Pick<ChordSheet, "changes">, beat: number): number {
  let lo = 0;
  let hi = sheet.changes.length - 1;
  let ans = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((sheet.changes[mid]?.beat ?? 0) <= beat) {
      ans = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return ans;
}

/** The chord sounding at beat `beat` ("N" before the first change). */
export function chordAt(sheet: Pick<ChordSheet, "changes">, beat: number): string {
  return sheet.changes[changeIndexAt(sheet, beat)]?.chord ?? NO_CHORD;
}

/** The changes in effect over beats from..to: the chord at `from`, then every change inside. */
function changesOver(sheet: ChordSheet, from: number, to: number): SheetChange[] {
  const out: SheetChange[] = [{ beat: from, chord: chordAt(sheet, from) }];
  for (const c of sheet.changes) if (c.beat > from && c.beat <= to) out.push({ ...c });
  return out;
}

function sameChanges(a: readonly SheetChange[], b: readonly SheetChange[]): boolean {
  return a.length === b.length && a.every((c, i) => c.beat === b[i]?.beat && c.chord === b[i]?.chord);
}

function withChanges(sheet: ChordSheet, changes: SheetChange[], from: number, to: number): SheetEditResult {
  const before = changesOver(sheet, from, to);
  const next = { ...sheet, changes };
  const after = changesOver(next, from, to);
  if (sameChanges(before, after) && sameChanges(sheet.changes, changes)) return { sheet, edit: null };
  return { sheet: next, edit: { kind: "chords", from, to, before, after } };
}

function checkBeat(sheet: ChordSheet, beat: number, name: string): void {
  if (!Number.isInteger(beat) || beat < 0 || beat >= sheet.beats.length) {
    throw new RangeError(`${name} must be a beat index from 0 to ${sheet.beats.length - 1}, got ${beat}`);
  }
}

/**
 * Sets `chord` on beats `from`..`to` (inclusive, either order): the range becomes one chord (joined to the
 * chord before it when that is the same chord), and the chord that sounded after the range carries on
 * after it. Setting the chord a range already has changes nothing.
 * @param chord a canonical label (`normalizeChordLabel`) or "N" for no chord.
 * @throws RangeError when a beat index is outside the sheet.
 */
export function setChord(sheet: ChordSheet, from: number, to: number, chord: string): SheetEditResult {
  const a = Math.min(from, to);
  const b = Math.max(from, to);
  checkBeat(sheet, a, "from");
  checkBeat(sheet, b, "to");
  const after = b + 1 < sheet.beats.length ? chordAt(sheet, b + 1) : null;
  const startsAtA = sheet.changes.some((c) => c.beat === a);
  const changes = sheet.changes.filter((c) => c.beat < a || c.beat > b + 1);
  // The range joins the chord before it when that is the same chord (unless a change already started here).
  if (a === 0 || startsAtA || chordAt(sheet, a - 1) !== chord) changes.push({ beat: a, chord });
  // The chord after the range carries on: its change stays, or one is added when it differs.
  const next = sheet.changes.find((c) => c.beat === b + 1);
  if (next) changes.push({ ...next });
  else if (after !== null && after !== chord) changes.push({ beat: b + 1, chord: after });
  changes.sort((x, y) => x.beat - y.beat);
  return withChanges(sheet, changes, a, b);
}

/**
 * Splits the chord sounding at `beat` in two: a new change starts at `beat` with the same chord (played
 * again), ready to be set to another. Nothing changes when a change already starts there.
 * @throws RangeError when `beat` is outside the sheet.
 */
export function splitAt(sheet: ChordSheet, beat: number): SheetEditResult {
  checkBeat(sheet, beat, "beat");
  if (sheet.changes.some((c) => c.beat === beat)) return { sheet, edit: null };
  const changes = [...sheet.changes, { beat, chord: chordAt(sheet, beat) }].sort((x, y) => x.beat - y.beat);
  return withChanges(sheet, changes, beat, beat);
}

/**
 * Merges the chord sounding at `beat` into the one before it: the change that starts it is removed, so
 * the earlier chord carries on. Nothing changes for the first chord of the song.
 * @throws RangeError when `beat` is outside the sheet.
 */
export function mergeWithPrevious(sheet: ChordSheet, beat: number): SheetEditResult {
  checkBeat(sheet, beat, "beat");
  const i = changeIndexAt(sheet, beat);
  const change = sheet.changes[i];
  if (i <= 0 || !change) return { sheet, edit: null };
  const nextBeat = sheet.changes[i + 1]?.beat ?? sheet.beats.length;
  const changes = sheet.changes.filter((_, k) => k !== i);
  return withChanges(sheet, changes, change.beat, nextBeat - 1);
}

/**
 * Moves the change sounding at `beat` (where its chord starts) by `delta` beats (−1 earlier, +1 later),
 * as long as it stays after the previous change and before the next. The first chord of the song does
 * not move.
 * @returns the sheet unchanged (edit null) when the move is not possible.
 * @throws RangeError when `beat` is outside the sheet.
 */
export function moveChange(sheet: ChordSheet, beat: number, delta: number): SheetEditResult {
  checkBeat(sheet, beat, "beat");
  const i = changeIndexAt(sheet, beat);
  const change = sheet.changes[i];
  if (i <= 0 || !change || !Number.isInteger(delta) || delta === 0) return { sheet, edit: null };
  const target = change.beat + delta;
  const prev = sheet.changes[i - 1]?.beat ?? 0;
  const next = sheet.changes[i + 1]?.beat ?? sheet.beats.length;
  if (target <= prev || target >= next) return { sheet, edit: null };
  const changes = sheet.changes.map((c, k) => (k === i ? { ...c, beat: target } : c));
  return withChanges(sheet, changes, Math.min(change.beat, target), Math.max(change.beat, target));
}

/** Sets the key ("A# Minor" style, or null for none); the chords are unchanged, only their spelling and numerals follow. */
export function setKey(sheet: ChordSheet, key: string | null): SheetEditResult {
  if (key === sheet.key) return { sheet, edit: null };
  return { sheet: { ...sheet, key }, edit: { kind: "key", before: sheet.key, after: key } };
}

/**
 * Sets the meter: the grid re-flows into bars of the new length from the same first downbeat (moved
 * into the first bar when the new bar is shorter). Chords stay on their beats.
 */
export function setMeter(sheet: ChordSheet, meter: SheetMeter): SheetEditResult {
  if (meter === sheet.meter) return { sheet, edit: null };
  const downbeat = sheet.downbeat % meterBeatsPerBar(meter);
  return { sheet: { ...sheet, meter, downbeat }, edit: { kind: "meter", before: sheet.meter, after: meter } };
}

/**
 * Moves the first downbeat by `delta` beats (wrapping within one bar): every bar line moves with it and
 * the grid re-flows; a downbeat after beat 0 leaves a pickup bar.
 */
export function shiftDownbeat(sheet: ChordSheet, delta: number): SheetEditResult {
  const n = meterBeatsPerBar(sheet.meter);
  const downbeat = (((sheet.downbeat + delta) % n) + n) % n;
  if (downbeat === sheet.downbeat || !Number.isInteger(delta)) return { sheet, edit: null };
  return {
    sheet: { ...sheet, downbeat },
    edit: { kind: "downbeat", before: sheet.downbeat, after: downbeat },
  };
}

/**
 * Halves or doubles the sheet's tempo, for a song whose beat was counted at twice or half the pulse.
 * - `factor` 2: a beat is added halfway between every two beats (and one after the last, half a beat
 *   on, when the song lasts that long); beat i becomes beat 2i, so every chord keeps its instant.
 * - `factor` 0.5: every other beat is kept — those on the first downbeat's side, so bar lines stay on kept
 *   beats; a change on a dropped beat moves to the next kept beat (where its chord sounds for the whole
 *   beat), and when two changes meet there the later one stays.
 * The meter's beats per bar stay, so a bar lasts half (2) or twice (0.5) as long: at the new tempo a bar
 * holds the same count. The first downbeat keeps its instant where the meter allows (doubling: beat
 * `2 × downbeat`, wrapped into the first bar).
 * @param factor 2 (double) or 0.5 (halve).
 * @returns the sheet unchanged (edit null) when the sheet has no steady beat (bpm null), fewer than two
 *   beats to halve, or when the new tempo would leave {@link SHEET_BPM_RANGE} or the sheet exceed
 *   {@link MAX_SHEET_BARS} bars.
 */
export function scaleTempo(sheet: ChordSheet, factor: 2 | 0.5): SheetEditResult {
  const unchanged = { sheet, edit: null };
  const oldBpm = sheet.bpm;
  if (oldBpm === null) return unchanged;
  const bpm = oldBpm * factor;
  if (bpm < SHEET_BPM_RANGE.min || bpm > SHEET_BPM_RANGE.max) return unchanged;
  const n = meterBeatsPerBar(sheet.meter);
  let next: ChordSheet;
  if (factor === 2) {
    const beats: number[] = [];
    sheet.beats.forEach((t, i) => {
      beats.push(t);
      const after = sheet.beats[i + 1];
      if (after !== undefined) beats.push((t + after) / 2);
      else {
        // The last beat lasts as long as the one before it (a lone beat: one beat at the old tempo).
        const half = (t - (sheet.beats[i - 1] ?? t - 60 / oldBpm)) / 2;
        if (t + half < sheet.durationSeconds) beats.push(t + half);
      }
    });
    const changes = sheet.changes.map((c) => ({ beat: c.beat * 2, chord: c.chord }));
    next = { ...sheet, bpm, beats, changes, downbeat: (sheet.downbeat * 2) % n };
  } else {
    if (sheet.beats.length < 2) return unchanged;
    const parity = sheet.downbeat % 2;
    const beats = sheet.beats.filter((_, i) => i % 2 === parity);
    const changes: SheetChange[] = [];
    for (const c of sheet.changes) {
      const beat = Math.min(beats.length - 1, Math.max(0, Math.ceil((c.beat - parity) / 2)));
      if (changes[changes.length - 1]?.beat === beat) changes.pop();
      changes.push({ beat, chord: c.chord });
    }
    next = { ...sheet, bpm, beats, changes, downbeat: (sheet.downbeat - parity) / 2 };
  }
  if (sheetBarCount(next) > MAX_SHEET_BARS) return unchanged;
  return { sheet: next, edit: { kind: "tempo", before: oldBpm, after: bpm } };
}

/** Number of bars of a sheet: a pickup bar when the first downbeat is after beat 0, then full bars. */
export function sheetBarCount(sheet: Pick<ChordSheet, "beats" | "downbeat" | "meter">): number {
  const n = meterBeatsPerBar(sheet.meter);
  const pickup = sheet.downbeat > 0 && sheet.beats.length > 0 ? 1 : 0;
  return pickup + Math.ceil(Math.max(0, sheet.beats.length - sheet.downbeat) / n);
}

/** The downbeat instants (seconds) of a sheet: every bar's first beat from the first downbeat on. */
export function sheetDownbeats(sheet: Pick<ChordSheet, "beats" | "downbeat" | "meter">): number[] {
  const n = meterBeatsPerBar(sheet.meter);
  const out: number[] = [];
  for (let i = sheet.downbeat; i < sheet.beats.length; i += n) out.push(sheet.beats[i] ?? 0);
  return out;
}

/** The chord changes of a sheet as a timeline: `{ time, chord }` in seconds, "N" for no chord. */
export function sheetTimeline(
  sheet: Pick<ChordSheet, "beats" | "changes">,
): { time: number; chord: string }[] {
  return sheet.changes.map((c) => ({ time: sheet.beats[c.beat] ?? 0, chord: c.chord }));
}

/**
 * What is wrong with a sheet, in words naming the field, or null when it is valid: beats finite,
 * non-negative and strictly ascending; downbeat inside the first bar; at most {@link MAX_SHEET_BARS}
 * bars; changes strictly ascending, the first at beat 0, all on beats of the sheet; every chord accepted by
 * `isLabel` (the chord grammar).
 */
export function sheetProblem(sheet: ChordSheet, isLabel: (label: string) => boolean): string | null {
  const { beats, changes } = sheet;
  if (beats.length === 0) return "beats: a sheet needs at least one beat";
  for (let i = 0; i < beats.length; i++) {
    const t = beats[i] ?? Number.NaN;
    if (!Number.isFinite(t) || t < 0) return `beats[${i}] must be a time in seconds ≥ 0`;
    if (i > 0 && t <= (beats[i - 1] ?? 0)) return `beats[${i}] must come after beats[${i - 1}]`;
  }
  if ((beats[beats.length - 1] ?? 0) > sheet.durationSeconds + 1e-6) {
    return "durationSeconds must not end before the last beat";
  }
  const n = meterBeatsPerBar(sheet.meter);
  if (!Number.isInteger(sheet.downbeat) || sheet.downbeat < 0 || sheet.downbeat >= n) {
    return `downbeat must be a beat index from 0 to ${n - 1}`;
  }
  if (sheetBarCount(sheet) > MAX_SHEET_BARS) return `beats: a sheet holds at most ${MAX_SHEET_BARS} bars`;
  if (changes.length === 0 || changes[0]?.beat !== 0) return "changes: the first chord must start at beat 0";
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i];
    if (!c) continue;
    if (!Number.isInteger(c.beat) || c.beat < 0 || c.beat >= beats.length) {
      return `changes[${i}].beat must be a beat index from 0 to ${beats.length - 1}`;
    }
    if (i > 0 && c.beat <= (changes[i - 1]?.beat ?? 0))
      return `changes[${i}].beat must come after changes[${i - 1}].beat`;
    if (!isLabel(c.chord))
      return `changes[${i}].chord "${c.chord}" is not a chord name like C, Am, G7 or Bbm7/F`;
  }
  return null;
}
