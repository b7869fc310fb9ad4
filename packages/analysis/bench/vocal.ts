/**
 * Vocal scale detector benchmark.
 *   npm run bench:vocal                      (= npx tsx packages/analysis/bench/vocal.ts)
 *   npx tsx packages/analysis/bench/vocal.ts [--dev] [--rec] [--gen]   (default: --dev --rec)
 *
 * Sets (the evaluation folder is $TONIC_EVAL_DIR, else the first `shared/eval` found walking up
 * from the working directory):
 * - vocal-dev: synthetic and sampled singing plus espeak-ng speech, scored as its README says.
 * - vocal-rec-dev: real a cappella phone recordings (SSVD v2.0). Like the browser, only the first
 *   30 s are analysed; the reference range is the lowest / highest annotated note (rounded to the
 *   nearest semitone, notes below A0 ignored) among the notes that start in those 30 s.
 * - generated (--gen): source-filter synth, bass→soprano, several keys, plus espeak-ng speech.
 * Prints a per-item table and one JSON summary line per set: `answered_sung` is the share of sung
 * items that get an answer; `range_both_within_1` counts unanswered items as wrong.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { readNote } from "@tonic/theory";
import { THAATS } from "@tonic/theory/indian";
import { centsBetween, midiToHz } from "@tonic/theory/units";
import decode from "audio-decode";
import { analyzeVocal, PITCH_CLASSES, trackPitch } from "../src/vocal/index.js";

import { makeRng, type SynthNote, type SynthVowel, scaleMelody, synthesizeVoice } from "../testing/index.js";

/** The ten thaats, the candidate scales of the singer's Sa (as the app passes them). */
const THAAT_SCALES = THAATS.map((t) => t.intervals);

/** The tonic pitch class (0 = C) of a truth key such as "Ab major" or "F# minor"; null when unreadable. */
function tonicPitchClass(key: string): number | null {
  return readNote(key.trim().split(/\s+/)[0] ?? "")?.chroma ?? null;
}

interface Truth {
  key: string | null; // "C minor", "Ab major", null for speech
  kind: "sung" | "short" | "spoken";
  range_min_midi: number | null;
  range_max_midi: number | null;
  degrees_covered: number | null;
  /** [seconds, Hz or 0] every 10 ms. */
  f0: [number, number][] | null;
}

interface Item {
  set: string;
  id: string;
  truth: Truth;
  load: () => Promise<{ samples: Float32Array; sampleRate: number }>;
}

interface Row {
  set: string;
  id: string;
  kind: string;
  truthKey: string;
  estKey: string;
  keyScore: number | null;
  keyExact: boolean | null;
  /** The detected Sa is the known key's tonic (pitch class); null without a known key. */
  saExact: boolean | null;
  coversScale: boolean;
  rangeTruth: string;
  rangeEst: string;
  lowOk: boolean | null;
  highOk: boolean | null;
  rpa: number | null;
  speechNull: boolean | null;
  /** A sung item got an answer (range, and a key or "key uncertain"). */
  answered: boolean;
  /** A Sa was found (issue 29: "an answer for ≥ 0.95 of recordings"). */
  saAnswered: boolean;
  keyUncertain: boolean;
  seconds: number;
  ms: number;
  /** CPU time of the analysis (user + system), ms: unaffected by other processes on a shared machine. */
  cpuMs: number;
}

const FLAT_TO_SHARP: Record<string, string> = {
  Db: "C#",
  Eb: "D#",
  Gb: "F#",
  Ab: "G#",
  Bb: "A#",
  Cb: "B",
  Fb: "E",
};

