/**
 * Score local keys (key segments, `AnalysisResult.keySegments`) on rendered corpora's validation songs:
 * per song the beat-duration-weighted MIREX weighted score of the key shown at each labelled beat against
 * the beat's annotated key (`CorpusItem.keyIndex`), averaged over songs, pooled and over the songs whose
 * labels hold more than one key. Three readings: "G", the key model's global key at every beat; "H", the
 * engine's hand-written `localKeys` at its defaults (`LOCAL_KEY_DEFAULTS`), each segment's key at its beats
 * (and "H shown": as the song screen shows it, the global key until the first key change, then each
 * segment's key); "L W… P…", the key model on windows of W beats every 4 beats, each beat reading its
 * nearest window's log-probabilities, decoded by Viterbi over the 24 keys with a switch penalty of P nats. Checked on
 * 2026-12-02 (PROVENANCE.md, "Local keys"). Nothing here reads the evaluation sets.
 *
 *   npx tsx packages/analysis/train/evaluate-local-keys.ts DIR [DIR …]   # render-corpus.ts --out folders
 *       [--grid] [--no-windows] [--json out.json]
 *
 * `--grid` adds the hand-written stage at every setting of window 10/20/30/45 s × switch penalty 3/6/12/24
 * × global-key bonus 0.05/0.1/0.2 × profiles KK+Temperley/POP909 ("H W… P… B… profiles"), with each
 * reading's pooled score on the two halves of the songs (floor(crc32 / 10) even / odd); `--no-windows`
 * leaves out the key-model readings "L".
 *
 * Modulations need songs rendered whole (`render-corpus.ts --validation-only --max-seconds 400`): the
 * 45-second cuts of the training corpora hold none.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { crc32 } from "node:zlib";
import * as ort from "onnxruntime-node";
import { LOCAL_KEY_DEFAULTS, type LocalKeyOptions, localKeys } from "../src/key.js";
import { createOnnxKeyModel, KEY_MODEL_FILE } from "../src/key-model.js";
import { parseKey } from "../src/labels.js";
import { modelPath } from "../src/onnx-node.js";
import { mirex } from "./key-score.js";
import type { CorpusItem } from "./render-corpus.js";

const tensor = (data: Float32Array, dims: readonly number[]) => new ort.Tensor("float32", data, dims);
const model = createOnnxKeyModel(await ort.InferenceSession.create(modelPath(KEY_MODEL_FILE)), tensor);
const { values: opts, positionals: dirs } = parseArgs({
  allowPositionals: true,
  options: {
    grid: { type: "boolean", default: false },
    "no-windows": { type: "boolean", default: false },
    json: { type: "string" },
  },
});
if (dirs.length === 0) {
  console.error(
    "usage: evaluate-local-keys.ts DIR [DIR …] [--grid] [--no-windows] [--json F] (render-corpus.ts output folders)",
  );
  process.exit(2);
}
const Ws = opts["no-windows"] ? [] : [16, 32, 64];
const Ps = [4, 8, 16];
/** The hand-written stage's settings: the shipped defaults ("H"), then the grid of `--grid`. */
const handWritten: [string, LocalKeyOptions][] = [["H", LOCAL_KEY_DEFAULTS]];
if (opts.grid)
  for (const profiles of ["kk-temperley", "pop909"] as const)
    for (const windowSeconds of [10, 20, 30, 45])
      for (const switchPenalty of [3, 6, 12, 24])
        for (const globalBonus of [0.05, 0.1, 0.2])
          handWritten.push([
            `H W${windowSeconds} P${switchPenalty} B${globalBonus} ${profiles}`,
            { windowSeconds, switchPenalty, globalBonus, profiles },
          ]);
type Res = {
  name: string;
  /** floor(crc32 / 10) % 2: which half of the songs. */
  half: number;
  modulating: boolean;
  scores: Record<string, number>;
  keyChanges: Record<string, number>;
};
const results: Res[] = [];

const predict = async (it: CorpusItem, a: number, b: number) =>
  model.predict({
    beats: b - a,
    features: Float32Array.from(it.features.slice(a * 24, b * 24)),
    weights: Float32Array.from(it.weights.slice(a, b)),
  });

/** The best key path for per-beat log-probabilities `[S × 24]`, `pen` nats per key change. */
function viterbi(logp: Float64Array, S: number, pen: number): number[] {
  const delta = new Float64Array(24);
  const back = new Int32Array(S * 24);
  for (let k = 0; k < 24; k++) delta[k] = logp[k] as number;
  for (let s = 1; s < S; s++) {
    let best = 0;
    for (let k = 1; k < 24; k++) if ((delta[k] as number) > (delta[best] as number)) best = k;
    const next = new Float64Array(24);
    for (let k = 0; k < 24; k++) {
      const stay = delta[k] as number;
      const sw = (delta[best] as number) - pen;
      if (stay >= sw) {
        next[k] = stay;
        back[s * 24 + k] = k;
      } else {
        next[k] = sw;
        back[s * 24 + k] = best;
      }
      next[k] = (next[k] as number) + (logp[s * 24 + k] as number);
    }
    delta.set(next);
  }
  let k = 0;
  for (let j = 1; j < 24; j++) if ((delta[j] as number) > (delta[k] as number)) k = j;
  const path = new Array<number>(S).fill(0);
  for (let s = S - 1; s >= 0; s--) {
    path[s] = k;
    k = back[s * 24 + k] as number;
  }
  return path;
}

