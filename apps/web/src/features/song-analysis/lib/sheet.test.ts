import { mergeWithPrevious, setChord, setMeter, sheetDownbeats, shiftDownbeat, splitAt } from "@tonic/theory";
import { describe, expect, it } from "vitest";
import { buildBeatGrid } from "./beat-grid";
import {
  analysisFromSheet,
  gridFromAnalysis,
  gridFromSheet,
  pulseBpm,
  quarterNoteBpm,
  sheetFromAnalysis,
} from "./sheet";
import type { SongAnalysis } from "./song-model";

/** A 4/4 song at 120 BPM: beats every 0.5 s from 0.5 s, bars from 1.5 s (a two-beat pickup). */
function song(): SongAnalysis {
  const beats = Array.from({ length: 18 }, (_, i) => 0.5 + i * 0.5);
  return {
    title: "Test",
    key: "A# Minor",
    bpm: 120,
    beats,
    downbeats: beats.filter((_, i) => i >= 2 && (i - 2) % 4 === 0),
    timeSignature: "4/4",
    chords: [
      { time: 0, chord: "N" },
      { time: 1.5, chord: "A#m7" },
      { time: 3.5, chord: "D#m7" },
      { time: 5.5, chord: "X" },
      { time: 6.5, chord: "F7" },
    ],
    durationSeconds: 9.5,
  };
}

const names = (g: ReturnType<typeof gridFromSheet>) =>
  g.bars.map((b) => b.cells.map((c) => (c ? (c.change ? (c.chord ?? "N") : ".") : "_")).join(" "));

describe("sheetFromAnalysis", () => {
  it("keeps the grid's beats, the pickup as the first downbeat and one change per new chord", () => {
    const sheet = sheetFromAnalysis(song());
    expect(sheet.beats).toHaveLength(18);
    expect(sheet.meter).toBe("4/4");
    expect(sheet.downbeat).toBe(2);
    expect(sheet.key).toBe("A# Minor");
    expect(sheet.changes).toEqual([
      { beat: 0, chord: "N" },
      { beat: 2, chord: "A#m7" },
      { beat: 6, chord: "D#m7" },
      // "X" (unknown) becomes no chord.
      { beat: 10, chord: "N" },
      { beat: 12, chord: "F7" },
    ]);
  });

  it("shows the same bars as the engine's grid before any edit", () => {
    const a = song();
    const engine = buildBeatGrid({ ...a, bpm: a.bpm });
    const mine = gridFromSheet(sheetFromAnalysis(a));
    expect(mine.bars.map((b) => b.cells.map((c) => c?.time ?? null))).toEqual(
      engine.bars.map((b) => b.cells.map((c) => c?.time ?? null)),
    );
    expect(mine.beats.map((b) => b.chord)).toEqual(engine.beats.map((b) => b.chord));
  });

  it("spaces beats from the tempo when the engine gave none (a stored song)", () => {
    const sheet = sheetFromAnalysis({ ...song(), beats: null, downbeats: null, durationSeconds: 4 });
    expect(sheet.beats).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5]);
    expect(sheet.downbeat).toBe(0);
  });
});

/**
 * A 6/8 song as the engine reports it: two dotted-quarter beats a bar at 100 BPM (0.6 s apart), a pickup
 * beat, a new chord every bar.
 */
function compound(bpm = 100): SongAnalysis {
  const period = 60 / bpm;
  const beats = Array.from({ length: 9 }, (_, i) => Number((0.3 + i * period).toFixed(4)));
  const downbeats = beats.filter((_, i) => i % 2 === 1);
  return {
    title: "Jig",
    key: "D Major",
    bpm,
    beats,
    downbeats,
    timeSignature: "6/8",
    chords: downbeats.map((time, i) => ({ time, chord: ["D", "G", "A", "D"][i] ?? "N" })),
    durationSeconds: (beats.at(-1) ?? 0) + period,
  };
}

