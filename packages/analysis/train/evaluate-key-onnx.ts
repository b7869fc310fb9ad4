/**
 * Score an exported key model (`train_key_model.py --export`) on a rendered corpus's validation split, the
 * way `train_key_model.py` scores the model it trains: MIREX weighted score against each song's main key
 * (the key of most beat time) on whole songs, their first 30 s and their first 15 s, and the selection
 * score (the mean of the three). So a model trained on one corpus can be compared with one trained on
 * another on the same held-out songs. Nothing here reads the evaluation sets.
 *
 *   npx tsx packages/analysis/train/evaluate-key-onnx.ts --data DIR [--model models/key.onnx]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { crc32 } from "node:zlib";
import * as ort from "onnxruntime-node";
import { createOnnxKeyModel, KEY_MODEL_FILE } from "../src/key-model.js";
import { modelPath } from "../src/onnx-node.js";
import { mirex } from "./key-score.js";
import type { CorpusItem } from "./render-corpus.js";

const { values: opts } = parseArgs({
  options: {
    data: { type: "string", default: "/tmp/tonic-corpus" },
    model: { type: "string", default: modelPath(KEY_MODEL_FILE) },
  },
});

const tensor = (data: Float32Array, dims: readonly number[]) => new ort.Tensor("float32", data, dims);
const model = createOnnxKeyModel(await ort.InferenceSession.create(resolve(opts.model ?? "")), tensor);
const dir = resolve(opts.data ?? "");
const totals = { whole: 0, first30s: 0, first15s: 0 };
let songs = 0;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const item = JSON.parse(readFileSync(join(dir, file), "utf8")) as CorpusItem;
  if (crc32(`${item.corpus}-${item.id}`) % 10 !== 0) continue;
  const T = item.weights.length;
  if (T < 4) continue;
  const tally = new Array<number>(24).fill(0);
  item.keyIndex.forEach((k, i) => {
    if (k >= 0) tally[k] = (tally[k] as number) + (item.weights[i] as number);
  });
  if (Math.max(...tally) <= 0) continue;
  const truth = tally.indexOf(Math.max(...tally));
  songs++;
  // The beats whose start lies within the first `clip` seconds (at least 4), as train_key_model.py cuts.
  const upTo = (clip: number) => {
    let t = 0;
    let n = 0;
    for (const w of item.weights) {
      if (t >= clip) break;
      t += w;
      n++;
    }
    return Math.max(4, n);
  };
  for (const [name, n] of [
    ["whole", T],
    ["first30s", upTo(30)],
    ["first15s", upTo(15)],
  ] as const) {
    const p = await model.predict({
      beats: n,
      features: Float32Array.from(item.features.slice(0, n * 24)),
      weights: Float32Array.from(item.weights.slice(0, n)),
    });
    totals[name] += mirex(truth, p.indexOf(Math.max(...p)));
  }
}
const r = (x: number) => Math.round((x / Math.max(1, songs)) * 1000) / 1000;
const report = {
  model: opts.model,
  songs,
  weighted: r(totals.whole),
  first30s: r(totals.first30s),
  first15s: r(totals.first15s),
  selection: r((totals.whole + totals.first30s + totals.first15s) / 3),
};
console.log(JSON.stringify(report));
