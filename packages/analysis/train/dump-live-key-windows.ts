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
  const xs: Float32Array[] = [];
  const ws: Float32Array[] = [];
  const ys: number[] = [];
  const items: number[] = [];
  const ends: number[] = [];
  const names: string[] = [];
  let bins = 0;
  for (const folder of positionals.map((f) => resolve(f))) {
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
      const pcm = values.augment
        ? applyAugmentation(heard, augmentationFor(seedName, share), crc32(seedName) ^ 0x9e3779b9)
        : heard;
      const loudness = values.augment ? new LiveLoudness(LIVE_RATE) : null;
      const chroma = new LiveChroma(LIVE_RATE, { tuningHz: 440 });
      const hop = chroma.hop / LIVE_RATE;
      const finder = new LiveKeyFinder(LIVE_KEY_WINDOW_SECONDS);
      const index = names.length;
      names.push(`${folder}/${name}`);
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
          bins = input.beats;
          xs.push(input.features);
          ws.push(input.weights);
          ys.push(y);
          items.push(index);
          ends.push(Math.round(now * 1000) / 1000);
        }
      }
    }
  }
  const x = new Float32Array(xs.length * bins * 24);
  const w = new Float32Array(ws.length * bins);
  for (const [i, v] of xs.entries()) x.set(v, i * bins * 24);
  for (const [i, v] of ws.entries()) w.set(v, i * bins);
  const out = resolve(values.out);
  writeFileSync(`${out}.x.f32`, Buffer.from(x.buffer));
  writeFileSync(`${out}.w.f32`, Buffer.from(w.buffer));
  writeFileSync(`${out}.y.i16`, Buffer.from(Int16Array.from(ys).buffer));
  writeFileSync(`${out}.item.i32`, Buffer.from(Int32Array.from(items).buffer));
  writeFileSync(`${out}.json`, JSON.stringify({ items: names, windows: ys.length, bins, ends }));
  console.log(`${names.length} items, ${ys.length} windows of ${bins} bins → ${out}.*`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
