/**
 * The chord sheet model of issue 30 and its pure edit operations: set a chord over beats, split, merge,
 * move a change, fix the key, the meter (the grid re-flows) and the first downbeat; validation naming the
 * bad field.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isChordLabel } from "./chord-symbol.js";
import {
  type ChordSheet,
  changeIndexAt,
  chordAt,
  MAX_SHEET_BARS,
  mergeWithPrevious,
  meterBeatsPerBar,
  meterOfBeats,
  moveChange,
  SHEET_BPM_RANGE,
  SHEET_METERS,
  type SheetChange,
  type SheetEdit,
  type SheetEditResult,
  type SheetMeter,
  scaleTempo,
  setChord,
  setKey,
  setMeter,
  sheetBarCount,
  sheetDownbeats,
  sheetProblem,
  sheetTimeline,
  shiftDownbeat,
  splitAt,
} from "./sheet.js";

/** A sheet of `n` beats half a second apart (120 BPM) with the given changes. */
function sheetOf(
  n: number,
  changes: [number, string][],
  opts: { meter?: SheetMeter; downbeat?: number; key?: string | null } = {},
): ChordSheet {
  return {
    key: opts.key === undefined ? "C Major" : opts.key,
    meter: opts.meter ?? "4/4",
    bpm: 120,
    beats: Array.from({ length: n }, (_, i) => i * 0.5),
    downbeat: opts.downbeat ?? 0,
    changes: changes.map(([beat, chord]) => ({ beat, chord })),
    durationSeconds: n * 0.5,
  };
}

const pairs = (changes: readonly SheetChange[]): [number, string][] => changes.map((c) => [c.beat, c.chord]);

/** The chord of every beat of a sheet. */
const perBeat = (sheet: ChordSheet): string[] => sheet.beats.map((_, i) => chordAt(sheet, i));

/** The chord a list of changes (as an edit's `before`/`after`) gives beat `t`. */
function chordFromList(list: readonly SheetChange[], t: number): string | undefined {
  let chord: string | undefined;
  for (const c of list) if (c.beat <= t) chord = c.chord;
  return chord;
}

function chordsEdit(result: SheetEditResult): Extract<SheetEdit, { kind: "chords" }> {
  const edit = result.edit;
  if (edit?.kind !== "chords") throw new Error(`expected a chords edit, got ${JSON.stringify(edit)}`);
  return edit;
}

const valid = (sheet: ChordSheet) => sheetProblem(sheet, isChordLabel);

describe("meters", () => {
  it("reads beats per bar and back", () => {
    expect(SHEET_METERS.map(meterBeatsPerBar)).toEqual([2, 3, 4, 5, 6]);
    for (const m of SHEET_METERS) expect(meterOfBeats(meterBeatsPerBar(m))).toBe(m);
    expect(meterOfBeats(6)).toBe("6/8");
    expect(meterOfBeats(1)).toBeNull();
    expect(meterOfBeats(7)).toBeNull();
    expect(meterOfBeats(0)).toBeNull();
  });
});

describe("changeIndexAt and chordAt", () => {
  const sheet = sheetOf(12, [
    [0, "C"],
    [4, "G"],
    [8, "Am"],
  ]);
  it("finds the change sounding at a beat", () => {
    expect([0, 3, 4, 7, 8, 11, 50].map((b) => changeIndexAt(sheet, b))).toEqual([0, 0, 1, 1, 2, 2, 2]);
    expect(perBeat(sheet)).toEqual([..."CCCC", "G", "G", "G", "G", "Am", "Am", "Am", "Am"]);
  });
  it('is -1 / "N" before the first change', () => {
    const late = { changes: [{ beat: 2, chord: "C" }] };
    expect(changeIndexAt(late, 1)).toBe(-1);
    expect(chordAt(late, 1)).toBe("N");
    expect(chordAt(late, 2)).toBe("C");
    expect(chordAt({ changes: [] }, 0)).toBe("N");
  });
});

