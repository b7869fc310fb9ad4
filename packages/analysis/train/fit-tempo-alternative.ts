/**
 * Check a half/double reading of the engine's tempo (PROVENANCE.md, "The tempo's half/double
 * alternative"; checked, not shipped): for L = half and twice the engine's tempo B
 * ({@link tempoLevelCandidates}), two readings of how likely a musician counts the song at L —
 *   - a-priori: the share s(L) / (s(B) + s(L)) of the level of larger salience s = c · prior, c the beat
 *     activation's autocorrelation at the level's period and prior the log-Gaussian over tempo around
 *     120 BPM, σ 1 octave (librosa's, after Ellis 2007), nothing fitted;
 *   - learned: a logistic regression P(the song is counted at L) over the candidates' features, fitted on
 *     the training songs of rendered folders (L2 {@link L2} on the weights);
 * each judged on validation folders by the rule written before the runs: the largest threshold of
 * {@link THRESHOLDS} at which at least half of the validation songs whose tempo is an octave off (Acc2
 * right, Acc1 wrong) are offered the counted tempo, while the reading is offered on at most 30 % of the
 * songs whose tempo is right; none if no threshold qualifies.
 *
 *   npx tsx packages/analysis/train/fit-tempo-alternative.ts --train DIR,DIR --validation DIR,DIR
 *       [--report out.json] [--cache FILE [--features-only]]
 *
 * Each DIR is a folder of `render-corpus.ts --folder-out` items (`<item>/audio.wav` + `truth.json` with
 * a `bpm`): `--training-only` songs to fit on, `--validation-only` songs to judge on. Every song runs
 * the engine's own path (the shipped beat model, its DBN, `extractFeatures`), so B is the tempo the
 * engine reports. `--cache FILE` keeps each song's tempo and candidates (read again on the next run);
 * `--features-only` only fills it. Nothing here reads the evaluation sets.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { predictBeats } from "../src/analyze.js";
import { ACTIVATION_TEMPO, BEAT_FRAME_RATE, gaussianSmooth } from "../src/beat-activation.js";
import { decodeAudioFile, loadNodeModels } from "../src/node.js";
import { TEMPO_LEVEL_FEATURES, type TempoLevelCandidate, tempoLevelCandidates } from "../src/rhythm.js";
import { decimateSignal, extractFeatures } from "../src/stages.js";
import { tempoAcc1, tempoAcc2 } from "../testing/metrics.js";

/** The display thresholds the rule chooses from (set before the fit). */
export const THRESHOLDS = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45];
/** L2 penalty on the weights (not the bias), per example (set before the fit, not tuned). */
const L2 = 1e-2;

const { values: opts } = parseArgs({
  options: {
    train: { type: "string" },
    validation: { type: "string" },
    report: { type: "string" },
    cache: { type: "string" },
    "features-only": { type: "boolean", default: false },
  },
});
if (!opts.train || !opts.validation) {
  console.error("usage: fit-tempo-alternative.ts --train DIR[,DIR] --validation DIR[,DIR] [--report FILE]");
  process.exit(2);
}

interface Song {
  folder: string;
  item: string;
  truthBpm: number;
  bpm: number | null;
  candidates: TempoLevelCandidate[];
}

const models = await loadNodeModels();
const beatModel = models.beats;
if (!beatModel) throw new Error("the shipped beat model did not load");

/** Songs already read (`--cache FILE`: a JSON array of {@link Song}, read and extended). */
const cache = new Map<string, Song>();
if (opts.cache && existsSync(opts.cache))
  for (const s of JSON.parse(readFileSync(opts.cache, "utf8")) as Song[])
    cache.set(join(s.folder, s.item), s);

