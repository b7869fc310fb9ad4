/**
 * Training frames for Live's learned frame model (`train_live_chord_model.py`):
 *
 *   npx tsx packages/analysis/train/dump-live-frames.ts [--context] [--augment [--augment-share P]] [--timbre-eq] --out FILE FOLDER...
 *
 * Every `FOLDER/<item>/audio.wav` with a `truth.json` (folders from `bench/make-live-folder.ts`, or band songs
 * from `render-corpus.ts --folder-out`, any sample rate) is played
 * through Live's chroma front end exactly as `bench:live --folder` plays it (48 kHz, LIVE_BLOCK-sample
 * blocks; `LiveChroma` with the options `LiveListener` gives it), and each frame's features
 * (`frameFeatures`) are written with the class of the true chord at the frame's time (`FRAME_MODEL_QUALITIES`;
 * -1 for a label outside them; with `--context`, the tonal context row of `FrameContext` too, 65 values a frame,
 * a checked and unshipped variant: PROVENANCE.md). With `--augment`, each item is first heard as a phone would
 * hear it (`live-augment.ts`: a microphone's hiss, a quieter level; drawn from crc32 of "<folder's name>/<item>", each
 * with probability P, default ½) and then through Live's loudness gain (`LiveLoudness`, as `LiveListener` runs it).
 * With `--timbre-eq`, half the items are first recoloured by three random peaking bands (`timbreEqFor` in
 * `live-augment.ts`), another instrument's spectral envelope. Writes `FILE.x.f32` (frames × FRAME_FEATURES, little-endian float32),
 * `FILE.y.i16` (one class per frame), `FILE.item.i32` (the item index of each frame, items in order) and
 * `FILE.json` (items, frames, features, classes, hop).
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import {
  FRAME_FEATURES,
  FRAME_FEATURES_WITH_CONTEXT,
  FRAME_MODEL_CLASSES,
  FRAME_MODEL_QUALITIES,
  FrameContext,
  frameFeatures,
} from "../src/live/frame-features.js";
import { encodeChord } from "../testing/metrics.js";
import { augmentOptionsOrExit, playLiveItems } from "./live-items.js";

/** The frame model's class of a Harte label (0 for "N"), or -1 when its quality is not one of the model's. */
export function frameClass(label: string): number {
  if (label === "N") return 0;
  const quality = label.includes(":") ? (label.split(":")[1] ?? "") : "maj";
  const q = (FRAME_MODEL_QUALITIES as readonly string[]).indexOf(quality);
  if (q < 0) return -1;
  return 1 + q * 12 + encodeChord(label).root;
}

async function main() {
  const { values, positionals } = parseArgs({
    options: {
      out: { type: "string" },
      context: { type: "boolean", default: false },
      augment: { type: "boolean", default: false },
      "augment-share": { type: "string" },
      "timbre-eq": { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  const width = values.context ? FRAME_FEATURES_WITH_CONTEXT : FRAME_FEATURES;
  if (!values.out || positionals.length === 0) {
    console.error(
      "usage: dump-live-frames.ts [--context] [--augment [--augment-share P]] [--timbre-eq] --out FILE FOLDER...",
    );
    process.exit(2);
  }
  const play = {
    ...augmentOptionsOrExit(values.augment, values["augment-share"]),
    timbreEq: values["timbre-eq"],
  };
  const xs: Float32Array[] = [];
  const ys: number[] = [];
  const items: number[] = [];
  const names: string[] = [];
  let hop = 0;
  await playLiveItems(positionals, play, (item) => {
    hop = item.hopSeconds;
    const context = values.context ? new FrameContext(hop) : null;
    const index = names.length;
    names.push(item.path);
    return {
      frame(f, label) {
        xs.push(frameFeatures(f, new Float32Array(width), 0, context?.update(f)));
        ys.push(frameClass(label));
        items.push(index);
      },
    };
  });
  const x = new Float32Array(xs.length * width);
  for (const [i, v] of xs.entries()) x.set(v, i * width);
  const out = resolve(values.out);
  writeFileSync(`${out}.x.f32`, Buffer.from(x.buffer));
  writeFileSync(`${out}.y.i16`, Buffer.from(Int16Array.from(ys).buffer));
  writeFileSync(`${out}.item.i32`, Buffer.from(Int32Array.from(items).buffer));
  writeFileSync(
    `${out}.json`,
    JSON.stringify({
      items: names,
      frames: ys.length,
      features: width,
      classes: FRAME_MODEL_CLASSES,
      hop,
    }),
  );
  console.log(`${names.length} items, ${ys.length} frames → ${out}.*`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
