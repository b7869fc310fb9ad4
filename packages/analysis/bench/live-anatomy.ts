/**
 * Where Live's latency goes: for each change of root or triad in a folder's truth, when the frame
 * model's own answer first names the new chord, and when the display does.
 *
 *   npx tsx packages/analysis/bench/live-anatomy.ts --folder DIR [--only TEXT] [--json FILE]
 *
 * Every `DIR/<item>/audio.*` with its `truth.json` is played through the exact Live path of
 * `bench:live --folder` (48 kHz, the AudioWorklet block, options from `LIVE_OPTS`, the learned models as
 * the Live screen loads them), with the frame model's outputs recorded. The model "names" a chord at the
 * first frame after the change whose most probable family (root and triad, its classes' probabilities
 * summed; "no chord" its own) is the truth's, and has settled at the first of {@link MODEL_HELD_FRAMES}
 * frames in a row that are; the display names it at the first block after the change whose
 * shown chord has the truth's root and triad. Changes whose chord is never named by one of them within
 * {@link LATENCY_CAP_SECONDS} are counted apart. A measure of where the time goes; it chooses nothing.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chordToHarte } from "../src/labels.js";
import { FRAME_MODEL_CLASSES } from "../src/live/frame-features.js";
import { LIVE_BLOCK, LiveListener, type LiveListenerOptions } from "../src/live/session.js";
import { decodeAudioFile } from "../src/node.js";
import type { LiveChordModel } from "../src/types.js";
import { encodeChord } from "../testing/metrics.js";
import { LATENCY_CAP_SECONDS, LIVE_RATE, pct, toLiveRate, withModels } from "./live-folder.js";

/** A moment's reading: seconds from the stream's start, and the chord's family ("N" or "root:maj|min"). */
export interface FamilyAt {
  time: number;
  family: string;
}

/**
 * The family of a Harte label: "N" for no chord, else "<root pitch class>:min" when the chord has a minor
 * third and no major third, "<root>:maj" otherwise (7, maj7 and sus chords with the major triads).
 * @throws {Error} for a label `encodeChord` cannot read.
 */
export function familyOfLabel(harte: string): string {
  if (harte === "N" || harte === "X") return "N";
  const e = encodeChord(harte);
  const minor = e.bitmap[3] === 1 && e.bitmap[4] !== 1; // the bitmap is relative to the root
  return `${e.root}:${minor ? "min" : "maj"}`;
}

/**
 * The most probable family of one frame of the frame model's 61 log-probabilities (class 0 "no chord",
 * quality q of `FRAME_MODEL_QUALITIES` on root r at 1 + 12q + r; min and min7 are minor).
 */
export function frameFamily(logProbs: ArrayLike<number>, offset = 0): string {
  const sums = new Map<string, number>([["N", Math.exp(logProbs[offset] as number)]]);
  for (let c = 1; c < FRAME_MODEL_CLASSES; c++) {
    const q = Math.floor((c - 1) / 12);
    const fam = `${(c - 1) % 12}:${q === 1 || q === 4 ? "min" : "maj"}`;
    sums.set(fam, (sums.get(fam) ?? 0) + Math.exp(logProbs[offset + c] as number));
  }
  let best = "N";
  for (const [fam, p] of sums) if (p > (sums.get(best) ?? 0)) best = fam;
  return best;
}

/**
 * One change of root or triad: seconds from the change to the model's and the display's first right
 * answer, and to the first of {@link MODEL_HELD_FRAMES} frames in a row the model answers right.
 */
export interface ChangeAnatomy {
  model: number;
  /** null when the model never answers right that long before the next change or the cap */
  modelHeld: number | null;
  shown: number;
}

/** Frames in a row (about 0.13 s) for {@link ChangeAnatomy.modelHeld}: a settled answer, not a passing one. */
export const MODEL_HELD_FRAMES = 6;

