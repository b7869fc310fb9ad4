/**
 * Score exported beat models (`train_beat_model.py --export`) on a rendered corpus's validation split
 * (`render-corpus.ts --beat-bands`), decoded as the engine decodes them (`--decoder dbn`:
 * {@link decodeBeatsDbn} with each `--dbn-range` and `--dbn-lambda`; `--decoder dp`: {@link trackActivationBeats}
 * at each `--tightness`): beat F-measure (±70 ms, beats before 5 s ignored) and tempo Acc1 / Acc2 (4 %)
 * against the songs' true beats, beside the engine's hand-written beat tracker on the same songs (the
 * segment bounds `render-corpus.ts` stored). Pooled, per corpus and per metre. Nothing here reads the evaluation sets.
 *
 * Defaults: the shipped model and decoding (LEARNED_BEAT_DECODING: the DBN with BEAT_DBN).
 *
 *   npx tsx packages/analysis/train/evaluate-beat-onnx.ts --data DIR [--model a.onnx,b.onnx]
 *       [--decoder dbn] [--dbn-range 40-240,55-215] [--dbn-lambda 100,30] [--dbn-observation 16]
 *       [--decoder dp] [--tightness 100,400] [--prior-sigma 1,2] [--double-lag 0.5,0] [--smooth 0,2]
 *       [--json out.json]
 *
 * `--json` writes the scores (per model and tightness, and the hand-written tracker's). `--into REPORT
 * --as NAME` adds them to a model's training report (`models/beats.json`, read by `npm run bench`) as
 * `decoding.NAME`: the hand-written tracker's scores, the first model's at the first tightness
 * (`learned`, what ships) and the whole sweep.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { crc32 } from "node:zlib";
import * as ort from "onnxruntime-node";
import {
  ACTIVATION_TEMPO,
  BEAT_BANDS,
  BEAT_FRAME_RATE,
  trackActivationBeats,
} from "../src/beat-activation.js";
import { BEAT_DBN, type BeatDbnOptions, decodeBeatsDbn } from "../src/beat-dbn.js";
import { BEAT_MODEL_FILE, createOnnxBeatModel } from "../src/key-model.js";
import { modelPath } from "../src/onnx-node.js";
import { beatPeriod } from "../src/rhythm.js";
import { LEARNED_BEAT_DECODING, LEARNED_BEAT_TIGHTNESS } from "../src/stages.js";
import { beatFMeasure, tempoAcc1, tempoAcc2 } from "../testing/metrics.js";
import type { CorpusItem } from "./render-corpus.js";

const { values: opts } = parseArgs({
  options: {
    data: { type: "string", default: "/tmp/tonic-corpus" },
    model: { type: "string", default: modelPath(BEAT_MODEL_FILE) },
    tightness: { type: "string", default: String(LEARNED_BEAT_TIGHTNESS) },
    "prior-sigma": { type: "string", default: String(ACTIVATION_TEMPO.priorSigmaOctaves) },
    "double-lag": { type: "string", default: String(ACTIVATION_TEMPO.doubleLagWeight) },
    smooth: { type: "string", default: String(ACTIVATION_TEMPO.smoothFrames) },
    json: { type: "string" },
    into: { type: "string" },
    as: { type: "string", default: "rendered" },
    decoder: { type: "string", default: LEARNED_BEAT_DECODING.decoder },
    "dbn-range": { type: "string", default: `${BEAT_DBN.minBpm}-${BEAT_DBN.maxBpm}` },
    "dbn-lambda": { type: "string", default: String(BEAT_DBN.transitionLambda) },
    "dbn-observation": { type: "string", default: String(BEAT_DBN.observationLambda) },
  },
});

/** Tempo (BPM) of a beat list: 60 / its least-squares period (0 for fewer than 2 beats). */
const bpmOf = (beats: readonly number[]) => {
  const p = beatPeriod(beats);
  return p > 0 ? 60 / p : 0;
};

interface Tally {
  f: number;
  acc1: number;
  acc2: number;
  n: number;
}
/** Add one song to the tallies "all" and `group` of `into`. */
const add = (into: Record<string, Tally>, groups: string[], f: number, ref: number, est: number) => {
  for (const k of ["all", ...groups]) {
    into[k] ??= empty();
    tallyOne(into[k] as Tally, f, ref, est);
  }
};
const tallyOne = (t: Tally, f: number, ref: number, est: number) => {
  t.f += f;
  t.acc1 += tempoAcc1(ref, est) ? 1 : 0;
  t.acc2 += tempoAcc2(ref, est) ? 1 : 0;
  t.n++;
};
/** A tally as rounded means, for the JSON report. */
const means = (t: Tally) => ({
  beatF: Math.round((t.f / t.n) * 1000) / 1000,
  tempoAcc1: Math.round((t.acc1 / t.n) * 1000) / 1000,
  tempoAcc2: Math.round((t.acc2 / t.n) * 1000) / 1000,
  songs: t.n,
});
const show = (t: Tally) =>
  `beat F ${(t.f / t.n).toFixed(3)}  Acc1 ${(t.acc1 / t.n).toFixed(3)}  Acc2 ${(t.acc2 / t.n).toFixed(3)}  (${t.n} songs)`;
const empty = (): Tally => ({ f: 0, acc1: 0, acc2: 0, n: 0 });

