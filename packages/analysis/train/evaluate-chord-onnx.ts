/**
 * Choose how the learned chord model (`train_chord_model.py`'s ONNX export) joins the chord stage, on the
 * training corpora's validation split only (crc32("<corpus>-<id>") % 10 == 0, the split of both
 * training scripts): every variant decodes the stored harmonic features with the engine's own chord
 * stage (templates + HMM + key prior from the shipped key model) and is scored against the exact labels
 * with the benchmark's metrics (mir_eval majmin, sevenths, segmentation). Nothing here reads the
 * evaluation sets.
 *
 *   npx tsx packages/analysis/train/evaluate-chord-onnx.ts --data DIR --model chords.onnx \
 *       [--weights 0.5,1,2,4] [--p-stay 0.7] [--key-prior 0.12] [--harmonic-decay 0.6]
 *       [--soundfont MuseScore_General] [--report out.json]
 *
 * `--p-stay`, `--key-prior` and `--harmonic-decay` (lists) sweep the chord stage's decoding (`ChordDecoding`:
 * the HMM's self-transition, the key prior's weight, the templates' harmonic decay) with every weight:
 * variants "onnx×w" at the shipped decoding (LEARNED_CHORD_DECODING), else "onnx×w p… k… h…"; each is also
 * scored on the two halves of the songs ("half0" / "half1": floor(crc32 / 10) even / odd).
 *
 * With `--soundfont`, the songs scored are every song rendered with that soundfont (for a model trained
 * without them: `train_chord_model.py --holdout-soundfont`), i.e. instruments the model never heard.
 *
 * A model that reads the log semitone spectrum (`train_chord_model.py --input spectrum`) gets it from
 * `<song>.semi.i16` beside each song (`render-corpus.ts --pitch-spectrum`).
 *
 * Variant "built-in": the engine without the ONNX chord model (templates + chord-model.ts);
 * "onnx×w": templates + the ONNX model's log-probabilities with weight w (a product of experts). Scores
 * are given over all validation songs and per corpus: the built-in model was trained on POP909
 * renderings (render-pop909.ts, its own split), so only the Billboard songs are unseen by both.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { crc32 } from "node:zlib";
import * as ort from "onnxruntime-node";
import { createOnnxChordModel, createOnnxKeyModel, KEY_MODEL_FILE } from "../src/key-model.js";
import { chordToHarte, parseKey } from "../src/labels.js";
import { modelPath } from "../src/onnx-node.js";
import {
  type BeatSyncFeatures,
  CHORD_DECODING,
  type ChordDecoding,
  chordModelInput,
  chordSegments,
  chordStage,
  keyFromProbabilities,
  LEARNED_CHORD_DECODING,
} from "../src/stages.js";
import { seconds } from "../src/types.js";
import {
  chordWcsr,
  compareMajmin,
  compareSevenths,
  type LabeledInterval,
  segmentationScore,
} from "../testing/metrics.js";
import type { CorpusItem } from "./render-corpus.js";

const { values: opts } = parseArgs({
  options: {
    data: { type: "string", default: "/tmp/tonic-corpus" },
    model: { type: "string", default: modelPath("chords.onnx") },
    weights: { type: "string", default: "0.5,1,2,4" },
    "p-stay": { type: "string", default: String(LEARNED_CHORD_DECODING.pStay) },
    "key-prior": { type: "string", default: String(LEARNED_CHORD_DECODING.keyPriorWeight) },
    "harmonic-decay": { type: "string", default: String(LEARNED_CHORD_DECODING.harmonicDecay) },
    soundfont: { type: "string" },
    report: { type: "string" },
  },
});
const dir = resolve(opts.data ?? "");
const isValidation = (name: string) => crc32(name) % 10 === 0;
const tensor = (data: Float32Array, dims: readonly number[]) => new ort.Tensor("float32", data, dims);
const keyModel = createOnnxKeyModel(await ort.InferenceSession.create(modelPath(KEY_MODEL_FILE)), tensor);
const chordModel = createOnnxChordModel(await ort.InferenceSession.create(resolve(opts.model ?? "")), tensor);
const weights = (opts.weights ?? "1").split(",").map(Number);
const decodings: [string, ChordDecoding][] = [];
for (const pStay of (opts["p-stay"] ?? "").split(",").map(Number))
  for (const keyPriorWeight of (opts["key-prior"] ?? "").split(",").map(Number))
    for (const harmonicDecay of (opts["harmonic-decay"] ?? "").split(",").map(Number)) {
      const shipped =
        pStay === LEARNED_CHORD_DECODING.pStay &&
        keyPriorWeight === LEARNED_CHORD_DECODING.keyPriorWeight &&
        harmonicDecay === LEARNED_CHORD_DECODING.harmonicDecay;
      decodings.push([
        shipped ? "" : ` p${pStay} k${keyPriorWeight} h${harmonicDecay}`,
        { pStay, keyPriorWeight, harmonicDecay },
      ]);
    }

/** Merge per-segment labels into intervals. */
function intervals(bounds: readonly number[], labels: readonly string[]): LabeledInterval[] {
  const out: LabeledInterval[] = [];
  labels.forEach((label, s) => {
    const last = out.at(-1);
    if (last && last.label === label) last.end = bounds[s + 1] as number;
    else out.push({ start: bounds[s] as number, end: bounds[s + 1] as number, label });
  });
  return out;
}

