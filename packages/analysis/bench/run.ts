/**
 * Benchmark: analyse every item of the annotated eval sets (decode included, single thread) and score
 * with mir_eval definitions (see /work/shared/eval/README.md).
 *
 *   npm run bench                       # dev set
 *   npm run bench -- --set real-dev     # real-dev set
 *   npm run bench -- --all              # both
 *   npm run bench -- --profile          # time per stage and peak RSS
 *   npm run bench -- --only song_001    # items whose name contains the text
 *
 * The truth files are read here only to score; the engine never sees them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  beatFMeasure,
  chordWcsr,
  compareMajmin,
  compareSevenths,
  keyWeightedScore,
  type LabeledInterval,
  segmentationScore,
  tempoAcc1,
  tempoAcc2,
} from "../src/eval/metrics.js";
import { chordToHarte } from "../src/index.js";
import { analyzeFile } from "../src/node.js";

interface Truth {
  key: string | null;
  bpm: number | null;
  beats: number[] | null;
  chords: LabeledInterval[] | null;
  duration: number;
  time_signature?: string;
}

interface Row {
  set: string;
  item: string;
  audioSeconds: number;
  seconds: number;
  cpuSeconds: number;
  key: number | null;
  acc1: number | null;
  acc2: number | null;
  beatF: number | null;
  majmin: number | null;
  sevenths: number | null;
  seg: number | null;
  meter: number | null;
  detail: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const evalRoot = resolve(here, "../../../../shared/eval");
const argv = process.argv.slice(2);
const flag = (f: string) => argv.includes(f);
const opt = (f: string) => {
  const i = argv.indexOf(f);
  return i >= 0 ? argv[i + 1] : undefined;
};
const sets = flag("--all") ? ["dev", "real-dev"] : [opt("--set") ?? "dev"];
const only = opt("--only");
const profile = flag("--profile");

const stageTime = new Map<string, number>();
let peakRss = process.memoryUsage().rss;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

const rows: Row[] = [];
const fmt = (x: number | null, d = 3) => (x === null ? "  -  " : x.toFixed(d));

for (const set of sets) {
  const dir = join(evalRoot, set);
  if (!existsSync(dir)) {
    process.stderr.write(`bench: ${dir} not found\n`);
    process.exitCode = 1;
    continue;
  }
  const items = readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, "truth.json")))
    .filter((d) => !only || d.includes(only))
    .sort();
  process.stdout.write(
    `\n${set}: ${items.length} items\n${"item".padEnd(34)} ${"key".padStart(5)} acc1 acc2 ${"beatF".padStart(5)} ${"majmin".padStart(6)} ${"7ths".padStart(5)} ${"seg".padStart(5)}  rtf   estimate\n`,
  );
  for (const item of items) {
    const audioPath = readdirSync(join(dir, item)).find((f) => /^audio\.(mp3|wav|flac|ogg)$/.test(f));
    if (!audioPath) continue;
    const truth = JSON.parse(readFileSync(join(dir, item, "truth.json"), "utf8")) as Truth;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    // Streaming decode + decimation (what `analyzeFile` and the CLI do): the time until the
    // "spectrum" stage starts is reported as decode (it includes mixing to mono and decimation).
    let last = t0;
    let lastStage: string | null = "decode";
    let audioSeconds = 0;
    const r = await analyzeFile(join(dir, item, audioPath), {
      onProgress: (_f, stage) => {
        if (stage === "resample") return;
        const now = performance.now();
        if (lastStage) stageTime.set(lastStage, (stageTime.get(lastStage) ?? 0) + (now - last));
        last = now;
        lastStage = stage;
        sampleRss();
      },
    });
    audioSeconds = r.durationSeconds;
    const t2 = performance.now();
    const cpu = process.cpuUsage(c0);
    const est: LabeledInterval[] = r.segments.map((s) => ({
      start: s.start,
      end: s.end,
      label: chordToHarte(s.chord),
    }));
    const ref = truth.chords;
    const row: Row = {
      set,
      item,
      audioSeconds,
      seconds: (t2 - t0) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      key: truth.key ? keyWeightedScore(truth.key, r.key) : null,
      acc1: truth.bpm ? Number(tempoAcc1(truth.bpm, r.bpm)) : null,
      acc2: truth.bpm ? Number(tempoAcc2(truth.bpm, r.bpm)) : null,
      beatF: truth.beats && truth.beats.length > 0 ? beatFMeasure(truth.beats, r.beats) : null,
      majmin: ref ? chordWcsr(ref, est, compareMajmin) : null,
      sevenths: ref ? chordWcsr(ref, est, compareSevenths) : null,
      seg: ref ? segmentationScore(ref, est) : null,
      meter: truth.time_signature ? Number(truth.time_signature === r.timeSignature) : null,
      detail: `${r.key} (${truth.key ?? "?"}) ${r.bpm} (${truth.bpm ?? "?"}) ${r.timeSignature} (${truth.time_signature ?? "?"})`,
    };
    rows.push(row);
    process.stdout.write(
      `${item.slice(0, 34).padEnd(34)} ${fmt(row.key, 2).padStart(5)} ${fmt(row.acc1, 0).padStart(4)} ${fmt(row.acc2, 0).padStart(4)} ${fmt(row.beatF).padStart(5)} ${fmt(row.majmin).padStart(6)} ${fmt(row.sevenths).padStart(5)} ${fmt(row.seg).padStart(5)} ${(row.audioSeconds / row.seconds).toFixed(0).padStart(4)}   ${row.detail}\n`,
    );
  }
}

const mean = (f: (r: Row) => number | null, rs: Row[]) => {
  const xs = rs.map(f).filter((x): x is number => x !== null);
  return xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1000) / 1000 : null;
};
for (const set of sets) {
  const rs = rows.filter((r) => r.set === set);
  if (rs.length === 0) continue;
  const audio = rs.reduce((a, r) => a + r.audioSeconds, 0);
  const secs = rs.reduce((a, r) => a + r.seconds, 0);
  const cpuSecs = rs.reduce((a, r) => a + r.cpuSeconds, 0);
  const summary = {
    set,
    items: rs.length,
    key: mean((r) => r.key, rs),
    tempoAcc1: mean((r) => r.acc1, rs),
    tempoAcc2: mean((r) => r.acc2, rs),
    beatF: mean((r) => r.beatF, rs),
    majmin: mean((r) => r.majmin, rs),
    sevenths: mean((r) => r.sevenths, rs),
    segmentation: mean((r) => r.seg, rs),
    timeSignature: mean((r) => r.meter, rs),
    audioSeconds: Math.round(audio),
    analysisSeconds: Math.round(secs * 100) / 100,
    realTimeFactor: Math.round((audio / secs) * 10) / 10,
    // Audio seconds per CPU second of this process: less sensitive to other load on a shared machine.
    cpuRealTimeFactor: Math.round((audio / cpuSecs) * 10) / 10,
  };
  process.stdout.write(`\n${JSON.stringify(summary)}\n`);
}
if (profile) {
  const total = [...stageTime.values()].reduce((a, b) => a + b, 0);
  process.stdout.write("\nTime per stage (all items):\n");
  for (const [k, v] of stageTime) {
    process.stdout.write(
      `  ${k.padEnd(10)} ${(v / 1000).toFixed(2).padStart(8)} s  ${((100 * v) / total).toFixed(1).padStart(5)} %\n`,
    );
  }
  process.stdout.write(`Peak RSS: ${(peakRss / 2 ** 20).toFixed(0)} MiB\n`);
}
