#!/usr/bin/env node
/**
 * The README's accuracy table, made from the benchmark's own output instead of typed by hand.
 *
 *   node scripts/readme-tables.mjs --check   # exit 1 when README.md's table differs from the JSON (npm run lint)
 *   node scripts/readme-tables.mjs --write   # rewrite the table between the markers
 *   npm run bench:readme                     # run the three benchmarks, then --write
 *
 * Inputs (committed, so the check needs no evaluation data):
 * - docs/bench/engine.json, engine-key-alone.json, engine-no-chord-model.json, engine-hand-written.json:
 *   `npm run bench -- --summary FILE` with the shipped models, with `--no-chord-key`, with
 *   `--no-chord-model` and with `--hand-written` (the models' validation-split scores come with the first);
 * - packages/analysis/models/key.json: the key model's training report (validation split, and the
 *   hand-written stage on the same split);
 * - docs/bench/anchors.json: what is not measured here — peers on the same files, published state of the
 *   art and the targets of the engine's issue.
 * The table sits between `<!-- bench:analysis -->` and `<!-- /bench:analysis -->` in README.md.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const read = (p) => JSON.parse(readFileSync(join(root, p), "utf8"));
const START = "<!-- bench:analysis -->";
const END = "<!-- /bench:analysis -->";

/** Number to 3 decimals, or an en dash when the benchmark has none. */
const f = (x) => (typeof x === "number" ? x.toFixed(3) : "–");
const pair = (a, b) => `${f(a)} / ${f(b)}`;
const set = (summary, name) => summary.summaries.find((s) => s.set === name) ?? {};
const speed = (s) => (typeof s.realTimeFactor === "number" ? `${Math.round(s.realTimeFactor)}×` : "–");