type Scores = { majmin: number[]; sevenths: number[]; segmentation: number[] };
/** Scores per variant, over all validation songs ("all") and per corpus ("billboard", "pop909"). */
const variants = new Map<string, Scores>();
const add = (name: string, ref: LabeledInterval[], est: LabeledInterval[], corpus: string, half: number) => {
  for (const key of [`${name} all`, `${name} ${corpus}`, `${name} half${half}`]) score(key, ref, est);
};
const score = (name: string, ref: LabeledInterval[], est: LabeledInterval[]) => {
  const v = variants.get(name) ?? { majmin: [], sevenths: [], segmentation: [] };
  variants.set(name, v);
  const mm = chordWcsr(ref, est, compareMajmin);
  const sv = chordWcsr(ref, est, compareSevenths);
  if (mm !== null) v.majmin.push(mm);
  if (sv !== null) v.sevenths.push(sv);
  v.segmentation.push(segmentationScore(ref, est));
};

let songs = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const item = JSON.parse(readFileSync(join(dir, file), "utf8")) as CorpusItem;
  const held = opts.soundfont ? item.soundfont === opts.soundfont : isValidation(`${item.corpus}-${item.id}`);
  if (!held || !item.harmonicTreble) continue;
  const S = item.chords.length;
  if (S < 4) continue;
  songs++;
  const harmonic: BeatSyncFeatures = {
    bounds: item.bounds.map(seconds),
    segments: S,
    treble: Float64Array.from(item.harmonicTreble),
    bass: Float64Array.from(item.harmonicBass),
    silent: Uint8Array.from(item.silent),
    loudness: new Float64Array(S),
  };
  const key = keyFromProbabilities(
    await keyModel.predict({
      beats: S,
      features: Float32Array.from(item.features),
      weights: Float32Array.from(item.weights),
    }),
  );
  const prior = key.confidence > 0 ? parseKey(key.key) : null;
  const ref = intervals(item.bounds, item.chords);
  const half = Math.floor(crc32(`${item.corpus}-${item.id}`) / 10) % 2;
  const estimate = (
    learned: { logProbs: Float64Array; weight: number } | null,
    decoding: ChordDecoding = LEARNED_CHORD_DECODING,
  ) =>
    chordSegments(harmonic, chordStage(harmonic, prior, false, learned, decoding)).map((c) => ({
      start: c.start as number,
      end: c.end as number,
      label: chordToHarte(c.chord),
    }));
  add("built-in", ref, estimate(null, CHORD_DECODING), item.corpus, half);
  const semi = join(dir, `${item.corpus}-${item.id}.semi.i16`);
  const spectrum = existsSync(semi)
    ? Float32Array.from(new Int16Array(new Uint8Array(readFileSync(semi)).buffer), (v) => v / 1000)
    : undefined;
  const logProbs = Float64Array.from(await chordModel.predict(chordModelInput(harmonic, spectrum)));
  for (const w of weights)
    for (const [suffix, decoding] of decodings)
      add(`onnx×${w}${suffix}`, ref, estimate({ logProbs, weight: w }, decoding), item.corpus, half);
}

const mean = (xs: number[]) =>
  Math.round((xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)) * 1000) / 1000;
const report = {
  split: opts.soundfont
    ? `every song rendered with ${opts.soundfont}`
    : "validation = crc32('<corpus>-<id>') % 10 == 0, by song",
  songs,
  variants: Object.fromEntries(
    [...variants].map(([name, v]) => [
      name,
      { majmin: mean(v.majmin), sevenths: mean(v.sevenths), segmentation: mean(v.segmentation) },
    ]),
  ),
};
console.log(JSON.stringify(report, null, 1));
if (opts.report) writeFileSync(opts.report, `${JSON.stringify(report, null, 1)}\n`);