/**
 * Per change of family in `truth` (sorted, Harte labels; changes to "N" left out), the delay of the first
 * `model` and the first `shown` reading of the new family at or after the change, each within `cap`
 * seconds and before the next true change.
 * @returns the changes both named, and how many were not named by the model or by the display.
 */
export function latencyAnatomy(
  truth: readonly { start: number; end: number; label: string }[],
  model: readonly FamilyAt[],
  shown: readonly FamilyAt[],
  cap = LATENCY_CAP_SECONDS,
): { changes: ChangeAnatomy[]; modelMissed: number; shownMissed: number } {
  const changes: ChangeAnatomy[] = [];
  let modelMissed = 0;
  let shownMissed = 0;
  const first = (xs: readonly FamilyAt[], from: number, to: number, family: string) =>
    xs.find((x) => x.time >= from && x.time < to && x.family === family);
  for (let k = 1; k < truth.length; k++) {
    const c = truth[k] as (typeof truth)[number];
    const family = familyOfLabel(c.label);
    if (family === "N" || family === familyOfLabel((truth[k - 1] as (typeof truth)[number]).label)) continue;
    const to = Math.min(c.start + cap, truth[k + 1]?.start ?? Number.POSITIVE_INFINITY);
    const m = first(model, c.start, to, family);
    const s = first(shown, c.start, to, family);
    if (!m) modelMissed++;
    if (!s) shownMissed++;
    let held: FamilyAt | undefined;
    for (let i = 0; i < model.length && !held; i++) {
      const x = model[i] as FamilyAt;
      if (x.time < c.start || x.time >= to) continue;
      let run = 0;
      while (run < MODEL_HELD_FRAMES && model[i + run]?.family === family) run++;
      if (run === MODEL_HELD_FRAMES) held = x;
    }
    if (m && s)
      changes.push({
        model: m.time - c.start,
        modelHeld: held ? held.time - c.start : null,
        shown: s.time - c.start,
      });
  }
  return { changes, modelMissed, shownMissed };
}

/** Median and p95 in ms of each side of `changes`, and of the display's delay after the model's. */
export function anatomySummary(changes: readonly ChangeAnatomy[]) {
  const ms = (xs: number[], p: number) => (xs.length ? Math.round(1000 * pct(xs, p)) : null);
  const model = changes.map((c) => c.model);
  const shown = changes.map((c) => c.shown);
  const after = changes.map((c) => c.shown - c.model);
  const held = changes.flatMap((c) => (c.modelHeld === null ? [] : [c.modelHeld]));
  return {
    changes: changes.length,
    modelMedianMs: ms(model, 0.5),
    modelP95Ms: ms(model, 0.95),
    modelHeldMedianMs: ms(held, 0.5),
    modelHeldP95Ms: ms(held, 0.95),
    modelNeverHeld: changes.length - held.length,
    shownMedianMs: ms(shown, 0.5),
    shownP95Ms: ms(shown, 0.95),
    shownAfterModelMedianMs: ms(after, 0.5),
    shownAfterModelP95Ms: ms(after, 0.95),
  };
}

/**
 * Play one 48 kHz recording through Live as `bench:live --folder` does, recording the frame model's
 * family per frame (timed by the block after which the model read it, less one frame hop per newer frame
 * of its batch) and the shown chord's family per block.
 */
