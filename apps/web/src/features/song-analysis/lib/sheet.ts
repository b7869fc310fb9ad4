import {
  type ChordSheet,
  meterBeatsPerBar,
  meterOfBeats,
  NO_CHORD,
  normalizeChordLabel,
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

/**
 * The engine's answer as an editable chord sheet: the chord grid's beats (the engine's, or spaced from the
 * tempo, or one a second), the first downbeat within the first bar, and one change wherever the grid shows
 * a new chord. Labels the grammar does not know become "no chord".
 */
export function sheetFromAnalysis(analysis: SongAnalysis): ChordSheet {
  const bpm = analysisBpm(analysis);
  const grid = gridFromAnalysis(analysis);
  const meter = meterOf(bpm ? analysis.timeSignature : null, grid.beatsPerBar);
  const perBar = meterBeatsPerBar(meter);
  const beats = grid.beats.map((b) => b.time);
  // The first beat that opens a full bar (after a pickup) is the first downbeat.
  const firstBar = grid.bars[0];
  const pickup = firstBar ? firstBar.cells.filter((c) => c !== null).length : 0;
  const downbeat = firstBar && firstBar.cells[0] === null ? pickup % perBar : 0;
  const changes: SheetChange[] = [];
  let last: string | null = null;
  grid.beats.forEach((b, i) => {
    const chord = b.chord === null ? NO_CHORD : (normalizeChordLabel(b.chord) ?? NO_CHORD);
    if (i === 0 || chord !== last) changes.push({ beat: i, chord });
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