function parseKey(k: string): { tonic: number; mode: "major" | "minor" } | null {
  const m = /^([A-G](?:#|b)?)\s+(major|minor)$/i.exec(k.trim());
  if (!m) return null;
  const name = FLAT_TO_SHARP[m[1] as string] ?? (m[1] as string);
  const tonic = (PITCH_CLASSES as readonly string[]).indexOf(name);
  if (tonic < 0) return null;
  return { tonic, mode: (m[2] as string).toLowerCase() === "major" ? "major" : "minor" };
}

/** mir_eval.key.weighted_score (MIREX): same 1, fifth above 0.5, relative 0.3, parallel 0.2. */
function mirexKey(ref: string, est: string): number {
  const r = parseKey(ref);
  const e = parseKey(est);
  if (!r || !e) return 0;
  if (r.tonic === e.tonic && r.mode === e.mode) return 1;
  if (r.mode === e.mode && e.tonic === (r.tonic + 7) % 12) return 0.5;
  if (r.mode === "major" && e.mode === "minor" && e.tonic === (r.tonic + 9) % 12) return 0.3;
  if (r.mode === "minor" && e.mode === "major" && e.tonic === (r.tonic + 3) % 12) return 0.3;
  if (r.tonic === e.tonic && r.mode !== e.mode) return 0.2;
  return 0;
}

function rawPitchAccuracy(truth: [number, number][], f0Est: Float32Array | null) {
  let n = 0;
  let ok = 0;
  for (const [t, hz] of truth) {
    if (!(hz > 0)) continue;
    n++;
    const i = Math.round(t / 0.01);
    const est = f0Est ? (f0Est[i] ?? 0) : 0;
    if (est > 0 && Math.abs(centsBetween(est, hz)) < 50) ok++;
  }
  return n > 0 ? ok / n : null;
}

// ---------------------------------------------------------------- evaluation sets
/** The evaluation folder: $TONIC_EVAL_DIR, else the nearest `shared/eval` above the working directory. */
function evalDir(): string | null {
  if (process.env.TONIC_EVAL_DIR) return process.env.TONIC_EVAL_DIR;
  for (let d = resolve(process.cwd()); ; d = dirname(d)) {
    const cand = join(d, "shared", "eval");
    if (existsSync(cand)) return cand;
    if (dirname(d) === d) return null;
  }
}

/**
 * The items of one evaluation set: every `<eval>/<set>/<id>/` holding a `truth.json` and an `audio.flac`,
 * in id order; none when the folder is missing.
 * @param toTruth the item's truth from its parsed `truth.json`.
 * @param maxSeconds only the audio's first seconds are scored (default: all of it).
 */
function evalSetItems(
  set: string,
  toTruth: (raw: unknown) => Truth,
  maxSeconds = Number.POSITIVE_INFINITY,
): Item[] {
  const root = evalDir();
  const dir = root ? join(root, set) : "";
  if (!root || !existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, "truth.json")))
    .sort()
    .map((d) => ({
      set,
      id: d,
      truth: toTruth(JSON.parse(readFileSync(join(dir, d, "truth.json"), "utf8"))),
      load: async () => {
        const audio = await decode(readFileSync(join(dir, d, "audio.flac")));
        const x = mono(audio.channelData);
        const samples = Number.isFinite(maxSeconds)
          ? x.slice(0, Math.round(maxSeconds * audio.sampleRate))
          : x;
        return { samples, sampleRate: audio.sampleRate };
      },
    }));
}

function vocalDevItems(): Item[] {
  return evalSetItems("vocal-dev", (raw) => raw as Truth);
}

/** Seconds the browser records at most; vocal-rec-dev is scored on this prefix. */
const REC_SECONDS = 30;
/** MIDI number of A0: annotated notes below it are annotation slips, not sung notes. */
const LOWEST_SUNG_MIDI = 21;

interface RecTruth {
  notes: { start: number; end: number; midi: number }[];
}

function vocalRecItems(): Item[] {
  return evalSetItems(
    "vocal-rec-dev",
    (json) => {
      const raw = json as RecTruth;
      const ms = raw.notes
        .filter((n) => n.start < REC_SECONDS && n.midi >= LOWEST_SUNG_MIDI)
        .map((n) => Math.round(n.midi));
      return {
        key: null,
        kind: "sung",
        range_min_midi: ms.length ? Math.min(...ms) : null,
        range_max_midi: ms.length ? Math.max(...ms) : null,
        degrees_covered: null,
        f0: null,
      };
    },
    REC_SECONDS,
  );
}

