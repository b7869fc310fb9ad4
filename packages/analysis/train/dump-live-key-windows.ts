/**
 * Training and validation windows for a key model that reads Live's key window:
 *
 *   npx tsx packages/analysis/train/dump-live-key-windows.ts [--augment [--augment-share P]] \
 *     [--every 2.5] [--from 10] --out FILE FOLDER...
 *
 * Every `FOLDER/<item>/audio.wav` whose `truth.json` names a `key` (band songs from `render-corpus.ts
 * --folder-out`, any sample rate) is played through Live's chroma front end as `dump-live-frames.ts` plays
 * it (48 kHz, LIVE_BLOCK-sample blocks, `LiveChroma`; with `--augment`, heard as a phone would hear it and
 * through `LiveLoudness`). Each frame goes into a `LiveKeyFinder` of `LIVE_KEY_WINDOW_SECONDS`, with the true
 * chord at the frame's time standing for the chord Live shows (a frame under "N" adds nothing, as one
 * without a chord shown adds nothing in Live). Every `--every` seconds from `--from` seconds on (default
 * 2.5 and `KEY_OVER_TIME_FROM`, the span the runner's key over time scores), the finder's
 * `modelInput()` is written with the item's key.
 *
 * Writes `FILE.x.f32` (windows × bins × 24, little-endian float32: the model's features), `FILE.w.f32`
 * (windows × bins: its weights), `FILE.y.i16` (the key of each window: tonic pitch class, +12 for minor),
 * `FILE.item.i32` (the item index of each window) and `FILE.json` (items, windows, bins, end time of
 * each window in seconds).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { crc32 } from "node:zlib";
import { KEY_OVER_TIME_FROM, LIVE_RATE, toLiveRate } from "../bench/live-folder.js";
import { parseKey } from "../src/labels.js";
import { LIVE_BLOCK, LIVE_KEY_WINDOW_SECONDS, LiveChroma, LiveKeyFinder } from "../src/live/index.js";
import { LiveLoudness } from "../src/live/level.js";
import { decodeAudioFile } from "../src/node.js";
import { encodeChord } from "../testing/metrics.js";
import { applyAugmentation, augmentationFor } from "./live-augment.js";

/** The key's class for the key model: tonic pitch class (0 = C), +12 for minor. */
export function keyClass(key: string): number {
  const { tonic, mode } = parseKey(key);
  return tonic + (mode === "minor" ? 12 : 0);
}

/** The chord a frame under the true label `label` adds to the key window as (root −1: none). */
export function windowChord(label: string): { root: number; quality: string } {
  if (label === "N" || label === "X") return { root: -1, quality: "" };
  const quality = label.includes(":") ? ((label.split(":")[1] ?? "maj").split("/")[0] ?? "maj") : "maj";
  return { root: encodeChord(label).root, quality };
}

/** Windows of {@link dumpKeyWindows}: what `LiveKeyFinder.modelInput()` gave, with the item's key. */
export interface KeyWindows {
  /** Items read, as `<folder>/<item>`. */
  items: string[];
  /** Bins per window (`LIVE_KEY_WINDOW_SECONDS / KEY_BIN_SECONDS`). */
  bins: number;
  /** Per window: bins × 24 features (12 treble, 12 bass pitch-class shares per bin). */
  features: Float32Array[];
  /** Per window: bins weights, seconds of harmonic content per bin. */
  weights: Float32Array[];
  /** Per window: the item's key class ({@link keyClass}). */
  keys: number[];
  /** Per window: the index in `items` of its item. */
  itemOf: number[];
  /** Per window: the stream time it was taken at, seconds. */
  ends: number[];
}

/**
 * Play every item of `folders` that names a key through Live's chroma front end into a `LiveKeyFinder`
 * and take its model input every `every` seconds from `from` seconds on (see the file's comment).
 * @param folders folders of items (`<item>/audio.wav`, `<item>/truth.json`); items without `key` are skipped.
 * @param options `augment` (phone-like hearing, share `augmentShare`, default ½), `every` and `from` (seconds,
 *   > 0 and ≥ 0).
 * @throws {RangeError} when `every` or `from` is out of range.
 */