/** The markdown table and the line under it. */
export function renderTable() {
  const learned = read("docs/bench/engine.json");
  const noChords = read("docs/bench/engine-no-chord-model.json");
  const keyAlone = read("docs/bench/engine-key-alone.json");
  const hand = read("docs/bench/engine-hand-written.json");
  const keyReport = read("packages/analysis/models/key.json");
  const a = read("docs/bench/anchors.json");
  const [dev, realDev, gtzan, beatles] = [
    "dev",
    "real-dev",
    "real-rec-dev/gtzan",
    "real-rec-dev/beatles",
  ].map((n) => set(learned, n));
  const [nDev, nRealDev, nBeatles] = ["dev", "real-dev", "real-rec-dev/beatles"].map((n) => set(noChords, n));
  const [hDev, hRealDev, hGtzan] = ["dev", "real-dev", "real-rec-dev/gtzan"].map((n) => set(hand, n));
  const [kaDev, kaRealDev, kaGtzan] = ["dev", "real-dev", "real-rec-dev/gtzan"].map((n) => set(keyAlone, n));
  const kv = learned.keyValidation;
  const ckv = learned.chordKeyValidation;
  const cv = learned.chordValidation;
  const bv = learned.beatValidation;
  /** The genre charts' validation songs, the same three ways, when the beat model's report holds them. */
  const genreBeats = (m) =>
    bv?.genre
      ? `; genre charts (${bv.genre.rendered.songs} songs) ${f(bv.genre.rendered[m])} / ${f(bv.genre.withoutDrumsTempoSway[m])} / ${f(bv.genre.fasterTempo[m])}${bv.classical ? `; classical charts (${bv.classical.rendered.songs} songs) ${f(bv.classical.rendered[m])} as rendered / ${f(bv.classical.tempoSway[m])} tempo swaying` : ""}${bv.recordedDrumKits ? `; drums on recorded kits never trained on ${f(bv.recordedDrumKits.bandSongs[m])} (${bv.recordedDrumKits.bandSongs.songs}) / ${f(bv.recordedDrumKits.genreSongs[m])} (${bv.recordedDrumKits.genreSongs.songs} genre)` : ""}${bv.phraseArcs ? `; a performer's tempo arc over each phrase ${f(bv.phraseArcs.classicalSongs[m])} (classical) / ${f(bv.phraseArcs.bandSongsWithoutDrums[m])} / ${f(bv.phraseArcs.genreSongsWithoutDrums[m])} (band and genre songs without drums)` : ""}`
      : "";
  /**
   * Metre or downbeat F on the three corpora's validation songs (and the Billboard ones played in 6/8), when
   * the beat model's report holds them.
   */
  const meterValidation = (m) =>
    bv?.meter
      ? `${f(bv.meter.rendered[m])} POP909 + Billboard (${bv.meter.rendered.songs} songs), ${f(bv.meter.classical[m])} classical charts (${bv.meter.classical.songs}), ${f(bv.meter.genre[m])} genre charts (${bv.meter.genre.songs})${bv.meter.sixEight ? `, ${f(bv.meter.sixEight[m])} Billboard charts played in 6/8 (${bv.meter.sixEight.songs})` : ""}`
      : "–";
  const row = (cells) => `| ${cells.join(" | ")} |`;
  const lines = [
    row([
      "measure",
      "validation split (training corpora)",
      "dev",
      "real-dev",
      "real recordings: Tonic",
      "real recordings: peers",
      "published state of the art",
      "target (dev / real-dev / real rec.)",
    ]),
    row(Array(8).fill("---")),
    row([
      "key weighted score, learned key model read with the chords (shipped)",
      ckv
        ? `${f(ckv.rendered)} as rendered, ${f(ckv.degradedLikeRecords)} degraded like records (mean of whole songs, first 30 s, first 15 s; 172 songs)`
        : "–",
      f(dev.key),
      f(realDev.key),
      `${f(gtzan.key)} (GTZAN, ${gtzan.keyItems} keyed clips)`,
      a.key.peers,
      a.key.stateOfTheArt,
      a.key.target,
    ]),
    row([
      "key weighted score, learned key model alone (`--no-chord-key`)",
      ckv
        ? `${f(ckv.keyModelAlone.rendered)} / ${f(ckv.keyModelAlone.degradedLikeRecords)}${kv ? `; its own report (${kv.songs} held-out songs, genre charts included): ${f(kv.key)} whole songs, ${f(kv.keyFirst30s)} first 30 s, ${f(kv.keyFirst15s)} first 15 s` : ""}`
        : "–",
      f(kaDev.key),
      f(kaRealDev.key),
      `${f(kaGtzan.key)} (GTZAN)`,
      "",
      "",
      "",
    ]),
    row([
      "key weighted score, hand-written stage (`--hand-written`)",
      `${f(keyReport.hand_written_validation?.weighted)} / ${f(keyReport.hand_written_validation_first30s?.weighted)} / ${f(keyReport.hand_written_validation_first15s?.weighted)} (the key model's ${keyReport.hand_written_validation?.songs ?? "–"} songs)`,
      f(hDev.key),
      f(hRealDev.key),
      `${f(hGtzan.key)} (GTZAN)`,
      "",
      "",
      "",
    ]),
    row([
      "tempo Acc1 / Acc2, learned beat model (shipped)",
      bv
        ? `Acc2 ${f(bv.tempoAcc2)} as rendered, ${f(bv.withoutDrumsTempoSway.tempoAcc2)} without drums, tempo swaying, ${f(bv.fasterTempo.tempoAcc2)} 1.4× as fast (${bv.songs} songs)${genreBeats("tempoAcc2")}`
        : "–",
      pair(dev.tempoAcc1, dev.tempoAcc2),
      pair(realDev.tempoAcc1, realDev.tempoAcc2),
      `${pair(gtzan.tempoAcc1, gtzan.tempoAcc2)} (GTZAN)`,
      a.tempo.peers,
      a.tempo.stateOfTheArt,
      a.tempo.target,
    ]),
    row([
      "beat F-measure (±70 ms), learned beat model (shipped)",
      bv
        ? `${f(bv.beatF)} as rendered, ${f(bv.withoutDrumsTempoSway.beatF)} without drums, tempo swaying, ${f(bv.fasterTempo.beatF)} 1.4× as fast${genreBeats("beatF")}`
        : "–",
      f(dev.beatF),
      f(realDev.beatF),
      `${f(gtzan.beatF)} (GTZAN)`,
      a.beat.peers,
      a.beat.stateOfTheArt,
      a.beat.target,
    ]),
    row([
      "beat F / tempo Acc2, hand-written tracker (`--hand-written`)",
      bv
        ? `${pair(bv.handWritten.beatF, bv.handWritten.tempoAcc2)} as rendered, ${pair(bv.handWritten.withoutDrumsTempoSway.beatF, bv.handWritten.withoutDrumsTempoSway.tempoAcc2)} without drums, ${pair(bv.handWritten.fasterTempo.beatF, bv.handWritten.fasterTempo.tempoAcc2)} 1.4× as fast`
        : "–",
      pair(hDev.beatF, hDev.tempoAcc2),
      pair(hRealDev.beatF, hRealDev.tempoAcc2),
      `${pair(hGtzan.beatF, hGtzan.tempoAcc2)} (GTZAN)`,
      "",
      "",
      "",
    ]),
    row([
      "chord WCSR majmin / sevenths, learned chord model (shipped)",
      cv ? `${pair(cv.majmin, cv.sevenths)} (${cv.songs} songs)` : "–",
      pair(dev.majmin, dev.sevenths),
      pair(realDev.majmin, realDev.sevenths),
      `${pair(beatles.majmin, beatles.sevenths)} (Beatles)`,
      a.chords.peers,
      a.chords.stateOfTheArt,
      a.chords.target,
    ]),
    row([
      "chord WCSR majmin / sevenths, without it (`--no-chord-model`)",
      cv?.withoutModel ? pair(cv.withoutModel.majmin, cv.withoutModel.sevenths) : "–",
      pair(nDev.majmin, nDev.sevenths),
      pair(nRealDev.majmin, nRealDev.sevenths),
      `${pair(nBeatles.majmin, nBeatles.sevenths)} (Beatles)`,
      "",
      "",
      "",
    ]),
    row([
      "chord segmentation, learned / without",
      cv ? pair(cv.segmentation, cv.withoutModel?.segmentation) : "–",
      pair(dev.segmentation, nDev.segmentation),
      pair(realDev.segmentation, nRealDev.segmentation),
      `${pair(beatles.segmentation, nBeatles.segmentation)} (Beatles)`,
      a.segmentation.peers,
      a.segmentation.stateOfTheArt,
      a.segmentation.target,
    ]),
    row([
      "meter (4/4, 3/4, 6/8)",
      meterValidation("meter"),
      f(dev.timeSignature),
      f(realDev.timeSignature),
      "–",
      "–",
      "–",
      "–",
    ]),
    row([
      "downbeat F (±70 ms)",
      meterValidation("downbeatF"),
      f(dev.downbeatF),
      f(realDev.downbeatF),
      `${f(gtzan.downbeatF)} (GTZAN), ${f(beatles.downbeatF)} (Beatles)`,
      "–",
      "–",
      "–",
    ]),
    row([
      "silence / noise / speech / drums alone → no key, no BPM",
      "",
      "100 % (unit tests: silence, white noise, synthetic speech, drum loop, click track)",
      "",
      learned.speech
        ? `${Math.round(100 * learned.speech.noKeyNoBpm)} % (${Math.round(learned.speech.noKeyNoBpm * learned.speech.items)} of ${learned.speech.items} spoken items of vocal-dev)`
        : "–",
      "",
      "",
      "100 %",
    ]),
    row([
      "speed, audio s per wall-clock s, decode included (folder mode)",
      "",
      speed(dev),
      speed(realDev),
      `${speed(gtzan)} (GTZAN) / ${speed(beatles)} (Beatles)`,
      a.speed.peers,
      "–",
      a.speed.target,
    ]),
  ];
  lines.push(
    "",
    `Made by \`npm run bench:readme\` from \`docs/bench/*.json\` on ${learned.machine}; peak memory over the whole benchmark (one process): ${learned.peakRssMiB} MiB.`,
  );
  return lines.join("\n");
}

/** README.md with the table between the markers replaced. */
export function withTable(readme, table) {
  const i = readme.indexOf(START);
  const j = readme.indexOf(END);
  if (i < 0 || j < i) throw new Error(`README.md has no ${START} … ${END} block`);
  return `${readme.slice(0, i + START.length)}\n${table}\n${readme.slice(j)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = join(root, "README.md");
  const readme = readFileSync(path, "utf8");
  const next = withTable(readme, renderTable());
  if (process.argv.includes("--write")) {
    writeFileSync(path, next);
    console.log("README.md: accuracy table written from docs/bench/*.json");
  } else if (next !== readme) {
    console.error(
      "README.md's accuracy table differs from docs/bench/*.json: run `node scripts/readme-tables.mjs --write` (or `npm run bench:readme` after changing the engine)",
    );
    process.exit(1);
  }
}
