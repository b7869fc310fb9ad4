import {
  type ChordSheet,
  meterBeatsPerBar,
  meterOfBeats,
  NO_CHORD,
  normalizeChordLabel,
  SHEET_BPM_RANGE,
  type SheetChange,
  type SheetMeter,
  sheetDownbeats,
  sheetTimeline,
} from "@tonic/theory";
import { type BeatGrid, buildBeatGrid, type GridBar, type GridBeat } from "./beat-grid";
import type { SongAnalysis } from "./song-model";

/** The sheet's meter from an analysis' time signature or the grid's bar length (4/4 when unknown). */
function meterOf(timeSignature: string | null | undefined, beatsPerBar: number): SheetMeter {
  if (timeSignature === "3/4" || timeSignature === "6/8" || timeSignature === "4/4") return timeSignature;
  return meterOfBeats(beatsPerBar) ?? "4/4";
}

/** An analysis' tempo, beats per minute, where it has one (> 0); else null. */
export function analysisBpm(analysis: SongAnalysis): number | null {
  return analysis.bpm && analysis.bpm > 0 ? analysis.bpm : null;
}

/**
 * The chord grid of an analysis: its beats and downbeats, or beats spaced from its tempo
 * ({@link analysisBpm}), or one a second (`buildBeatGrid`).
 */
export function gridFromAnalysis(analysis: SongAnalysis): BeatGrid {
  return buildBeatGrid({
    beats: analysis.beats,
    downbeats: analysis.downbeats,
    timeSignature: analysis.timeSignature,
    bpm: analysisBpm(analysis),
    chords: analysis.chords,
    durationSeconds: analysis.durationSeconds,
  });
}

/** Eighths in each of the engine's 6/8 beats (a dotted quarter). */
const EIGHTHS_PER_DOTTED_BEAT = 3;

/**
 * The tempo a musician counts, BPM: in 6/8 the dotted quarter. A grid of six beats a bar in 6/8 holds
 * eighths (a chord sheet's 6/8, see {@link sheetFromAnalysis}), so its pulse is a third of their rate; the
 * engine's own 6/8 beats (two a bar) are dotted quarters already, and other meters count their beats.
 * @param bpm the beats' tempo, BPM (null: no steady beat, returned as is).
 * @param timeSignature e.g. "6/8", "4/4"; null when unknown.
 * @param beatsPerBar beats in each of the grid's bars.
 */
export function pulseBpm(
  bpm: number | null,
  timeSignature: string | null | undefined,
  beatsPerBar: number,
): number | null {
  return bpm !== null && timeSignature === "6/8" && beatsPerBar === 6 ? bpm / EIGHTHS_PER_DOTTED_BEAT : bpm;
}

/**
 * The tempo in quarter notes a minute, as a MIDI file's tempo is counted (SMF 1.0, "Set Tempo": microseconds
 * per quarter note): in 6/8 the dotted quarter is 1.5 quarters, elsewhere the beat is the quarter.
 * @param pulse the tempo a musician counts ({@link pulseBpm}), BPM; null: none (returned as is).
 * @param timeSignature e.g. "6/8", "4/4"; null when unknown.
 */
export function quarterNoteBpm(
  pulse: number | null,
  timeSignature: string | null | undefined,
): number | null {
  return pulse !== null && timeSignature === "6/8" ? pulse * 1.5 : pulse;
}

/**
 * The engine's beats (seconds ascending, at least 0.1 s apart) split into `parts` equal beats each; the
 * last beat's parts at the median beat period, those at or after `durationSeconds` left out. Beat i's first
 * part has index i × parts.
 */
function splitBeats(times: readonly number[], parts: number, durationSeconds: number): number[] {
  const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
  const period = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 0;
  const out: number[] = [];
  times.forEach((t, i) => {
    const next = times[i + 1];
    const span = (next ?? t + period) - t;
    for (let k = 0; k < parts; k++) {
      const s = Number((t + (span * k) / parts).toFixed(4));
      if (k === 0 || next !== undefined || s < durationSeconds) out.push(s);
    }
  });
  return out;
}

/**
 * The engine's answer as an editable chord sheet: the chord grid's beats (the engine's, or spaced from the
 * tempo, or one a second), the first downbeat within the first bar, and one change wherever the grid shows
 * a new chord. Labels the grammar does not know become "no chord".
 *
 * The engine counts 6/8 in dotted quarters (two beats a bar, its BPM theirs) while a sheet's 6/8 bar holds
 * six eighths ({@link meterBeatsPerBar}): each engine beat becomes three eighths and the tempo three times
 * the engine's, so a sheet bar is a bar of the song. Where that tempo would pass the sheet's limit
 * (`SHEET_BPM_RANGE`, a dotted quarter above 133 BPM) the sheet keeps the engine's beats in 2/4 instead.
 */