describe("setChord", () => {
  const base = sheetOf(8, [
    [0, "C"],
    [4, "G"],
  ]);

  it("in the middle of a chord: the old chord carries on after the range", () => {
    const r = setChord(base, 1, 2, "Am");
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "C"],
      [1, "Am"],
      [3, "C"],
      [4, "G"],
    ]);
    expect(perBeat(r.sheet)).toEqual(["C", "Am", "Am", "C", "G", "G", "G", "G"]);
    expect(r.edit).toEqual({
      kind: "chords",
      from: 1,
      to: 2,
      before: [{ beat: 1, chord: "C" }],
      after: [{ beat: 1, chord: "Am" }],
    });
    // Pure: the input sheet is untouched.
    expect(pairs(base.changes)).toEqual([
      [0, "C"],
      [4, "G"],
    ]);
  });

  it("over several changes: they are replaced, and the chord at the range's end carries on", () => {
    const sheet = sheetOf(16, [
      [0, "C"],
      [4, "G"],
      [8, "Am"],
      [12, "F"],
    ]);
    const r = setChord(sheet, 2, 9, "D");
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "C"],
      [2, "D"],
      [10, "Am"],
      [12, "F"],
    ]);
    expect(r.edit).toEqual({
      kind: "chords",
      from: 2,
      to: 9,
      before: [
        { beat: 2, chord: "C" },
        { beat: 4, chord: "G" },
        { beat: 8, chord: "Am" },
      ],
      after: [{ beat: 2, chord: "D" }],
    });
    // Either order of from and to.
    expect(setChord(sheet, 9, 2, "D")).toEqual(r);
  });

  it("up to the beat before a change keeps that change as it is", () => {
    const r = setChord(base, 2, 3, "Am");
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "C"],
      [2, "Am"],
      [4, "G"],
    ]);
  });

  it("at the song's end adds no change after it", () => {
    const r = setChord(base, 6, 7, "E");
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "C"],
      [4, "G"],
      [6, "E"],
    ]);
    expect(chordsEdit(r)).toEqual({
      kind: "chords",
      from: 6,
      to: 7,
      before: [{ beat: 6, chord: "G" }],
      after: [{ beat: 6, chord: "E" }],
    });
  });

  it("on the first beat", () => {
    const r = setChord(base, 0, 0, "Dm");
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "Dm"],
      [1, "C"],
      [4, "G"],
    ]);
    expect(chordsEdit(r).before).toEqual([{ beat: 0, chord: "C" }]);
    expect(chordsEdit(r).after).toEqual([{ beat: 0, chord: "Dm" }]);
    expect(valid(r.sheet)).toBeNull();
  });

  it("over the whole song leaves one change", () => {
    const r = setChord(base, 0, 7, "N");
    expect(pairs(r.sheet.changes)).toEqual([[0, "N"]]);
    expect(perBeat(r.sheet).every((c) => c === "N")).toBe(true);
    expect(chordsEdit(r).before).toEqual([
      { beat: 0, chord: "C" },
      { beat: 4, chord: "G" },
    ]);
  });

  it("marks no chord", () => {
    const r = setChord(base, 4, 5, "N");
    expect(perBeat(r.sheet)).toEqual(["C", "C", "C", "C", "N", "N", "G", "G"]);
    expect(valid(r.sheet)).toBeNull();
  });

  it("is a no-op (edit null) when the range already is that change", () => {
    const r = setChord(base, 4, 7, "G");
    expect(r.edit).toBeNull();
    expect(r.sheet).toEqual(base);
  });

  it("throws a RangeError for beats outside the sheet", () => {
    expect(() => setChord(base, -1, 2, "C")).toThrow(RangeError);
    expect(() => setChord(base, 0, 8, "C")).toThrow(/to must be a beat index from 0 to 7, got 8/);
    expect(() => setChord(base, 1.5, 2, "C")).toThrow(RangeError);
    expect(() => setChord(base, Number.NaN, 2, "C")).toThrow(RangeError);
  });
});

describe("splitAt", () => {
  const base = sheetOf(8, [[0, "C"]]);

  it("starts a change with the same chord, then setting it changes only that part", () => {
    const split = splitAt(base, 4);
    expect(pairs(split.sheet.changes)).toEqual([
      [0, "C"],
      [4, "C"],
    ]);
    expect(perBeat(split.sheet)).toEqual(perBeat(base));
    expect(split.edit).toEqual({
      kind: "chords",
      from: 4,
      to: 4,
      before: [{ beat: 4, chord: "C" }],
      after: [{ beat: 4, chord: "C" }],
    });
    const set = setChord(split.sheet, 4, 7, "G");
    expect(pairs(set.sheet.changes)).toEqual([
      [0, "C"],
      [4, "G"],
    ]);
    expect(valid(set.sheet)).toBeNull();
  });

  it("does nothing where a change already starts", () => {
    expect(splitAt(base, 0)).toEqual({ sheet: base, edit: null });
    const twice = splitAt(splitAt(base, 3).sheet, 3);
    expect(twice.edit).toBeNull();
  });

  it("throws for a beat outside the sheet", () => {
    expect(() => splitAt(base, 8)).toThrow(RangeError);
    expect(() => splitAt(base, -1)).toThrow(RangeError);
  });
});

describe("mergeWithPrevious", () => {
  const base = sheetOf(12, [
    [0, "C"],
    [4, "G"],
    [8, "Am"],
  ]);

  it("removes the change of the chord at the beat; the earlier chord carries on", () => {
    const r = mergeWithPrevious(base, 5);
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "C"],
      [8, "Am"],
    ]);
    expect(r.edit).toEqual({
      kind: "chords",
      from: 4,
      to: 7,
      before: [{ beat: 4, chord: "G" }],
      after: [{ beat: 4, chord: "C" }],
    });
  });

  it("merges the last chord up to the song's end", () => {
    const r = mergeWithPrevious(base, 8);
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "C"],
      [4, "G"],
    ]);
    expect(chordsEdit(r)).toMatchObject({ from: 8, to: 11, after: [{ beat: 8, chord: "G" }] });
  });

  it("does nothing for the first chord", () => {
    expect(mergeWithPrevious(base, 0)).toEqual({ sheet: base, edit: null });
    expect(mergeWithPrevious(base, 3)).toEqual({ sheet: base, edit: null });
  });

  it("undoes a split", () => {
    const split = splitAt(base, 6).sheet;
    expect(mergeWithPrevious(split, 6).sheet).toEqual(base);
  });

  it("throws for a beat outside the sheet", () => {
    expect(() => mergeWithPrevious(base, 12)).toThrow(RangeError);
  });
});

