/**
 * Benchmark: analyse every item of the annotated eval sets and score with mir_eval definitions (see
 * /work/shared/eval/README.md). Runs the way the CLI's folder mode does: one process, one file after the
 * other, decode included, single thread.
 *
 *   npm run bench                              # dev, real-dev and real-rec-dev
 *   npm run bench -- --set real-rec-dev        # one set (comma-separated list allowed)
 *   npm run bench -- --folder DIR              # a folder of items in the same format instead (e.g. the
 *                                              # training corpora's validation songs, written by
 *                                              # train/render-corpus.ts --validation-only --folder-out DIR)
 *   npm run bench -- --only beatles            # items whose name contains the text
 *   npm run bench -- --json out.json           # also write the per-item rows and summaries as JSON
 *   npm run bench -- --summary out.json        # the summaries alone (what the README's tables are made from)
 *   npm run bench -- --quiet                   # summaries only
 *   npm run bench -- --hand-written            # without the learned models (the hand-written stages)
 *   npm run bench -- --no-chord-model          # without the learned chord model (built-in chord emissions)
 *   npm run bench -- --no-beat-model           # the learned key and chord models, the hand-written beat tracker
 *   npm run bench -- --no-chord-key            # the key model's own answer, without its chord-informed reading
 *
 * Scores: key = MIREX weighted; tempo Acc1/Acc2 (4 %); beat F (±70 ms, beats before 5 s ignored);
 * chords = WCSR majmin / sevenths (Harte labels, inversions encoded like mir_eval) and segmentation.
 *
 * Decoding: every file goes through `analyzeFile` (the CLI's path). The real-rec-dev Beatles songs are
 * 16 kHz mono MP3s: they exercise the undecimated (factor 1) streaming path.
 *
 * The truth files are read here only to score; the engine never sees them. Beside them the benchmark
 * prints the learned models' scores on their own validation split (held-out songs of the training
 * corpora, `models/key.json`, written by `train/train_key_model.py`): the figures every model choice
 * was made on.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type AnalyzeOptions, chordToHarte, type EngineModels } from "../src/index.js";
import { analyzeFile, loadNodeModels, modelPath } from "../src/node.js";
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
} from "../testing/metrics.js";

interface Truth {
  key: string | null;
  bpm: number | null;
  beats: number[] | null;
  downbeats?: number[] | null;
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
  downbeatF: number | null;
  majmin: number | null;
  sevenths: number | null;
  seg: number | null;
  meter: number | null;
  estimate: { key: string | null; bpm: number | null; timeSignature: string | null };
  truth: { key: string | null; bpm: number | null; timeSignature: string | null };
}

const here = dirname(fileURLToPath(import.meta.url));
const evalRoot = resolve(here, "../../../../shared/eval");
const argv = process.argv.slice(2);
const flag = (f: string) => argv.includes(f);
const opt = (f: string) => {
  const i = argv.indexOf(f);
  return i >= 0 ? argv[i + 1] : undefined;
};
const ALL_SETS = ["dev", "real-dev", "real-rec-dev"];
const folder = opt("--folder");
const sets = folder
  ? [resolve(folder)]
  : (opt("--set") ?? ALL_SETS.join(",")).split(",").filter((s) => s.length > 0);
const only = opt("--only");
const jsonOut = opt("--json");
const summaryOut = opt("--summary");
const quiet = flag("--quiet");
const handWritten = flag("--hand-written");
const noChordModel = flag("--no-chord-model");
const loaded = handWritten ? {} : await loadNodeModels();
const noBeatModel = flag("--no-beat-model");
const noChordKey = flag("--no-chord-key");
/** The engine measured, as the JSON summaries name it. */
const baseEngineName = handWritten
  ? "hand-written"
  : noChordModel && noBeatModel
    ? "learned key"
    : noChordModel
      ? "learned key and beats"
      : noBeatModel
        ? "learned key and chords"
        : "learned";
const engineName = noChordKey && !handWritten ? `${baseEngineName}, key model alone` : baseEngineName;
const models: EngineModels = { ...loaded };
if (noChordModel) delete models.chords;
if (noBeatModel) delete models.beats;
if (noChordKey) delete models.chordKey;

const stageTime = new Map<string, number>();
let peakRss = process.memoryUsage().rss;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

const rows: Row[] = [];
const fmt = (x: number | null, d = 3) => (x === null ? "  -  " : x.toFixed(d));
const say = (s: string) => {
  if (!quiet) process.stdout.write(s);
};

