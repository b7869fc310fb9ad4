/**
 * Reader for the McGill Billboard chord charts (Burgoyne, Wild & Fujinaga, "An Expert Ground Truth Set
 * for Audio Chord Recognition and Music Analysis", ISMIR 2011; CC0), `salami_chords.txt` format as
 * described in `../shared/train/billboard/README.md`:
 *
 *   # metre: 4/4            header (and mid-song changes of metre or tonic)
 *   # tonic: C
 *   22.35\tB, verse, | A:min | A:min C:maj | F:maj . . G:7 |, (voice
 *
 * Each `| … |` cell is one bar. Several chords in a bar share it evenly, token by token; `.` repeats the
 * previous chord for one token; `*`, `N`, `&pause`, `Z` are bars (or tokens) without a chord; a leading
 * `(3/4)` gives one bar its own metre; `xN` after a group of bars repeats the line's bars N times. A
 * line lasts until the next line's time stamp, and its bars divide that time in proportion to their
 * beats (so each line has its own tempo, read off the real recording's timing).
 */

import { noteToPitchClass } from "../src/labels.js";
import { encodeChord } from "../testing/metrics.js";

/** A labelled span, seconds. `label` is Harte syntax or "N". */
export interface TimedLabel {
  start: number;
  end: number;
  label: string;
}

/** One bar of a chart. */
export interface ChartBar {
  /** seconds, from the chart's time stamps */
  start: number;
  end: number;
  /** beats in the bar (dotted quarters in compound metres: 6/8 → 2, 12/8 → 4) */
  beats: number;
  /** subdivisions of a beat: 3 in compound metres (x/8 with x divisible by 3), else 2 */
  subdivision: 2 | 3;
  /** the bar's metre as written, e.g. "4/4" */
  metre: string;
  /** chords of the bar in order, Harte syntax or "N", covering [start, end] */
  chords: TimedLabel[];
  /** section name of the line ("verse", "chorus" …), "" when none */
  section: string;
  /** tonic pitch class (0 = C) in force, −1 when the chart has none */
  tonic: number;
}

/** A parsed chart. */
export interface Chart {
  title: string;
  artist: string;
  /** the first `# metre:` of the header */
  metre: string;
  bars: ChartBar[];
}

const NO_CHORD = new Set(["*", "N", "&pause", "Z", "Z'"]);

/**
 * Beats per bar and beat subdivision of a metre string: simple metres count the numerator (4/4 → 4,
 * 3/4 → 3, 2/2 → 2); compound metres (eighths, numerator divisible by 3 and > 3) count dotted quarters
 * (6/8 → 2, 9/8 → 3, 12/8 → 4); 3/8 → 1 beat of 3.
 * @throws {Error} on a string that is not "N/D".
 */
export function metreBeats(metre: string): { beats: number; subdivision: 2 | 3 } {
  const m = /^(\d+)\/(\d+)$/.exec(metre.trim());
  if (!m) throw new Error(`Not a metre: "${metre}"`);
  const num = Number(m[1]);
  const den = Number(m[2]);
  if (den === 8 && num % 3 === 0) return { beats: num / 3, subdivision: 3 };
  return { beats: Math.max(1, num), subdivision: 2 };
}

/** Whether a Harte label can be voiced (mir_eval's encoder accepts it). */
function validLabel(label: string): boolean {
  try {
    encodeChord(label);
    return true;
  } catch {
    return false;
  }
}

/**
 * Parse a `salami_chords.txt` chart.
 * @param text the file's contents.
 * @returns the chart's bars with times in seconds; labels the encoder cannot read become "X" (a bar
 * that is played as no chord and excluded from training labels).
 * @throws {Error} when the text has no bars at all.
 */