describe("moveChange", () => {
  const base = sheetOf(8, [
    [0, "C"],
    [4, "G"],
    [5, "Am"],
  ]);

  it("moves a change a beat earlier", () => {
    const r = moveChange(base, 4, -1);
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "C"],
      [3, "G"],
      [5, "Am"],
    ]);
    expect(r.edit).toEqual({
      kind: "chords",
      from: 3,
      to: 4,
      before: [
        { beat: 3, chord: "C" },
        { beat: 4, chord: "G" },
      ],
      after: [{ beat: 3, chord: "G" }],
    });
  });

  it("moves a change later, from any beat of its chord", () => {
    const r = moveChange(base, 6, 2);
    expect(pairs(r.sheet.changes)).toEqual([
      [0, "C"],
      [4, "G"],
      [7, "Am"],
    ]);
    expect(r.edit).toEqual({
      kind: "chords",
      from: 5,
      to: 7,
      before: [{ beat: 5, chord: "Am" }],
      after: [
        { beat: 5, chord: "G" },
        { beat: 7, chord: "Am" },
      ],
    });
  });

  it("is blocked by the next change, the previous change and the song's end", () => {
    expect(moveChange(base, 4, 1)).toEqual({ sheet: base, edit: null });
    expect(moveChange(base, 5, -1)).toEqual({ sheet: base, edit: null });
    expect(moveChange(base, 4, -4)).toEqual({ sheet: base, edit: null });
    expect(moveChange(base, 5, 3)).toEqual({ sheet: base, edit: null });
    const tight = sheetOf(4, [
      [0, "C"],
      [1, "G"],
    ]);
    expect(moveChange(tight, 1, -1).edit).toBeNull();
  });

  it("does not move the first chord, nor by zero or part of a beat", () => {
    expect(moveChange(base, 0, 1).edit).toBeNull();
    expect(moveChange(base, 2, -1).edit).toBeNull();
    expect(moveChange(base, 4, 0).edit).toBeNull();
    expect(moveChange(base, 4, 0.5).edit).toBeNull();
  });

  it("throws for a beat outside the sheet", () => {
    expect(() => moveChange(base, 8, -1)).toThrow(RangeError);
  });
});

describe("setKey", () => {
  const base = sheetOf(4, [[0, "C"]], { key: "C Major" });
  it("sets or clears the key, leaving the chords", () => {
    const r = setKey(base, "A# Minor");
    expect(r.sheet.key).toBe("A# Minor");
    expect(r.sheet.changes).toEqual(base.changes);
    expect(r.edit).toEqual({ kind: "key", before: "C Major", after: "A# Minor" });
    expect(setKey(base, null).edit).toEqual({ kind: "key", before: "C Major", after: null });
    expect(base.key).toBe("C Major");
  });
  it("does nothing for the same key", () => {
    expect(setKey(base, "C Major")).toEqual({ sheet: base, edit: null });
  });
});

describe("setMeter", () => {
  it("re-flows 24 beats of 4/4 (6 bars) into 3/4 (8 bars), chords on their beats", () => {
    const base = sheetOf(24, [
      [0, "C"],
      [4, "G"],
    ]);
    expect(sheetBarCount(base)).toBe(6);
    const r = setMeter(base, "3/4");
    expect(r.sheet.meter).toBe("3/4");
    expect(sheetBarCount(r.sheet)).toBe(8);
    expect(r.sheet.changes).toEqual(base.changes);
    expect(r.sheet.beats).toEqual(base.beats);
    expect(r.edit).toEqual({ kind: "meter", before: "4/4", after: "3/4" });
    expect(sheetBarCount(setMeter(base, "2/4").sheet)).toBe(12);
    expect(sheetBarCount(setMeter(base, "5/4").sheet)).toBe(5);
    expect(sheetBarCount(setMeter(base, "6/8").sheet)).toBe(4);
  });

  it("keeps the first downbeat, moved into the first bar when the new bar is shorter", () => {
    const pickup = sheetOf(24, [[0, "C"]], { downbeat: 2 });
    expect(sheetBarCount(pickup)).toBe(1 + 6);
    const three = setMeter(pickup, "3/4").sheet;
    expect(three.downbeat).toBe(2);
    expect(sheetBarCount(three)).toBe(1 + 8);
    expect(setMeter(pickup, "2/4").sheet.downbeat).toBe(0);
    const late = sheetOf(24, [[0, "C"]], { downbeat: 3 });
    const moved = setMeter(late, "3/4").sheet;
    expect(moved.downbeat).toBe(0);
    // Beat 3 still starts a bar.
    expect(sheetDownbeats(moved)).toContain(late.beats[3]);
    expect(setMeter(sheetOf(24, [[0, "C"]], { meter: "6/8", downbeat: 5 }), "4/4").sheet.downbeat).toBe(1);
    for (const m of SHEET_METERS) {
      const s = setMeter(late, m).sheet;
      expect(s.downbeat).toBeLessThan(meterBeatsPerBar(m));
      expect(valid(s)).toBeNull();
    }
  });

  it("does nothing for the same meter", () => {
    const base = sheetOf(8, [[0, "C"]]);
    expect(setMeter(base, "4/4")).toEqual({ sheet: base, edit: null });
  });
});