for (const set of sets) {
  const dir = folder ? set : join(evalRoot, set);
  if (!existsSync(dir)) {
    process.stderr.write(`bench: ${dir} not found\n`);
    process.exitCode = 1;
    continue;
  }
  const items = readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, "truth.json")))
    .filter((d) => !only || d.includes(only))
    .sort();
  say(
    `\n${set}: ${items.length} items\n${"item".padEnd(34)} ${"key".padStart(5)} acc1 acc2 ${"beatF".padStart(5)} ${"majmin".padStart(6)} ${"7ths".padStart(5)} ${"seg".padStart(5)}  rtf   estimate (truth)\n`,
  );
  for (const item of items) {
    const audioName = readdirSync(join(dir, item)).find((f) => /^audio\.(mp3|wav|flac|ogg)$/.test(f));
    if (!audioName) continue;
    const audioPath = join(dir, item, audioName);
    const truth = JSON.parse(readFileSync(join(dir, item, "truth.json"), "utf8")) as Truth;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    // The time until the first analysis stage starts is reported as "decode" (it includes mixing to
    // mono and decimation, which run while decoding).
    let last = t0;
    let lastStage: string | null = "decode";
    const options: AnalyzeOptions = {
      models,
      onProgress: (_f, stage) => {
        if (stage === "resample") return;
        const now = performance.now();
        if (lastStage) stageTime.set(lastStage, (stageTime.get(lastStage) ?? 0) + (now - last));
        last = now;
        lastStage = stage === "done" ? null : stage;
        sampleRss();
      },
    };
    const r = await analyzeFile(audioPath, options);
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
      audioSeconds: r.durationSeconds,
      seconds: (t2 - t0) / 1000,
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      // No key where the truth has one scores 0 (mir_eval scores a missing estimate as wrong).
      key: truth.key ? (r.key === null ? 0 : keyWeightedScore(truth.key, r.key)) : null,
      acc1: truth.bpm ? Number(tempoAcc1(truth.bpm, r.bpm ?? 0)) : null,
      acc2: truth.bpm ? Number(tempoAcc2(truth.bpm, r.bpm ?? 0)) : null,
      beatF: truth.beats && truth.beats.length > 0 ? beatFMeasure(truth.beats, r.beats) : null,
      downbeatF:
        truth.downbeats && truth.downbeats.length > 0 ? beatFMeasure(truth.downbeats, r.downbeats) : null,
      majmin: ref ? chordWcsr(ref, est, compareMajmin) : null,
      sevenths: ref ? chordWcsr(ref, est, compareSevenths) : null,
      seg: ref ? segmentationScore(ref, est) : null,
      meter: truth.time_signature ? Number(truth.time_signature === r.timeSignature) : null,
      estimate: { key: r.key, bpm: r.bpm, timeSignature: r.timeSignature },
      truth: { key: truth.key, bpm: truth.bpm, timeSignature: truth.time_signature ?? null },
    };
    rows.push(row);
    say(
      `${item.slice(0, 34).padEnd(34)} ${fmt(row.key, 2).padStart(5)} ${fmt(row.acc1, 0).padStart(4)} ${fmt(row.acc2, 0).padStart(4)} ${fmt(row.beatF).padStart(5)} ${fmt(row.majmin).padStart(6)} ${fmt(row.sevenths).padStart(5)} ${fmt(row.seg).padStart(5)} ${(row.audioSeconds / row.seconds).toFixed(0).padStart(4)}   ${r.key} (${truth.key ?? "?"}) ${r.bpm} (${truth.bpm ?? "?"}) ${r.timeSignature} (${truth.time_signature ?? "?"})\n`,
    );
  }
}

// Honest output on real speech: vocal-dev's spoken items (espeak-ng) must get no key and no BPM.
const speechDir = join(evalRoot, "vocal-dev");
const speechRows: { item: string; key: string | null; bpm: number | null }[] = [];
if (!only && existsSync(speechDir)) {
  for (const item of readdirSync(speechDir).sort()) {
    const truthPath = join(speechDir, item, "truth.json");
    if (!existsSync(truthPath)) continue;
    const t = JSON.parse(readFileSync(truthPath, "utf8")) as { kind?: string };
    if (t.kind !== "spoken") continue;
    const audioName = readdirSync(join(speechDir, item)).find((f) => f.startsWith("audio."));
    if (!audioName) continue;
    const r = await analyzeFile(join(speechDir, item, audioName), { models });
    speechRows.push({ item, key: r.key, bpm: r.bpm });
    say(`speech ${item}: key ${r.key} bpm ${r.bpm}\n`);
  }
}

