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
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { KEY_OVER_TIME_FROM } from "../bench/live-folder.js";
import { parseKey } from "../src/labels.js";
import { LIVE_KEY_WINDOW_SECONDS, LiveKeyFinder } from "../src/live/index.js";
import { encodeChord } from "../testing/metrics.js";
import { augmentOptionsOrExit, type LivePlayOptions, playLiveItems } from "./live-items.js";

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
  options: LivePlayOptions & { every?: number; from?: number } = {},
): Promise<KeyWindows> {
  const every = options.every ?? 2.5;
  const from = options.from ?? KEY_OVER_TIME_FROM;
  if (!(every > 0) || !(from >= 0))
    throw new RangeError(`every must be > 0 and from ≥ 0 s, got ${every}, ${from}`);
  const out: KeyWindows = { items: [], bins: 0, features: [], weights: [], keys: [], itemOf: [], ends: [] };
  await playLiveItems(
    folders,
    {
      augment: options.augment ?? false,
      ...(options.augmentShare === undefined ? {} : { augmentShare: options.augmentShare }),
    },
    (item) => {
      if (!item.truth.key) return null;
      const y = keyClass(item.truth.key);
      const finder = new LiveKeyFinder(LIVE_KEY_WINDOW_SECONDS);
      const index = out.items.length;
      out.items.push(item.path);
      let next = from;
      return {
        frame: (f, label) => finder.add(f, item.hopSeconds, windowChord(label)),
        blockEnd(now) {
          if (now < next) return;
          next += every;
          const input = finder.modelInput();
          if (!input) return;
          out.bins = input.beats;
          out.features.push(input.features);
          out.weights.push(input.weights);
          out.keys.push(y);
          out.itemOf.push(index);
          out.ends.push(Math.round(now * 1000) / 1000);
        },
      };
    },
  );
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
  const play = augmentOptionsOrExit(values.augment, values["augment-share"]);
  const w = await dumpKeyWindows(positionals, { ...play, every, from });
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
