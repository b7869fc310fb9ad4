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
  /**
   * The open strings as MIDI notes, first string first ("E2 A2 D3 G3 B3 E4" → 40 45 50 55 59 64), or null
   * when the file names no standard tuning.
   */
  tuning: number[] | null;
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
  const standard = isRecord(data.tunings) ? data.tunings.standard : undefined;
  const tuning = Array.isArray(standard) ? standard.map((n) => (typeof n === "string" ? midi(n) : null)) : [];
  const known = tuning.filter((n): n is number => n !== null);
  return { strings, fretsOnChord, chords, tuning: known.length === strings ? known : null };
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

/** MIDI number of a note name with its octave ("E2" → 40, "Bb3" → 58), or null. */
function midi(name: string): number | null {
  const m = /^([A-G](?:#|b|sharp)?)(-?\d)$/.exec(name);
  const pc = m?.[1] === undefined ? null : chroma(m[1]);
  return pc === null || m?.[2] === undefined ? null : pc + 12 * (Number(m[2]) + 1);
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

/** The pitch each string sounds in a fingering (MIDI), null for a muted string. */
function sounding(tuning: readonly number[], f: Fingering): (number | null)[] {
  return f.frets.map((fret, i) => {
    const open = tuning[i];
    if (fret < 0 || open === undefined) return null;
    return open + (fret === 0 ? 0 : fret + f.baseFret - 1);
  });
}

/**
 * The pitch class of a fingering's lowest sounding note, or null when no string sounds. Exported for tests.
 */
export function bassPitchClass(db: ChordsDb, f: Fingering): number | null {
  if (!db.tuning) return null;
  const notes = sounding(db.tuning, f).filter((n): n is number => n !== null);
  return notes.length ? Math.min(...notes) % 12 : null;
}

/** Whether an instrument has a bass string: its open strings rise from the first (a guitar, not a ukulele). */
function hasBassString(db: ChordsDb): db is ChordsDb & { tuning: number[] } {
  const t = db.tuning;
  return t?.every((n, i) => i === 0 || n > (t[i - 1] ?? n)) === true;
}

const count = (f: Fingering) => f.frets.filter((x) => x >= 0).length;

/** The fingering with every string below `string` muted (their fingers and any barre there go with them). */
function muteBelow(f: Fingering, string: number): Fingering {
  const frets = f.frets.map((x, i) => (i < string ? -1 : x));
  const fingers = f.fingers.map((x, i) => (i < string ? 0 : x));
  return { ...f, frets, fingers, barres: f.barres.filter((b) => frets.filter((x) => x === b).length > 1) };
}

/**
 * The fingering with its low strings muted so that its lowest sounding string plays `bass`: the first
 * string from the bottom that plays it leads, the ones under it are muted (B minor's six-string barre
 * 224432, with F♯ in the bass, becomes x24432). Null when fewer than `min` strings would sound.
 */
function mutedToBass(db: ChordsDb, f: Fingering, bass: number, min: number): Fingering | null {
  const notes = db.tuning ? sounding(db.tuning, f) : [];
  const lead = notes.findIndex((n) => n !== null && n % 12 === bass);
  if (lead < 0) return null;
  const muted = muteBelow(f, lead);
  return count(muted) >= min && bassPitchClass(db, muted) === bass ? muted : null;
}

/**
 * The fingering with `bass` put on the lowest string that can play it within the shape's frets (or
 * open), the strings under it muted: C's x32010 with B in the bass is x22010 (C/B). Null when no string
 * can while three strings still sound.
 */
function addedBass(db: ChordsDb, f: Fingering, bass: number): Fingering | null {
  const span = Array.from({ length: db.fretsOnChord + 1 }, (_, i) => i);
  for (let s = 0; s <= db.strings - 3; s++) {
    const open = db.tuning?.[s];
    if (open === undefined) continue;
    for (const rel of span) {
      const pitch = open + (rel === 0 ? 0 : rel + f.baseFret - 1);
      if (pitch % 12 !== bass) continue;
      const muted = muteBelow(f, s);
      const frets = muted.frets.map((x, i) => (i === s ? rel : x));
      const fingers = muted.fingers.map((x, i) => (i === s ? 0 : x));
      const made = {
        ...muted,
        frets,
        fingers,
        barres: muted.barres.filter((b) => frets.filter((x) => x === b).length > 1),
      };
      if (count(made) >= 3 && bassPitchClass(db, made) === bass) return made;
    }
  }
  return null;
}

/** Frets as a guitarist writes them, lowest string first ("x24432"). */
export function fretsText(f: Fingering): string {
  return f.frets.map((x) => (x < 0 ? "x" : x === 0 ? "0" : String(x + f.baseFret - 1))).join("");
}

/**
 * Shapes taught first where chords-db lists a rarer one first, by root pitch class and db suffix: C minor
 * and C♯ minor as the A-string barre (x35543, x46654), not x31013 and x4212x. Each is one of the db's own
 * fingerings with the low E muted (the db writes it as a six-string barre, with G or G♯ in the bass).
 */
const TAUGHT: Readonly<Record<string, string>> = { "0 minor": "x35543", "1 minor": "x46654" };

/**
 * Picks the fingering whose lowest sounding string plays `bass`, on an instrument with a bass string:
 * the db's first fingering when it does; else that fingering with its low strings muted while four or
 * more still sound (the usual x24432 for Bm, x32000 for Cmaj7); else the first other fingering that does;
 * else any fingering muted down to three strings; else the bass added to the first fingering. An
 * instrument without a bass string (the ukulele's re-entrant G) takes the db's first fingering.
 */
function withBass(db: ChordsDb, positions: readonly Fingering[], bass: number | null): Fingering | null {
  const first = positions[0];
  if (!first) return null;
  if (bass === null || !hasBassString(db)) return first;
  if (bassPitchClass(db, first) === bass) return first;
  const strings = Math.min(4, db.strings);
  return (
    mutedToBass(db, first, bass, strings) ??
    positions.find((p) => bassPitchClass(db, p) === bass) ??
    positions.map((p) => mutedToBass(db, p, bass, 3)).find((p) => p !== null) ??
    positions.map((p) => addedBass(db, p, bass)).find((p) => p !== null) ??
    null
  );
}

/**
 * The fingering of a chord in a chords-db instrument file, or null when the chord is not a chord ("N"),
 * the file has no such root, or (on a guitar) no shape can put its bass lowest. On an instrument with a
 * bass string the lowest sounding string always plays the chord's root, or for a slash chord its written
 * bass (see withBass): the db's own slash fingering when it has one, else the plain chord's shape with
 * the bass added under it. An unknown quality falls back to its triad.
 */
export function findFingering(db: ChordsDb, chord: string): Fingering | null {
  const parts = parseChordName(chord);
  if (!parts) return null;
  const root = chroma(parts.root);
  const keyName = Object.keys(db.chords).find((k) => chroma(k) === root);
  const list = keyName ? db.chords[keyName] : undefined;
  if (!list || root === null) return null;
  const suffix = SUFFIX[parts.suffix] ?? parts.suffix;
  const bySuffix = (s: string) => {
    const found = list.find((c) => c.suffix === s)?.positions;
    return found?.length ? found : null;
  };
  const bass = parts.bass ? chroma(parts.bass) : null;
  if (bass !== null && bass !== root) {
    const minor = suffix === "minor";
    const slash = list.find((c) => {
      const m = /^(m?)\/(.+)$/.exec(c.suffix);
      return m && (m[1] === "m") === minor && chroma(m[2] ?? "") === bass && (suffix === "major" || minor);
    });
    const own = slash ? withBass(db, slash.positions, bass) : null;
    if (own) return own;
  }
  const minorish = /^m(?!aj)/.test(parts.suffix) || suffix === "minor";
  const positions = bySuffix(suffix) ?? bySuffix(minorish ? "minor" : "major");
  if (!positions) return null;
  const taught = hasBassString(db) && !parts.bass ? TAUGHT[`${root} ${suffix}`] : undefined;
  const preferred = taught
    ? positions.map((p) => mutedToBass(db, p, root, 4) ?? p).find((p) => fretsText(p) === taught)
    : undefined;
  if (preferred) return preferred;
  if (bass === null || bass === root || !hasBassString(db)) return withBass(db, positions, root);
  const plain = withBass(db, positions, root);
  return (
    (plain && addedBass(db, plain, bass)) ??
    positions.map((p) => addedBass(db, p, bass)).find((p) => p !== null) ??
    null
  );
}