export function parseBillboardChart(text: string): Chart {
  let title = "";
  let artist = "";
  let metre = "4/4";
  let headerMetre: string | null = null;
  let tonic = -1;
  const lines: { time: number; body: string; metre: string; tonic: number }[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith("#")) {
      const m = /^#\s*(\w+):\s*(.*)$/.exec(line);
      if (!m) continue;
      const [, k = "", v = ""] = m;
      if (k === "title") title = v.trim();
      else if (k === "artist") artist = v.trim();
      else if (k === "metre") {
        metre = v.trim();
        headerMetre ??= metre;
      } else if (k === "tonic") {
        try {
          tonic = noteToPitchClass(v.trim());
        } catch {
          tonic = -1;
        }
      }
      continue;
    }
    const tab = line.indexOf("\t");
    const time = Number(tab >= 0 ? line.slice(0, tab) : line.split(/\s+/)[0]);
    if (!Number.isFinite(time)) continue;
    lines.push({ time, body: tab >= 0 ? line.slice(tab + 1) : "", metre, tonic });
  }
  const bars: ChartBar[] = [];
  let section = "";
  let previous = "N";
  for (let li = 0; li < lines.length; li++) {
    const { time, body, metre: lineMetre, tonic: lineTonic } = lines[li] as (typeof lines)[number];
    const next = lines[li + 1]?.time ?? time;
    const sec = /^[A-Z]'*, ([a-z][\w-]*),/.exec(body);
    if (sec) section = sec[1] ?? "";
    const first = body.indexOf("|");
    const last = body.lastIndexOf("|");
    if (first < 0 || last <= first || next <= time) continue;
    // Bars of the line, with `xN` repeats of everything before them on the line.
    const lineBars: { tokens: string[]; metre: string }[] = [];
    const tail = body.slice(last + 1);
    const cells = body.slice(first + 1, last).split("|");
    for (const cell of cells) {
      const rep = /^\s*x(\d+)\s*$/.exec(cell);
      if (rep) {
        const copy = lineBars.slice();
        for (let r = 1; r < Number(rep[1]); r++) lineBars.push(...copy);
        continue;
      }
      let tokens = cell
        .trim()
        .split(/\s+/)
        .filter((t) => t && t !== "->");
      let barMetre = lineMetre;
      const own = /^\((\d+\/\d+)\)$/.exec(tokens[0] ?? "");
      if (own) {
        barMetre = own[1] ?? lineMetre;
        tokens = tokens.slice(1);
      }
      if (tokens.length === 0) continue;
      lineBars.push({ tokens, metre: barMetre });
    }
    const tailRep = /x(\d+)/.exec(tail.split(",")[0] ?? "");
    if (tailRep) {
      const copy = lineBars.slice();
      for (let r = 1; r < Number(tailRep[1]); r++) lineBars.push(...copy);
    }
    if (lineBars.length === 0) continue;
    const shape = lineBars.map((b) => metreBeats(b.metre));
    const totalBeats = shape.reduce((a, s) => a + s.beats, 0);
    const beatSeconds = (next - time) / totalBeats;
    let t = time;
    lineBars.forEach((b, i) => {
      const { beats, subdivision } = shape[i] as { beats: number; subdivision: 2 | 3 };
      const end = t + beats * beatSeconds;
      const share = (end - t) / b.tokens.length;
      const chords: TimedLabel[] = [];
      b.tokens.forEach((tok, k) => {
        let label: string;
        if (tok === ".") label = previous;
        else if (NO_CHORD.has(tok)) label = "N";
        else label = validLabel(tok) ? tok : "X";
        previous = label;
        const start = t + k * share;
        const last = chords[chords.length - 1];
        if (last && last.label === label) last.end = start + share;
        else chords.push({ start, end: start + share, label });
      });
      bars.push({ start: t, end, beats, subdivision, metre: b.metre, chords, section, tonic: lineTonic });
      t = end;
    });
  }
  if (bars.length === 0) throw new Error(`Chart "${title}" has no bars`);
  return { title, artist, metre: headerMetre ?? metre, bars };
}

/**
 * A chart re-metred in compound time, for validation songs in 6/8 and 12/8 (the charts hold few: 11 in
 * 6/8, 32 in 12/8 of 881): every bar of 4/4 becomes a bar of 6/8 (its four beats heard as two dotted
 * quarters) or of 12/8 (four dotted quarters), and a bar of 2/4 half of one (3/8 or 6/8); times,
 * sections and tonic are kept, and each chord change inside a bar moves to the nearest dotted-quarter beat
 * (a chord on the third or fourth beat of 4/4 changes on the second beat of 6/8, one on the second on
 * the first, taking the place of the chord before it), so the chords change on beats as in a compound
 * song.
 * @param bars the chart's bars ({@link parseBillboardChart}).
 * @param metre the compound metre to play in.
 * @returns the re-metred bars, or null when the chart has a bar of another metre (3/4, 5/4, 6/8 …).
 */
export function compoundBars(bars: readonly ChartBar[], metre: "6/8" | "12/8"): ChartBar[] | null {
  const out: ChartBar[] = [];
  for (const b of bars) {
    const full = b.metre === "4/4";
    if (!full && b.metre !== "2/4") return null;
    const beats = (metre === "6/8" ? 2 : 4) / (full ? 1 : 2);
    const barMetre = full ? metre : metre === "6/8" ? "3/8" : "6/8";
    const beat = (b.end - b.start) / beats;
    // Halfway between two beats goes to the earlier one (the fourth beat of 4/4 to the second of 6/8).
    const snap = (t: number) => b.start + Math.ceil((t - b.start) / beat - 0.5) * beat;
    const chords: TimedLabel[] = [];
    b.chords.forEach((c, i) => {
      const start = i === 0 ? c.start : snap(c.start);
      const end = i === b.chords.length - 1 ? c.end : snap(c.end);
      if (end - start < beat / 2) return;
      const last = chords[chords.length - 1];
      if (last && last.label === c.label) last.end = end;
      else chords.push({ start, end, label: c.label });
    });
    out.push({ ...b, beats, subdivision: 3, metre: barMetre, chords });
  }
  return out;
}

/**
 * Mode of a tonic from the chart's own chords: the chords on the tonic root are summed by duration as
 * minor-third (minor) or major-third (major) chords; minor wins only with more time than major. The
 * Billboard charts give the tonic without a mode (README), so this is the label's one inference; songs
 * without any chord on the tonic are "major" (the corpus's common case) and reported as `inferred: false`.
 * @param chords timed Harte labels.
 * @param tonic pitch class 0..11.
 */
export function tonicMode(
  chords: readonly TimedLabel[],
  tonic: number,
): { mode: "major" | "minor"; inferred: boolean } {
  let major = 0;
  let minor = 0;
  for (const c of chords) {
    if (c.label === "N" || c.label === "X") continue;
    const e = encodeChord(c.label);
    if (e.root !== tonic) continue;
    const d = c.end - c.start;
    if (e.bitmap[3] && !e.bitmap[4]) minor += d;
    else if (e.bitmap[4]) major += d;
  }
  return { mode: minor > major ? "minor" : "major", inferred: minor + major > 0 };
}