function mono(ch: Float32Array[]): Float32Array {
  if (ch.length === 1) return ch[0] as Float32Array;
  const n = (ch[0] as Float32Array).length;
  const out = new Float32Array(n);
  for (const c of ch) for (let i = 0; i < n; i++) out[i] = (out[i] as number) + (c[i] as number) / ch.length;
  return out;
}

// ---------------------------------------------------------------- generated
function truthFromNotes(notes: SynthNote[], key: string, duration: number, tuningCents: number): Truth {
  const f0: [number, number][] = [];
  for (let i = 0; i * 0.01 < duration; i++) {
    const t = i * 0.01;
    const n = notes.find((x) => t >= x.start + 0.08 && t <= x.end - 0.06);
    f0.push([t, n ? midiToHz(n.midi + tuningCents / 100) : 0]);
  }
  const ms = notes.map((n) => n.midi);
  return {
    key,
    kind: "sung",
    range_min_midi: Math.min(...ms),
    range_max_midi: Math.max(...ms),
    degrees_covered: 7,
    f0,
  };
}

function generatedItems(): Item[] {
  const items: Item[] = [];
  const sr = 44100;
  const voices: { name: string; tonic: number; vowel: SynthVowel; fs: number }[] = [
    { name: "bass", tonic: 43, vowel: "o", fs: 0.95 },
    { name: "baritone", tonic: 48, vowel: "a", fs: 1 },
    { name: "tenor", tonic: 55, vowel: "e", fs: 1.05 },
    { name: "alto", tonic: 58, vowel: "a", fs: 1.12 },
    { name: "mezzo", tonic: 63, vowel: "o", fs: 1.15 },
    { name: "soprano", tonic: 69, vowel: "a", fs: 1.2 },
  ];
  const tunes: number[][] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0],
    [4, 5, 6, 7, 4, 2, 0, 1, 2, 3, 4, 3, 2, 1, 2, 0, -1, 0],
    [0, 2, 4, 2, 0, -1, -3, -1, 1, 3, 5, 4, 3, 2, 1, 0],
  ];
  let idx = 0;
  for (const v of voices) {
    for (const mode of ["major", "minor"] as const) {
      const rng = makeRng(100 + idx);
      const tune = tunes[idx % tunes.length] as number[];
      const tonic = v.tonic + (idx % 3) - 1;
      const noteS = 0.35 + 0.2 * rng();
      const gap = rng() < 0.5 ? 0 : 0.06;
      const notes = scaleMelody(tonic, mode, tune, noteS, gap, 0.4);
      const tuningCents = Math.round((rng() - 0.5) * 30);
      const duration = (notes[notes.length - 1] as SynthNote).end + 0.5;
      const key = `${PITCH_CLASSES[((tonic % 12) + 12) % 12]} ${mode}`;
      const opts = {
        notes,
        sampleRate: sr,
        duration,
        vowel: v.vowel,
        formantScale: v.fs,
        vibratoCents: 25 + 30 * rng(),
        vibratoHz: 5 + rng(),
        breathiness: 0.05 + 0.1 * rng(),
        humLevel: idx % 2 === 0 ? 0.02 : 0,
        noiseLevel: 0.003 + 0.01 * rng(),
        seed: 7 + idx,
        tuningCents,
      };
      items.push({
        set: "generated",
        id: `gen_${v.name}_${key.replace(" ", "_")}`,
        truth: truthFromNotes(notes, key, duration, tuningCents),
        load: async () => ({ samples: synthesizeVoice(opts), sampleRate: sr }),
      });
      idx++;
    }
  }
  // espeak-ng speech
  let hasEspeak = false;
  try {
    execFileSync("espeak-ng", ["--version"], { stdio: "ignore" });
    hasEspeak = true;
  } catch {
    hasEspeak = false;
  }
  if (hasEspeak) {
    const texts: [string, string][] = [
      [
        "en-us",
        "Hello, I am testing the microphone before I start singing. One, two, three, can you hear me?",
      ],
      [
        "en-gb",
        "The weather today is rather cloudy, with a chance of rain later in the afternoon and evening.",
      ],
      ["de", "Guten Morgen, ich teste gerade das Mikrofon. Hoffentlich funktioniert alles wie geplant."],
      ["fr", "Bonjour, je voudrais réserver une table pour deux personnes ce soir, vers huit heures."],
      ["hi", "नमस्ते, मैं माइक्रोफ़ोन की जाँच कर रहा हूँ, कृपया प्रतीक्षा करें।"],
    ];
    texts.forEach(([voice, text], k) => {
      items.push({
        set: "generated",
        id: `speech_${voice}_${k}`,
        truth: {
          key: null,
          kind: "spoken",
          range_min_midi: null,
          range_max_midi: null,
          degrees_covered: null,
          f0: null,
        },
        load: async () => {
          const tmp = mkdtempSync(join(tmpdir(), "vocal-bench-"));
          const wav = join(tmp, "s.wav");
          try {
            execFileSync("espeak-ng", ["-v", voice, "-s", String(140 + 10 * k), "-w", wav, text]);
            const audio = await decode(readFileSync(wav));
            return { samples: mono(audio.channelData), sampleRate: audio.sampleRate };
          } finally {
            rmSync(tmp, { recursive: true, force: true });
          }
        },
      });
    });
  }
  return items;
}