describe("shiftDownbeat", () => {
  const base = sheetOf(24, [[0, "C"]]);

  it("moves the first downbeat, wrapping within the bar", () => {
    expect(shiftDownbeat(base, 1).sheet.downbeat).toBe(1);
    expect(shiftDownbeat(base, -1).sheet.downbeat).toBe(3);
    expect(shiftDownbeat(base, 5).sheet.downbeat).toBe(1);
    expect(shiftDownbeat(base, -6).sheet.downbeat).toBe(2);
    const three = sheetOf(24, [[0, "C"]], { downbeat: 3 });
    expect(shiftDownbeat(three, 1).sheet.downbeat).toBe(0);
    expect(shiftDownbeat(three, 1).edit).toEqual({ kind: "downbeat", before: 3, after: 0 });
    expect(shiftDownbeat(sheetOf(9, [[0, "C"]], { meter: "3/4" }), -1).sheet.downbeat).toBe(2);
  });

  it("leaves a pickup bar after beat 0", () => {
    expect(sheetBarCount(base)).toBe(6);
    const r = shiftDownbeat(base, 1);
    expect(r.edit).toEqual({ kind: "downbeat", before: 0, after: 1 });
    // Beat 0 is a pickup, then beats 1–20 make 5 bars and 21–23 a sixth.
    expect(sheetBarCount(r.sheet)).toBe(7);
    expect(sheetBarCount(shiftDownbeat(base, 2).sheet)).toBe(7);
    expect(r.sheet.changes).toEqual(base.changes);
  });

  it("does nothing for a whole bar, zero, or part of a beat", () => {
    expect(shiftDownbeat(base, 4)).toEqual({ sheet: base, edit: null });
    expect(shiftDownbeat(base, 0).edit).toBeNull();
    expect(shiftDownbeat(base, 0.5).edit).toBeNull();
    expect(shiftDownbeat(base, Number.NaN).edit).toBeNull();
  });
});

describe("sheetBarCount, sheetDownbeats and sheetTimeline", () => {
  it("counts bars, with a pickup bar", () => {
    expect(sheetBarCount(sheetOf(0, []))).toBe(0);
    expect(sheetBarCount(sheetOf(1, [[0, "C"]]))).toBe(1);
    expect(sheetBarCount(sheetOf(4, [[0, "C"]]))).toBe(1);
    expect(sheetBarCount(sheetOf(5, [[0, "C"]]))).toBe(2);
    expect(sheetBarCount(sheetOf(5, [[0, "C"]], { downbeat: 1 }))).toBe(2);
    expect(sheetBarCount(sheetOf(6, [[0, "C"]], { downbeat: 1 }))).toBe(3);
    expect(sheetBarCount(sheetOf(2, [[0, "C"]], { downbeat: 3 }))).toBe(1);
  });

  it("lists the downbeat instants from the first downbeat on", () => {
    expect(sheetDownbeats(sheetOf(10, [[0, "C"]], { downbeat: 1 }))).toEqual([0.5, 2.5, 4.5]);
    expect(sheetDownbeats(sheetOf(7, [[0, "C"]], { meter: "3/4" }))).toEqual([0, 1.5, 3]);
    expect(sheetDownbeats(sheetOf(13, [[0, "C"]], { meter: "6/8", downbeat: 5 }))).toEqual([2.5, 5.5]);
    expect(sheetDownbeats(sheetOf(0, []))).toEqual([]);
    const s = sheetOf(23, [[0, "C"]], { downbeat: 2 });
    expect(sheetDownbeats(s)).toHaveLength(sheetBarCount(s) - 1);
  });

  it("writes the changes as a timeline in seconds", () => {
    const s = sheetOf(12, [
      [0, "C"],
      [4, "N"],
      [9, "A#m7/F"],
    ]);
    expect(sheetTimeline(s)).toEqual([
      { time: 0, chord: "C" },
      { time: 2, chord: "N" },
      { time: 4.5, chord: "A#m7/F" },
    ]);
  });
});

