/**
 * Live's chord-in-key table: how much of a song's chord time each of the frame model's classes takes,
 * by its root's interval above the key's tonic, in major and in minor keys — counted on the training
 * split of the licensed chord corpora, and written as `src/live/chord-key-prior.ts`.
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
 * no class is impossible). Deterministic: the same files give the same table.
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

/** Add one chord of `seconds` in a key (tonic pitch class, mode) to the counts. */
function count(label: string, seconds: number, tonic: number, minor: boolean): void {
  if (label === "N" || label === "X" || !(seconds > 0) || tonic < 0) return;
  const quality = (label.includes(":") ? (label.split(":")[1] ?? "") : "maj").split("/")[0] ?? "";
  const q = (FRAME_MODEL_QUALITIES as readonly string[]).indexOf(quality);
  if (q < 0) return;
  let root: number;
  try {
    root = encodeChord(label).root;
  } catch {
    return;
  }
  if (root < 0) return;
  const table = time[minor ? 1 : 0] as Float64Array;
  const i = q * 12 + ((root - tonic + 12) % 12);
  table[i] = (table[i] as number) + seconds;
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
  for (const line of read("chord_midi.txt")) {
    const [a, b, label = "N"] = line.split(/\s+/);
    count(label, Number(b) - Number(a), tonic, m.startsWith("min"));
  }
}

/** Each mode's shares, mixed with 1 % of the uniform share. */
const shares = time.map((t) => {
  const total = t.reduce((s, v) => s + v, 0);
  return Array.from(t, (v) => Number((0.99 * (v / total) + 0.01 / 60).toPrecision(4)));
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
`,
);
console.log(
  `chord-key table: ${songs.billboard} Billboard + ${songs.pop909} POP909 songs (${songs.pop909Skipped} skipped), ${hours.map((h) => h.toFixed(1)).join(" / ")} h → ${opts.out}`,
);
