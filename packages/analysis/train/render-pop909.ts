/**
 * Render POP909 (MIT) to audio and extract the chord model's training features.
 *
 *   npx tsx packages/analysis/train/render-pop909.ts --out DIR [--every K] [--offset J] [--pop909 PATH]
 *
 * For every K-th single-key song of POP909 (Wang et al., ISMIR 2020; MIT licence): the MIDI's MELODY
 * track is put on a voice-like patch, BRIDGE on a lead instrument, PIANO on a keyboard or guitar patch
 * (chosen at random per song), a bass line (chord bass note on every beat, octave 2) and a drum kit (kick,
 * snare backbeat, hi-hat eighths; 15 % of songs without drums) are added from the song's chord and beat
 * annotations, everything is transposed by −5..+6 semitones, rendered by FluidSynth with the MIT-licensed
 * FluidR3_GM soundfont (Debian `fluidsynth`, `fluid-soundfont-gm`), and half of the songs get a room
 * (reverb + pink noise at 12–30 dB SNR). The engine's own front end then computes the beat-synchronous
 * harmonic chroma exactly as `analyzeSignal` does (our beat tracker, not the annotated beats), and each
 * beat segment is labelled with the annotated chord at its midpoint, reduced to the recogniser's
 * vocabulary. One JSON file per song in DIR: { id, transpose, treble, bass, silent, labels } with labels
 * `[root, quality]` per segment (quality index into CHORD_MODEL_QUALITIES, root −1 = N, null = ignore).
 * Nothing here reads the evaluation sets.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import midiPkg from "@tonejs/midi";
import decode from "audio-decode";
import { CHORD_MODEL_QUALITIES } from "../src/chord-model.js";
import { noteToPitchClass } from "../src/labels.js";
import {
  beatStage,
  beatSyncStage,
  chromaStage,
  decimateSignal,
  frameLoudness,
  onsetStage,
  pitchSpectrum,
  salienceStage,
  tempoStage,
  tuningStage,
} from "../src/stages.js";
import { addRoom } from "../testing/live-synth.js";
import { makeRng } from "../testing/voice-synth.js";

const { Midi } = midiPkg;
const { values: opts } = parseArgs({
  options: {
    out: { type: "string", default: "/tmp/pop909-features" },
    every: { type: "string", default: "3" },
    offset: { type: "string", default: "0" },
    pop909: { type: "string", default: join(import.meta.dirname, "../../../../shared/train/pop909") },
  },
});
const out = resolve(opts.out);
const every = Number(opts.every);
const offset = Number(opts.offset);
const root = resolve(opts.pop909);
const SOUNDFONT = "/usr/share/sounds/sf2/FluidR3_GM.sf2";
const SR = 22050;
mkdirSync(out, { recursive: true });

/** Qualities of the recogniser (Harte shorthand), index = label quality. */
const REDUCE: Record<string, string | null> = {
  maj: "maj",
  min: "min",
  "7": "7",
  maj7: "maj7",
  min7: "min7",
  dim: "dim",
  hdim7: "hdim7",
  sus4: "sus4",
  "sus4(b7)": "sus4",
  maj6: "maj",
  min6: "min",
  dim7: "dim",
  "9": "7",
  maj9: "maj7",
  min9: "min7",
  minmaj7: "min",
  sus2: null,
  aug: null,
};
const INTERVAL: Record<string, number> = {
  "3": 4,
  b3: 3,
  "5": 7,
  b7: 10,
  "7": 11,
  "2": 2,
  "4": 5,
  "6": 9,
  b5: 6,
};

/** Parse a POP909 label ("C#:min7/b7", "N") into root, reduced quality and bass pitch class. */
function parseLabel(label: string): { root: number; quality: number; bass: number } | "N" | null {
  if (label === "N") return "N";
  const [r, rest = "maj"] = label.split(":");
  let root: number;
  try {
    root = noteToPitchClass(r ?? "");
  } catch {
    return null;
  }
  const [q = "maj", inv] = rest.split("/");
  const red = REDUCE[q];
  if (!red) return null;
  const quality = CHORD_MODEL_QUALITIES.indexOf(red as (typeof CHORD_MODEL_QUALITIES)[number]);
  const bass = inv ? (root + (INTERVAL[inv] ?? 0)) % 12 : root;
  return { root, quality, bass };
}

const MELODY_PATCHES = [52, 53, 54, 85, 52, 53]; // choir aahs, voice oohs, synth voice, lead 6 (voice)
const BRIDGE_PATCHES = [73, 65, 40, 27, 81, 11]; // flute, alto sax, violin, clean guitar, saw lead, vibraphone
const ACCOMP_PATCHES = [0, 1, 4, 5, 24, 25, 26, 48, 16, 2]; // pianos, e-pianos, guitars, strings, organ
const BASS_PATCHES = [33, 34, 32, 38];

const ids = readdirSync(root)
  .filter((d) => /^\d+$/.test(d))
  .filter(
    (d) =>
      readFileSync(join(root, d, "key_audio.txt"), "utf8")
        .trim()
        .split("\n").length === 1,
  )
  .filter((_, i) => i % every === offset);
