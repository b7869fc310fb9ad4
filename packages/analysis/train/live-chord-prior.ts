/**
 * Live's chord-in-key and chord-change tables: how much of a song's chord time each of the frame model's
 * classes takes, by its root's interval above the key's tonic, in major and in minor keys, and how often
 * each chord follows each other — counted on the training split of the licensed chord corpora, and
 * written as `src/live/chord-key-prior.ts`.
 *
 *   npx tsx packages/analysis/train/live-chord-prior.ts [--shared ../shared/train] [--out FILE]
 *
 * Data: the McGill Billboard charts (CC0; tonic per line, its mode read from the chart's chords by
 * `tonicMode`, exactly as the arranger labels its keys) and POP909 (MIT; the songs with one key in
 * `key_audio.txt`, their chords from `chord_midi.txt`). Only the training split: a song is validation when
 * crc32("<corpus>-<id>") % 10 == 0 (`render-corpus.ts`), and validation songs are never counted. A chord
 * counts with its duration in seconds; its quality is the label's without the bass (inversions count as
 * their chord) and must be one of the frame model's (`FRAME_MODEL_QUALITIES`); other chords and "N" are
 * left out. Each mode's 60 shares are mixed with 1 % of the uniform share (fixed before counting, so that
 * no class is impossible). It also counts the changes from each chord to the next on the same songs, by
 * the two qualities and the interval between their roots (`CHORD_CHANGE_SHARES`, with 1 % of the uniform
 * share mixed in). Deterministic: the same files give the same tables.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { crc32 } from "node:zlib";
import { noteToPitchClass } from "../src/labels.js";
import { FRAME_MODEL_QUALITIES } from "../src/live/frame-features.js";
import { encodeChord } from "../testing/metrics.js";
import { type ChartBar, parseBillboardChart, type TimedLabel, tonicMode } from "./billboard.js";

const { values: opts } = parseArgs({
  options: {
    shared: { type: "string", default: join(import.meta.dirname, "../../../../shared/train") },
    out: { type: "string", default: join(import.meta.dirname, "../src/live/chord-key-prior.ts") },
  },
});
const shared = opts.shared as string;
const isValidation = (corpus: string, id: string) => crc32(`${corpus}-${id}`) % 10 === 0;

/** Seconds per [mode 0 major / 1 minor][quality index * 12 + interval]. */
const time = [new Float64Array(60), new Float64Array(60)];
const songs = { billboard: 0, pop909: 0, pop909Skipped: 0 };

/**
 * Changes from one chord to another: [previous quality][next quality · 12 + root interval up, 0..11],
 * counted once per change (a chord repeated in the next bar is no change).
 */
const changes = FRAME_MODEL_QUALITIES.map(() => new Float64Array(60));
let changeCount = 0;

/** A label's frame-model quality index and root pitch class, or null for "N", "X" and other chords. */
function classOf(label: string): { q: number; root: number } | null {
  if (label === "N" || label === "X") return null;
  const quality = (label.includes(":") ? (label.split(":")[1] ?? "") : "maj").split("/")[0] ?? "";
  const q = (FRAME_MODEL_QUALITIES as readonly string[]).indexOf(quality);
  if (q < 0) return null;
  let root: number;
  try {
    root = encodeChord(label).root;
  } catch {
    return null;
  }
  return root < 0 ? null : { q, root };
}

/** Add one chord of `seconds` in a key (tonic pitch class, mode) to the counts. */
function count(label: string, seconds: number, tonic: number, minor: boolean): void {
  if (!(seconds > 0) || tonic < 0) return;
  const c = classOf(label);
  if (!c) return;
  const table = time[minor ? 1 : 0] as Float64Array;
  const i = c.q * 12 + ((c.root - tonic + 12) % 12);
  table[i] = (table[i] as number) + seconds;
}

/**
 * Count the changes of one song's chord sequence, in order. "N", "X" and chords outside the frame
 * model's qualities break the chain (no change is counted across them).
 */
function countChanges(labels: readonly string[]): void {
  let prev: { q: number; root: number } | null = null;
  for (const label of labels) {
    const c = classOf(label);
    if (prev && c && (c.q !== prev.q || c.root !== prev.root)) {
      const row = changes[prev.q] as Float64Array;
      const i = c.q * 12 + ((c.root - prev.root + 12) % 12);
      row[i] = (row[i] as number) + 1;
      changeCount++;
    }
    prev = c;
  }
}

