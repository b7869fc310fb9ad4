import { describe, expect, it } from "vitest";
import { midiToHz, pitchGlitches, type VocalNote, vocalRange } from "./index.js";

/** Notes back to back from `t0`, each `dur` s, with their exact equal-tempered frequencies. */
function line(midis: number[], dur = 0.4, t0 = 0.5, gap = 0.02) {
  const notes: VocalNote[] = [];
  let t = t0;
  for (const m of midis) {
    notes.push({ start: t, end: t + dur, midi: m });
    t += dur + gap;
  }
  return { notes, hz: notes.map((n) => midiToHz(n.midi)) };
}

describe("pitchGlitches / vocalRange", () => {
  it("drops a short sub-octave tracking error between two sung notes", () => {
    const { notes, hz } = line([55, 57, 59, 60, 62, 60, 59, 57, 55]);
    // the tracker halves the frequency for 0.2 s between 59 and 57: MIDI 45 (= 57 − 12)
    notes.splice(7, 0, { start: notes[6]!.end + 0.01, end: notes[6]!.end + 0.21, midi: 45 });
    hz.splice(7, 0, midiToHz(57) / 2);
    expect([...pitchGlitches(notes, hz)]).toEqual([7]);
    expect(vocalRange(notes, hz)).toMatchObject({ min: "G3", max: "D4", min_midi: 55, max_midi: 62 });
  });

  it("drops f/3 and f/4 errors and an octave-up error, also as a run of two pieces", () => {
    const { notes, hz } = line([60, 62, 64, 65, 67], 0.5);
    const add = (after: number, midi: number, f: number, len = 0.15) => {
      const s = notes[after]!.end + 0.01;
      notes.splice(after + 1, 0, { start: s, end: s + len, midi });
      hz.splice(after + 1, 0, f);
    };
    add(0, 41, midiToHz(60) / 3); // 0.15 s at a twelfth below C4
    add(2, 76, midiToHz(64) * 2); // the octave above E4
    add(4, 41, midiToHz(65) / 4 + 0.3, 0.12); // two pieces two octaves below F4
    add(5, 41, midiToHz(65) / 4, 0.12);
    const g = pitchGlitches(notes, hz);
    expect(g.size).toBe(4);
    const r = vocalRange(notes, hz);
    expect([r?.min_midi, r?.max_midi]).toEqual([60, 67]);
  });

  it("keeps real leaps: a held low note, a fifth below, and an octave leap that stays", () => {
    // sol-do-sol with a long low do (0.8 s): a real note, not a glitch
    const a = line([67, 60, 67, 65, 64], 0.8);
    expect(pitchGlitches(a.notes, a.hz).size).toBe(0);
    expect(vocalRange(a.notes, a.hz)?.min).toBe("C4");
    // a short first note an octave below the next ("Some-where"): only one neighbour, so kept
    const b = line([60, 72, 71, 69, 67, 65, 64, 62, 64], 0.45);
    expect(pitchGlitches(b.notes, b.hz).size).toBe(0);
    expect(vocalRange(b.notes, b.hz)).toMatchObject({ min: "C4", max: "C5" });
    // a brief low note a fifth (not an octave) below both neighbours is sung, not a glitch
    const c = line([62, 55, 62, 64, 66, 67], 0.4);
    expect(pitchGlitches(c.notes, c.hz).size).toBe(0);
  });

  it("drops a short low cluster cut off by a gap of a fifth or more, but keeps a well-used low note", () => {
    const { notes, hz } = line([55, 57, 59, 60, 62, 64, 62, 60, 59, 57, 55], 0.45, 2);
    // two short growls before the phrase (0.15 s each, 1 s before it): not harmonics of anything
    notes.unshift({ start: 0.3, end: 0.45, midi: 46 }, { start: 0.5, end: 0.65, midi: 47 });
    hz.unshift(midiToHz(46), midiToHz(47));
    expect(pitchGlitches(notes, hz).size).toBe(0);
    expect(vocalRange(notes, hz)).toMatchObject({ min: "G3", max: "E4" });
    // the same low notes held for 1 s each are part of the range
    notes[0] = { start: 0, end: 1, midi: 46 };
    notes[1] = { start: 1, end: 2, midi: 47 };
    expect(vocalRange(notes, hz)).toMatchObject({ min: "A#2", max: "E4" });
  });
});
