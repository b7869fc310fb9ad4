/**
 * Render the training corpora to audio and extract the engine's features with exact labels.
 *
 *   npx tsx packages/analysis/train/render-corpus.ts --out DIR [--corpus billboard|pop909|both|genre|classical]
 *       [--genre-songs 400] [--classical-songs 300]
 *       [--shard K/N] [--max-seconds 120] [--limit M] [--validation-only | --training-only]
 *       [--folder-out FOLDER]
 *       [--beat-bands] [--pitch-spectrum] [--mix-suppression-variants 0,0.5] [--chord-suppression-variants 0.25] [--no-drums] [--rubato X] [--tempo-scale S] [--humanize MS]
 *       [--phrase-arcs D] [--compound 6/8|12/8] [--learned-beats] [--drum-kits training|validation [--drum-kit-share P] [--drum-kit-root DIR]]
 *
 * `--validation-only` renders only the validation split (crc32("<corpus>-<id>") % 10 == 0, the split the
 * training scripts hold out), `--training-only` only the rest (e.g. band songs to train Live's frame model
 * on, never a validation song). `--folder-out FOLDER` also writes each song as an evaluation item,
 * `FOLDER/<corpus>-<id>/audio.wav` (22.05 kHz mono, as rendered and augmented) with a `truth.json` in the
 * format of `../shared/eval` (key, bpm, beats, downbeats, time_signature, timed Harte chords, duration,
 * and a `group`): a folder `npm run bench -- --folder` and `npm run bench:live -- --folder` score like
 * the evaluation sets — validation songs of whole recordings, with drums, bass and a voice.
 * `--no-drums` and `--rubato X` make harder songs for the rhythm stages' validation (both off by default,
 * and without them every song renders exactly as before): the drum tracks (MIDI channel 10) left out, and
 * the tempo swaying slowly by up to ±X (a sinusoid of period 6–16 s drawn from the song's seed; notes and
 * every label warped alike, so the labels stay exact); `--tempo-scale S` plays every song S times as fast
 * (notes and labels alike: tempos beyond the charts'); `--humanize MS` moves every note's start (drums
 * included) by a Gaussian of σ = MS milliseconds (at most 2.5 σ), as players are off the grid, while the
 * labels stay on it (see {@link humanize}); `--phrase-arcs D` plays every phrase of 2 or 4 bars with a
 * performer's tempo arc, slow at its ends and fast in its middle, by a depth of up to D (`phraseArcWarp`
 * in `./phrase-arcs.ts`; notes and labels warped alike). `--compound 6/8|12/8` (Billboard only) plays each
 * chart in compound time (`compoundBars`: a bar of 4/4 becomes one of 6/8 or 12/8, in the arranger's
 * compound feel) at a dotted-quarter tempo drawn uniformly from {@link COMPOUND_BPM} (its own generator),
 * skipping charts with bars of other metres: songs in 6/8 and 12/8, which the charts hold few of.
 * `--drum-kits training|validation` plays the drums of a share P (default 1) of the songs on a recorded
 * kit of that set (`DRUM_KITS` in `./drum-kits.ts`, Debian `hydrogen-drumkits`; split by kit, so the
 * validation songs' kits are never trained on) instead of the soundfont's; off by default.
 * `--beat-bands` also writes the beat model's input (`beatModelInput`, `[T × 48]` at BEAT_FRAME_RATE) as
 * `DIR/<corpus>-<id>.bands.i16` (int16, value × 1000), for `train_beat_model.py`. `--pitch-spectrum` also
 * writes the beat-synchronous log semitone spectrum of the harmonic part (`harmonicSpectrum`, `[segments ×
 * 72]`, C1..B6, the same segments as the JSON's chords) as `DIR/<corpus>-<id>.semi.i16` (int16, value ×
 * 1000), for `train_chord_model.py --input spectrum`. `--mix-suppression-variants 0,0.5` also writes the key
 * model's input with the whole mix's overtone sieve at those strengths (`featuresBySuppression`), and
 * `--chord-suppression-variants 0.25` (with `--pitch-spectrum`) the chord model's spectrum with the harmonic
 * part's sieve at those strengths (`DIR/<corpus>-<id>.semi-s<strength>.i16`; linked as `<song>.semi.i16`
 * in a folder of links, the chord scripts read it as they read the shipped input).
 *
 * Corpora (both licensed for commercial use; see PROVENANCE.md):
 * - McGill Billboard chord charts (CC0): each chart is arranged by `arranger.ts` (style, patches and
 *   voicings from the song's seed) with its own timing; labels come from the chart.
 * - POP909 (MIT): the song's MIDI (melody on a voice-like patch, bridge on a lead, piano accompaniment on
 *   a keyboard or guitar patch) plus a bass line and drums from its chord and beat annotations; labels
 *   from `chord_midi.txt`, `key_audio.txt`, `beat_midi.txt`.
 * - Genre charts (ours, `genre-charts.ts`; `--corpus genre`, `--genre-songs` of them): twelve-bar blues,
 *   modal rock, metal, hip-hop, reggae, funk and jazz progressions written by rule, arranged in those
 *   genres' styles; labels from the chart.
 * - Classical charts (ours, `genre-charts.ts` `CLASSICAL_GENRES`; `--corpus classical`,
 *   `--classical-songs` of them): common-practice progressions in major and minor, 4/4 or 3/4, played
 *   without drums in the arranger's classical textures; labels from the chart.
 * Each song is transposed by −5..+6 semitones, cut to `--max-seconds`, rendered by FluidSynth (Debian
 * `fluidsynth`) on one of two soundfonts whose licences allow commercial use of the audio —
 * FluidR3_GM (MIT; Debian `fluid-soundfont-gm`) or MuseScore General (MIT, parts CC0/PD; Debian
 * `musescore-general-soundfont-lossless`, loaded sample by sample on demand) — with FluidSynth's reverb and chorus on or off, then augmented from the
 * song's seed: the melody sung (`sing.ts`: scoops, slides, vibrato, falls as pitch bends; a vocal-forward
 * mix), gain, a spectral tilt (one-pole EQ), soft-clip distortion, a room with pink noise
 * (12–30 dB SNR), low-bit-rate MP3 (ffmpeg, 32–96 kbit/s, when installed) and a detuning of ±40 cents.
 *
 * The engine's own front end (`extractFeatures`, exactly what `analyzeAudio` runs) computes the features,
 * on the beats of the hand-written tracker by default or, with `--learned-beats`, of the shipped beat
 * model and its DBN, as `analyzeAudio` with the models runs (the item's `beatTracker` says which); each
 * beat segment is labelled from the truth at its midpoint. One JSON file per song in DIR (see
 * {@link CorpusItem}). Nothing here reads the evaluation sets.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { crc32 } from "node:zlib";
import midiPkg from "@tonejs/midi";
import { predictBeats } from "../src/analyze.js";
import { BEAT_BANDS, beatModelInput } from "../src/beat-activation.js";
import { N_PITCH } from "../src/features.js";
import { noteToPitchClass, pitchClassName } from "../src/labels.js";
import { loadNodeModels } from "../src/onnx-node.js";
import {
  beatSyncSalienceStage,
  beatSyncStage,
  chromaStage,
  decimateSignal,
  extractFeatures,
  frameLoudness,
  keyModelInput,
  onsetAndBeatBands,
  pitchSpectrum,
  salienceStage,
} from "../src/stages.js";
import { encodeWav } from "../src/wav.js";
import { addRoom } from "../testing/live-synth.js";
import { makeRng } from "../testing/voice-synth.js";
import { arrange, transposeLabel } from "./arranger.js";
import type { TimedLabel } from "./billboard.js";
import { compoundBars, parseBillboardChart } from "./billboard.js";
import {
  DRUM_KIT_ROOT,
  DRUM_KITS,
  decodeWithFfmpeg,
  loadDrumKits,
  mixAtLevel,
  renderDrumHits,
} from "./drum-kits.js";
import { evalTruth } from "./eval-item.js";
import { renderMidi } from "./fluidsynth.js";
import { CLASSICAL_GENRES, genreChart } from "./genre-charts.js";
import { phraseArcWarp } from "./phrase-arcs.js";
import { addSungExpression, mixVocalForward } from "./sing.js";

const { Midi } = midiPkg;
type MidiFile = InstanceType<typeof Midi>;

type Corpus = "billboard" | "pop909" | "genre" | "classical";

/** One rendered song's features and labels, as written to `DIR/<corpus>-<id>.json`. */
export interface CorpusItem {
  corpus: Corpus;
  id: string;
  transpose: number;
  soundfont: string;
  augment: string[];
  style: string;
  /** segment bounds from the engine's beat tracker, seconds (B + 1) */
  bounds: number[];
  /**
   * Which beat tracker made `bounds`: "learned" (`--learned-beats`: the shipped beat model and its DBN,
   * as the engine analyses a song) or "hand-written" (the default, and every corpus before 2026-11-29).
   */
  beatTracker?: "learned" | "hand-written";
  /** keyModelInput: [B × 24] per-beat treble then bass chroma (each half sums to 1), rounded to 1e-4 */
  features: number[];
  /** [B] seconds per segment, 0 when silent */
  weights: number[];
  /**
   * `--mix-suppression-variants`: `features` again with the whole-mix salience's overtone sieve at other
   * strengths (key: the strength as written on the command line), on the same beats and silent flags, for
   * choosing `MIX_OVERTONE_SUPPRESSION` on validation (`train_key_model.py --mix-suppression`).
   */
  featuresBySuppression?: Record<string, number[]>;
  /**
   * The chord stage's input: beat-synchronous chroma of the harmonic part (HPSS), [B × 12] treble and
   * [B × 12] bass as the engine computes them (4 significant digits), and the silent flags [B].
   */
  harmonicTreble: number[];
  harmonicBass: number[];
  silent: number[];
  /** per segment: key index (tonic + 12·minor) at its midpoint, −1 where there is none */
  keyIndex: number[];
  /** per segment: the true Harte chord at its midpoint ("N", "X" to ignore) */
  chords: string[];
  /** the truth: beats, downbeats (seconds) and metre of the rendered audio */
  beats: number[];
  downbeats: number[];
  metre: string;
  keys: TimedLabel[];
}