// ---------------------------------------------------------------- run
async function runItem(item: Item): Promise<Row> {
  const { samples, sampleRate } = await item.load();
  const seconds = samples.length / sampleRate;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const res = analyzeVocal(samples, sampleRate, { saScales: THAAT_SCALES });
  const cpu = process.cpuUsage(c0);
  const ms = performance.now() - t0;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const t = item.truth;
  let f0Est: Float32Array | null = null;
  if (t.f0) {
    // pitchTrack is at the 10 ms hop; when no scale is answered, score the raw tracker.
    f0Est = res ? Float32Array.from(res.pitchTrack.f0) : trackPitch(samples, sampleRate).f0;
  }
  const estKey = res ? `${res.keyUncertain ? "?" : ""}${res.key}` : "none";
  const isSpeech = t.kind === "spoken";
  const keyScore = t.key ? (res ? mirexKey(t.key, res.key) : 0) : null;
  // Sa is the tonic of the known key (the key's own tonic in major and minor alike); unanswered counts wrong.
  const truthSa = t.key ? tonicPitchClass(t.key) : null;
  const saExact = truthSa === null ? null : res?.sa?.pitchClass === truthSa;
  const low =
    res && t.range_min_midi !== null ? Math.abs(res.vocal_range.min_midi - t.range_min_midi) <= 1 : null;
  const high =
    res && t.range_max_midi !== null ? Math.abs(res.vocal_range.max_midi - t.range_max_midi) <= 1 : null;
  return {
    set: item.set,
    id: item.id,
    kind: t.kind,
    truthKey: t.key ?? "none",
    estKey,
    keyScore,
    keyExact: keyScore === null ? null : keyScore === 1,
    saExact,
    coversScale: (t.degrees_covered ?? 0) >= 7,
    rangeTruth: t.range_min_midi === null ? "-" : `${t.range_min_midi}-${t.range_max_midi}`,
    rangeEst: res ? `${res.vocal_range.min_midi}-${res.vocal_range.max_midi}` : "-",
    lowOk: t.range_min_midi === null ? null : (low ?? false),
    highOk: t.range_max_midi === null ? null : (high ?? false),
    rpa: t.f0 ? rawPitchAccuracy(t.f0, f0Est) : null,
    speechNull: isSpeech ? res === null : null,
    answered: res !== null,
    saAnswered: Boolean(res?.sa),
    keyUncertain: res?.keyUncertain ?? false,
    seconds,
    ms,
    cpuMs,
  };
}

function mean(xs: number[]): number | null {
  return xs.length ? Math.round((xs.reduce((s, x) => s + x, 0) / xs.length) * 1000) / 1000 : null;
}

