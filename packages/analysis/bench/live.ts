/**
 * Live mode benchmark: `npm run bench:live` [-- --quick] [-- --seeds N] [-- --events].
 * With `-- --folder DIR [--json FILE]` it scores recordings instead (see `./live-folder.ts`).
 *
 * Synthesised chord sequences — all 12 roots × major, minor, 7, maj7, m7, dim, sus4 on a Karplus–Strong
 * guitar (plucked strings), a piano-like struck string and a drawbar organ, each chord held 2.5 s in a shuffled order with a
 * silence after every 12 chords, for each of `--seeds` seed sets (default 6, pooled) — clean and in a
 * room (Schroeder reverb + pink noise at 15 dB SNR), fed through `LiveListener` in 128-sample render
 * quanta buffered into LIVE_BLOCK-sample messages, exactly as the browser's AudioWorklet → Worker path
 * does. Reports:
 *   accuracy  share of frames whose displayed chord equals the sounding chord, outside the first 150 ms
 *             after each change (the latency allowance); silence counts and must show "N";
 *   latency   from a chord change (in the audio) to the end of the block whose frame first displays it, ms;
 *   flicker   display changes per minute while a chord is held, after it was first shown;
 *   cpu       process CPU time of the listener per second of audio, % of one core;
 *   speech    share of frames of a voice talking (`renderSpeech`: gliding glottal pitch through moving
 *             formants, low and high voices, 20 s each, clean and in the room, and once right after a
 *             strummed chord, counted from 150 ms after the chord stops) that display "N".
 * The guitar's strings are plucked (`excitation: "pluck"`: partials shaped by the pluck point, as on a
 * real guitar). Also reported, outside the targets (`LIVE_SHAPES=0` skips both):
 *   shapes  the guitar playing the shapes the app's chord diagrams show (chords-db first positions): real
 *           shapes put the fifth in the bass of some chords and leave out notes, which the stacked
 *           voicings above never do;
 *   noise   the guitar excited by Karplus & Strong's noise burst, whose partials' levels are random from
 *           pluck to pluck (a 13 dB spread) — a stress test harsher than any real guitar.
 * With `--events`, also lists every held chord shown later than 150 ms or changed while held, with its
 * display timeline ("ms after the change:chord …"), to see which transitions cost latency or flicker.
 */

import { createRequire } from "node:module";
import { chordName, parseDisplayChord } from "../src/labels.js";
import { LIVE_BLOCK, LIVE_QUALITIES } from "../src/live/index.js";
import {
  addRoom,
  type HeldChord,
  type LiveTimbre,
  makeRng,
  renderChordSequence,
  renderSpeech,
} from "../testing/index.js";
import { addChangeCounts, type ChangeCounts, folderCli, LIVE_RATE, pct, playLive } from "./live-folder.js";

if (process.argv.includes("--folder")) {
  await folderCli(process.argv.slice(2));
  process.exit();
}

const SR = LIVE_RATE;
const HOLD = 2.5;
const quick = process.argv.includes("--quick");
const events = process.argv.includes("--events");
/**
 * Independent seed sets (chord order, string excitations, room noise) measured and pooled (default 6;
 * 1 with --quick). One set holds 84 changes per timbre, so its 95th percentile rests on about four
 * changes per timbre: a single set's clean p95 ranges from 136 to 207 ms on the same code. Six sets
 * (1512 changes per condition) keep the targets from being met, or missed, by a lucky order.
 */
const seedsArg = process.argv.indexOf("--seeds");
const seeds = quick ? 1 : seedsArg >= 0 ? Math.max(1, Number(process.argv[seedsArg + 1]) || 1) : 6;
/** Latency above which `--events` lists a held chord, ms (the issue's p95 target). */
const SLOW_MS = 150;
const eventRows: string[] = [];