const { values: opts } = parseArgs({
  options: {
    out: { type: "string", default: "/tmp/tonic-corpus" },
    corpus: { type: "string", default: "both" },
    "genre-songs": { type: "string", default: "400" },
    "classical-songs": { type: "string", default: "300" },
    shard: { type: "string", default: "0/1" },
    "max-seconds": { type: "string", default: "120" },
    limit: { type: "string", default: "0" },
    "validation-only": { type: "boolean", default: false },
    "training-only": { type: "boolean", default: false },
    "folder-out": { type: "string" },
    "beat-bands": { type: "boolean", default: false },
    "learned-beats": { type: "boolean", default: false },
    "pitch-spectrum": { type: "boolean", default: false },
    "mix-suppression-variants": { type: "string" },
    "chord-suppression-variants": { type: "string" },
    "no-drums": { type: "boolean", default: false },
    rubato: { type: "string", default: "0" },
    "tempo-scale": { type: "string", default: "1" },
    humanize: { type: "string", default: "0" },
    "phrase-arcs": { type: "string", default: "0" },
    compound: { type: "string" },
    "drum-kits": { type: "string" },
    "drum-kit-share": { type: "string", default: "1" },
    "drum-kit-root": { type: "string", default: DRUM_KIT_ROOT },
    shared: { type: "string", default: join(import.meta.dirname, "../../../../shared/train") },
  },
});
const out = resolve(opts.out);
if (opts["validation-only"] && opts["training-only"]) {
  console.error("render-corpus: --validation-only and --training-only exclude each other");
  process.exit(2);
}
const phraseArcDepth = Number(opts["phrase-arcs"]);
if (!(phraseArcDepth >= 0 && phraseArcDepth <= 1)) {
  console.error("render-corpus: --phrase-arcs is a depth from 0 to 1");
  process.exit(2);
}
const compoundMetre = opts.compound;
if (compoundMetre !== undefined && compoundMetre !== "6/8" && compoundMetre !== "12/8") {
  console.error("render-corpus: --compound is 6/8 or 12/8");
  process.exit(2);
}
if (compoundMetre !== undefined && opts.corpus !== "billboard") {
  console.error("render-corpus: --compound re-metres the Billboard charts: use it with --corpus billboard");
  process.exit(2);
}
/**
 * Dotted-quarter tempo range of `--compound` songs, BPM: 6/8 from a slow ballad (40) to a brisk jig-like
 * song (110), 12/8 from 40 to 90 (its bars are twice as long). Set from the metres' usual tempi, not tuned.
 */