describe("sheetProblem", () => {
  const good = sheetOf(8, [
    [0, "C"],
    [4, "A#m7/F"],
    [6, "N"],
  ]);
  const withBeats = (beats: number[]): ChordSheet => ({ ...good, beats, durationSeconds: 100 });

  it("accepts a valid sheet", () => {
    expect(valid(good)).toBeNull();
    expect(valid(sheetOf(1, [[0, "N"]]))).toBeNull();
  });

  it("names the beats", () => {
    expect(valid(withBeats([]))).toBe("beats: a sheet needs at least one beat");
    expect(valid(withBeats([0, 1, Number.NaN, 3, 4, 5, 6, 7]))).toBe(
      "beats[2] must be a time in seconds ≥ 0",
    );
    expect(valid(withBeats([-1, 1, 2, 3, 4, 5, 6, 7]))).toBe("beats[0] must be a time in seconds ≥ 0");
    expect(valid(withBeats([0, 1, 2, Number.POSITIVE_INFINITY, 4, 5, 6, 7]))).toMatch(/^beats\[3\]/);
    expect(valid(withBeats([0, 1, 2, 2, 4, 5, 6, 7]))).toBe("beats[3] must come after beats[2]");
    expect(valid(withBeats([0, 1, 2, 1.5, 4, 5, 6, 7]))).toBe("beats[3] must come after beats[2]");
  });

  it("names durationSeconds when it ends before the last beat", () => {
    expect(valid({ ...good, durationSeconds: 3 })).toMatch(/^durationSeconds/);
    expect(valid({ ...good, durationSeconds: 3.5 })).toBeNull();
  });

  it("names the downbeat", () => {
    expect(valid({ ...good, downbeat: 4 })).toBe("downbeat must be a beat index from 0 to 3");
    expect(valid({ ...good, downbeat: -1 })).toMatch(/^downbeat/);
    expect(valid({ ...good, downbeat: 1.5 })).toMatch(/^downbeat/);
    expect(valid({ ...good, meter: "3/4", downbeat: 3 })).toBe("downbeat must be a beat index from 0 to 2");
    expect(valid({ ...good, meter: "6/8", downbeat: 5 })).toBeNull();
  });

  it(`holds at most ${MAX_SHEET_BARS} bars`, () => {
    expect(MAX_SHEET_BARS).toBe(2000);
    const full = sheetOf(MAX_SHEET_BARS * 4, [[0, "C"]]);
    expect(sheetBarCount(full)).toBe(2000);
    expect(valid(full)).toBeNull();
    const over = sheetOf(MAX_SHEET_BARS * 4 + 1, [[0, "C"]]);
    expect(valid(over)).toBe("beats: a sheet holds at most 2000 bars");
    // A pickup bar counts.
    expect(valid({ ...full, downbeat: 1 })).toBe("beats: a sheet holds at most 2000 bars");
    // The same beats in 6/8 are fewer bars.
    expect(valid({ ...over, meter: "6/8" })).toBeNull();
  });

  it("names the changes", () => {
    expect(valid({ ...good, changes: [] })).toBe("changes: the first chord must start at beat 0");
    expect(valid({ ...good, changes: [{ beat: 1, chord: "C" }] })).toBe(
      "changes: the first chord must start at beat 0",
    );
    expect(
      valid({
        ...good,
        changes: [
          { beat: 0, chord: "C" },
          { beat: 8, chord: "G" },
        ],
      }),
    ).toBe("changes[1].beat must be a beat index from 0 to 7");
    expect(
      valid({
        ...good,
        changes: [
          { beat: 0, chord: "C" },
          { beat: 2.5, chord: "G" },
        ],
      }),
    ).toMatch(/^changes\[1\]\.beat/);
    expect(
      valid({
        ...good,
        changes: [
          { beat: 0, chord: "C" },
          { beat: 4, chord: "G" },
          { beat: 4, chord: "Am" },
        ],
      }),
    ).toBe("changes[2].beat must come after changes[1].beat");
    expect(
      valid({
        ...good,
        changes: [
          { beat: 0, chord: "C" },
          { beat: 5, chord: "G" },
          { beat: 3, chord: "Am" },
        ],
      }),
    ).toBe("changes[2].beat must come after changes[1].beat");
  });

  it("names a chord outside the grammar (or not canonical)", () => {
    for (const bad of ["H7", "Bbm7/F", "Cmaj13", "", "CtoString"]) {
      const sheet = {
        ...good,
        changes: [
          { beat: 0, chord: "C" },
          { beat: 4, chord: bad },
        ],
      };
      expect(valid(sheet), bad).toBe(
        `changes[1].chord "${bad}" is not a chord name like C, Am, G7 or Bbm7/F`,
      );
    }
    expect(sheetProblem(good, () => true)).toBeNull();
    expect(sheetProblem(good, (l) => l !== "N")).toMatch(/^changes\[2\]\.chord "N"/);
  });
});