/** The engine's tempo and level candidates for every item of the folders. */
async function readSongs(folders: string[]): Promise<Song[]> {
  const out: Song[] = [];
  for (const folder of folders) {
    for (const item of readdirSync(folder).sort()) {
      const known = cache.get(join(folder, item));
      if (known) {
        out.push(known);
        continue;
      }
      let truth: { bpm?: number | null };
      try {
        truth = JSON.parse(readFileSync(join(folder, item, "truth.json"), "utf8"));
      } catch {
        continue;
      }
      if (!truth.bpm) continue;
      const audio = await decodeAudioFile(join(folder, item, "audio.wav"));
      const signal = decimateSignal(audio.samples, audio.sampleRate);
      const learned = await predictBeats(beatModel as NonNullable<typeof beatModel>, signal);
      const f = extractFeatures(signal, () => {}, learned);
      const activation = learned.beatActivation;
      const candidates =
        f.bpm !== null && activation
          ? tempoLevelCandidates(
              gaussianSmooth(activation, ACTIVATION_TEMPO.smoothFrames),
              BEAT_FRAME_RATE,
              f.bpm,
            )
          : [];
      const song = { folder, item, truthBpm: truth.bpm, bpm: f.bpm, candidates };
      out.push(song);
      cache.set(join(folder, item), song);
      if (out.length % 50 === 0) {
        process.stderr.write(`${out.length} `);
        if (opts.cache) writeFileSync(opts.cache, JSON.stringify([...cache.values()]));
      }
    }
  }
  process.stderr.write("\n");
  if (opts.cache) writeFileSync(opts.cache, JSON.stringify([...cache.values()]));
  return out;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Logistic regression by Newton's method: minimises the mean log-loss + L2·|w|² (bias unpenalised).
 * @returns [w1..wD, bias].
 */
function fitLogistic(xs: number[][], ys: number[]): number[] {
  const D = (xs[0]?.length ?? 0) + 1;
  const theta = new Array<number>(D).fill(0);
  const n = xs.length;
  for (let iter = 0; iter < 50; iter++) {
    const g = new Array<number>(D).fill(0);
    const H = Array.from({ length: D }, () => new Array<number>(D).fill(0));
    xs.forEach((x0, i) => {
      const x = [...x0, 1];
      const p = sigmoid(x.reduce((s, v, j) => s + v * (theta[j] as number), 0));
      const r = p - (ys[i] as number);
      for (let a = 0; a < D; a++) {
        g[a] = (g[a] as number) + (r * (x[a] as number)) / n;
        for (let b = 0; b < D; b++)
          (H[a] as number[])[b] =
            ((H[a] as number[])[b] as number) + (p * (1 - p) * (x[a] as number) * (x[b] as number)) / n;
      }
    });
    for (let a = 0; a < D - 1; a++) {
      g[a] = (g[a] as number) + 2 * L2 * (theta[a] as number);
      (H[a] as number[])[a] = ((H[a] as number[])[a] as number) + 2 * L2;
    }
    const step = solve(H, g);
    let moved = 0;
    for (let a = 0; a < D; a++) {
      theta[a] = (theta[a] as number) - (step[a] as number);
      moved = Math.max(moved, Math.abs(step[a] as number));
    }
    if (moved < 1e-9) break;
  }
  return theta;
}

/** Solve A·x = b by Gaussian elimination with partial pivoting (A small and well conditioned). */
function solve(A0: number[][], b0: number[]): number[] {
  const n = b0.length;
  const A = A0.map((r, i) => [...r, b0[i] as number]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((A[r] as number[])[c] as number) > Math.abs((A[p] as number[])[c] as number)) p = r;
    [A[c], A[p]] = [A[p] as number[], A[c] as number[]];
    const row = A[c] as number[];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const other = A[r] as number[];
      const k = (other[c] as number) / (row[c] as number);
      for (let j = c; j <= n; j++) other[j] = (other[j] as number) - k * (row[j] as number);
    }
  }
  return A.map((r, i) => (r[n] as number) / (r[i] as number));
}

const counted = (s: Song, bpm: number) => tempoAcc1(s.truthBpm, bpm);

if (opts["features-only"]) {
  await readSongs([...opts.train.split(","), ...opts.validation.split(",")]);
  process.exit(0);
}
const train = await readSongs(opts.train.split(","));
const xs: number[][] = [];
const ys: number[] = [];
for (const s of train)
  for (const c of s.candidates) {
    xs.push([...c.features]);
    ys.push(Number(counted(s, c.bpm)));
  }
const theta = fitLogistic(xs, ys);
const weights = theta.slice(0, 4);
const bias = theta[4] as number;
const positives = ys.filter((y) => y === 1).length;
console.log(
  `trained on ${train.length} songs, ${xs.length} candidates, ${positives} counted at the other level`,
);
console.log(
  `weights ${TEMPO_LEVEL_FEATURES.map((f, i) => `${f} ${(weights[i] as number).toFixed(4)}`).join(", ")}; bias ${bias.toFixed(4)}`,
);

