import { parseChordName } from "@tonic/theory";

/** One fingering from @tombatossals/chords-db (MIT): frets relative to `baseFret`, -1 muted, 0 open. */
export interface Fingering {
  frets: number[];
  fingers: number[];
  baseFret: number;
  barres: number[];
}

/** The parts of a chords-db instrument file we read. */
export interface ChordsDb {
  strings: number;
  fretsOnChord: number;
  /** Chords by db key name ("C", "Csharp", "Eb"…), each with a suffix and its fingerings. */
  chords: Record<string, { key: string; suffix: string; positions: Fingering[] }[]>;
}

export type FrettedInstrument = "guitar" | "ukulele";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isNumArray = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => typeof x === "number");

/** Checks the shape of a chords-db file (a package update must not break the screen silently). */
export function parseChordsDb(raw: unknown): ChordsDb {
  const data = isRecord(raw) && isRecord(raw.default) ? raw.default : raw;
  if (!isRecord(data) || !isRecord(data.main) || !isRecord(data.chords)) {
    throw new Error("chords-db: unexpected file shape");
  }
  const { strings, fretsOnChord } = data.main;
  if (typeof strings !== "number" || typeof fretsOnChord !== "number") throw new Error("chords-db: no main");
  const chords: ChordsDb["chords"] = {};
  for (const [k, list] of Object.entries(data.chords)) {
    if (!Array.isArray(list)) continue;
    chords[k] = list.flatMap((c) => {
      if (
        !isRecord(c) ||
        typeof c.key !== "string" ||
        typeof c.suffix !== "string" ||
        !Array.isArray(c.positions)
      )
        return [];
      const positions = c.positions.flatMap((p): Fingering[] =>
        isRecord(p) && isNumArray(p.frets) && typeof p.baseFret === "number"
          ? [
              {
                frets: p.frets,
                fingers: isNumArray(p.fingers) ? p.fingers : [],
                baseFret: p.baseFret,
                barres: isNumArray(p.barres) ? p.barres : [],
              },
            ]
          : [],
      );
      return [{ key: c.key, suffix: c.suffix, positions }];
    });
  }
  return { strings, fretsOnChord, chords };
}

const cache = new Map<FrettedInstrument, Promise<ChordsDb>>();

/** Loads an instrument's fingerings once (a separate chunk, fetched on first use). */
export function loadChordsDb(instrument: FrettedInstrument): Promise<ChordsDb> {
  let p = cache.get(instrument);
  if (!p) {
    p = (
      instrument === "guitar"
        ? import("@tombatossals/chords-db/lib/guitar.json")
        : import("@tombatossals/chords-db/lib/ukulele.json")
    ).then((m: unknown) => parseChordsDb(m));
    p.catch(() => cache.delete(instrument));
    cache.set(instrument, p);
  }
  return p;
}

const LETTER: Readonly<Record<string, number>> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
/** Chroma of a note name in ASCII or chords-db form ("Csharp", "Eb"). */
function chroma(name: string): number | null {
  const base = LETTER[name.charAt(0)];
  if (base === undefined) return null;
  const rest = name.slice(1).replace("sharp", "#");
  const shift = rest === "#" ? 1 : rest === "b" ? -1 : 0;
  return (base + shift + 12) % 12;
}

/** Our quality suffixes → chords-db suffixes where they differ. */
const SUFFIX: Readonly<Record<string, string>> = {
  "": "major",
  maj: "major",
  m: "minor",
  min: "minor",
  "°": "dim",
  "°7": "dim7",
  ø: "m7b5",
  ø7: "m7b5",
  "+": "aug",
  sus: "sus4",
  "7sus": "7sus4",
  mM7: "mmaj7",
  m7M: "mmaj7",
};

/**
 * The first (most common) fingering of a chord in a chords-db instrument file, or null when the chord is
 * not a chord ("N") or the file has no such root. Slash chords use the db's slash fingering when there is
 * one, else the plain chord; an unknown quality falls back to its triad.
 */
export function findFingering(db: ChordsDb, chord: string): Fingering | null {
  const parts = parseChordName(chord);
  if (!parts) return null;
  const root = chroma(parts.root);
  const keyName = Object.keys(db.chords).find((k) => chroma(k) === root);
  const list = keyName ? db.chords[keyName] : undefined;
  if (!list) return null;
  const suffix = SUFFIX[parts.suffix] ?? parts.suffix;
  const bySuffix = (s: string) => list.find((c) => c.suffix === s)?.positions[0] ?? null;
  if (parts.bass) {
    const bass = chroma(parts.bass);
    const minor = suffix === "minor";
    const slash = list.find((c) => {
      const m = /^(m?)\/(.+)$/.exec(c.suffix);
      return m && (m[1] === "m") === minor && chroma(m[2] ?? "") === bass && (suffix === "major" || minor);
    });
    if (slash?.positions[0]) return slash.positions[0];
  }
  const minorish = /^m(?!aj)/.test(parts.suffix) || suffix === "minor";
  return bySuffix(suffix) ?? bySuffix(minorish ? "minor" : "major");
}