const mean = (f: (r: Row) => number | null, rs: Row[]) => {
  const xs = rs.map(f).filter((x): x is number => x !== null);
  return xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 1000) / 1000 : null;
};
const summarise = (label: string, rs: Row[]) => {
  const audio = rs.reduce((a, r) => a + r.audioSeconds, 0);
  const secs = rs.reduce((a, r) => a + r.seconds, 0);
  const cpuSecs = rs.reduce((a, r) => a + r.cpuSeconds, 0);
  const count = (f: (r: Row) => number | null) => rs.filter((r) => f(r) !== null).length;
  return {
    set: label,
    items: rs.length,
    key: mean((r) => r.key, rs),
    keyItems: count((r) => r.key),
    tempoAcc1: mean((r) => r.acc1, rs),
    tempoAcc2: mean((r) => r.acc2, rs),
    beatF: mean((r) => r.beatF, rs),
    beatItems: count((r) => r.beatF),
    majmin: mean((r) => r.majmin, rs),
    sevenths: mean((r) => r.sevenths, rs),
    segmentation: mean((r) => r.seg, rs),
    chordItems: count((r) => r.majmin),
    timeSignature: mean((r) => r.meter, rs),
    downbeatF: mean((r) => r.downbeatF, rs),
    audioSeconds: Math.round(audio),
    analysisSeconds: Math.round(secs * 100) / 100,
    realTimeFactor: Math.round((audio / secs) * 10) / 10,
    // Audio seconds per CPU second of this process: less sensitive to other
    // load on a shared machine.
    cpuRealTimeFactor: Math.round((audio / cpuSecs) * 10) / 10,
  };
};
const summaries: ReturnType<typeof summarise>[] = [];
for (const set of sets) {
  const rs = rows.filter((r) => r.set === set);
  if (rs.length === 0) continue;
  summaries.push(summarise(set, rs));
  if (folder) {
    // Per corpus of a rendered validation folder ("billboard-0004", "pop909-002").
    const prefixes = [...new Set(rs.map((r) => r.item.split(/[-_]/)[0] ?? ""))];
    if (prefixes.length > 1)
      for (const p of prefixes)
        summaries.push(
          summarise(
            `${set}/${p}`,
            rs.filter((r) => r.item.split(/[-_]/)[0] === p),
          ),
        );
  }
  if (set === "real-rec-dev") {
    summaries.push(
      summarise(
        "real-rec-dev/gtzan",
        rs.filter((r) => r.item.startsWith("gtzan")),
      ),
    );
    summaries.push(
      summarise(
        "real-rec-dev/beatles",
        rs.filter((r) => r.item.startsWith("beatles")),
      ),
    );
  }
}
/** The key model's validation-split report (train/train_key_model.py --report), when it exists. */
const keyValidation = (() => {
  const file = modelPath("key.json");
  if (handWritten || !existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    validation: { weighted: number; songs: number };
    validation_first30s: { weighted: number };
    validation_first15s: { weighted: number };
  };
  return {
    set: "key model validation split (training corpora, held-out songs)",
    songs: r.validation.songs,
    key: Math.round(r.validation.weighted * 1000) / 1000,
    keyFirst30s: Math.round(r.validation_first30s.weighted * 1000) / 1000,
    keyFirst15s: Math.round(r.validation_first15s.weighted * 1000) / 1000,
  };
})();
/**
 * The local keys' validation report (train/evaluate-local-keys.ts on the validation songs rendered whole,
 * in models/local-keys.json): the shipped setting's score as the song screen shows it, on the songs that
 * modulate, and the songs shown a key change, beside the global key alone. The evaluation sets hold no
 * local-key labels, so this measure has no column there.
 */
const localKeyValidation = (() => {
  const file = modelPath("local-keys.json");
  if (!existsSync(file)) return null;
  type Reading = { pooled: number; modulating: number | null; songsShownAChange: number };
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    songs: number;
    modulating: number;
    shipped: { asShown: Reading };
    globalKey: Reading;
  };
  const round = (v: number | null) => (v === null ? null : Math.round(v * 1000) / 1000);
  return {
    set: "local keys, validation split (training corpora's held-out songs rendered whole)",
    songs: r.songs,
    modulatingSongs: r.modulating,
    localKeys: round(r.shipped.asShown.pooled),
    onModulatingSongs: round(r.shipped.asShown.modulating),
    songsShownAKeyChange: r.shipped.asShown.songsShownAChange,
    globalKeyOnly: { localKeys: round(r.globalKey.pooled), onModulatingSongs: round(r.globalKey.modulating) },
  };
})();
/**
 * The chord-informed key model's validation-split report (train/train_chord_key_model.py, in
 * models/key-chords.json): the selection score (whole songs, first 30 s, first 15 s) as rendered and as
 * degraded like records, with the key model alone beside it.
 */
