/**
 * The levels Live's frame model was trained on (`QUIET_INPUT_DBFS` in `src/live/level.ts` is set under
 * them; PROVENANCE.md, "Live's input level"):
 *
 *   npx tsx packages/analysis/train/live-level-range.ts FOLDER...
 *
 * Every `FOLDER/<item>/audio.*` (the frame model's training folders: `bench/make-live-folder.ts
 * --seed-offset 2…25`) is played as `bench:live --folder` plays it (48 kHz, `LIVE_BLOCK`-sample blocks)
 * through a `LiveLevel`, and the reference level of every block that is not digital silence is pooled.
 * Prints the 5th and 95th percentiles (dBFS, to a tenth), the lowest and highest of the items' own median
 * reference levels, and the item count as one JSON line; with them the 1st percentile and the median of
 * the gated loudness of `LiveLoudness` over every 100 ms step at which it is defined (`LOUDNESS_LOW_DBFS`
 * is that 1st percentile).
 */
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { LIVE_RATE, pct, toLiveRate } from "../bench/live-folder.js";
import { LIVE_BLOCK } from "../src/live/index.js";
import {
  blockDbfs,
  LEVEL_SILENCE_DBFS,
  LiveLevel,
  LiveLoudness,
  LOUDNESS_STEP_SECONDS,
} from "../src/live/level.js";
import { decodeAudioFile } from "../src/node.js";

/**
 * The reference levels (dBFS) of `pcm`'s blocks (48 kHz mono) that are not digital silence, in order.
 * @param pcm mono PCM at {@link LIVE_RATE}.
 */
export function referenceLevels(pcm: Float32Array): number[] {
  const level = new LiveLevel(LIVE_RATE);
  const refs: number[] = [];
  for (let at = 0; at + LIVE_BLOCK <= pcm.length; at += LIVE_BLOCK) {
    const block = pcm.subarray(at, at + LIVE_BLOCK);
    level.push(block);
    if (blockDbfs(block) > LEVEL_SILENCE_DBFS) refs.push(level.reference);
  }
  return refs;
}

/**
 * The gated loudness (dBFS, {@link LiveLoudness.loudness}) after every 100 ms step of `pcm` (48 kHz mono)
 * at which it is defined, in order.
 * @param pcm mono PCM at {@link LIVE_RATE}.
 */
export function loudnessLevels(pcm: Float32Array): number[] {
  // The stage's loudness only; its gain (at most 0 dB here) is not used.
  const stage = new LiveLoudness(LIVE_RATE, { lowDbfs: 0, maxGainDb: 0 });
  const levels: number[] = [];
  // Whole steps at a time, so that each push ends exactly one step.
  const step = Math.round(LOUDNESS_STEP_SECONDS * LIVE_RATE);
  for (let at = 0; at + step <= pcm.length; at += step) {
    stage.process(pcm.subarray(at, at + step));
    if (Number.isFinite(stage.loudness)) levels.push(stage.loudness);
  }
  return levels;
}

async function cli(folders: readonly string[]): Promise<void> {
  if (folders.length === 0) {
    process.stderr.write("usage: live-level-range.ts FOLDER...\n");
    process.exitCode = 1;
    return;
  }
  const refs: number[] = [];
  const medians: number[] = [];
  const loud: number[] = [];
  let items = 0;
  for (const folder of folders) {
    const dir = resolve(folder);
    for (const item of readdirSync(dir).sort()) {
      if (!existsSync(join(dir, item, "audio.wav"))) continue;
      const audio = await decodeAudioFile(join(dir, item, "audio.wav"));
      const own = referenceLevels(toLiveRate(audio.samples, audio.sampleRate));
      for (const r of own) refs.push(r);
      if (own.length > 0) medians.push(pct(own, 0.5));
      for (const l of loudnessLevels(toLiveRate(audio.samples, audio.sampleRate))) loud.push(l);
      items++;
    }
  }
  const round = (x: number) => Math.round(x * 10) / 10;
  console.log(
    JSON.stringify({
      items,
      blocks: refs.length,
      p05: round(pct(refs, 0.05)),
      p95: round(pct(refs, 0.95)),
      itemMedianMin: round(Math.min(...medians)),
      itemMedianMax: round(Math.max(...medians)),
      loudnessSteps: loud.length,
      loudnessP01: round(pct(loud, 0.01)),
      loudnessP50: round(pct(loud, 0.5)),
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await cli(process.argv.slice(2));
