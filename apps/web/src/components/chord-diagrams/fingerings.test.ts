import guitar from "@tombatossals/chords-db/lib/guitar.json";
import ukulele from "@tombatossals/chords-db/lib/ukulele.json";
import { describe, expect, it } from "vitest";
import { findFingering, parseChordsDb } from "./fingerings";

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
