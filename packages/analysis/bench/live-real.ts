/**
 * Live mode on real recordings: `npm run bench:live:real` [-- --only <substring>] [--built-in-chords].
 *
 * Plays each Beatles song of the evaluation set `real-rec-dev` (Isophonics chord annotations; 16 kHz mono
 * MP3, upsampled ×3 to 48 kHz by linear interpolation — the source holds nothing above 8 kHz, and the
 * chroma reads 60 Hz–5 kHz) through `LiveListener` in LIVE_BLOCK-sample blocks, as the browser does (the
 * shared runner of `./live-folder.ts`; `npm run bench:live -- --folder` scores the same songs with the
 * folder measures: accuracy after each change has settled, latency, false changes), and
 * scores the displayed chord against the annotation over the whole song: weighted chord symbol recall
 * (mir_eval's majmin and sevenths; the display lags the music by the recogniser's latency, ≈ 0.1 s) and the
 * share of the time a dim or sus4 chord is shown where the annotation has none (rare chords shown
 * wrongly: what the template prior against dim and sus4 guards), and the share of the annotated chords'
 * time during which no chord is shown. The recordings are for measurement only:
 * nothing here is fitted to them.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chordToHarte } from "../src/labels.js";
import { decodeAudioFile } from "../src/node.js";
import {
  chordWcsr,
  compareMajmin,
  compareSevenths,
  encodeChord,
  type LabeledInterval,
} from "../testing/metrics.js";
import { playLiveWithModels, toLiveRate, withModels } from "./live-folder.js";

const here = dirname(fileURLToPath(import.meta.url));
const dir = resolve(here, "../../../../shared/eval/real-rec-dev");
const argv = process.argv.slice(2);
const onlyAt = argv.indexOf("--only");
const only = onlyAt >= 0 ? argv[onlyAt + 1] : undefined;
// The learned models as the Live screen reads them (--hand-written-key, --built-in-chords to leave out).
const listenerOptions = await withModels(JSON.parse(process.env.LIVE_OPTS ?? "{}"), argv);
const rare = (harte: string) => {
  const q = harte.split(":")[1]?.split("/")[0] ?? "";
  return q === "dim" || q === "sus4" || q === "dim7" || q === "hdim7" || q === "sus2";
};

if (!existsSync(dir)) {
  process.stderr.write(`bench:live:real: ${dir} not found\n`);
  process.exitCode = 1;
}
const items = existsSync(dir)
  ? readdirSync(dir)
      .filter((d) => d.startsWith("beatles_") && (!only || d.includes(only)))
      .sort()
  : [];
let wMaj = 0;
let wSev = 0;
let dur = 0;
let rareWrong = 0;
let nonRare = 0;
let noneShown = 0;
let chordSeconds = 0;
for (const item of items) {
  const truth = JSON.parse(readFileSync(join(dir, item, "truth.json"), "utf8")) as {
    chords: LabeledInterval[] | null;
  };
  if (!truth.chords) continue;
  const audioName = readdirSync(join(dir, item)).find((f) => f.startsWith("audio."));
  if (!audioName) continue;
  const audio = await decodeAudioFile(join(dir, item, audioName));
  const pcm = toLiveRate(audio.samples, audio.sampleRate);
  const est: LabeledInterval[] = [];
  for (const f of (await playLiveWithModels(pcm, listenerOptions)).frames) {
    const label = chordToHarte(f.chord);
    const last = est[est.length - 1];
    if (last && last.label === label) last.end = f.time;
    else {
      if (last) last.end = f.time;
      est.push({ start: f.time, end: f.time, label });
    }
  }
  const maj = chordWcsr(truth.chords, est, compareMajmin) ?? 0;
  const sev = chordWcsr(truth.chords, est, compareSevenths) ?? 0;
  // Rare chords shown where the annotation has none.
  const labelAt = (ivs: readonly LabeledInterval[], t: number) =>
    ivs.find((iv) => iv.start <= t && t < iv.end)?.label ?? "N";
  let wrong = 0;
  let base = 0;
  let none = 0;
  let chordTime = 0;
  for (let t = 0; t < audio.durationSeconds; t += 0.05) {
    const r = labelAt(truth.chords, t);
    if (r !== "N" && r !== "X") {
      chordTime += 0.05;
      if (labelAt(est, t) === "N") none += 0.05;
    }
    if (r === "N" || r === "X" || rare(r) || encodeChord(r).root < 0) continue;
    base += 0.05;
    if (rare(labelAt(est, t))) wrong += 0.05;
  }
  const d = audio.durationSeconds;
  wMaj += maj * d;
  wSev += sev * d;
  dur += d;
  rareWrong += wrong;
  nonRare += base;
  noneShown += none;
  chordSeconds += chordTime;
  console.log(
    `${item.padEnd(52)} majmin ${maj.toFixed(3)}  sevenths ${sev.toFixed(3)}  rare shown wrongly ${(wrong / Math.max(base, 1e-9)).toFixed(3)}  no chord shown ${(none / Math.max(chordTime, 1e-9)).toFixed(3)}`,
  );
}
if (dur > 0)
  console.log(
    JSON.stringify({
      bench: "live-real",
      songs: items.length,
      seconds: Math.round(dur),
      majmin: Number((wMaj / dur).toFixed(3)),
      sevenths: Number((wSev / dur).toFixed(3)),
      rareShownWrongly: Number((rareWrong / nonRare).toFixed(3)),
      noChordShownDuringChords: Number((noneShown / chordSeconds).toFixed(3)),
    }),
  );