const chordKeyValidation = (() => {
  const file = modelPath("key-chords.json");
  if (handWritten || noChordModel || noChordKey || !existsSync(file)) return null;
  type Selection = { rendered: number; degraded: number };
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    validation: Selection;
    key_model_alone: Selection;
    train_songs: number;
  };
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    set: "key with chords, validation split (training corpora, held-out songs; mean of whole, first 30 s, first 15 s)",
    rendered: round(r.validation.rendered),
    degradedLikeRecords: round(r.validation.degraded),
    keyModelAlone: {
      rendered: round(r.key_model_alone.rendered),
      degradedLikeRecords: round(r.key_model_alone.degraded),
    },
  };
})();
/** The chord model's validation-split report (train/evaluate-chord-onnx.ts, in models/chords.json). */
const chordValidation = (() => {
  const file = modelPath("chords.json");
  if (handWritten || noChordModel || !existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    decoding: { songs: number; shipped: string; variants: Record<string, Record<string, number>> };
  };
  const shipped = r.decoding.variants[`${r.decoding.shipped} all`];
  const builtIn = r.decoding.variants["built-in all"];
  return {
    set: "chord model validation split (training corpora, held-out songs)",
    songs: r.decoding.songs,
    majmin: shipped?.majmin,
    sevenths: shipped?.sevenths,
    segmentation: shipped?.segmentation,
    withoutModel: builtIn,
  };
})();
/**
 * The beat model's validation-split scores (train/evaluate-beat-onnx.ts, in models/beats.json): the
 * held-out songs as rendered, without drums with a tempo sway, and 1.4 times as fast (the POP909 and
 * Billboard songs; the genre charts' songs the same three ways, and the classical charts' songs as rendered
 * and with the tempo swaying, when the report holds them; the band, genre and classical songs with a
 * performer's tempo arc over each phrase, `phraseArcs`); learned and hand-written tracker; and the
 * metre and downbeat F-measure through the whole engine on the three corpora's validation songs and on
 * the Billboard ones played in 6/8 and in 12/8 (`meter`), when the report holds them.
 */