function sequence(seed: number): HeldChord[] {
  const rng = makeRng(seed);
  const all: string[] = [];
  for (let r = 0; r < 12; r++) for (const q of LIVE_QUALITIES) all.push(chordName(r, q));
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [all[i], all[j]] = [all[j] as string, all[i] as string];
  }
  const list = quick ? all.slice(0, 24) : all;
  const seq: HeldChord[] = [];
  list.forEach((c, i) => {
    seq.push({ chord: c, seconds: HOLD });
    if (i % 12 === 11) seq.push({ chord: "N", seconds: 1.5 });
  });
  return seq;
}

interface Stats extends ChangeCounts {
  frames: number;
  correct: number;
  audioSeconds: number;
  confusions: Map<string, number>;
}

function run(pcm: Float32Array, seq: HeldChord[], s: Stats, label: string): void {
  const bounds: number[] = [0];
  for (const c of seq) bounds.push((bounds[bounds.length - 1] as number) + c.seconds);
  const truthAt = (t: number) => {
    let i = 0;
    while (i + 1 < bounds.length - 1 && t >= (bounds[i + 1] as number)) i++;
    return i;
  };
  // The browser's path: 128-sample render quanta buffered into LIVE_BLOCK-sample blocks.
  const played = playLive(pcm);
  const shown = played.frames.map((f) => ({
    seg: truthAt(f.time),
    t: f.time,
    chord: f.chord,
    blockEnd: f.blockEnd,
  }));
  s.cpuMs += played.cpuMs;
  s.audioSeconds += pcm.length / SR;
  // Accuracy.
  for (const f of shown) {
    const start = bounds[f.seg] as number;
    if (f.t - start < 0.15) continue;
    const truth = seq[f.seg]?.chord ?? "N";
    s.frames++;
    if (f.chord === truth) s.correct++;
    else {
      const k = `${truth}→${f.chord}`;
      s.confusions.set(k, (s.confusions.get(k) ?? 0) + 1);
    }
  }
  // Latency and flicker per segment.
  seq.forEach((c, i) => {
    const start = bounds[i] as number;
    const end = bounds[i + 1] as number;
    const inSeg = shown.filter((f) => f.t >= start && f.t < end);
    const first = inSeg.findIndex((f) => f.chord === c.chord);
    if (first < 0) {
      s.missed++;
      return;
    }
    if (c.chord !== "N") s.latencies.push(((inSeg[first]?.blockEnd ?? start) - start) * 1000);
    let changes = 0;
    for (let k = first + 1; k < inSeg.length; k++) if (inSeg[k]?.chord !== inSeg[k - 1]?.chord) changes++;
    s.falseChanges += changes;
    s.heldSeconds += end - (inSeg[first]?.t ?? start);
    const latency = ((inSeg[first]?.blockEnd ?? start) - start) * 1000;
    if (events && c.chord !== "N" && (latency > SLOW_MS || changes > 0)) {
      const timeline = inSeg
        .filter((f, k) => k === 0 || f.chord !== inSeg[k - 1]?.chord)
        .map((f) => `${Math.round((f.t - start) * 1000)}:${f.chord}`);
      eventRows.push(
        `${label} #${i} ${seq[i - 1]?.chord ?? "-"}→${c.chord}  latency ${latency.toFixed(0)} ms  changes ${changes} | ${timeline.join(" ")}`,
      );
    }
  });
}

const empty = (): Stats => ({
  frames: 0,
  correct: 0,
  latencies: [],
  missed: 0,
  falseChanges: 0,
  heldSeconds: 0,
  cpuMs: 0,
  audioSeconds: 0,
  confusions: new Map(),
});

const timbres = (process.env.LIVE_TIMBRES ?? "guitar,piano,organ").split(",") as LiveTimbre[];
const total = { clean: empty(), noisy: empty() };
const byTimbre = new Map<string, Stats>();
const rows: string[] = [];
/** Adds `s` into `t`. */
function add(t: Stats, s: Stats): void {
  t.frames += s.frames;
  t.correct += s.correct;
  addChangeCounts(t, s);
  t.audioSeconds += s.audioSeconds;
  for (const [k, v] of s.confusions) t.confusions.set(k, (t.confusions.get(k) ?? 0) + v);
}