export async function dumpKeyWindows(
  folders: readonly string[],
  options: { augment?: boolean; augmentShare?: number; every?: number; from?: number } = {},
): Promise<KeyWindows> {
  const every = options.every ?? 2.5;
  const from = options.from ?? KEY_OVER_TIME_FROM;
  if (!(every > 0) || !(from >= 0))
    throw new RangeError(`every must be > 0 and from ≥ 0 s, got ${every}, ${from}`);
  const out: KeyWindows = { items: [], bins: 0, features: [], weights: [], keys: [], itemOf: [], ends: [] };
  for (const folder of folders.map((f) => resolve(f))) {
    for (const name of readdirSync(folder).sort()) {
      const dir = join(folder, name);
      if (!existsSync(join(dir, "truth.json")) || !existsSync(join(dir, "audio.wav"))) continue;
      const truth = JSON.parse(readFileSync(join(dir, "truth.json"), "utf8")) as {
        key?: string;
        chords: { start: number; end: number; label: string }[];
      };
      if (!truth.key) continue;
      const y = keyClass(truth.key);
      const audio = await decodeAudioFile(join(dir, "audio.wav"));
      const heard = toLiveRate(audio.samples, audio.sampleRate);
      const seedName = `${basename(folder)}/${name}`;
      const pcm = options.augment
        ? applyAugmentation(
            heard,
            augmentationFor(seedName, options.augmentShare),
            crc32(seedName) ^ 0x9e3779b9,
          )
        : heard;
      const loudness = options.augment ? new LiveLoudness(LIVE_RATE) : null;
      const chroma = new LiveChroma(LIVE_RATE, { tuningHz: 440 });
      const hop = chroma.hop / LIVE_RATE;
      const finder = new LiveKeyFinder(LIVE_KEY_WINDOW_SECONDS);
      const index = out.items.length;
      out.items.push(`${folder}/${name}`);
      const chords = [...truth.chords].sort((a, b) => a.start - b.start);
      let c = 0;
      let next = from;
      for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
        const block = pcm.subarray(s, s + LIVE_BLOCK);
        for (const f of chroma.push(loudness ? loudness.process(block) : block)) {
          while (c + 1 < chords.length && (chords[c]?.end ?? 0) <= f.time) c++;
          const seg = chords[c];
          const label = seg && f.time >= seg.start && f.time < seg.end ? seg.label : "N";
          finder.add(f, hop, windowChord(label));
        }
        const now = (s + LIVE_BLOCK) / LIVE_RATE;
        if (now >= next) {
          next += every;
          const input = finder.modelInput();
          if (!input) continue;
          out.bins = input.beats;
          out.features.push(input.features);
          out.weights.push(input.weights);
          out.keys.push(y);
          out.itemOf.push(index);
          out.ends.push(Math.round(now * 1000) / 1000);
        }
      }
    }
  }
  return out;
}

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      out: { type: "string" },
      augment: { type: "boolean", default: false },
      "augment-share": { type: "string" },
      every: { type: "string", default: "2.5" },
      from: { type: "string", default: String(KEY_OVER_TIME_FROM) },
    },
    allowPositionals: true,
  });
  const every = Number(values.every);
  const from = Number(values.from);
  if (!values.out || positionals.length === 0 || !(every > 0) || !(from >= 0)) {
    console.error(
      "usage: dump-live-key-windows.ts [--augment [--augment-share P]] [--every S] [--from S] --out FILE FOLDER...",
    );
    process.exit(2);
  }
  const share = values["augment-share"] === undefined ? undefined : Number(values["augment-share"]);
  if (share !== undefined && (!values.augment || !(share >= 0 && share <= 1))) {
    console.error("--augment-share takes a probability 0…1, with --augment");
    process.exit(2);
  }
  const w = await dumpKeyWindows(positionals, {
    augment: values.augment,
    every,
    from,
    ...(share === undefined ? {} : { augmentShare: share }),
  });
  const x = new Float32Array(w.features.length * w.bins * 24);
  const ws = new Float32Array(w.weights.length * w.bins);
  for (const [i, v] of w.features.entries()) x.set(v, i * w.bins * 24);
  for (const [i, v] of w.weights.entries()) ws.set(v, i * w.bins);
  const out = resolve(values.out);
  writeFileSync(`${out}.x.f32`, Buffer.from(x.buffer));
  writeFileSync(`${out}.w.f32`, Buffer.from(ws.buffer));
  writeFileSync(`${out}.y.i16`, Buffer.from(Int16Array.from(w.keys).buffer));
  writeFileSync(`${out}.item.i32`, Buffer.from(Int32Array.from(w.itemOf).buffer));
  writeFileSync(
    `${out}.json`,
    JSON.stringify({ items: w.items, windows: w.keys.length, bins: w.bins, ends: w.ends }),
  );
  console.log(`${w.items.length} items, ${w.keys.length} windows of ${w.bins} bins → ${out}.*`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
