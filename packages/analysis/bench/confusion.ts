// Temporary diagnostic: quality confusion on dev (ref quality -> est quality, seconds).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { encodeChord } from "../src/eval/metrics.js";
import { analyzeAudio, chordToHarte } from "../src/index.js";
import { decodeAudioFile } from "../src/node.js";

const dir = "/work/shared/eval/dev";
const conf = new Map<string, number>();
const songs = readdirSync(dir)
  .sort()
  .slice(0, Number(process.argv[2] ?? 30));
for (const s of songs) {
  const truth = JSON.parse(readFileSync(join(dir, s, "truth.json"), "utf8"));
  const a = await decodeAudioFile(join(dir, s, "audio.mp3"));
  const r = analyzeAudio(a.samples, a.sampleRate);
  for (let t = 0.05; t < truth.duration; t += 0.1) {
    const ref =
      truth.chords.find((c: { start: number; end: number }) => c.start <= t && t < c.end)?.label ?? "N";
    const est = chordToHarte(r.segments.find((c) => c.start <= t && t < c.end)?.chord ?? "N");
    const re = encodeChord(ref),
      ee = encodeChord(est);
    const rq = ref.includes(":") ? ref.split(":")[1] : ref;
    const eq = est.includes(":") ? est.split(":")[1] : est;
    const rootRel = re.root < 0 || ee.root < 0 ? "" : ((ee.root - re.root + 12) % 12).toString();
    const k = `${rq} -> ${eq} @${rootRel}`;
    conf.set(k, (conf.get(k) ?? 0) + 0.1);
  }
}
for (const [k, v] of [...conf].sort((a, b) => b[1] - a[1]).slice(0, 45))
  console.log(k.padEnd(30), v.toFixed(0));
