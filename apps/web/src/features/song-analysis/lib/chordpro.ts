import type { BeatGrid } from "./beat-grid";

/** What a ChordPro file says about the song besides its bars. */
export interface ChordProMeta {
  title: string;
  /** The key as shown ("Bb Minor" → written "Bbm"), or null. */
  key: string | null;
  bpm: number | null;
  /** "4/4", "3/4", "6/8", … */
  meter: string;
  /** Capo fret (0 = none). */
  capo: number;
}

/** Bars on one line of the grid section. */
export const CHORDPRO_BARS_PER_LINE = 4;

/** ASCII accidentals, as ChordPro readers expect ("B♭m7" → "Bbm7"). */
function ascii(name: string): string {
  return name.replace(/♭/g, "b").replace(/♯/g, "#");
}

/** "Bb Minor" → "Bbm", "C Major" → "C" (ChordPro's {key} takes a chord-style key). */
function chordProKey(key: string): string {
  const [tonic = "", mode = ""] = ascii(key).split(" ");
  return mode.toLowerCase().startsWith("min") ? `${tonic}m` : tonic;
}

/**
 * The sheet as a ChordPro 6 file (https://www.chordpro.org/chordpro/directives-env_grid/): `{title}`,
 * `{key}`, `{tempo}`, `{time}` and `{capo}` directives, then the bars in a `{start_of_grid}` section, four
 * to a line, one cell per beat — the chord where it changes, "." where it carries on, "N.C." for no chord.
 * @param grid the bars shown (after transpose and capo).
 * @param label the chord as shown for a grid chord (spelled, transposed, capo shapes), null for no chord.
 */
export function toChordPro(
  grid: BeatGrid,
  label: (chord: string | null) => string | null,
  meta: ChordProMeta,
): string {
  const out: string[] = [`{title: ${meta.title.replace(/[{}]/g, "")}}`];
  if (meta.key) out.push(`{key: ${chordProKey(meta.key)}}`);
  if (meta.bpm) out.push(`{tempo: ${Math.round(meta.bpm)}}`);
  out.push(`{time: ${meta.meter}}`);
  if (meta.capo > 0) out.push(`{capo: ${meta.capo}}`);
  out.push(`{start_of_grid: shape="${CHORDPRO_BARS_PER_LINE}x${grid.beatsPerBar}"}`);
  let line: string[] = [];
  grid.bars.forEach((bar, i) => {
    const cells = bar.cells
      .filter((c) => c !== null)
      .map((c, position) => {
        if (!c) return ".";
        if (!c.change && position > 0) return ".";
        const name = label(c.chord);
        return name ? ascii(name) : "N.C.";
      });
    line.push(cells.join(" "));
    if (line.length === CHORDPRO_BARS_PER_LINE || i === grid.bars.length - 1) {
      out.push(`| ${line.join(" | ")} |`);
      line = [];
    }
  });
  out.push("{end_of_grid}");
  return `${out.join("\n")}\n`;
}