describe("edit operations, property tests", () => {
  const LABELS = ["C", "Am", "G7", "A#m7/F", "N", "F#dim", "Dsus4", "Eadd9/G#"];
  const label = fc.constantFrom(...LABELS);
  const meter = fc.constantFrom(...SHEET_METERS);

  /** A valid sheet of 1–40 beats. */
  const sheetArb = fc
    .record({
      n: fc.integer({ min: 1, max: 40 }),
      meter,
      downbeatSeed: fc.nat(),
      starts: fc.uniqueArray(fc.integer({ min: 1, max: 39 }), { maxLength: 12 }),
      chords: fc.array(label, { minLength: 13, maxLength: 13 }),
      key: fc.constantFrom(null, "C Major", "A# Minor"),
    })
    .map(({ n, meter, downbeatSeed, starts, chords, key }): ChordSheet => {
      const beats = [0, ...starts.filter((b) => b < n).sort((a, b) => a - b)];
      return {
        key,
        meter,
        bpm: 120,
        beats: Array.from({ length: n }, (_, i) => i * 0.5),
        downbeat: downbeatSeed % meterBeatsPerBar(meter),
        changes: beats.map((beat, i) => ({ beat, chord: chords[i] ?? "C" })),
        durationSeconds: n * 0.5,
      };
    });

  type Op =
    | { op: "set"; a: number; b: number; chord: string }
    | { op: "split"; a: number }
    | { op: "merge"; a: number }
    | { op: "move"; a: number; delta: number }
    | { op: "key"; key: string | null }
    | { op: "meter"; meter: SheetMeter }
    | { op: "downbeat"; delta: number };

  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ op: fc.constant("set" as const), a: fc.nat(), b: fc.nat(), chord: label }),
    fc.record({ op: fc.constant("split" as const), a: fc.nat() }),
    fc.record({ op: fc.constant("merge" as const), a: fc.nat() }),
    fc.record({ op: fc.constant("move" as const), a: fc.nat(), delta: fc.integer({ min: -3, max: 3 }) }),
    fc.record({ op: fc.constant("key" as const), key: fc.constantFrom(null, "C Major", "E Minor") }),
    fc.record({ op: fc.constant("meter" as const), meter }),
    fc.record({ op: fc.constant("downbeat" as const), delta: fc.integer({ min: -7, max: 7 }) }),
  );

  function apply(sheet: ChordSheet, op: Op): SheetEditResult {
    const n = sheet.beats.length;
    switch (op.op) {
      case "set":
        return setChord(sheet, op.a % n, op.b % n, op.chord);
      case "split":
        return splitAt(sheet, op.a % n);
      case "merge":
        return mergeWithPrevious(sheet, op.a % n);
      case "move":
        return moveChange(sheet, op.a % n, op.delta);
      case "key":
        return setKey(sheet, op.key);
      case "meter":
        return setMeter(sheet, op.meter);
      case "downbeat":
        return shiftDownbeat(sheet, op.delta);
    }
  }

  /** The checks every edit must pass, from `old` to `r`. */
  function checkEdit(old: ChordSheet, oldCopy: ChordSheet, op: Op, r: SheetEditResult): void {
    const next = r.sheet;
    // Pure: the input is untouched.
    expect(old).toEqual(oldCopy);
    // Still a valid sheet, changes strictly ascending from beat 0.
    expect(valid(next)).toBeNull();
    expect(next.changes[0]?.beat).toBe(0);
    for (let i = 1; i < next.changes.length; i++) {
      expect(next.changes[i]?.beat).toBeGreaterThan(next.changes[i - 1]?.beat ?? Number.POSITIVE_INFINITY);
    }
    expect(next.beats).toEqual(old.beats);
    const edit = r.edit;
    if (edit === null) {
      expect(next).toEqual(old);
      return;
    }
    if (edit.kind === "chords") {
      expect(next.key).toBe(old.key);
      expect(next.meter).toBe(old.meter);
      expect(next.downbeat).toBe(old.downbeat);
      expect(edit.from).toBeLessThanOrEqual(edit.to);
      expect(edit.before[0]?.beat).toBe(edit.from);
      expect(edit.after[0]?.beat).toBe(edit.from);
      for (const list of [edit.before, edit.after]) {
        for (let i = 1; i < list.length; i++) {
          expect(list[i]?.beat).toBeGreaterThan(list[i - 1]?.beat ?? Number.POSITIVE_INFINITY);
          expect(list[i]?.beat).toBeLessThanOrEqual(edit.to);
        }
      }
      for (let t = 0; t < old.beats.length; t++) {
        if (t >= edit.from && t <= edit.to) {
          expect(chordFromList(edit.before, t)).toBe(chordAt(old, t));
          expect(chordFromList(edit.after, t)).toBe(chordAt(next, t));
        } else {
          expect(chordAt(next, t)).toBe(chordAt(old, t));
        }
      }
    } else {
      expect(next.changes).toEqual(old.changes);
      const field = edit.kind === "key" ? "key" : edit.kind === "meter" ? "meter" : "downbeat";
      expect(edit.before).toBe(old[field]);
      expect(edit.after).toBe(next[field]);
      expect(edit.after).not.toBe(edit.before);
    }
    if (op.op === "set") {
      const n = old.beats.length;
      const a = Math.min(op.a % n, op.b % n);
      const b = Math.max(op.a % n, op.b % n);
      for (let t = 0; t < n; t++) {
        expect(chordAt(next, t)).toBe(t >= a && t <= b ? op.chord : chordAt(old, t));
      }
      // The range is one chord: a change at its start unless it joins the same chord before it.
      expect(next.changes.filter((c) => c.beat > a && c.beat <= b)).toEqual([]);
      const joins = a > 0 && !old.changes.some((c) => c.beat === a) && chordAt(old, a - 1) === op.chord;
      expect(next.changes.find((c) => c.beat === a)?.chord).toBe(joins ? undefined : op.chord);
      // No change is added after it unless the chord there differs.
      const addedAfter =
        !old.changes.some((c) => c.beat === b + 1) && next.changes.some((c) => c.beat === b + 1);
      if (addedAfter) expect(chordAt(next, b + 1)).not.toBe(op.chord);
    }
    if (op.op === "split" || op.op === "merge" || op.op === "move") {
      expect(Math.abs(next.changes.length - old.changes.length)).toBeLessThanOrEqual(1);
    }
    if (op.op === "meter" || op.op === "downbeat") {
      expect(next.downbeat).toBeLessThan(meterBeatsPerBar(next.meter));
    }
  }

  it("any sequence of edits keeps the sheet valid and each edit describes exactly what changed", () => {
    fc.assert(
      fc.property(sheetArb, fc.array(opArb, { maxLength: 25 }), (start, ops) => {
        expect(valid(start)).toBeNull();
        let sheet = start;
        for (const op of ops) {
          const copy = structuredClone(sheet);
          const r = apply(sheet, op);
          checkEdit(sheet, copy, op, r);
          sheet = r.sheet;
        }
      }),
      { numRuns: 300 },
    );
  });

  it("split then merge at the same beat gives the sheet back", () => {
    fc.assert(
      fc.property(sheetArb, fc.nat(), (sheet, seed) => {
        const beat = seed % sheet.beats.length;
        const split = splitAt(sheet, beat);
        if (split.edit === null) return;
        expect(mergeWithPrevious(split.sheet, beat).sheet).toEqual(sheet);
      }),
    );
  });

  it("moving a change and back gives the sheet back", () => {
    fc.assert(
      fc.property(sheetArb, fc.nat(), fc.integer({ min: -3, max: 3 }), (sheet, seed, delta) => {
        const i = seed % sheet.changes.length;
        const beat = sheet.changes[i]?.beat ?? 0;
        const moved = moveChange(sheet, beat, delta);
        if (moved.edit === null) return;
        expect(moveChange(moved.sheet, beat + delta, -delta).sheet).toEqual(sheet);
      }),
    );
  });

  it("shifting the downbeat by whole bars, or there and back, changes nothing", () => {
    fc.assert(
      fc.property(sheetArb, fc.integer({ min: -10, max: 10 }), fc.integer({ min: -3, max: 3 }), (s, d, k) => {
        const n = meterBeatsPerBar(s.meter);
        expect(shiftDownbeat(s, k * n).edit).toBeNull();
        expect(shiftDownbeat(shiftDownbeat(s, d).sheet, -d).sheet).toEqual(s);
        const shifted = shiftDownbeat(s, d).sheet;
        expect(sheetDownbeats(shifted).length).toBe(sheetBarCount(shifted) - (shifted.downbeat > 0 ? 1 : 0));
      }),
    );
  });

  it("doubling keeps every chord on its instant, and halving gives the sheet back", () => {
    fc.assert(
      fc.property(sheetArb, (s) => {
        const doubled = scaleTempo(s, 2);
        expect(doubled.edit).toEqual({ kind: "tempo", before: 120, after: 240 });
        expect(sheetProblem(doubled.sheet, isChordLabel)).toBeNull();
        expect(sheetTimeline(doubled.sheet)).toEqual(sheetTimeline(s));
        // Every downbeat stays a downbeat (a bar becomes two).
        const downbeats = new Set(sheetDownbeats(doubled.sheet));
        for (const t of sheetDownbeats(s)) expect(downbeats.has(t)).toBe(true);
        if (s.downbeat === 0) expect(scaleTempo(doubled.sheet, 0.5).sheet).toEqual(s);
      }),
    );
  });

  it("halving gives a valid sheet whose bar lines and changes are the original's instants", () => {
    fc.assert(
      fc.property(sheetArb, (s) => {
        const halved = scaleTempo(s, 0.5);
        if (s.beats.length < 2) {
          expect(halved.edit).toBeNull();
          return;
        }
        expect(halved.edit).toEqual({ kind: "tempo", before: 120, after: 60 });
        expect(sheetProblem(halved.sheet, isChordLabel)).toBeNull();
        const downbeats = new Set(sheetDownbeats(s));
        for (const t of sheetDownbeats(halved.sheet)) expect(downbeats.has(t)).toBe(true);
        // Each change lands on the original's beat or the one after it (the next kept beat).
        const instants = new Set(s.beats);
        for (const c of halved.sheet.changes)
          expect(instants.has(halved.sheet.beats[c.beat] ?? -1)).toBe(true);
        // No chord is invented: every chord shown was a chord of the original.
        const chords = new Set(s.changes.map((c) => c.chord));
        for (const c of halved.sheet.changes) expect(chords.has(c.chord)).toBe(true);
      }),
    );
  });
});

