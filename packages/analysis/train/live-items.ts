/**
 * The items of Live's training folders played through Live's chroma front end, for the training dumps
 * (`dump-live-frames.ts`, `dump-live-key-windows.ts`): each `FOLDER/<item>/audio.wav` with a `truth.json`
 * (folders from `bench/make-live-folder.ts`, or band songs from `render-corpus.ts --folder-out`, any sample
 * rate), in name order, is played as `bench:live --folder` plays it (48 kHz, LIVE_BLOCK-sample blocks;
 * `LiveChroma` with the options `LiveListener` gives it). With `augment`, an item is first heard as a phone
 * would hear it (`live-augment.ts`, drawn from crc32 of "<folder's name>/<item>") and then through Live's
 * loudness gain (`LiveLoudness`, as `LiveListener` runs it). With `timbreEq`, an item is first recoloured
 * (`timbreEqFor`: peaking bands for half the items, drawn from crc32 of "<folder's name>/<item>#eq"), before
 * any phone-like hearing.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { crc32 } from "node:zlib";
import { LIVE_RATE, toLiveRate } from "../bench/live-folder.js";
import { type ChromaFrame, LIVE_BLOCK, LiveChroma } from "../src/live/index.js";
import { LiveLoudness } from "../src/live/level.js";
import { decodeAudioFile } from "../src/node.js";
import { applyAugmentation, applyTimbreEq, augmentationFor, timbreEqFor } from "./live-augment.js";

/** An item's `truth.json`: timed Harte chords and, for songs, the key. */
export interface LiveItemTruth {
  key?: string;
  chords: { start: number; end: number; label: string }[];
}

/** What {@link playLiveItems} tells a visitor about an item before playing it. */
export interface LiveItem {
  /** `<folder>/<item>`, the folder resolved. */
  path: string;
  truth: LiveItemTruth;
  /** Seconds between chroma frames (Live's hop at 48 kHz). */
  hopSeconds: number;
}

/** What to do with an item's frames: each frame with the true label at its time, and each block's end. */
export interface LiveItemVisitor {
  frame(frame: ChromaFrame, label: string): void;
  /** After each block's frames, with the stream time at the block's end, seconds. */
  blockEnd?(seconds: number): void;
}

/** How the dumps play their items: `playLiveItems`'s options. */
export interface LivePlayOptions {
  augment?: boolean;
  augmentShare?: number;
  /** Recolour items (`timbreEqFor`) before anything else. */
  timbreEq?: boolean;
}

/**
 * The play options of the dumps' `--augment [--augment-share P]` flags, checked.
 * @param augment whether `--augment` was given.
 * @param share `--augment-share` as typed, or undefined when absent.
 * @returns the options, or null when `--augment-share` is given without `--augment`, or is not a probability (0…1).
 */
export function augmentOptions(augment: boolean, share: string | undefined): LivePlayOptions | null {
  if (share === undefined) return { augment };
  const p = Number(share);
  if (!augment || share.trim() === "" || !(p >= 0 && p <= 1)) return null;
  return { augment, augmentShare: p };
}

/**
 * {@link augmentOptions} for a dump's command line: on a bad `--augment-share` it prints what is wrong and
 * ends the process with status 2 (a usage error).
 */
export function augmentOptionsOrExit(augment: boolean, share: string | undefined): LivePlayOptions {
  const play = augmentOptions(augment, share);
  if (play) return play;
  console.error("--augment-share takes a probability 0…1, with --augment");
  process.exit(2);
}

/**
 * Play the items of `folders` through Live's chroma front end (see the file's comment).
 * @param options `augment`: phone-like hearing (share `augmentShare`, 0..1, default ½); `timbreEq`:
 *   recoloured timbres first.
 * @param visit called for each item before it is decoded; return null to skip the item.
 */
export async function playLiveItems(
  folders: readonly string[],
  options: LivePlayOptions,
  visit: (item: LiveItem) => LiveItemVisitor | null,
): Promise<void> {
  const hopSeconds = new LiveChroma(LIVE_RATE, { tuningHz: 440 }).hop / LIVE_RATE;
  for (const folder of folders.map((f) => resolve(f))) {
    for (const name of readdirSync(folder).sort()) {
      const dir = join(folder, name);
      if (!existsSync(join(dir, "truth.json")) || !existsSync(join(dir, "audio.wav"))) continue;
      const truth = JSON.parse(readFileSync(join(dir, "truth.json"), "utf8")) as LiveItemTruth;
      const visitor = visit({ path: `${folder}/${name}`, truth, hopSeconds });
      if (!visitor) continue;
      const audio = await decodeAudioFile(join(dir, "audio.wav"));
      const seedName = `${basename(folder)}/${name}`;
      const atRate = toLiveRate(audio.samples, audio.sampleRate);
      const heard = options.timbreEq ? applyTimbreEq(atRate, LIVE_RATE, timbreEqFor(seedName)) : atRate;
      const pcm = options.augment
        ? applyAugmentation(
            heard,
            augmentationFor(seedName, options.augmentShare),
            crc32(seedName) ^ 0x9e3779b9,
          )
        : heard;
      const loudness = options.augment ? new LiveLoudness(LIVE_RATE) : null;
      const chroma = new LiveChroma(LIVE_RATE, { tuningHz: 440 });
      const chords = [...truth.chords].sort((a, b) => a.start - b.start);
      let c = 0;
      for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
        const block = pcm.subarray(s, s + LIVE_BLOCK);
        for (const f of chroma.push(loudness ? loudness.process(block) : block)) {
          while (c + 1 < chords.length && (chords[c]?.end ?? 0) <= f.time) c++;
          const seg = chords[c];
          visitor.frame(f, seg && f.time >= seg.start && f.time < seg.end ? seg.label : "N");
        }
        visitor.blockEnd?.((s + LIVE_BLOCK) / LIVE_RATE);
      }
    }
  }
}
