import { parseChordName } from "@tonic/theory";
import type { TimedChord } from "./timeline";

/**
 * Harte et al. (2005), "Symbolic representation of musical chords: a proposed syntax for text
 * annotations" (ISMIR), the label syntax of MIREX chord estimation: our quality suffixes → shorthands.
 */
const HARTE_QUALITY: Readonly<Record<string, string>> = {
  "": "maj",
  m: "min",
  "7": "7",
  maj7: "maj7",
  m7: "min7",
  dim: "dim",
  dim7: "dim7",
  m7b5: "hdim7",
  aug: "aug",
  sus2: "sus2",
  sus4: "sus4",
  "6": "maj6",
  m6: "min6",
  "9": "9",
  maj9: "maj9",
  m9: "min9",
  mmaj7: "minmaj7",
  mMaj7: "minmaj7",
  add9: "maj(9)",
};

/** Bass interval above the root (semitones) → Harte degree. */
const HARTE_DEGREE = ["1", "b2", "2", "b3", "3", "4", "b5", "5", "#5", "6", "b7", "7"];

const CHROMA: Readonly<Record<string, number>> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
function chroma(note: string): number {
  const base = CHROMA[note.charAt(0)] ?? 0;
  const acc = note.slice(1);
  return (base + (acc === "#" ? 1 : acc === "b" ? -1 : 0) + 12) % 12;
}

/**
 * A chord display name in Harte syntax: "C" → "C:maj", "F#m7" → "F#:min7", "C/E" → "C:maj/3", "N" → "N".
 * Unknown suffixes keep the triad ("maj" or "min").
 */
export function toHarte(chord: string): string {
  const parts = parseChordName(chord);
  if (!parts) return "N";
  const quality =
    HARTE_QUALITY[parts.suffix] ??
    (parts.suffix.startsWith("m") && !parts.suffix.startsWith("maj") ? "min" : "maj");
  const bass = parts.bass ? `/${HARTE_DEGREE[(chroma(parts.bass) - chroma(parts.root) + 12) % 12]}` : "";
  return `${parts.root}:${quality}${bass}`;
}

/**
 * The chord sheet as a MIREX `.lab` file: one line per chord, "start end label" (seconds with 3 decimals,
 * tab separated, Harte labels, "N" for no chord), covering 0 to the song's end.
 * @param chords chord changes (any order)
 * @param durationSeconds the song's length; segments end there
 */
export function toLab(chords: readonly TimedChord[], durationSeconds: number): string {
  const sorted = [...chords].filter((c) => Number.isFinite(c.time)).sort((a, b) => a.time - b.time);
  const segs: { start: number; end: number; label: string }[] = [];
  const push = (start: number, end: number, label: string) => {
    if (end - start < 1e-3) return;
    const last = segs.at(-1);
    if (last && last.label === label) last.end = end;
    else segs.push({ start, end, label });
  };
  const first = sorted[0];
  push(0, Math.min(durationSeconds, first ? first.time : durationSeconds), "N");
  sorted.forEach((c, i) => {
    const start = Math.max(0, c.time);
    const end = Math.min(durationSeconds, sorted[i + 1]?.time ?? durationSeconds);
    push(start, end, toHarte(c.chord));
  });
  const lines = segs.map((s) => `${s.start.toFixed(3)}\t${s.end.toFixed(3)}\t${s.label}`);
  return `${lines.join("\n")}\n`;
}
