import guitar from "@tombatossals/chords-db/lib/guitar.json";
import ukulele from "@tombatossals/chords-db/lib/ukulele.json";
import { describe, expect, it } from "vitest";
import { bassPitchClass, findFingering, fretsText, parseChordsDb } from "./fingerings";

const g = parseChordsDb(guitar);
const u = parseChordsDb(ukulele);

describe("findFingering", () => {
  it("finds the open shapes every beginner knows", () => {
    expect(findFingering(g, "C")?.frets).toEqual([-1, 3, 2, 0, 1, 0]);
    expect(findFingering(g, "Am")?.frets).toEqual([-1, 0, 2, 2, 1, 0]);
    expect(findFingering(g, "G7")?.frets).toEqual([3, 2, 0, 0, 0, 1]);
    expect(findFingering(u, "C")?.frets).toEqual([0, 0, 0, 3]);
  });
  it("finds flat and sharp spellings of the same root, in both files", () => {
    for (const db of [g, u]) {
      expect(findFingering(db, "Bbm7")).toEqual(findFingering(db, "A#m7"));
      expect(findFingering(db, "Gb7")).toEqual(findFingering(db, "F#7"));
      expect(findFingering(db, "Bbm7")).not.toBeNull();
    }
  });
  it("uses a slash fingering when there is one and falls back to the triad otherwise", () => {
    const ce = findFingering(g, "C/E");
    expect(ce).not.toBeNull();
    expect(ce?.frets[0]).toBe(0); // low E string sounds the bass
    expect(findFingering(g, "Cweird")).toEqual(findFingering(g, "C"));
    expect(findFingering(g, "N")).toBeNull();
  });
  it("has a fingering for every root and common quality", () => {
    const roots = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"];
    const qualities = ["", "m", "7", "maj7", "m7", "dim", "sus4", "m7b5"];
    for (const db of [g, u])
      for (const r of roots) for (const q of qualities) expect(findFingering(db, `${r}${q}`)).not.toBeNull();
  });
});

const ROOTS = ["C", "C#", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"];
const PC: Readonly<Record<string, number>> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const pc = (n: string) =>
  ((PC[n.charAt(0)] ?? Number.NaN) + (n[1] === "#" ? 1 : n[1] === "b" ? -1 : 0) + 12) % 12;
/** Frets as a guitarist writes them, lowest string first: "x24432". */
const tab = (chord: string) => {
  const f = findFingering(g, chord);
  return f ? fretsText(f) : null;
};

describe("guitar shapes put the chord's root (or written bass) lowest", () => {
  it("plays B minor as x24432 and the other A-string barres without the low E", () => {
    expect(tab("Bm")).toBe("x24432");
    expect(tab("B")).toBe("x24442");
    expect(tab("Bm7")).toBe("x24232");
    expect(tab("Cm")).toBe("x35543");
    expect(tab("C#m")).toBe("x46654");
    expect(tab("Bbm")).toBe("x13321");
    expect(tab("Cmaj7")).toBe("x32000");
    // the barre starts on the A string
    expect(findFingering(g, "Bm")?.barres).toEqual([2]);
  });
  it("has its root lowest in every chord quality of the guitar file, for every root", () => {
    const suffixes = new Set(Object.values(g.chords).flatMap((list) => list.map((c) => c.suffix)));
    const plain = [...suffixes].filter((s) => !s.includes("/"));
    const wrong: string[] = [];
    for (const r of ROOTS)
      for (const s of plain) {
        const name = `${r}${s === "major" ? "" : s === "minor" ? "m" : s}`;
        const f = findFingering(g, name);
        if (f && bassPitchClass(g, f) !== pc(r)) wrong.push(`${name} ${tab(name)}`);
      }
    expect(wrong).toEqual([]);
  });
  it("has the written bass lowest in every major and minor slash chord, db shape or not", () => {
    const wrong: string[] = [];
    for (const r of ROOTS)
      for (const q of ["", "m", "7"])
        for (const b of ROOTS) {
          const name = `${r}${q}/${b}`;
          const f = findFingering(g, name);
          expect(f, name).not.toBeNull();
          if (f && bassPitchClass(g, f) !== pc(b)) wrong.push(`${name} ${tab(name)}`);
        }
    expect(wrong).toEqual([]);
    expect(tab("C/B")).toBe("x22010");
    expect(tab("D/F#")).toBe("200232");
  });
  it("leaves the ukulele's re-entrant shapes as the file has them", () => {
    expect(findFingering(u, "G")?.frets).toEqual([0, 2, 3, 2]);
    expect(findFingering(u, "Bm")).not.toBeNull();
  });
});