console.log(`${ids.length} songs → ${out}`);
for (const id of ids) {
  const file = join(out, `${id}.json`);
  if (existsSync(file)) continue;
  const rng = makeRng(Number(id) * 7919 + 17);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
  const transpose = Math.floor(rng() * 12) - 5;
  const midi = new Midi(readFileSync(join(root, id, `${id}.mid`)));
  for (const track of midi.tracks) {
    const name = track.name.toUpperCase();
    track.instrument.number = name.includes("MELODY")
      ? pick(MELODY_PATCHES)
      : name.includes("BRIDGE")
        ? pick(BRIDGE_PATCHES)
        : pick(ACCOMP_PATCHES);
    for (const n of track.notes) n.midi = Math.min(127, Math.max(0, n.midi + transpose));
  }
  const chords = readFileSync(join(root, id, "chord_midi.txt"), "utf8")
    .trim()
    .split("\n")
    .map((line) => {
      const [a, b, label] = line.split("\t");
      return { start: Number(a), end: Number(b), chord: parseLabel(label ?? "N") };
    });
  const beats = readFileSync(join(root, id, "beat_midi.txt"), "utf8")
    .trim()
    .split("\n")
    .map((line) => line.split(/\s+/).map(Number));
  const chordAt = (t: number) => chords.find((c) => c.start <= t && t < c.end)?.chord ?? "N";
  const bass = midi.addTrack();
  bass.instrument.number = pick(BASS_PATCHES);
  bass.channel = 3;
  for (let i = 0; i + 1 < beats.length; i++) {
    const t = beats[i]?.[0] as number;
    const c = chordAt(t + 0.01);
    if (!c || c === "N") continue;
    const pc = (c.bass + transpose + 120) % 12;
    bass.addNote({
      midi: 36 + pc,
      time: t,
      duration: ((beats[i + 1]?.[0] as number) - t) * 0.9,
      velocity: 0.8,
    });
  }
  if (rng() > 0.15) {
    const drums = midi.addTrack();
    drums.channel = 9;
    let inBar = 0;
    for (let i = 0; i + 1 < beats.length; i++) {
      const t = beats[i]?.[0] as number;
      const next = beats[i + 1]?.[0] as number;
      if (beats[i]?.[2] === 1) inBar = 0;
      const v = 0.6 + 0.3 * rng();
      if (inBar % 2 === 0) drums.addNote({ midi: 36, time: t, duration: 0.1, velocity: v });
      else drums.addNote({ midi: 38, time: t, duration: 0.1, velocity: v });
      drums.addNote({ midi: 42, time: t, duration: 0.05, velocity: v * 0.6 });
      drums.addNote({ midi: 42, time: (t + next) / 2, duration: 0.05, velocity: v * 0.5 });
      inBar++;
    }
  }
  const midPath = join(out, `${id}.mid`);
  const wavPath = join(out, `${id}.wav`);
  writeFileSync(midPath, midi.toArray());
  const t0 = performance.now();
  execFileSync(
    "fluidsynth",
    ["-ni", "-q", "-g", "0.5", "-r", String(SR), "-F", wavPath, SOUNDFONT, midPath],
    {
      stdio: "ignore",
    },
  );
  const t1 = performance.now();
  const audio = await decode(readFileSync(wavPath));
  if (!process.env.DEBUG) {
    rmSync(midPath);
    rmSync(wavPath);
  }
  const chans = audio.channelData;
  const dry = new Float32Array(chans[0]?.length ?? 0);
  for (const d of chans)
    for (let i = 0; i < dry.length; i++) dry[i] = (dry[i] as number) + (d[i] as number) / chans.length;
  const x = rng() < 0.5 ? addRoom(dry, SR, 12 + 18 * rng(), Number(id)) : dry;
  const t2 = performance.now();
  const signal = decimateSignal(x, SR);
  const onset = onsetStage(signal);
  const spec = pitchSpectrum(signal);
  const tuning = tuningStage(spec);
  const mix = chromaStage(salienceStage(spec, tuning));
  const loudness = frameLoudness(signal, mix);
  const track = beatStage(onset, tempoStage(onset), mix);
  const harmonic = beatSyncStage(
    chromaStage(salienceStage(spec, tuning, true)),
    loudness,
    track.beats,
    signal.durationSeconds,
  );
  const mixFeatures = beatSyncStage(mix, loudness, track.beats, signal.durationSeconds);
  const labels = harmonic.bounds.slice(0, -1).map((a, s) => {
    const mid = ((a as number) + (harmonic.bounds[s + 1] as number)) / 2;
    const c = chordAt(mid);
    if (c === null) return null;
    if (c === "N") return [-1, -1];
    return [(c.root + transpose + 120) % 12, c.quality];
  });
  writeFileSync(
    file,
    JSON.stringify({
      id,
      transpose,
      treble: [...harmonic.treble].map((v) => Math.round(v * 1e4) / 1e4),
      bass: [...harmonic.bass].map((v) => Math.round(v * 1e4) / 1e4),
      mixTreble: [...mixFeatures.treble].map((v) => Math.round(v * 1e4) / 1e4),
      mixBass: [...mixFeatures.bass].map((v) => Math.round(v * 1e4) / 1e4),
      silent: [...harmonic.silent],
      labels,
    }),
  );
  if (process.env.DEBUG)
    console.log(
      `synth ${(t1 - t0).toFixed(0)} ms, decode+room ${(t2 - t1).toFixed(0)} ms, features ${(performance.now() - t2).toFixed(0)} ms`,
    );
  process.stdout.write(".");
}
console.log("done");