const beatValidation = (() => {
  const file = modelPath("beats.json");
  if (handWritten || noBeatModel || !existsSync(file)) return null;
  type Scores = { beatF: number; tempoAcc1: number; tempoAcc2: number; songs: number };
  type Decoding = { learned: Scores; handWritten: Scores };
  type MeterScores = { songs: number; meter: number; downbeatF: number };
  const r = JSON.parse(readFileSync(file, "utf8")) as {
    meter?: {
      shipped: Record<"rendered" | "classical" | "genre", MeterScores> &
        Partial<Record<"sixEight" | "twelveEight", MeterScores & Omit<Scores, "songs">>>;
    };
    decoding: Record<"rendered" | "withoutDrumsTempoSway" | "fasterTempo", Decoding> &
      Partial<
        Record<
          | "genreRendered"
          | "genreWithoutDrumsTempoSway"
          | "genreFasterTempo"
          | "classicalRendered"
          | "classicalTempoSway"
          | "recordedKits"
          | "genreRecordedKits"
          | "phraseArcs"
          | "genrePhraseArcs"
          | "classicalPhraseArcs",
          Decoding
        >
      >;
  };
  const { rendered, withoutDrumsTempoSway: hard, fasterTempo: fast } = r.decoding;
  const { genreRendered: g1, genreWithoutDrumsTempoSway: g2, genreFasterTempo: g3 } = r.decoding;
  const { classicalRendered: k1, classicalTempoSway: k2 } = r.decoding;
  // The same validation songs with their drums played on recorded kits never trained on (train/drum-kits.ts).
  const { recordedKits: r1, genreRecordedKits: r2 } = r.decoding;
  // Played with a performer's tempo arc over each phrase (train/phrase-arcs.ts), the band and genre songs
  // without drums.
  const { phraseArcs: p2, genrePhraseArcs: p3, classicalPhraseArcs: p1 } = r.decoding;
  const pick = (d: Decoding) => ({
    beatF: d.learned.beatF,
    tempoAcc2: d.learned.tempoAcc2,
    songs: d.learned.songs,
  });
  return {
    set: "beat model validation split (training corpora, held-out songs)",
    songs: rendered.learned.songs,
    beatF: rendered.learned.beatF,
    tempoAcc2: rendered.learned.tempoAcc2,
    withoutDrumsTempoSway: { beatF: hard.learned.beatF, tempoAcc2: hard.learned.tempoAcc2 },
    fasterTempo: { beatF: fast.learned.beatF, tempoAcc2: fast.learned.tempoAcc2 },
    ...(g1 && g2 && g3
      ? { genre: { rendered: pick(g1), withoutDrumsTempoSway: pick(g2), fasterTempo: pick(g3) } }
      : {}),
    ...(k1 && k2 ? { classical: { rendered: pick(k1), tempoSway: pick(k2) } } : {}),
    ...(r1 && r2 ? { recordedDrumKits: { bandSongs: pick(r1), genreSongs: pick(r2) } } : {}),
    ...(p1 && p2 && p3
      ? {
          phraseArcs: {
            classicalSongs: pick(p1),
            bandSongsWithoutDrums: pick(p2),
            genreSongsWithoutDrums: pick(p3),
          },
        }
      : {}),
    ...(r.meter ? { meter: r.meter.shipped } : {}),
    handWritten: {
      beatF: rendered.handWritten.beatF,
      tempoAcc2: rendered.handWritten.tempoAcc2,
      withoutDrumsTempoSway: { beatF: hard.handWritten.beatF, tempoAcc2: hard.handWritten.tempoAcc2 },
      fasterTempo: { beatF: fast.handWritten.beatF, tempoAcc2: fast.handWritten.tempoAcc2 },
    },
  };
})();
process.stdout.write(
  `\nengine: ${handWritten ? "hand-written stages only (--hand-written)" : noChordModel ? `learned key${noBeatModel ? "" : " and beat"} models, built-in chord emissions (--no-chord-model)` : noBeatModel ? "learned key and chord models, hand-written beat tracker (--no-beat-model)" : "learned key, chord and beat models (models/key.onnx, models/chords.onnx, models/beats.onnx, onnxruntime-node)"}${noChordKey ? ", the key model's own answer (--no-chord-key)" : handWritten || noChordModel ? "" : ", the key read again with the chords (models/key-chords.onnx)"}`,
);
if (keyValidation) process.stdout.write(`\n${JSON.stringify(keyValidation)}`);
if (chordKeyValidation) process.stdout.write(`\n${JSON.stringify(chordKeyValidation)}`);
if (localKeyValidation) process.stdout.write(`\n${JSON.stringify(localKeyValidation)}`);
if (chordValidation) process.stdout.write(`\n${JSON.stringify(chordValidation)}`);
if (beatValidation) process.stdout.write(`\n${JSON.stringify(beatValidation)}`);
for (const s of summaries) process.stdout.write(`\n${JSON.stringify(s)}`);
if (speechRows.length > 0) {
  const none = speechRows.filter((r) => r.key === null && r.bpm === null).length;
  process.stdout.write(
    `\n${JSON.stringify({ set: "vocal-dev/spoken", items: speechRows.length, noKeyNoBpm: Math.round((1000 * none) / speechRows.length) / 1000 })}`,
  );
}
process.stdout.write("\n");

const total = [...stageTime.values()].reduce((a, b) => a + b, 0);
const stages = [...stageTime].map(([stage, ms]) => ({
  stage,
  seconds: Math.round(ms) / 1000,
  share: Math.round((1000 * ms) / total) / 1000,
}));
process.stdout.write("\nTime per stage (all items):\n");
for (const s of stages) {
  process.stdout.write(
    `  ${s.stage.padEnd(12)} ${s.seconds.toFixed(2).padStart(8)} s  ${(100 * s.share).toFixed(1).padStart(5)} %\n`,
  );
}
process.stdout.write(`Peak RSS: ${(peakRss / 2 ** 20).toFixed(0)} MiB\n`);
if (summaryOut) {
  const speech =
    speechRows.length > 0
      ? {
          items: speechRows.length,
          noKeyNoBpm: speechRows.filter((r) => r.key === null && r.bpm === null).length / speechRows.length,
        }
      : null;
  writeFileSync(
    summaryOut,
    `${JSON.stringify(
      {
        engine: engineName,
        machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? "unknown CPU"}`,
        keyValidation,
        chordKeyValidation,
        chordValidation,
        beatValidation,
        summaries,
        speech,
        peakRssMiB: Math.round(peakRss / 2 ** 20),
      },
      null,
      1,
    )}\n`,
  );
}
if (jsonOut) {
  writeFileSync(
    jsonOut,
    `${JSON.stringify({ engine: engineName, keyValidation, chordKeyValidation, localKeyValidation, chordValidation, beatValidation, summaries, speech: speechRows, stages, peakRssMiB: Math.round(peakRss / 2 ** 20), rows }, null, 1)}\n`,
  );
}
