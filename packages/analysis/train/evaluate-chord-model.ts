/**
 * Compare the template recogniser alone and joined by the learned emission model (weight 1, as the
 * engine uses it) on the POP909 renderings `train-chord-model.ts` holds out (id divisible by 7), beat by
 * beat, with and without the HMM.
 *
 *   npx tsx packages/analysis/train/evaluate-chord-model.ts --in DIR
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { chordModelLogProbs } from "../src/chord-model.js";
import { CHORD_MODEL_WEIGHTS } from "../src/chord-model-weights.js";
import { chordVocabulary, recogniseChords } from "../src/chords.js";
import { readFeatureFile } from "./feature-file.js";

const { values: opts } = parseArgs({ options: { in: { type: "string", default: "/tmp/pop909-features" } } });
const dir = resolve(opts.in);
const vocab = chordVocabulary();
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json") && Number.parseInt(f, 10) % 7 === 0)
  .sort();
const minorQ = new Set(["min", "min7", "dim", "hdim7"]);
type Cfg = { name: string; pStay: number; model?: number };
const cfgs: Cfg[] = [
  { name: "templates, no HMM", pStay: 1 / 97 },
  { name: "templates, HMM", pStay: 0.7 },
  { name: "templates × model, no HMM", pStay: 1 / 97, model: 1 },
  { name: "templates × model, HMM", pStay: 0.7, model: 1 },
];
for (const cfg of cfgs) {
  let n = 0;
  let exact = 0;
  let majmin = 0;
  for (const f of files) {
    const d = readFeatureFile(dir, f);
    const { treble, bass, silent, segments: S } = d;
    const model =
      cfg.model !== undefined
        ? { logProbs: chordModelLogProbs(treble, bass, S, CHORD_MODEL_WEIGHTS), weight: cfg.model }
        : undefined;
    const { state } = recogniseChords(
      { treble, bass, silent, segments: S },
      vocab,
      { pStay: cfg.pStay },
      undefined,
      model,
    );
    for (let s = 0; s < S; s++) {
      const l = d.labels[s];
      if (!l || silent[s]) continue;
      n++;
      const st = vocab[state[s] as number];
      if (!st) continue;
      const refQ =
        l[0] < 0 ? "N" : (["maj", "min", "7", "maj7", "min7", "dim", "hdim7", "sus4"][l[1]] as string);
      if (l[0] < 0 ? st.root < 0 : st.root === l[0] && st.harte === refQ) exact++;
      if (l[0] < 0 ? st.root < 0 : st.root === l[0] && minorQ.has(st.harte) === minorQ.has(refQ)) majmin++;
    }
  }
  console.log(
    `${cfg.name.padEnd(26)} exact ${(exact / n).toFixed(3)}  root+third ${(majmin / n).toFixed(3)}  (${n} beats)`,
  );
}