for (const id of readdirSync(join(shared, "billboard"))
  .filter((d) => /^\d+$/.test(d))
  .sort()) {
  const file = join(shared, "billboard", id, "salami_chords.txt");
  if (isValidation("billboard", id) || !existsSync(file)) continue;
  let bars: ChartBar[];
  try {
    bars = parseBillboardChart(readFileSync(file, "utf8")).bars;
  } catch {
    continue;
  }
  songs.billboard++;
  countChanges(bars.flatMap((b) => b.chords.map((c) => c.label)));
  // Spans of one tonic, their mode from their own chords — the arranger's key labels (`arranger.ts`).
  for (let i = 0; i < bars.length; ) {
    const tonic = (bars[i] as ChartBar).tonic;
    let j = i;
    while (j < bars.length && (bars[j] as ChartBar).tonic === tonic) j++;
    const chords: TimedLabel[] = bars.slice(i, j).flatMap((b) => b.chords);
    if (tonic >= 0) {
      const minor = tonicMode(chords, tonic).mode === "minor";
      for (const c of chords) count(c.label, c.end - c.start, tonic, minor);
    }
    i = j;
  }
}

for (const id of readdirSync(join(shared, "pop909"))
  .filter((d) => /^\d+$/.test(d))
  .sort()) {
  if (isValidation("pop909", id)) continue;
  const read = (f: string) =>
    readFileSync(join(shared, "pop909", id, f), "utf8")
      .trim()
      .split("\n");
  const keys = read("key_audio.txt").filter((l) => l.trim() !== "");
  if (keys.length !== 1) {
    songs.pop909Skipped++;
    continue;
  }
  const [t = "C", m = "maj"] = (keys[0]?.split(/\s+/)[2] ?? "C:maj").split(":");
  const tonic = noteToPitchClass(t);
  songs.pop909++;
  const labels: string[] = [];
  for (const line of read("chord_midi.txt")) {
    const [a, b, label = "N"] = line.split(/\s+/);
    count(label, Number(b) - Number(a), tonic, m.startsWith("min"));
    labels.push(label);
  }
  countChanges(labels);
}

/** Each mode's shares, mixed with 1 % of the uniform share. */
const shares = time.map((t) => {
  const total = t.reduce((s, v) => s + v, 0);
  return Array.from(t, (v) => Number((0.99 * (v / total) + 0.01 / 60).toPrecision(4)));
});
/** Each previous quality's change shares (59 possible next classes), mixed with 1 % of the uniform share. */
const changeShares = changes.map((row, pq) => {
  const total = row.reduce((s, v) => s + v, 0);
  return Array.from(row, (v, i) =>
    i === pq * 12 ? 0 : Number((0.99 * (v / total) + 0.01 / 59).toPrecision(4)),
  );
});
const hours = time.map((t) => t.reduce((s, v) => s + v, 0) / 3600);
const rows = (xs: number[]) =>
  FRAME_MODEL_QUALITIES.map((q, k) => `    /* ${q} */ ${xs.slice(k * 12, k * 12 + 12).join(", ")},`).join(
    "\n",
  );

writeFileSync(
  opts.out as string,
  `/**
 * Written by \`npx tsx packages/analysis/train/live-chord-prior.ts\` — do not edit by hand.
 *
 * Share of chord time of each of Live's frame-model classes in major and minor keys, by quality
 * (\`FRAME_MODEL_QUALITIES\`, one row each) and its root's interval above the tonic (0..11 semitones), counted
 * on the training split of the McGill Billboard charts (CC0, ${songs.billboard} songs) and POP909 (MIT,
 * ${songs.pop909} songs with one key; ${songs.pop909Skipped} with key changes left out): ${hours[0]?.toFixed(1)} hours of
 * chords in major keys, ${hours[1]?.toFixed(1)} in minor ones. Each mode's 60 shares sum to 1 (1 % of it spread
 * evenly). PROVENANCE.md, "Live's chords weighed by the key".
 */
// biome-ignore format: one row of 12 intervals per quality
export const CHORD_KEY_SHARES: { readonly major: readonly number[]; readonly minor: readonly number[] } = {
  major: [
${rows(shares[0] as number[])}
  ],
  minor: [
${rows(shares[1] as number[])}
  ],
};

/**
 * Share of the chord changes from a chord of each quality (\`FRAME_MODEL_QUALITIES\`, one list each) to each
 * other class: next quality · 12 + its root's interval above the previous root (0..11 semitones); the
 * previous class itself has share 0. Counted once per change on the same songs (${changeCount} changes;
 * "N", "X" and other chords break a sequence). Each list sums to 1 (1 % of it spread evenly over the 59
 * other classes). PROVENANCE.md, "Live's chord progressions".
 */
// biome-ignore format: one list of 5 × 12 per previous quality
export const CHORD_CHANGE_SHARES: readonly (readonly number[])[] = [
${changeShares.map((xs, k) => `  /* from ${FRAME_MODEL_QUALITIES[k]} */ [${xs.join(", ")}],`).join("\n")}
];
`,
);
console.log(
  `chord-key table: ${songs.billboard} Billboard + ${songs.pop909} POP909 songs (${songs.pop909Skipped} skipped), ${hours.map((h) => h.toFixed(1)).join(" / ")} h, ${changeCount} changes → ${opts.out}`,
);