const row = (label: string, s: Stats) =>
  `${label}  acc ${(s.correct / s.frames).toFixed(3)}  latency median ${pct(s.latencies, 0.5).toFixed(0)} ms p95 ${pct(s.latencies, 0.95).toFixed(0)} ms  flicker ${((60 * s.falseChanges) / s.heldSeconds).toFixed(2)}/min  missed ${s.missed}  cpu ${((100 * s.cpuMs) / 1000 / s.audioSeconds).toFixed(2)} %`;

const perSeed: Record<"clean" | "noisy", Stats>[] = [];
for (let k = 0; k < seeds; k++) {
  const bySeed = { clean: empty(), noisy: empty() };
  timbres.forEach((timbre, ti) => {
    // Seed set k: its own chord order, string excitations and room noise (k = 0 is the original run).
    const seq = sequence(100 + ti + 10 * k);
    const clean = renderChordSequence(seq, { timbre, sampleRate: SR, seed: 3 + ti + 10 * k });
    const noisy = addRoom(clean, SR, 15, 9 + ti + 10 * k);
    for (const [name, pcm] of [
      ["clean", clean],
      ["noisy", noisy],
    ] as const) {
      const s = empty();
      run(pcm, seq, s, `${timbre} ${name} seed ${k}`);
      add(total[name], s);
      add(bySeed[name], s);
      const key = `${timbre} ${name}`;
      const t = byTimbre.get(key) ?? empty();
      add(t, s);
      byTimbre.set(key, t);
    }
  });
  perSeed.push(bySeed);
}
for (const [key, s] of byTimbre) rows.push(row(key.padEnd(13), s));
perSeed.forEach((bySeed, k) => {
  for (const name of ["clean", "noisy"] as const)
    rows.push(row(`seed ${k} ${name}`.padEnd(13), bySeed[name]));
});
// Informational, outside the targets: the guitar playing the shapes the app's chord diagrams show
// (chords-db, first position: open and barre shapes, some with the fifth in the bass, 4-string dim
// shapes) instead of the stacked voicings above, and the guitar excited by a noise burst. LIVE_SHAPES=0
// skips both.
const extraRows: string[] = [];
const extra = {
  shapes: { clean: empty(), noisy: empty() },
  noise: { clean: empty(), noisy: empty() },
};
if (process.env.LIVE_SHAPES !== "0") {
  const db: unknown = createRequire(import.meta.url)("@tombatossals/chords-db/lib/guitar.json");
  const DB_KEY = ["C", "Csharp", "D", "Eb", "E", "F", "Fsharp", "G", "Ab", "A", "Bb", "B"];
  const DB_SUFFIX: Record<string, string> = {
    maj: "major",
    min: "minor",
    "7": "7",
    maj7: "maj7",
    min7: "m7",
    dim: "dim",
    sus4: "sus4",
  };
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
  /** MIDI notes of the first diagram of `chord` in chords-db. */
  const shapeOf = (chord: string): readonly number[] => {
    const p = parseDisplayChord(chord);
    const list = p && isRecord(db) && isRecord(db.chords) ? db.chords[DB_KEY[p.root] ?? ""] : undefined;
    const entry = Array.isArray(list)
      ? list.find((c: unknown) => isRecord(c) && c.suffix === DB_SUFFIX[p?.quality.harte ?? ""])
      : undefined;
    const pos = isRecord(entry) && Array.isArray(entry.positions) ? entry.positions[0] : undefined;
    const midi = isRecord(pos) ? pos.midi : undefined;
    if (!Array.isArray(midi) || !midi.every((m) => typeof m === "number")) {
      throw new Error(`chords-db has no guitar shape for ${chord}`);
    }
    return midi;
  };
  for (const variant of ["shapes", "noise"] as const) {
    for (let k = 0; k < seeds; k++) {
      const seq = sequence(100 + 10 * k);
      const clean = renderChordSequence(seq, {
        timbre: "guitar",
        sampleRate: SR,
        seed: 3 + 10 * k,
        ...(variant === "shapes" ? { voicing: shapeOf } : { excitation: "noise" as const }),
      });
      for (const [name, pcm] of [
        ["clean", clean],
        ["noisy", addRoom(clean, SR, 15, 9 + 10 * k)],
      ] as const) {
        const st = empty();
        run(pcm, seq, st, `guitar ${variant} ${name} seed ${k}`);
        add(extra[variant][name], st);
      }
    }
    const what = variant === "shapes" ? "guitar, diagram shapes" : "guitar, noise-burst strings";
    for (const name of ["clean", "noisy"] as const)
      extraRows.push(
        `${row(`${variant} ${name}`.padEnd(13), extra[variant][name])}  (${what}; not in the targets)`,
      );
  }
}
// Speech: every frame should show "N".
const speech = { frames: 0, none: 0 };
const speechRows: string[] = [];
const speechSeconds = quick ? 8 : 20;
for (const voice of ["low", "high"] as const) {
  const talk = renderSpeech({
    seconds: speechSeconds,
    sampleRate: SR,
    voice,
    seed: voice === "low" ? 11 : 12,
  });
  const chordThenTalk = new Float32Array(Math.round(2.5 * SR) + talk.length);
  chordThenTalk.set(
    renderChordSequence([{ chord: "G", seconds: 2.5 }], { timbre: "guitar", sampleRate: SR }),
  );
  chordThenTalk.set(talk, Math.round(2.5 * SR));
  for (const [name, pcm, from] of [
    ["clean", talk, 0],
    ["noisy", addRoom(talk, SR, 15, 21), 0],
    ["after G", chordThenTalk, 2.65],
  ] as const) {
    let frames = 0;
    let none = 0;
    for (const f of playLive(pcm).frames) {
      if (f.time < from) continue;
      frames++;
      if (f.chord === "N") none++;
    }
    speech.frames += frames;
    speech.none += none;
    speechRows.push(`speech  ${voice.padEnd(4)} ${name.padEnd(7)}  shown as N ${(none / frames).toFixed(3)}`);
  }
}
for (const r of eventRows) console.log(r);
for (const r of rows) console.log(r);
for (const r of speechRows) console.log(r);
for (const r of extraRows) console.log(r);
const summary: Record<string, unknown> = {};
for (const name of ["clean", "noisy"] as const) {
  const t = total[name];
  const top = [...t.confusions.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(`${name} top confusions (frames): ${top.map(([k, v]) => `${k} ${v}`).join(", ")}`);
  summary[name] = {
    accuracy: Number((t.correct / t.frames).toFixed(3)),
    latencyMedianMs: Math.round(pct(t.latencies, 0.5)),
    latencyP95Ms: Math.round(pct(t.latencies, 0.95)),
    flickerPerMin: Number(((60 * t.falseChanges) / t.heldSeconds).toFixed(2)),
    missedSegments: t.missed,
    cpuPercentOfCore: Number(((100 * t.cpuMs) / 1000 / t.audioSeconds).toFixed(2)),
    audioSeconds: Math.round(t.audioSeconds),
  };
}
summary.speechAsN = Number((speech.none / speech.frames).toFixed(3));
if (extraRows.length > 0) {
  const brief = (t: Stats) => ({
    accuracy: Number((t.correct / t.frames).toFixed(3)),
    latencyP95Ms: Math.round(pct(t.latencies, 0.95)),
    flickerPerMin: Number(((60 * t.falseChanges) / t.heldSeconds).toFixed(2)),
  });
  summary.guitarDiagramShapes = { clean: brief(extra.shapes.clean), noisy: brief(extra.shapes.noisy) };
  summary.guitarNoiseBurst = { clean: brief(extra.noise.clean), noisy: brief(extra.noise.noisy) };
}
console.log(JSON.stringify({ bench: "live", sampleRate: SR, block: LIVE_BLOCK, seeds, ...summary }));