function summarize(set: string, rows: Row[]) {
  const keyed = rows.filter((r) => r.keyScore !== null);
  const full = keyed.filter((r) => r.coversScale);
  const ranged = rows.filter((r) => r.lowOk !== null);
  const speech = rows.filter((r) => r.speechNull !== null);
  const sung = rows.filter((r) => r.kind === "sung");
  const sec = rows.reduce((s, r) => s + r.seconds, 0);
  const ms = rows.reduce((s, r) => s + r.ms, 0);
  const cpuMs = rows.reduce((s, r) => s + r.cpuMs, 0);
  return {
    set,
    items: rows.length,
    answered_sung: mean(sung.map((r) => (r.answered ? 1 : 0))),
    key_uncertain_sung: mean(sung.map((r) => (r.keyUncertain ? 1 : 0))),
    key_exact: mean(keyed.map((r) => (r.keyExact ? 1 : 0))),
    key_exact_full_scale: mean(full.map((r) => (r.keyExact ? 1 : 0))),
    key_mirex: mean(keyed.map((r) => r.keyScore as number)),
    sa_exact: mean(rows.filter((r) => r.saExact !== null).map((r) => (r.saExact ? 1 : 0))),
    sa_answered_sung: mean(sung.map((r) => (r.saAnswered ? 1 : 0))),
    range_low_within_1: mean(ranged.map((r) => (r.lowOk ? 1 : 0))),
    range_high_within_1: mean(ranged.map((r) => (r.highOk ? 1 : 0))),
    range_both_within_1: mean(ranged.map((r) => (r.lowOk && r.highOk ? 1 : 0))),
    raw_pitch_accuracy: mean(rows.filter((r) => r.rpa !== null).map((r) => r.rpa as number)),
    speech_no_key: mean(speech.map((r) => (r.speechNull ? 1 : 0))),
    realtime_factor: ms > 0 ? Math.round((sec / (ms / 1000)) * 10) / 10 : null,
    realtime_factor_cpu: cpuMs > 0 ? Math.round((sec / (cpuMs / 1000)) * 10) / 10 : null,
  };
}

async function main() {
  const args = process.argv.slice(2);
  const pick = ["--dev", "--rec", "--gen"].filter((a) => args.includes(a));
  const want = pick.length > 0 ? pick : ["--dev", "--rec"];
  const sets: Item[][] = [];
  if (want.includes("--dev")) sets.push(vocalDevItems());
  if (want.includes("--rec")) sets.push(vocalRecItems());
  if (want.includes("--gen")) sets.push(generatedItems());
  if (sets.every((s) => s.length === 0) && !want.includes("--gen")) {
    console.error(
      "No evaluation data found: set TONIC_EVAL_DIR to the folder holding vocal-dev/ and vocal-rec-dev/.",
    );
    process.exitCode = 1;
    return;
  }
  const summaries = [];
  for (const items of sets) {
    if (items.length === 0) continue;
    const rows: Row[] = [];
    console.log(
      ["id", "kind", "truth key", "est key", "mirex", "range truth", "range est", "lo", "hi", "rpa", "rtf"]
        .map((s, i) => s.padEnd(i === 0 ? 26 : 11))
        .join(""),
    );
    for (const item of items) {
      const r = await runItem(item);
      rows.push(r);
      const b = (x: boolean | null) => (x === null ? "-" : x ? "ok" : "X");
      console.log(
        [
          r.id,
          r.kind,
          r.truthKey,
          r.estKey,
          r.keyScore === null
            ? r.speechNull === null
              ? "-"
              : r.speechNull
                ? "null ok"
                : "ANSWERED"
            : r.keyScore.toFixed(1),
          r.rangeTruth,
          r.rangeEst,
          b(r.lowOk),
          b(r.highOk),
          r.rpa === null ? "-" : r.rpa.toFixed(3),
          (r.seconds / (r.ms / 1000)).toFixed(0),
        ]
          .map((s, i) => String(s).padEnd(i === 0 ? 26 : 11))
          .join(""),
      );
    }
    summaries.push(summarize(items[0]!.set, rows));
  }
  for (const s of summaries) console.log(JSON.stringify(s));
}

await main();