export function sheetFromAnalysis(analysis: SongAnalysis): ChordSheet {
  const engineBpm = analysisBpm(analysis);
  const grid = gridFromAnalysis(analysis);
  let meter = meterOf(engineBpm ? analysis.timeSignature : null, grid.beatsPerBar);
  let split = 1;
  let bpm = engineBpm;
  if (meter === "6/8" && grid.source === "engine" && grid.beatsPerBar === 2 && engineBpm) {
    if (engineBpm * EIGHTHS_PER_DOTTED_BEAT <= SHEET_BPM_RANGE.max) {
      split = EIGHTHS_PER_DOTTED_BEAT;
      bpm = engineBpm * EIGHTHS_PER_DOTTED_BEAT;
    } else meter = meterOfBeats(grid.beatsPerBar) ?? "4/4";
  }
  const perBar = meterBeatsPerBar(meter);
  const beats =
    split > 1
      ? splitBeats(
          grid.beats.map((b) => b.time),
          split,
          analysis.durationSeconds,
        )
      : grid.beats.map((b) => b.time);
  // The first beat that opens a full bar (after a pickup) is the first downbeat.
  const firstBar = grid.bars[0];
  const pickup = firstBar ? firstBar.cells.filter((c) => c !== null).length * split : 0;
  const downbeat = firstBar && firstBar.cells[0] === null ? pickup % perBar : 0;
  const changes: SheetChange[] = [];
  let last: string | null = null;
  grid.beats.forEach((b, i) => {
    const chord = b.chord === null ? NO_CHORD : (normalizeChordLabel(b.chord) ?? NO_CHORD);
    if (i === 0 || chord !== last) changes.push({ beat: i * split, chord });
    last = chord;
  });
  if (beats.length === 0) {
    beats.push(0);
    changes.push({ beat: 0, chord: NO_CHORD });
  }
  const lastBeat = beats[beats.length - 1] ?? 0;
  return {
    key: analysis.key,
    meter,
    bpm,
    beats,
    downbeat,
    changes,
    durationSeconds: Math.max(analysis.durationSeconds, lastBeat),
  };
}

/**
 * The chord grid of a sheet: bars of the sheet's meter from its first downbeat (the beats before it a
 * right-aligned pickup bar), each beat holding the chord sounding there, and a chord name wherever the sheet
 * has a change — also where a split repeats the same chord.
 */
export function gridFromSheet(sheet: ChordSheet): BeatGrid {
  const perBar = meterBeatsPerBar(sheet.meter);
  const changeAt = new Set(sheet.changes.map((c) => c.beat));
  const beats: GridBeat[] = [];
  const bars: GridBar[] = [];
  let k = -1;
  sheet.beats.forEach((time, i) => {
    while (k + 1 < sheet.changes.length && (sheet.changes[k + 1]?.beat ?? Number.POSITIVE_INFINITY) <= i) k++;
    const label = sheet.changes[k]?.chord ?? NO_CHORD;
    const chord = label === NO_CHORD ? null : label;
    const inPickup = i < sheet.downbeat;
    const bar = inPickup ? 0 : (sheet.downbeat > 0 ? 1 : 0) + Math.floor((i - sheet.downbeat) / perBar);
    const position = inPickup ? perBar - sheet.downbeat + i : (i - sheet.downbeat) % perBar;
    beats.push({
      index: i,
      time,
      end: sheet.beats[i + 1] ?? Math.max(time, sheet.durationSeconds),
      chord,
      // Within a change the chord is the same, so a name shows exactly at the sheet's changes.
      change: changeAt.has(i) && (i > 0 || chord !== null),
      bar,
      position,
    });
  });
  for (const beat of beats) {
    let bar = bars[beat.bar];
    if (!bar) {
      bar = {
        index: beat.bar,
        number: beat.bar + 1,
        start: beat.time,
        end: beat.end,
        cells: new Array(perBar).fill(null),
      };
      bars[beat.bar] = bar;
    }
    bar.cells[beat.position] = beat;
    bar.end = beat.end;
  }
  // A last bar cut short by the song's end keeps only the beats it has.
  const lastBar = bars[bars.length - 1];
  if (lastBar && bars.length > 1) {
    let n = lastBar.cells.length;
    while (n > 0 && lastBar.cells[n - 1] === null) n--;
    lastBar.cells = lastBar.cells.slice(0, n);
  }
  return { beatsPerBar: perBar, beats, bars, source: "engine" };
}

/** What the Song screen shows for a sheet: its key, tempo, meter, beats, downbeats and chord changes. */
export function analysisFromSheet(title: string, sheet: ChordSheet, base?: SongAnalysis): SongAnalysis {
  return {
    title,
    key: sheet.key,
    keyConfidence: null,
    keyRunnerUp: null,
    bpm: sheet.bpm,
    tempoConfidence: base?.tempoConfidence ?? null,
    beats: sheet.beats,
    downbeats: sheetDownbeats(sheet),
    timeSignature: sheet.meter,
    chords: sheetTimeline(sheet),
    keySegments: [],
    durationSeconds: sheet.durationSeconds,
  };
}
