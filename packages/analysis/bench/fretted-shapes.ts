/**
 * Chords as a guitarist or a ukulele player fingers them, for the folders of `make-live-folder.ts`: the
 * shapes of chords-db (`@tombatossals/chords-db`, MIT; the app's own chord diagrams) as MIDI notes per
 * string. Pure module apart from reading chords-db's JSON.
 */
import { createRequire } from "node:module";
import { PITCH_CLASSES } from "@tonic/theory/constants";

/** The qualities the folders play. */
export type Quality = "maj" | "min" | "7" | "maj7" | "min7";
/** A chord: its root (pitch class 0–11, 0 = C) and quality. */
export interface Chord {
  root: number;
  quality: Quality;
}
/** Each quality's chord tones, semitones above the root. */
export const INTERVALS: Record<Quality, number[]> = {
  maj: [0, 4, 7],
  min: [0, 3, 7],
  "7": [0, 4, 7, 10],
  maj7: [0, 4, 7, 11],
  min7: [0, 3, 7, 10],
};
/** The chord's Harte label ("C:maj", "A:min7"), "N" for none. */
export const harte = (c: Chord | null) => (c ? `${PITCH_CLASSES[c.root]}:${c.quality}` : "N");

const db = createRequire(import.meta.url)("@tombatossals/chords-db/lib/guitar.json") as {
  chords: Record<string, { suffix: string; positions: { frets: number[]; baseFret: number }[] }[]>;
};
const DB_KEY = ["C", "Csharp", "D", "Eb", "E", "F", "Fsharp", "G", "Ab", "A", "Bb", "B"];
const DB_SUFFIX: Record<Quality, string> = { maj: "major", min: "minor", "7": "7", maj7: "maj7", min7: "m7" };
/** A guitar's open strings in standard tuning (E2 A2 D3 G3 B3 E4). */
export const OPEN_STRINGS = [40, 45, 50, 55, 59, 64];

/** A ukulele's diagrams in chords-db: the same fields, four strings (G4 C4 E4 A4, re-entrant). */
const ukuleleDb = createRequire(import.meta.url)("@tombatossals/chords-db/lib/ukulele.json") as typeof db;
/** chords-db's ukulele keys: the guitar's, with D♭ and G♭ for its C♯ and F♯. */
const UKULELE_KEY = DB_KEY.map((k) => (k === "Csharp" ? "Db" : k === "Fsharp" ? "Gb" : k));
/** A ukulele's open strings in standard re-entrant tuning (g C E A: the first string sounds above the second). */
export const UKULELE_STRINGS = [67, 60, 64, 69];

/**
 * A ukulele shape from chords-db: per string (g first) the MIDI note, or −1 when the string is not
 * played. The first diagram mostly, the second a third of the time. Its lowest note is often not the
 * root (G: D4 is the lowest), as the re-entrant g string leaves a ukulele without a bass.
 */
export function ukuleleShape(c: Chord, r: () => number): number[] {
  const entry = ukuleleDb.chords[UKULELE_KEY[c.root] as string]?.find(
    (e) => e.suffix === DB_SUFFIX[c.quality],
  );
  if (!entry) throw new Error(`chords-db has no ukulele shape for ${harte(c)}`);
  const alt = entry.positions[1];
  const pos = (alt && r() < 0.33 ? alt : entry.positions[0]) as { frets: number[]; baseFret: number };
  return pos.frets.map((f, s) =>
    f < 0 ? -1 : (UKULELE_STRINGS[s] as number) + (f === 0 ? 0 : f + pos.baseFret - 1),
  );
}

/** A guitar shape: per string (low E first) the MIDI note, or −1 when the string is not played. */
export function guitarShape(c: Chord, r: () => number): number[] {
  const entry = db.chords[DB_KEY[c.root] as string]?.find((e) => e.suffix === DB_SUFFIX[c.quality]);
  if (!entry) throw new Error(`chords-db has no shape for ${harte(c)}`);
  const notesOf = (p: { frets: number[]; baseFret: number }) =>
    p.frets.map((f, s) => (f < 0 ? -1 : (OPEN_STRINGS[s] as number) + (f === 0 ? 0 : f + p.baseFret - 1)));
  // The first diagram mostly; the second when its bass is the root, a third of the time.
  const alt = entry.positions[1];
  if (alt && r() < 0.33) {
    const notes = notesOf(alt);
    const low = notes.find((m) => m >= 0) ?? 0;
    if (low % 12 === c.root) return notes;
  }
  return notesOf(entry.positions[0] as { frets: number[]; baseFret: number });
}