describe("sheetFromAnalysis in 6/8", () => {
  it("splits the engine's dotted-quarter beats into eighths, so that a sheet bar is one bar of the song", () => {
    const a = compound();
    const sheet = sheetFromAnalysis(a);
    expect(sheet.meter).toBe("6/8");
    expect(sheet.beats).toHaveLength(27);
    expect(sheet.beats.slice(0, 4)).toEqual([0.3, 0.5, 0.7, 0.9]);
    expect(sheet.bpm).toBeCloseTo(300, 6);
    // The bars start where the engine's do.
    expect(sheetDownbeats(sheet)).toEqual(a.downbeats);
    expect(sheet.changes).toEqual([
      { beat: 0, chord: "N" },
      { beat: 3, chord: "D" },
      { beat: 9, chord: "G" },
      { beat: 15, chord: "A" },
      { beat: 21, chord: "D" },
    ]);
    const grid = gridFromSheet(sheet);
    expect(grid.beatsPerBar).toBe(6);
    expect(names(grid)).toEqual(["_ _ _ . . .", "D . . . . .", "G . . . . .", "A . . . . .", "D . . . . ."]);
  });

  it("keeps the engine's chords and times on the song screen after a save", () => {
    const a = compound();
    const back = analysisFromSheet("Jig", sheetFromAnalysis(a), a);
    expect(back.downbeats).toEqual(a.downbeats);
    expect(back.chords.filter((c) => c.chord !== "N")).toEqual(a.chords);
  });

  it("shows the dotted quarter's tempo for the sheet's eighths and the engine's beats alike", () => {
    const a = compound();
    const sheet = sheetFromAnalysis(a);
    expect(pulseBpm(sheet.bpm, sheet.meter, gridFromSheet(sheet).beatsPerBar)).toBeCloseTo(100, 6);
    expect(pulseBpm(a.bpm, a.timeSignature, gridFromAnalysis(a).beatsPerBar)).toBe(100);
    expect(pulseBpm(120, "4/4", 4)).toBe(120);
    expect(pulseBpm(null, "6/8", 6)).toBeNull();
  });

  it("writes a MIDI file's tempo in quarter notes: a dotted quarter is one and a half", () => {
    const a = compound();
    const sheet = sheetFromAnalysis(a);
    const pulse = pulseBpm(sheet.bpm, sheet.meter, gridFromSheet(sheet).beatsPerBar);
    expect(quarterNoteBpm(pulse, sheet.meter)).toBeCloseTo(150, 6);
    expect(quarterNoteBpm(120, "4/4")).toBe(120);
    expect(quarterNoteBpm(96, "3/4")).toBe(96);
    expect(quarterNoteBpm(null, "6/8")).toBeNull();
  });

  it("counts a fast 6/8 in twos when its eighths would pass the sheet's tempo limit", () => {
    const a = compound(150);
    const sheet = sheetFromAnalysis(a);
    expect(sheet.meter).toBe("2/4");
    expect(sheet.beats).toEqual(a.beats);
    expect(sheetDownbeats(sheet)).toEqual(a.downbeats);
  });
});

describe("gridFromSheet", () => {
  it("re-flows the bars when the meter or the first downbeat changes", () => {
    const sheet = sheetFromAnalysis(song());
    expect(names(gridFromSheet(sheet))).toEqual([
      "_ _ . .",
      "A#m7 . . .",
      "D#m7 . . .",
      "N . F7 .",
      ". . . .",
    ]);
    const waltz = setMeter(sheet, "3/4").sheet;
    expect(gridFromSheet(waltz).beatsPerBar).toBe(3);
    expect(names(gridFromSheet(waltz))).toEqual([
      "_ . .",
      "A#m7 . .",
      ". D#m7 .",
      ". . N",
      ". F7 .",
      ". . .",
      ".",
    ]);
    const moved = shiftDownbeat(sheet, -2).sheet;
    expect(moved.downbeat).toBe(0);
    expect(gridFromSheet(moved).bars[0]?.cells.map((c) => c?.index)).toEqual([0, 1, 2, 3]);
  });

  it("shows a split as a new chord name even when the chord is the same, and a merge removes it", () => {
    const sheet = sheetFromAnalysis(song());
    const split = splitAt(sheet, 4).sheet;
    expect(names(gridFromSheet(split))[1]).toBe("A#m7 . A#m7 .");
    expect(names(gridFromSheet(mergeWithPrevious(split, 4).sheet))[1]).toBe("A#m7 . . .");
  });

  it("gives the screen the corrected chords, key and downbeats", () => {
    const sheet = setChord(sheetFromAnalysis(song()), 6, 9, "G#7/C").sheet;
    const a = analysisFromSheet("Test", sheet);
    expect(a.chords.map((c) => [c.time, c.chord])).toContainEqual([3.5, "G#7/C"]);
    expect(a.downbeats).toEqual([1.5, 3.5, 5.5, 7.5]);
    expect(a.timeSignature).toBe("4/4");
    const g = buildBeatGrid({ ...a, bpm: a.bpm });
    expect(g.beats.map((b) => b.chord)).toEqual(gridFromSheet(sheet).beats.map((b) => b.chord));
  });
});