type Reading = (s: Song) => { bpm: number; p: number } | null;
/** The learned reading: the candidate of higher probability under the fitted model. */
const learned: Reading = (s) => {
  let best: { bpm: number; p: number } | null = null;
  for (const c of s.candidates) {
    const p = sigmoid(c.features.reduce((z, v, j) => z + v * (weights[j] as number), bias));
    if (!best || p > best.p) best = { bpm: c.bpm, p };
  }
  return best;
};
/** The a-priori reading: the level of larger salience c · prior, and its share of the two. */
const prior = (bpm: number) => Math.exp(-0.5 * Math.log2(bpm / 120) ** 2);
const aPriori: Reading = (s) => {
  if (s.bpm === null) return null;
  let best: { bpm: number; salience: number } | null = null;
  for (const c of s.candidates) {
    const salience = c.periodicity.level * prior(c.bpm);
    if (!best || salience > best.salience) best = { bpm: c.bpm, salience };
  }
  const tracked = (s.candidates[0]?.periodicity.tracked ?? 0) * prior(s.bpm);
  return best && best.salience + tracked > 0
    ? { bpm: best.bpm, p: best.salience / (best.salience + tracked) }
    : null;
};

const validation = await readSongs(opts.validation.split(","));
const scored = validation.filter((s) => s.bpm !== null);
const right = scored.filter((s) => tempoAcc1(s.truthBpm, s.bpm as number));
const octave = scored.filter(
  (s) => !tempoAcc1(s.truthBpm, s.bpm as number) && tempoAcc2(s.truthBpm, s.bpm as number),
);
/** The rule's table for one reading, and the threshold it chooses (null: none qualifies). */
const judge = (name: string, reading: Reading) => {
  const rows = THRESHOLDS.map((threshold) => {
    const shown = (s: Song) => {
      const a = reading(s);
      return a !== null && a.p >= threshold ? a : null;
    };
    const rescued = octave.filter((s) => {
      const a = shown(s);
      return a !== null && counted(s, a.bpm);
    }).length;
    const falseDisplay = right.filter((s) => shown(s) !== null).length;
    return {
      threshold,
      rescued: rescued / Math.max(1, octave.length),
      falseDisplay: falseDisplay / Math.max(1, right.length),
      shown: scored.filter((s) => shown(s) !== null).length / Math.max(1, scored.length),
      acc1WithAlternative: (right.length + rescued) / Math.max(1, validation.length),
    };
  });
  console.log(`${name}:`);
  for (const r of rows)
    console.log(
      `  threshold ${r.threshold.toFixed(2)}: rescued ${r.rescued.toFixed(2)}, false display ${r.falseDisplay.toFixed(2)}, shown ${r.shown.toFixed(2)}, Acc1 with the alternative ${r.acc1WithAlternative.toFixed(3)}`,
    );
  const chosen = [...rows].reverse().find((r) => r.rescued >= 0.5 && r.falseDisplay <= 0.3) ?? null;
  console.log(chosen ? `  chosen threshold ${chosen.threshold}` : "  no threshold qualifies: nothing ships");
  return { thresholds: rows, chosen: chosen?.threshold ?? null };
};
console.log(
  `validation: ${validation.length} songs, Acc1 ${(right.length / validation.length).toFixed(3)}, ${octave.length} an octave off`,
);
const aPrioriResult = judge("a-priori share", aPriori);
const learnedResult = judge("learned probability", learned);
if (opts.report)
  writeFileSync(
    opts.report,
    `${JSON.stringify(
      {
        model: { features: TEMPO_LEVEL_FEATURES, weights, bias, l2: L2 },
        training: { folders: opts.train.split(","), songs: train.length, candidates: xs.length, positives },
        validation: {
          folders: opts.validation.split(","),
          songs: validation.length,
          acc1: right.length / validation.length,
          octaveErrors: octave.length,
          aPriori: aPrioriResult,
          learned: learnedResult,
        },
        rule: "the largest threshold with rescued >= 0.5 and false display <= 0.30; none if no threshold qualifies",
      },
      null,
      2,
    )}\n`,
  );
