import { Note } from "tonal";
import { describe, expect, it } from "vitest";
import { PITCH_CLASSES } from "./constants.js";
import {
  ADAPT_WINDOW,
  answerLabel,
  CHORD_QUALITY_ITEMS,
  checkAnswer,
  type ExerciseQuestion,
  generateQuestion,
  INTERVALS,
  intervalIdOfSemitones,
  MAX_LEVEL,
  nextLevel,
  PROGRESSION_ITEMS,
  type Rng,
  SKILLS,
  SWARA_DRILL_SA,
  SWARA_IDS,
  semitonesBetween,
  swaraDrillSaMidi,
} from "./exercises.js";
import { SARGAM_NAMES } from "./sargam.js";
import { diatonicChords } from "./scales.js";

/** Park–Miller minimal standard generator: deterministic, uniform enough for tests. */
function seeded(seed: number): Rng {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

const midi = (n: string): number => {
  const m = Note.midi(n);
  if (m === null) throw new Error(`bad note ${n}`);
  return m;
};
const chroma = (n: string): number => Note.chroma(n) ?? Number.NaN;
const many = (skill: (typeof SKILLS)[number], level: number, count = 200): ExerciseQuestion[] => {
  const rng = seeded(level * 97 + skill.length);
  return Array.from({ length: count }, () => generateQuestion(skill, level, rng));
};

describe("generateQuestion: every skill and level", () => {
  for (const skill of SKILLS) {
    for (let level = 1; level <= MAX_LEVEL; level++) {
      it(`${skill} level ${level}: the answer is one of the choices, choices are distinct`, () => {
        for (const q of many(skill, level)) {
          expect(q.choices.map((c) => c.id)).toContain(q.answer);
          expect(new Set(q.choices.map((c) => c.id)).size).toBe(q.choices.length);
          expect(q.choices.length).toBeGreaterThanOrEqual(2);
          expect(q.playback.length).toBeGreaterThan(0);
          for (const step of q.playback) for (const n of step.notes) expect(Note.midi(n)).not.toBeNull();
          expect(checkAnswer(q, q.answer)).toBe(true);
          expect(checkAnswer(q, q.choices.find((c) => c.id !== q.answer)?.id ?? "")).toBe(false);
        }
      });
    }
    it(`${skill}: higher levels offer at least as many choices`, () => {
      const sizes = [1, 2, 3].map((l) => generateQuestion(skill, l, seeded(3)).choices.length);
      expect(sizes[1]).toBeGreaterThanOrEqual(sizes[0] ?? 0);
      expect(sizes[2]).toBeGreaterThan(sizes[0] ?? 0);
    });
  }
  it("rejects levels out of range and unknown items", () => {
    expect(() => generateQuestion("intervals", 0, seeded(1))).toThrow(RangeError);
    expect(() => generateQuestion("chords", MAX_LEVEL + 1, seeded(1))).toThrow(RangeError);
    expect(() => generateQuestion("intervals", 1, seeded(1), "P9")).toThrow(RangeError);
    expect(() => generateQuestion("scale-degrees", 1, seeded(1), "8")).toThrow(RangeError);
  });
});

describe("intervals", () => {
  it("plays two notes exactly the answer's size apart", () => {
    for (let level = 1; level <= MAX_LEVEL; level++) {
      for (const q of many("intervals", level)) {
        const notes = q.playback.flatMap((s) => s.notes);
        expect(notes).toHaveLength(2);
        const size = semitonesBetween(notes[0] ?? "", notes[1] ?? "");
        expect(intervalIdOfSemitones(size)).toBe(q.answer);
      }
    }
  });
  it("level 1 only asks far-apart intervals, played upward", () => {
    for (const q of many("intervals", 1)) {
      expect(["M3", "P5", "P8"]).toContain(q.answer);
      const [a, b] = q.playback.map((s) => midi(s.notes[0] ?? ""));
      expect(b).toBeGreaterThan(a ?? 0);
    }
  });
  it("a forced item is asked even when the level does not offer it", () => {
    const q = generateQuestion("intervals", 1, seeded(5), "m2");
    expect(q.answer).toBe("m2");
    expect(q.choices.map((c) => c.id)).toContain("m2");
    expect(answerLabel(q)).toBe("Minor 2nd");
  });
  it("names every size from 1 to 12 and nothing else", () => {
    expect(INTERVALS.map((i) => intervalIdOfSemitones(i.semitones))).toEqual(INTERVALS.map((i) => i.id));
    expect(() => intervalIdOfSemitones(0)).toThrow(RangeError);
    expect(() => intervalIdOfSemitones(13)).toThrow(RangeError);
  });
});

describe("chord qualities", () => {
  const shapes: Record<string, number[]> = {
    major: [4, 3],
    minor: [3, 4],
    diminished: [3, 3],
    augmented: [4, 4],
    dominant7: [4, 3, 3],
    major7: [4, 3, 4],
    minor7: [3, 4, 3],
  };
  it("the chord played has the stacked thirds of its quality", () => {
    for (const q of many("chords", MAX_LEVEL)) {
      const together = q.playback[q.playback.length - 1]?.notes ?? [];
      const ms = together.map(midi);
      const steps = ms.slice(1).map((m, i) => m - (ms[i] ?? 0));
      expect(steps).toEqual(shapes[q.answer]);
    }
  });
  it("every quality can be asked", () => {
    for (const c of CHORD_QUALITY_ITEMS)
      expect(generateQuestion("chords", 3, seeded(2), c.id).answer).toBe(c.id);
  });
});

describe("scale degrees", () => {
  it("plays the tonic triad, then a note that is the answer's degree of the key", () => {
    for (const q of many("scale-degrees", MAX_LEVEL)) {
      const [triad, target] = q.playback;
      const tonic = triad?.notes[0] ?? "";
      const steps = [0, 2, 4, 5, 7, 9, 11];
      const above = (((chroma(target?.notes[0] ?? "") - chroma(tonic)) % 12) + 12) % 12;
      expect(steps.indexOf(above) + 1).toBe(Number(q.answer));
      expect(triad?.notes).toHaveLength(3);
    }
  });
  it("level 1 asks only degrees 1, 3 and 5", () => {
    for (const q of many("scale-degrees", 1)) expect(["1", "3", "5"]).toContain(q.answer);
  });
  it("names keys by the one spelling rule, accidentals typeset (A♭ major and F♯ major, never G# or A#)", () => {
    const contexts = new Set(
      [...many("scale-degrees", 1, 400), ...many("progressions", 1, 400)].map((q) => q.context.split(":")[0]),
    );
    expect([...contexts].sort()).toEqual(
      ["C", "D♭", "D", "E♭", "E", "F", "F♯", "G", "A♭", "A", "B♭", "B"]
        .map((t) => `Key of ${t} major`)
        .sort(),
    );
    expect([...contexts].filter((c) => c?.includes("#"))).toEqual([]);
  });
});

describe("progressions", () => {
  it("each chord's root is the progression's degree in the key, and the chord is diatonic", () => {
    for (const q of many("progressions", MAX_LEVEL)) {
      const item = PROGRESSION_ITEMS.find((p) => p.id === q.answer);
      expect(item).toBeDefined();
      const first = q.playback[0]?.notes[0] ?? "";
      // The tonic is the bass of the first chord moved down to degree 0.
      const offset = [0, 2, 4, 5, 7, 9, 11][item?.degrees[0] ?? 0] ?? 0;
      const tonicChroma = (chroma(first) - offset + 12) % 12;
      const chords = diatonicChords(PITCH_CLASSES[tonicChroma] ?? "C", "major");
      q.playback.forEach((step, i) => {
        const chord = chords[item?.degrees[i] ?? 0];
        expect(chroma(step.notes[0] ?? "")).toBe(PITCH_CLASSES.indexOf(chord?.root ?? "C"));
        expect(new Set(step.notes.slice(1).map(chroma))).toEqual(
          new Set(chord?.notes.map((n) => PITCH_CLASSES.indexOf(n))),
        );
      });
      expect(q.playback).toHaveLength(item?.degrees.length ?? 0);
    }
  });
});

describe("swaras over a drone (PRODUCT §15)", () => {
  it("offers Sa Ga Pa, then the seven shuddha swaras, then all twelve, named in sargam", () => {
    const labels = (level: number) =>
      generateQuestion("swaras", level, seeded(3)).choices.map((c) => c.label);
    expect(labels(1)).toEqual(["Sa", "Ga", "Pa"]);
    expect(labels(2)).toEqual(["Sa", "Re", "Ga", "Ma", "Pa", "Dha", "Ni"]);
    expect(labels(3)).toEqual([...SARGAM_NAMES]);
  });

  it("plays the answer's swara above Sa = C4 in the middle octave", () => {
    for (const q of many("swaras", 3, 300)) {
      expect(q.playback).toHaveLength(1);
      const [played] = q.playback[0]?.notes ?? [];
      const semitones = semitonesBetween(SWARA_DRILL_SA, played ?? "");
      expect(semitones).toBeGreaterThanOrEqual(0);
      expect(semitones).toBeLessThan(12);
      expect(SWARA_IDS[semitones]).toBe(q.answer);
      expect(answerLabel(q)).toBe(SARGAM_NAMES[semitones]);
    }
  });

  it("builds the swaras on the learner's Sa: madhya Sa from G3 to F♯4, the swara above it", () => {
    const sas = PITCH_CLASSES.map((pc) => swaraDrillSaMidi(pc));
    expect(Math.min(...sas)).toBe(55);
    expect(Math.max(...sas)).toBe(66);
    expect(sas.map((m) => m % 12)).toEqual(PITCH_CLASSES.map((_, i) => i));
    expect(swaraDrillSaMidi("D")).toBe(62);
    expect(swaraDrillSaMidi("A")).toBe(57);
    expect(() => swaraDrillSaMidi("H" as never)).toThrow(RangeError);
    for (const pc of ["D", "A", "F#"] as const) {
      const rng = seeded(7);
      for (let i = 0; i < 60; i++) {
        const q = generateQuestion("swaras", 3, rng, undefined, { sa: pc });
        const played = Note.midi(q.playback[0]?.notes[0] ?? "");
        expect(played).not.toBeNull();
        const semitones = (played ?? 0) - swaraDrillSaMidi(pc);
        expect(SWARA_IDS[semitones]).toBe(q.answer);
      }
    }
    expect(generateQuestion("swaras", 1, seeded(1), "P", { sa: "D" }).playback[0]?.notes).toEqual(["A4"]);
    expect(generateQuestion("swaras", 1, seeded(1), "S", { sa: "F#" }).context).toMatch(/^Sa = F♯:/);
    // Other skills ignore the option.
    expect(generateQuestion("intervals", 1, seeded(5), undefined, { sa: "D" })).toEqual(
      generateQuestion("intervals", 1, seeded(5)),
    );
  });

  it("asks every offered swara over many questions", () => {
    const asked = new Set(many("swaras", 3, 400).map((q) => q.answer));
    expect([...asked].sort()).toEqual([...SWARA_IDS].sort());
  });

  it("brings back a missed komal swara at level 1 by adding it to the choices, in order", () => {
    const q = generateQuestion("swaras", 1, seeded(1), "d");
    expect(q.answer).toBe("d");
    expect(q.choices.map((c) => c.label)).toEqual(["Sa", "Ga", "Pa", "dha"]);
    expect(q.playback[0]?.notes).toEqual(["G#4"]);
    expect(() => generateQuestion("swaras", 1, seeded(1), "X")).toThrow(RangeError);
  });
});

describe("nextLevel", () => {
  const right = (n: number, wrong = 0) => [...Array(n).fill(true), ...Array(wrong).fill(false)];
  it("waits for a full window", () => {
    expect(nextLevel(1, right(ADAPT_WINDOW - 1))).toBe(1);
  });
  it("goes up after 5 of the last 6 right, down when half or fewer are right", () => {
    expect(nextLevel(1, right(5, 1))).toBe(2);
    expect(nextLevel(2, right(4, 2))).toBe(2);
    expect(nextLevel(2, right(3, 3))).toBe(1);
  });
  it("stays within 1 and MAX_LEVEL", () => {
    expect(nextLevel(MAX_LEVEL, right(6))).toBe(MAX_LEVEL);
    expect(nextLevel(1, right(0, 6))).toBe(1);
    expect(() => nextLevel(4, [])).toThrow(RangeError);
  });
  it("only the last window counts", () => {
    expect(nextLevel(2, [...right(0, 6), ...right(6)])).toBe(3);
  });
});