const dir = resolve(opts.data ?? "");
const songs: { name: string; corpus: string; item: CorpusItem; bands: Float32Array; frames: number }[] = [];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const name = file.slice(0, -".json".length);
  if (crc32(name) % 10 !== 0 || !existsSync(join(dir, `${name}.bands.i16`))) continue;
  const item = JSON.parse(readFileSync(join(dir, file), "utf8")) as CorpusItem;
  const raw = readFileSync(join(dir, `${name}.bands.i16`));
  const q = new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
  songs.push({
    name,
    corpus: item.corpus,
    item,
    bands: Float32Array.from(q, (v) => v / 1000),
    frames: q.length / BEAT_BANDS,
  });
}

const handWritten: Record<string, Tally> = { all: empty() };
for (const s of songs) {
  const ref = s.item.beats;
  const est = s.item.bounds.slice(1, -1);
  const f = beatFMeasure(ref, est);
  add(handWritten, [s.corpus, s.item.metre], f, bpmOf(ref), bpmOf(est));
}
// The corpus's own segment bounds are the hand-written tracker's unless it was rendered with --learned-beats.
const learnedBounds = songs.some((s) => s.item.beatTracker === "learned");
console.log(
  `${learnedBounds ? "the corpus's bounds (learned beats, --learned-beats)" : "hand-written beat tracker"}: ${show(handWritten.all as Tally)}`,
);
for (const [k, t] of Object.entries(handWritten)) if (k !== "all") console.log(`  ${k}: ${show(t)}`);

const report: {
  data: string;
  handWritten: ReturnType<typeof means>;
  learned: Record<string, ReturnType<typeof means>>;
} = {
  data: dir,
  handWritten: means(handWritten.all as Tally),
  learned: {},
};
const tensor = (data: Float32Array, dims: readonly number[]) => new ort.Tensor("float32", data, dims);
/** The songs' activations of the model being scored (filled per model below). */
let activations: Float32Array[] = [];
/** Scores one decoding of the activations against the songs' beats, prints and records it as `name`. */
const scoreDecoding = (name: string, decode: (activation: Float32Array) => number[]) => {
  const tally: Record<string, Tally> = { all: empty() };
  songs.forEach((s, i) => {
    const ref = s.item.beats;
    const est = decode(activations[i] as Float32Array);
    add(tally, [s.corpus, s.item.metre], beatFMeasure(ref, est), bpmOf(ref), bpmOf(est));
  });
  console.log(`${name}: ${show(tally.all as Tally)}`);
  report.learned[name] = means(tally.all as Tally);
  for (const [k, t] of Object.entries(tally)) if (k !== "all") console.log(`  ${k}: ${show(t)}`);
};
for (const path of (opts.model ?? "").split(",")) {
  const model = createOnnxBeatModel(await ort.InferenceSession.create(resolve(path)), tensor);
  activations = [];
  for (const s of songs) activations.push(await model.predict({ frames: s.frames, features: s.bands }));
  const readings = (opts["prior-sigma"] ?? "").split(",").flatMap((sigma) =>
    (opts["double-lag"] ?? "").split(",").flatMap((w) =>
      (opts.smooth ?? "").split(",").map((smooth) => ({
        priorSigmaOctaves: Number(sigma),
        doubleLagWeight: Number(w),
        smoothFrames: Number(smooth),
      })),
    ),
  );
  if (opts.decoder === "dbn") {
    const variants: BeatDbnOptions[] = (opts["dbn-range"] ?? "").split(",").flatMap((range) =>
      (opts["dbn-lambda"] ?? "").split(",").flatMap((lambda) =>
        (opts["dbn-observation"] ?? "").split(",").map((o) => {
          const [lo, hi] = range.split("-").map(Number);
          return {
            ...BEAT_DBN,
            minBpm: lo as number,
            maxBpm: hi as number,
            transitionLambda: Number(lambda),
            observationLambda: Number(o),
          };
        }),
      ),
    );
    for (const v of variants)
      scoreDecoding(
        `${basename(path)} DBN ${v.minBpm}-${v.maxBpm} BPM λ ${v.transitionLambda} observation ${v.observationLambda}`,
        (a) => decodeBeatsDbn(a, BEAT_FRAME_RATE, v).beats,
      );
    continue;
  }
  for (const tempo of readings)
    for (const tightness of (opts.tightness ?? "").split(",").map(Number))
      scoreDecoding(
        `${basename(path)} tightness ${tightness}${readings.length > 1 ? ` tempo prior σ ${tempo.priorSigmaOctaves} double lag ${tempo.doubleLagWeight} smoothed ${tempo.smoothFrames}` : ""}`,
        (a) => trackActivationBeats(a, BEAT_FRAME_RATE, tightness, tempo).beats,
      );
}
if (opts.json) writeFileSync(resolve(opts.json), `${JSON.stringify(report, null, 1)}\n`);
if (opts.into) {
  const file = resolve(opts.into);
  const target = JSON.parse(readFileSync(file, "utf8")) as { decoding?: Record<string, unknown> };
  const shipped = Object.keys(report.learned)[0] ?? "";
  target.decoding ??= {};
  const before = target.decoding[opts.as ?? "rendered"] as { sweep?: Record<string, unknown> } | undefined;
  target.decoding[opts.as ?? "rendered"] = {
    songs: report.handWritten.songs,
    shipped,
    learned: report.learned[shipped],
    handWritten: report.handWritten,
    // Earlier sweeps on the same songs stay beside this one.
    sweep: { ...(before?.sweep ?? {}), ...report.learned },
  };
  writeFileSync(file, `${JSON.stringify(target, null, 1)}\n`);
}