for (const dir of dirs) {
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const it = JSON.parse(readFileSync(join(dir, f), "utf8")) as CorpusItem;
    if (crc32(`${it.corpus}-${it.id}`) % 10 !== 0) continue;
    const S = it.weights.length;
    if (S < 8) continue;
    const labelled = it.keyIndex
      .map((k, i) => (k >= 0 && (it.weights[i] as number) > 0 ? i : -1))
      .filter((i) => i >= 0);
    if (labelled.length === 0) continue;
    const score = (est: (i: number) => number) => {
      let s = 0;
      let w = 0;
      for (const i of labelled) {
        s += (it.weights[i] as number) * mirex(it.keyIndex[i] as number, est(i));
        w += it.weights[i] as number;
      }
      return s / w;
    };
    const g = await predict(it, 0, S);
    let gk = 0;
    for (let k = 1; k < 24; k++) if ((g[k] as number) > (g[gk] as number)) gk = k;
    const scores: Record<string, number> = { G: score(() => gk) };
    // H: the shipped hand-written local keys from the same features.
    const profiles = new Float64Array(S * 12);
    for (let s = 0; s < S; s++) {
      const w = it.weights[s] as number;
      if (!(w > 0)) continue;
      let nt = 0;
      let nb = 0;
      for (let i = 0; i < 12; i++) {
        nt += (it.features[s * 24 + i] as number) ** 2;
        nb += (it.features[s * 24 + 12 + i] as number) ** 2;
      }
      nt = Math.sqrt(nt);
      nb = Math.sqrt(nb);
      for (let i = 0; i < 12; i++)
        profiles[s * 12 + i] =
          w *
          ((nt > 0 ? (it.features[s * 24 + i] as number) / nt : 0) +
            (nb > 0 ? (it.features[s * 24 + 12 + i] as number) / nb : 0));
    }
    const keyChanges: Record<string, number> = { G: 0 };
    for (const [name, options] of handWritten) {
      const segs = localKeys(
        it.bounds,
        profiles,
        { tonic: gk % 12, mode: gk >= 12 ? "minor" : "major" },
        options,
      );
      const keyAt = (i: number) => {
        const mid = ((it.bounds[i] as number) + (it.bounds[i + 1] as number)) / 2;
        const seg = segs.find((x) => mid >= x.start && mid < x.end) ?? segs[segs.length - 1];
        if (!seg) return gk;
        const k = parseKey(seg.key);
        return k.tonic + (k.mode === "minor" ? 12 : 0);
      };
      scores[name] = score(keyAt);
      keyChanges[name] = Math.max(0, segs.length - 1);
      // As the song screen shows it: the global key until the first key change, then each segment's key.
      const firstEnd = segs[0]?.end ?? Number.POSITIVE_INFINITY;
      scores[`${name} shown`] = score((i) =>
        ((it.bounds[i] as number) + (it.bounds[i + 1] as number)) / 2 < firstEnd ? gk : keyAt(i),
      );
      keyChanges[`${name} shown`] = keyChanges[name] ?? 0;
    }
    // L: windows.
    for (const W of Ws) {
      const centres: number[] = [];
      for (let c = 0; c < S; c += 4) centres.push(c);
      const probs: Float32Array[] = [];
      for (const c of centres) {
        let a = Math.max(0, c - W / 2);
        let b = Math.min(S, a + W);
        a = Math.max(0, b - W);
        b = Math.min(S, Math.max(b, a + 1));
        probs.push(await predict(it, a, b));
      }
      const logp = new Float64Array(S * 24);
      for (let s = 0; s < S; s++) {
        const j = Math.min(centres.length - 1, Math.round(s / 4));
        const p = probs[j] as Float32Array;
        for (let k = 0; k < 24; k++) logp[s * 24 + k] = Math.log(Math.max(1e-6, p[k] as number));
      }
      for (const P of Ps) {
        const path = viterbi(logp, S, P);
        scores[`L W${W} P${P}`] = score((i) => path[i] as number);
        keyChanges[`L W${W} P${P}`] = path.filter((k, i) => i > 0 && k !== path[i - 1]).length;
      }
    }
    const modulating = new Set(labelled.map((i) => it.keyIndex[i])).size > 1;
    const half = Math.floor(crc32(`${it.corpus}-${it.id}`) / 10) % 2;
    results.push({ name: `${dir}/${f}`, half, modulating, scores, keyChanges });
  }
}
const names = Object.keys(results[0]?.scores ?? {});
const mean = (rs: Res[], n: string) => rs.reduce((a, r) => a + (r.scores[n] as number), 0) / rs.length;
const mod = results.filter((r) => r.modulating);
console.log(`${results.length} songs, ${mod.length} modulating`);
const meanOr = (rs: Res[], n: string) => (rs.length ? mean(rs, n).toFixed(4) : "–");
const halves = [0, 1].map((h) => results.filter((r) => r.half === h));
const summary = names.map((n) => ({
  reading: n,
  pooled: mean(results, n),
  modulating: mod.length ? mean(mod, n) : null,
  halves: halves.map((rs) => (rs.length ? mean(rs, n) : null)),
  songsShownAChange: results.filter((r) => (r.keyChanges[n] ?? 0) > 0).length,
}));
for (const r of summary)
  console.log(
    `${r.reading.padEnd(12)} pooled ${r.pooled.toFixed(4)}  modulating ${meanOr(mod, r.reading)}  halves ${r.halves.map((x) => x?.toFixed(4) ?? "–").join(" / ")}  songs shown a key change ${r.songsShownAChange}`,
  );
if (opts.json)
  writeFileSync(
    opts.json,
    `${JSON.stringify({ songs: results.length, modulating: mod.length, summary }, null, 1)}\n`,
  );
for (const d of dirs) {
  const rs = results.filter((r) => r.name.startsWith(d));
  const shown = names.filter((n) => !n.startsWith("H W"));
  console.log(d, shown.map((n) => `${n} ${mean(rs, n).toFixed(3)}`).join(" | "));
}
