import { parseChordName, transposeChordName } from "@tonic/theory";

/** Highest capo position offered (frets). */
export const MAX_CAPO = 11;
/** Highest capo position suggested: above the 7th fret most guitars get cramped. */
export const MAX_SUGGESTED_CAPO = 7;

/**
 * Open-position guitar shapes (root + quality suffix) a beginner plays without a barre: the CAGED open
 * chords with their common sevenths, suspensions and add9 (source: any beginner chord chart, e.g. the
 * first-position chords in Hal Leonard's *Guitar Method*, book 1).
 */
export const OPEN_SHAPES: ReadonlySet<string> = new Set([
  "C",
  "A",
  "G",
  "E",
  "D",
  "Am",
  "Em",
  "Dm",
  "C7",
  "A7",
  "G7",
  "E7",
  "D7",
  "B7",
  "Am7",
  "Em7",
  "Dm7",
  "Cmaj7",
  "Amaj7",
  "Gmaj7",
  "Emaj7",
  "Dmaj7",
  "Fmaj7",
  "Asus2",
  "Asus4",
  "Dsus2",
  "Dsus4",
  "Esus4",
  "Cadd9",
  "A6",
  "E6",
  "D6",
]);

/** The shape played with a capo at `capo` for a sounding chord ("Bbm7", capo 1 → "Am7"); slash bass dropped. */
export function capoShape(chord: string, capo: number): string {
  const parts = parseChordName(chord);
  if (!parts) return chord;
  const base = `${parts.root}${parts.suffix}`;
  return capo === 0 ? transposeChordName(base, 0) : transposeChordName(base, -capo);
}

/** A chord and how long it sounds (seconds or beats; only the ratios matter). */
export interface WeightedChord {
  chord: string;
  weight: number;
}

/**
 * The capo position (0..{@link MAX_SUGGESTED_CAPO}) whose shapes are most often open-position chords,
 * weighted by how long each chord sounds; the lowest fret wins ties.
 * @returns the capo and the share (0..1) of the song's chord time in open shapes there; capo 0 when no
 *   position beats playing without a capo.
 */
export function suggestCapo(chords: readonly WeightedChord[]): { capo: number; openShare: number } {
  const real = chords.filter((c) => parseChordName(c.chord) !== null && c.weight > 0);
  const total = real.reduce((s, c) => s + c.weight, 0);
  if (total === 0) return { capo: 0, openShare: 0 };
  let best = { capo: 0, openShare: -1 };
  for (let capo = 0; capo <= MAX_SUGGESTED_CAPO; capo++) {
    const open = real.reduce((s, c) => s + (OPEN_SHAPES.has(capoShape(c.chord, capo)) ? c.weight : 0), 0);
    const share = open / total;
    if (share > best.openShare + 1e-9) best = { capo, openShare: share };
  }
  return best;
}