async function play(pcm: Float32Array, options: LiveListenerOptions) {
  const inner = options.liveChordModel as LiveChordModel;
  const model: FamilyAt[] = [];
  let now = 0;
  let hop = 0;
  const recording: LiveChordModel = {
    predict: async (input) => {
      const lp = await inner.predict(input);
      for (let t = 0; t < input.frames; t++)
        model.push({
          time: now - (input.frames - 1 - t) * hop,
          family: frameFamily(lp, t * FRAME_MODEL_CLASSES),
        });
      return lp;
    },
  };
  const listener = new LiveListener(LIVE_RATE, { ...options, liveChordModel: recording });
  hop = listener.hopSeconds;
  const shown: FamilyAt[] = [];
  for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
    now = (s + LIVE_BLOCK) / LIVE_RATE;
    const last = listener.push(pcm.subarray(s, s + LIVE_BLOCK)).chords.at(-1);
    if (last) shown.push({ time: now, family: familyOfLabel(chordToHarte(last.chord)) });
    await listener.refreshKey();
    await listener.refreshChords();
    await listener.refreshFrames();
  }
  // Each run re-reads up to FRAME_CONTEXT older frames as context: keep one answer per frame (the model
  // is causal and its receptive field fits the context, so a frame's answer is the same in every run).
  model.sort((a, b) => a.time - b.time);
  const frames = model.filter((x, i) => i === 0 || x.time - (model[i - 1] as FamilyAt).time > hop / 2);
  return { model: frames, shown };
}

async function main(argv: readonly string[]): Promise<void> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const folder = arg("--folder");
  if (!folder) throw new Error("usage: live-anatomy.ts --folder DIR [--only TEXT] [--json FILE]");
  const only = arg("--only") ?? "";
  const options = await withModels(JSON.parse(process.env.LIVE_OPTS ?? "{}"), argv);
  if (!options.liveChordModel) throw new Error("Live's frame model did not load (models/live-chords.onnx)");
  const all: ChangeAnatomy[] = [];
  let modelMissed = 0;
  let shownMissed = 0;
  const items: Record<string, ReturnType<typeof anatomySummary>> = {};
  for (const item of readdirSync(folder).sort()) {
    if (!item.includes(only)) continue;
    const dir = join(folder, item);
    const audio = readdirSync(dir).find((f) => f.startsWith("audio."));
    let truthText: string;
    try {
      truthText = readFileSync(join(dir, "truth.json"), "utf8");
    } catch {
      continue;
    }
    if (!audio) continue;
    const truth = [...(JSON.parse(truthText).chords ?? [])].sort((a, b) => a.start - b.start);
    const decoded = await decodeAudioFile(join(dir, audio));
    const { model, shown } = await play(toLiveRate(decoded.samples, decoded.sampleRate), options);
    const a = latencyAnatomy(truth, model, shown);
    all.push(...a.changes);
    modelMissed += a.modelMissed;
    shownMissed += a.shownMissed;
    items[item] = anatomySummary(a.changes);
    const s = items[item];
    console.log(
      `${item.padEnd(34)} model ${s.modelMedianMs} / ${s.modelP95Ms} ms (held ${s.modelHeldMedianMs} / ${s.modelHeldP95Ms} ms)  shown ${s.shownMedianMs} / ${s.shownP95Ms} ms  shown after the model ${s.shownAfterModelMedianMs} / ${s.shownAfterModelP95Ms} ms (${s.changes} changes)`,
    );
  }
  const pooled = { ...anatomySummary(all), modelMissed, shownMissed };
  console.log(
    `pooled: the model names the new chord ${pooled.modelMedianMs} / ${pooled.modelP95Ms} ms after the change (median / p95), for ${MODEL_HELD_FRAMES} frames in a row ${pooled.modelHeldMedianMs} / ${pooled.modelHeldP95Ms} ms (never: ${pooled.modelNeverHeld}), the display ${pooled.shownMedianMs} / ${pooled.shownP95Ms} ms, ${pooled.shownAfterModelMedianMs} / ${pooled.shownAfterModelP95Ms} ms after the model (${pooled.changes} changes; not named by the model ${modelMissed}, by the display ${shownMissed})`,
  );
  const json = arg("--json");
  const out = JSON.stringify({ bench: "live-anatomy", folder: resolve(folder), pooled, items });
  if (json) writeFileSync(json, `${out}\n`);
  console.log(JSON.stringify({ bench: "live-anatomy", folder: resolve(folder), pooled }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main(process.argv.slice(2));