describe("scaleTempo", () => {
  it("doubles: a beat between every two, chords and the downbeat on their instants", () => {
    const s = sheetOf(
      8,
      [
        [0, "C"],
        [3, "F"],
        [6, "G"],
      ],
      { downbeat: 1 },
    );
    const { sheet, edit } = scaleTempo(s, 2);
    expect(edit).toEqual({ kind: "tempo", before: 120, after: 240 });
    expect(sheet.bpm).toBe(240);
    expect(sheet.beats).toEqual(Array.from({ length: 16 }, (_, i) => i * 0.25));
    expect(pairs(sheet.changes)).toEqual([
      [0, "C"],
      [6, "F"],
      [12, "G"],
    ]);
    // Bar 1 started at 0.5 s (beat 1); it still does (beat 2), and bars now last 4 quarter-length beats.
    expect(sheet.downbeat).toBe(2);
    expect(sheetDownbeats(sheet)).toEqual([0.5, 1.5, 2.5, 3.5]);
  });

  it("doubles and adds a last beat half a beat on only when the song lasts that long", () => {
    const s = { ...sheetOf(4, [[0, "C"]]), durationSeconds: 2 };
    expect(scaleTempo(s, 2).sheet.beats).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75]);
    const short = { ...s, durationSeconds: 1.7 };
    expect(scaleTempo(short, 2).sheet.beats).toEqual([0, 0.25, 0.5, 0.75, 1, 1.25, 1.5]);
  });

  it("halves: every other beat from the downbeat's side, a change on a dropped beat moves to the next kept one", () => {
    // 4/4 with a one-beat pickup: bar lines at beats 1, 5 and 9 (odd), so the odd beats stay.
    const s = sheetOf(
      12,
      [
        [0, "C"],
        [1, "Am"],
        [4, "F"],
        [7, "G"],
        [10, "C"],
      ],
      { downbeat: 1 },
    );
    const { sheet, edit } = scaleTempo(s, 0.5);
    expect(edit).toEqual({ kind: "tempo", before: 120, after: 60 });
    expect(sheet.beats).toEqual([0.5, 1.5, 2.5, 3.5, 4.5, 5.5]);
    expect(sheet.downbeat).toBe(0);
    expect(sheetDownbeats(sheet)).toEqual([0.5, 4.5]);
    // C on the dropped beat 0 meets Am at beat 1: the later stays. F (beat 4) → beat 5 (index 2), G (7) →
    // index 3, C (10) → beat 11 (index 5).
    expect(pairs(sheet.changes)).toEqual([
      [0, "Am"],
      [2, "F"],
      [3, "G"],
      [5, "C"],
    ]);
  });

  it("keeps a change on the last dropped beat on the last kept beat", () => {
    const s = sheetOf(6, [
      [0, "C"],
      [5, "G"],
    ]);
    const { sheet } = scaleTempo(s, 0.5);
    expect(sheet.beats).toEqual([0, 1, 2]);
    expect(pairs(sheet.changes)).toEqual([
      [0, "C"],
      [2, "G"],
    ]);
  });

  it("in 3/4 a bar at the new tempo spans two of the old ones", () => {
    const s = sheetOf(
      12,
      [
        [0, "C"],
        [3, "G"],
        [6, "F"],
        [9, "C"],
      ],
      { meter: "3/4" },
    );
    const { sheet } = scaleTempo(s, 0.5);
    expect(sheetDownbeats(sheet)).toEqual([0, 3]);
    expect(pairs(sheet.changes)).toEqual([
      [0, "C"],
      [2, "G"],
      [3, "F"],
      [5, "C"],
    ]);
  });

  it("does nothing without a steady beat, with one beat, or outside the tempo range", () => {
    const s = sheetOf(8, [[0, "C"]]);
    expect(scaleTempo({ ...s, bpm: null }, 2).edit).toBeNull();
    expect(scaleTempo({ ...s, bpm: null }, 0.5).edit).toBeNull();
    expect(scaleTempo(sheetOf(1, [[0, "C"]]), 0.5).edit).toBeNull();
    expect(scaleTempo({ ...s, bpm: SHEET_BPM_RANGE.max / 2 }, 2).edit).not.toBeNull();
    expect(scaleTempo({ ...s, bpm: SHEET_BPM_RANGE.max / 2 + 1 }, 2).edit).toBeNull();
    expect(scaleTempo({ ...s, bpm: SHEET_BPM_RANGE.min * 2 }, 0.5).edit).not.toBeNull();
    expect(scaleTempo({ ...s, bpm: SHEET_BPM_RANGE.min * 2 - 1 }, 0.5).edit).toBeNull();
  });

  it("does not double a sheet past the bar limit", () => {
    const bars = MAX_SHEET_BARS / 2;
    expect(scaleTempo(sheetOf(bars * 4, [[0, "C"]]), 2).edit).not.toBeNull();
    const s = sheetOf(bars * 4 + 1, [[0, "C"]]);
    expect(scaleTempo(s, 2).edit).toBeNull();
    expect(scaleTempo(s, 2).sheet).toBe(s);
  });
});