const COMPOUND_BPM = { "6/8": [40, 110], "12/8": [40, 90] } as const;
/** A comma-separated option of overtone-sieve strengths (0..1), as written; exits on another value. */
function strengths(name: "mix-suppression-variants" | "chord-suppression-variants"): string[] {
  const list = (opts[name] ?? "").split(",").filter((v) => v.trim() !== "");
  if (list.some((v) => !(Number(v) >= 0 && Number(v) <= 1))) {
    console.error(`render-corpus: --${name} is a comma-separated list of strengths 0..1`);
    process.exit(2);
  }
  return list;
}
/** `--mix-suppression-variants 0,0.5`: the key model's input also at these sieve strengths. */
const suppressionVariants = strengths("mix-suppression-variants");
/** `--chord-suppression-variants 0.25`: the harmonic spectrum also at these sieve strengths. */
const chordVariants = strengths("chord-suppression-variants");
if (chordVariants.length > 0 && !opts["pitch-spectrum"]) {
  console.error("render-corpus: --chord-suppression-variants needs --pitch-spectrum");
  process.exit(2);
}
const [shardK, shardN] = (opts.shard ?? "0/1").split("/").map(Number) as [number, number];
const MAX_SECONDS = Number(opts["max-seconds"]);
const SR = 22050;
/** `--drum-kits training|validation`: a share of the songs drums from sampled kits (`drum-kits.ts`). */
const kitSet = opts["drum-kits"];
if (kitSet !== undefined && kitSet !== "training" && kitSet !== "validation") {
  console.error("render-corpus: --drum-kits is training or validation");
  process.exit(2);
}
const kits = kitSet ? loadDrumKits(DRUM_KITS[kitSet], opts["drum-kit-root"]) : [];
const kitShare = Number(opts["drum-kit-share"]);
if (!(kitShare >= 0 && kitShare <= 1)) {
  console.error("render-corpus: --drum-kit-share is a share from 0 to 1");
  process.exit(2);
}
const decodeKitSample = decodeWithFfmpeg(SR);
const hasFfmpeg = (() => {
  try {
    execFileSync("ffmpeg", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
mkdirSync(out, { recursive: true });
/** The shipped beat model (`--learned-beats`), so that the features are segmented as the engine segments them. */
const beatModel = opts["learned-beats"] ? (await loadNodeModels()).beats : undefined;

const KEY_MODES: Record<string, number> = { maj: 0, min: 12 };
/** "A:min" → 21; "N" → −1. */
function keyIndex(label: string): number {
  if (label === "N") return -1;
  const [t = "C", m = "maj"] = label.split(":");
  return noteToPitchClass(t) + (KEY_MODES[m] ?? 0);
}

/** POP909 → MIDI with added bass and drums, labels from its annotations. */
function pop909Song(dir: string, id: string, seed: number, transpose: number) {
  const rnd = makeRng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const midi = new Midi(readFileSync(join(dir, id, `${id}.mid`)));
  for (const track of midi.tracks) {
    const name = track.name.toUpperCase();
    track.instrument.number = name.includes("MELODY")
      ? pick([52, 53, 54, 85, 65, 73])
      : name.includes("BRIDGE")
        ? pick([73, 65, 40, 27, 81, 11])
        : pick([0, 1, 4, 5, 24, 25, 26, 48, 16, 2, 29]);
    for (const n of track.notes) n.midi = Math.min(127, Math.max(0, n.midi + transpose));
  }
  const read = (f: string) =>
    readFileSync(join(dir, id, f), "utf8")
      .trim()
      .split("\n");
  const chords: TimedLabel[] = read("chord_midi.txt").map((line) => {
    const [a, b, label = "N"] = line.split(/\s+/);
    let l = label;
    try {
      l = transposeLabel(label, transpose);
    } catch {
      l = "X";
    }
    return { start: Number(a), end: Number(b), label: l };
  });
  // key_audio.txt spans are in recording time; POP909's MIDI is aligned to its beats, so the key spans
  // are mapped through the beat lists (beat_audio ↔ beat_midi) by index.
  const beatRows = read("beat_midi.txt").map((l) => l.split(/\s+/).map(Number));
  const beatAudio = read("beat_audio.txt").map((l) => Number(l.split(/\s+/)[0]));
  const toMidiTime = (t: number) => {
    let i = 0;
    while (i + 1 < beatAudio.length && (beatAudio[i + 1] as number) <= t) i++;
    return beatRows[i]?.[0] ?? 0;
  };
  const keyRows = read("key_audio.txt").map((l) => l.split(/\s+/));
  const keys: TimedLabel[] = keyRows.map(([a, b, k = "C:maj"], i) => {
    const [t = "C", m = "maj"] = k.split(":");
    const tonic = (noteToPitchClass(t) + transpose + 120) % 12;
    return {
      start: keyRows.length === 1 ? 0 : toMidiTime(Number(a)),
      end: i === keyRows.length - 1 ? 1e9 : toMidiTime(Number(b)),
      label: `${pitchClassName(tonic)}:${m.startsWith("min") ? "min" : "maj"}`,
    };
  });
  const beats = beatRows.map((r) => r[0] as number);
  const downbeats = beatRows.filter((r) => r[2] === 1).map((r) => r[0] as number);
  const chordAt = (t: number) => chords.find((c) => c.start <= t && t < c.end)?.label ?? "N";
  const bass = midi.addTrack();
  bass.instrument.number = pick([33, 34, 32, 38]);
  bass.channel = 3;
  for (let i = 0; i + 1 < beats.length; i++) {
    const t = beats[i] as number;
    const c = chordAt(t + 0.01);
    if (c === "N" || c === "X") continue;
    const m = /^([A-G]#?)/.exec(c);
    if (!m) continue;
    const pc = noteToPitchClass(m[1] ?? "C");
    bass.addNote({
      midi: 28 + ((pc - 4 + 12) % 12),
      time: t,
      duration: ((beats[i + 1] as number) - t) * 0.9,
      velocity: 0.8,
    });
  }
  if (rnd() > 0.15) {
    const drums = midi.addTrack();
    drums.channel = 9;
    let inBar = 0;
    for (let i = 0; i + 1 < beatRows.length; i++) {
      const t = beats[i] as number;
      const next = beats[i + 1] as number;
      if (beatRows[i]?.[2] === 1) inBar = 0;
      const v = 0.6 + 0.3 * rnd();
      drums.addNote({ midi: inBar % 2 === 0 ? 36 : 38, time: t, duration: 0.1, velocity: v });
      drums.addNote({ midi: 42, time: t, duration: 0.05, velocity: v * 0.6 });
      drums.addNote({ midi: 42, time: (t + next) / 2, duration: 0.05, velocity: v * 0.5 });
      inBar++;
    }
  }
  const beatsPerBar = downbeats.length > 1 ? Math.round(beats.length / downbeats.length) : 4;
  return { midi, chords, keys, beats, downbeats, metre: beatsPerBar === 3 ? "3/4" : "4/4", style: "pop909" };
}

/** Write one rendered song as an evaluation item (see `--folder-out` and `eval-item.ts`). */
function writeEvalItem(
  folder: string,
  item: CorpusItem,
  x: Float32Array,
  song: { chords: TimedLabel[]; keys: TimedLabel[]; metre: string },
  at: (t: number) => number,
): void {
  const dir = join(folder, `${item.corpus}-${item.id}`);
  mkdirSync(dir, { recursive: true });
  let peak = 0;
  for (const v of x) peak = Math.max(peak, Math.abs(v));
  writeFileSync(join(dir, "audio.wav"), encodeWav(x, SR, peak > 0.99 ? 0.99 / peak : 1));
  const meta = {
    id: `${item.corpus}-${item.id}`,
    source: `render-corpus.ts (validation split): ${item.corpus} ${item.id}, ${item.augment.join(", ")}`,
    group: `band ${item.corpus}`,
  };
  const truth = evalTruth(meta, song, at, item.beats, item.downbeats, x.length / SR);
  writeFileSync(join(dir, "truth.json"), `${JSON.stringify(truth)}\n`);
}

/**
 * A slow tempo sway: score time t (seconds) plays at τ(t) = t + A·(sin(2πt/P + φ) − sin φ) with
 * A = depth·P/2π, so the local duration scale dτ/dt = 1 + depth·cos(2πt/P + φ) sways by ±depth over a
 * period P of 6–16 s (P and φ from `rnd`); monotonic for depth < 1.
 * @param depth 0..0.5 (0: no warp, returns null).
 */
function rubatoWarp(depth: number, rnd: () => number): ((t: number) => number) | null {
  if (!(depth > 0)) return null;
  const period = 6 + 10 * rnd();
  const phase = 2 * Math.PI * rnd();
  const amp = (depth * period) / (2 * Math.PI);
  return (t: number) =>
    Number.isFinite(t) ? t + amp * (Math.sin((2 * Math.PI * t) / period + phase) - Math.sin(phase)) : t;
}

/**
 * Human timing: every note starts off the grid by a Gaussian of σ = `sigmaMs` ms, cut at ±2.5 σ (Box–Muller
 * from `rnd`), its end kept (a note never starts before 0 s). The labels are not moved: the beat is the
 * grid the players follow, as played notes scatter around it (by some tens of milliseconds in studies
 * of ensemble timing, e.g. Friberg & Sundström, Music Perception 2002).
 * @param sigmaMs 0 (no change) to 50.
 */
function humanize(midi: MidiFile, sigmaMs: number, rnd: () => number): void {
  if (!(sigmaMs > 0)) return;
  const s = sigmaMs / 1000;
  for (const t of midi.tracks)
    for (const n of t.notes) {
      const g = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
      const end = n.time + n.duration;
      n.time = Math.max(0, n.time + s * Math.max(-2.5, Math.min(2.5, g)));
      n.duration = Math.max(0.01, end - n.time);
    }
}

/** Drop notes that start after `max` seconds and cut the others there. */
function truncate(midi: MidiFile, max: number): void {
  for (const t of midi.tracks) {
    t.notes = t.notes.filter((n) => n.time < max - 0.05);
    for (const n of t.notes) n.duration = Math.min(n.duration, max - n.time);
  }
}

/** One-pole filters, soft clipping and gain: the mix augmentation. */
function augment(x: Float32Array, rnd: () => number, tags: string[]): Float32Array {
  let y: Float32Array = x;
  const tilt = rnd();
  if (tilt < 0.25 || tilt > 0.75) {
    // Low-pass (dull) or high-pass (thin) blend, cutoff 800–3000 Hz / 150–500 Hz.
    const lowpass = tilt < 0.25;
    const fc = lowpass ? 800 + 2200 * rnd() : 150 + 350 * rnd();
    const a = Math.exp((-2 * Math.PI * fc) / SR);
    const z = new Float32Array(y.length);
    let s = 0;
    for (let i = 0; i < y.length; i++) {
      s = (1 - a) * (y[i] as number) + a * s;
      z[i] = lowpass ? s : (y[i] as number) - 0.8 * s;
    }
    y = z;
    tags.push(lowpass ? `lowpass${Math.round(fc)}` : `highpass${Math.round(fc)}`);
  }
  if (rnd() < 0.2) {
    const drive = 1.5 + 5 * rnd();
    const norm = Math.tanh(drive);
    y = y.map((v) => Math.tanh(drive * v * 2) / norm / 2);
    tags.push(`distortion${drive.toFixed(1)}`);
  }
  let peak = 0;
  for (const v of y) peak = Math.max(peak, Math.abs(v));
  const gain = peak > 0 ? (0.3 + 0.65 * rnd()) / peak : 1;
  return y.map((v) => v * gain);
}

/** MP3 round trip through ffmpeg at a low bit rate (mono). */
function mp3RoundTrip(x: Float32Array, kbps: number, dir: string, tag: string): Float32Array {
  const raw = join(dir, `${tag}.f32`);
  const mp3 = join(dir, `${tag}.mp3`);
  writeFileSync(raw, Buffer.from(x.buffer, x.byteOffset, x.byteLength));
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "f32le",
    "-ar",
    String(SR),
    "-ac",
    "1",
    "-i",
    raw,
    "-b:a",
    `${kbps}k`,
    mp3,
  ]);
  const back = execFileSync(
    "ffmpeg",
    ["-v", "error", "-i", mp3, "-f", "f32le", "-ar", String(SR), "-ac", "1", "-"],
    {
      maxBuffer: 1 << 30,
    },
  );
  rmSync(raw);
  rmSync(mp3);
  const y = new Float32Array(back.buffer, back.byteOffset, back.byteLength / 4);
  return Float32Array.from(y);
}

/** Resample by `ratio` (linear interpolation): a detuning by 1200·log2(ratio) cents, time × 1/ratio. */
function detune(x: Float32Array, ratio: number): Float32Array {
  const n = Math.floor(x.length / ratio);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const p = i * ratio;
    const k = Math.floor(p);
    const f = p - k;
    y[i] = (x[k] as number) * (1 - f) + (x[Math.min(k + 1, x.length - 1)] as number) * f;
  }
  return y;
}

const jobs: { corpus: Corpus; id: string }[] = [];
const want = opts.corpus ?? "both";
if (want === "both" || want === "billboard") {
  for (const d of readdirSync(join(opts.shared, "billboard"))
    .filter((d) => /^\d+$/.test(d))
    .sort())
    jobs.push({ corpus: "billboard", id: d });
}
if (want === "both" || want === "pop909") {
  for (const d of readdirSync(join(opts.shared, "pop909"))
    .filter((d) => /^\d+$/.test(d))
    .sort())
    jobs.push({ corpus: "pop909", id: d });
}
if (want === "genre")
  for (let i = 0; i < Number(opts["genre-songs"]); i++) jobs.push({ corpus: "genre", id: String(i) });
if (want === "classical")
  for (let i = 0; i < Number(opts["classical-songs"]); i++) jobs.push({ corpus: "classical", id: String(i) });
// Interleave the corpora so that a partial run has both.
jobs.sort((a, b) => Number(a.id) - Number(b.id) || a.corpus.localeCompare(b.corpus));
const isValidation = (corpus: string, id: string) => crc32(`${corpus}-${id}`) % 10 === 0;
const mine = jobs
  .filter((j) => !opts["validation-only"] || isValidation(j.corpus, j.id))
  .filter((j) => !opts["training-only"] || !isValidation(j.corpus, j.id))
  .filter((_, i) => i % shardN === shardK);
const folderOut = opts["folder-out"] ? resolve(opts["folder-out"]) : null;
const limit = Number(opts.limit) || mine.length;
console.log(`${mine.length} songs in shard ${shardK}/${shardN} → ${out} (ffmpeg: ${hasFfmpeg})`);
/**
 * Writes `values` as int16 × 1000 (clipped to ±32.767) to `DIR/name`, the layout the training scripts read.
 * @throws Error when `values` does not hold `expected` numbers.
 */
function writeInt16(name: string, values: ArrayLike<number>, expected: number): void {
  if (values.length !== expected) throw new Error(`${name}: ${values.length} values, expected ${expected}`);
  const q = Int16Array.from(values, (v) => Math.max(-32768, Math.min(32767, Math.round(v * 1000))));
  writeFileSync(join(out, name), Buffer.from(q.buffer));
}
let done = 0;
for (const { corpus, id } of mine.slice(0, limit)) {
  const file = join(out, `${corpus}-${id}.json`);
  if (
    existsSync(file) &&
    (!folderOut || existsSync(join(folderOut, `${corpus}-${id}`, "truth.json"))) &&
    (!opts["beat-bands"] || existsSync(join(out, `${corpus}-${id}.bands.i16`))) &&
    (!opts["pitch-spectrum"] || existsSync(join(out, `${corpus}-${id}.semi.i16`))) &&
    chordVariants.every((v) => existsSync(join(out, `${corpus}-${id}.semi-s${v}.i16`)))
  )
    continue;
  const seed =
    (corpus === "pop909"
      ? 1_000_003
      : corpus === "genre"
        ? 104_729
        : corpus === "classical"
          ? 130_363
          : 7_919) *
      Number(id) +
    17;
  const rnd = makeRng(seed ^ 0x5bd1e995);
  const transpose = Math.floor(rnd() * 12) - 5;
  let song: ReturnType<typeof pop909Song>;
  try {
    if (corpus === "billboard") {
      const chart = parseBillboardChart(
        readFileSync(join(opts.shared, "billboard", id, "salami_chords.txt"), "utf8"),
      );
      let timeScale = 0.9 + 0.2 * rnd();
      let bars = chart.bars;
      if (compoundMetre) {
        const re = compoundBars(chart.bars, compoundMetre);
        if (!re) throw new Error(`a bar not in 4/4 or 2/4: not re-metred in ${compoundMetre}`);
        bars = re;
        // The dotted quarter's tempo, drawn from its own generator: scale the chart's median beat to it.
        const [lo, hi] = COMPOUND_BPM[compoundMetre];
        const target = lo + (hi - lo) * makeRng(seed ^ 0x63f1a2b7)();
        const beatSeconds = bars.map((b) => (b.end - b.start) / b.beats).sort((a, b) => a - b);
        timeScale = 60 / target / (beatSeconds[Math.floor(beatSeconds.length / 2)] as number);
      }
      const { midi, labels } = arrange(bars, { seed, transpose, timeScale });
      song = { midi, ...labels };
    } else if (corpus === "genre" || corpus === "classical") {
      const chart = genreChart(seed, {
        seconds: MAX_SECONDS + 5,
        ...(corpus === "classical" ? { genres: CLASSICAL_GENRES } : {}),
      });
      const { midi, labels } = arrange(chart.bars, {
        seed,
        transpose,
        style: chart.style,
        lead: chart.lead,
        ...(chart.leadScale ? { leadScale: chart.leadScale } : {}),
      });
      song = { midi, ...labels, style: `${chart.genre}/${labels.style}` };
    } else song = pop909Song(join(opts.shared, "pop909"), id, seed, transpose);
  } catch (e) {
    console.log(`\n${corpus} ${id}: skipped (${String(e)})`);
    continue;
  }
  // Start at the first chord (charts open with silence), cut to MAX_SECONDS.
  const t0 = Math.max(0, (song.chords.find((c) => c.label !== "N")?.start ?? 0) - 1);
  const shift = (t: number) => t - t0;
  for (const tr of song.midi.tracks) {
    tr.notes = tr.notes.filter((n) => n.time >= t0);
    for (const n of tr.notes) n.time -= t0;
  }
  // Harder variants for validating the rhythm stages (off by default; a separate generator, so the song's
  // other choices stay as they are).
  if (opts["no-drums"]) song.midi.tracks = song.midi.tracks.filter((t) => t.channel !== 9);
  const arcs = phraseArcWarp(song.downbeats.map(shift), phraseArcDepth, makeRng(seed ^ 0x7a3c91e5));
  const rubato = rubatoWarp(Number(opts.rubato), makeRng(seed ^ 0x2c1b3c6d));
  const sway = arcs && rubato ? (t: number) => rubato(arcs(t)) : (arcs ?? rubato);
  const tempoScale = Number(opts["tempo-scale"]);
  const warp = tempoScale !== 1 ? (t: number) => (sway ? sway(t) : t) / tempoScale : sway;
  if (warp) {
    for (const tr of song.midi.tracks)
      for (const n of tr.notes) {
        const end = warp(n.time + n.duration);
        n.time = warp(n.time);
        n.duration = end - n.time;
      }
  }
  humanize(song.midi, Number(opts.humanize), makeRng(seed ^ 0x51ed2705));
  truncate(song.midi, MAX_SECONDS);
  // The melody sung: pitch bends (scoops, slides, vibrato, falls) and a vocal-forward mix (sing.ts).
  const melody =
    song.midi.tracks.find((t) => /^(LEAD|MELODY)/i.test(t.name.trim()) && t.notes.length > 0) ?? null;
  const sung = melody !== null && rnd() < 0.8 ? addSungExpression(melody, rnd) : null;
  if (melody !== null && rnd() < 0.7) mixVocalForward(song.midi, melody, rnd);
  const sfName = rnd() < 0.65 ? "FluidR3_GM" : "MuseScore_General";
  const fx = rnd() < 0.6 ? "1" : "0";
  // Sampled drums (`--drum-kits`; their own generator, so every other choice stays as it was): the drum
  // tracks leave the MIDI and are played on a recorded kit, mixed at −9 to +3 dB against the rest (RMS).
  const kitRnd = makeRng(seed ^ 0x4d5a7e11);
  const kit = kits.length > 0 && kitRnd() < kitShare ? kits[Math.floor(kitRnd() * kits.length)] : undefined;
  const drumHits = kit
    ? song.midi.tracks
        .filter((t) => t.channel === 9)
        .flatMap((t) => t.notes.map((n) => ({ midi: n.midi, time: n.time, velocity: n.velocity })))
    : [];
  if (kit) song.midi.tracks = song.midi.tracks.filter((t) => t.channel !== 9);
  let full = await renderMidi(song.midi, sfName, {
    sampleRate: SR,
    fx: fx === "1",
    tmpBase: join(out, `${corpus}-${id}`),
  });
  if (kit && drumHits.length > 0) {
    const drums = renderDrumHits(drumHits, kit, {
      sampleRate: SR,
      seconds: Math.max(full.length / SR, MAX_SECONDS),
      rnd: kitRnd,
      decodeSample: decodeKitSample,
    });
    full = mixAtLevel(full, drums, -9 + 12 * kitRnd());
  }
  let x = full.length > MAX_SECONDS * SR ? full.slice(0, MAX_SECONDS * SR) : full;
  const tags: string[] = [sfName, fx === "1" ? "fx" : "dry"];
  if (kit) tags.push(`kit:${kit.name}`);
  if (sung) tags.push(`sung_vib${sung.vibratoCents.toFixed(0)}c`);
  if (rnd() < 0.4) {
    const snr = 12 + 18 * rnd();
    x = addRoom(x, SR, snr, Number(id)) as Float32Array<ArrayBuffer>;
    tags.push(`room${snr.toFixed(0)}dB`);
  }
  x = augment(x, rnd, tags) as Float32Array<ArrayBuffer>;
  let timeRatio = 1;
  if (rnd() < 0.3) {
    const cents = (rnd() - 0.5) * 80;
    timeRatio = 2 ** (cents / 1200);
    x = detune(x, timeRatio) as Float32Array<ArrayBuffer>;
    tags.push(`detune${cents.toFixed(0)}c`);
  }
  if (hasFfmpeg && rnd() < 0.3) {
    const kbps = [32, 48, 64, 96][Math.floor(rnd() * 4)] as number;
    x = mp3RoundTrip(x, kbps, out, `${corpus}-${id}`) as Float32Array<ArrayBuffer>;
    tags.push(`mp3_${kbps}k`);
  }
  const at = (t: number) => (warp ? warp(shift(t)) : shift(t)) / timeRatio;
  const signal = decimateSignal(x, SR);
  const f = extractFeatures(signal, () => {}, beatModel ? await predictBeats(beatModel, signal) : {});
  if (opts["beat-bands"]) {
    // The beat model's input (beatModelInput: [T × 48] at BEAT_FRAME_RATE), as int16 × 1000.
    const bandsIn = beatModelInput(onsetAndBeatBands(signal).bands);
    writeInt16(`${corpus}-${id}.bands.i16`, bandsIn.features, bandsIn.frames * BEAT_BANDS);
  }
  if (opts["pitch-spectrum"]) {
    writeInt16(`${corpus}-${id}.semi.i16`, f.harmonicSpectrum, f.harmonic.segments * N_PITCH);
  }
  const input = keyModelInput(f.features);
  const featuresBySuppression: Record<string, number[]> = {};
  const spec = suppressionVariants.length + chordVariants.length > 0 ? pitchSpectrum(signal) : null;
  if (spec) {
    for (const v of chordVariants) {
      // The chord model's input again with the harmonic salience's sieve at strength v, on the same beat
      // segments (what the engine would give it if CHORD_OVERTONE_SUPPRESSION were v).
      const semi = beatSyncSalienceStage(salienceStage(spec, f.tuning, true, Number(v)), f.features.bounds);
      writeInt16(`${corpus}-${id}.semi-s${v}.i16`, semi, f.harmonic.segments * N_PITCH);
    }
    // The whole-mix chroma again with another sieve strength, on the same beats (what the engine would
    // give the key model if MIX_OVERTONE_SUPPRESSION were that strength).
    for (const v of suppressionVariants) {
      const chroma = chromaStage(salienceStage(spec, f.tuning, false, Number(v)));
      const sync = beatSyncStage(chroma, frameLoudness(signal, chroma), f.beats, f.durationSeconds);
      if (sync.segments !== f.features.segments) throw new Error("suppression variant: other segments");
      sync.silent.set(f.features.silent);
      featuresBySuppression[v] = [...keyModelInput(sync).features].map((u) => Math.round(u * 1e4) / 1e4);
    }
  }
  const bounds = [...f.features.bounds];
  const mids = bounds.slice(0, -1).map((a, s) => (a + (bounds[s + 1] as number)) / 2);
  const labelAt = (spans: readonly TimedLabel[], t: number) =>
    spans.find((c) => at(c.start) <= t && t < at(c.end))?.label ?? "N";
  const item: CorpusItem = {
    corpus,
    id,
    transpose,
    soundfont: sfName,
    augment: tags,
    style: song.style,
    bounds: bounds.map((v) => Math.round(v * 1000) / 1000),
    beatTracker: beatModel ? "learned" : "hand-written",
    features: [...input.features].map((v) => Math.round(v * 1e4) / 1e4),
    weights: [...input.weights].map((v) => Math.round(v * 1000) / 1000),
    ...(suppressionVariants.length > 0 ? { featuresBySuppression } : {}),
    harmonicTreble: [...f.harmonic.treble].map((v) => Number(v.toPrecision(4))),
    harmonicBass: [...f.harmonic.bass].map((v) => Number(v.toPrecision(4))),
    silent: [...f.harmonic.silent],
    keyIndex: mids.map((t) => keyIndex(labelAt(song.keys, t))),
    chords: mids.map((t) => labelAt(song.chords, t)),
    beats: song.beats
      .map(at)
      .filter((t) => t >= 0 && t < x.length / SR)
      .map((v) => Math.round(v * 1000) / 1000),
    downbeats: song.downbeats
      .map(at)
      .filter((t) => t >= 0 && t < x.length / SR)
      .map((v) => Math.round(v * 1000) / 1000),
    metre: song.metre,
    keys: song.keys.map((k) => ({
      start: at(k.start),
      end: Math.min(at(k.end), x.length / SR),
      label: k.label,
    })),
  };
  writeFileSync(file, JSON.stringify(item));
  if (folderOut) writeEvalItem(folderOut, item, x, song, at);
  done++;
  if (done % 20 === 0) process.stdout.write(`${done} `);
}
console.log("\ndone");
