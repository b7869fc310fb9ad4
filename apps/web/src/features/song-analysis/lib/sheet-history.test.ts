import { scaleTempo, setChord, setKey } from "@tonic/theory";
import { describe, expect, it } from "vitest";
import { sheetFromAnalysis } from "./sheet";
import { MAX_UNDO_STEPS, record, redo, startHistory, undo } from "./sheet-history";

const base = sheetFromAnalysis({
  title: "T",
  key: "C Major",
  bpm: 60,
  chords: [{ time: 0, chord: "C" }],
  durationSeconds: 8,
});

describe("sheet history", () => {
  it("undoes and redoes edits, giving each step's edit as data", () => {
    let h = startHistory(base);
    h = record(h, setChord(h.present, 2, 3, "F"));
    h = record(h, setKey(h.present, "F Major"));
    expect(h.present.key).toBe("F Major");

    const u1 = undo(h);
    expect(u1.history.present.key).toBe("C Major");
    expect(u1.edit).toEqual({ kind: "key", before: "F Major", after: "C Major" });
    const u2 = undo(u1.history);
    expect(u2.history.present).toEqual(base);
    expect(u2.edit?.kind).toBe("chords");
    expect(undo(u2.history).edit).toBeNull();

    const r = redo(u2.history);
    expect(r.history.present.changes.map((c) => c.chord)).toEqual(["C", "F", "C"]);
    expect(r.edit).toMatchObject({ kind: "chords", from: 2, to: 3 });
    // A new edit after an undo drops what could be redone.
    const branched = record(r.history, setChord(r.history.present, 0, 0, "Am"));
    expect(redo(branched).edit).toBeNull();
  });

  it("undoes double time back to the sheet's own beats, and gives the tempo edit reversed", () => {
    let h = startHistory(base);
    h = record(h, scaleTempo(h.present, 2));
    expect(h.present.bpm).toBe(120);
    expect(h.present.beats).toHaveLength(base.beats.length * 2);
    const u = undo(h);
    expect(u.history.present).toEqual(base);
    expect(u.edit).toEqual({ kind: "tempo", before: 120, after: 60 });
    expect(redo(u.history).edit).toEqual({ kind: "tempo", before: 60, after: 120 });
  });

  it("records nothing for an edit that changed nothing, and keeps at most MAX_UNDO_STEPS", () => {
    const h = startHistory(base);
    expect(record(h, setKey(base, "C Major"))).toBe(h);
    let long = h;
    for (let i = 0; i < MAX_UNDO_STEPS + 5; i++)
      long = record(long, setChord(long.present, 0, 0, i % 2 ? "G" : "Am"));
    expect(long.past).toHaveLength(MAX_UNDO_STEPS);
  });
});
