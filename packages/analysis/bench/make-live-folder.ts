/**
 * A dev folder of sampled instruments for `npm run bench:live -- --folder DIR`:
 *
 *   npx tsx packages/analysis/bench/make-live-folder.ts --out DIR [--seconds 30] [--seed-offset N]
 *     [--non-music | --ukulele | --fingerpick] [--soundfont TimGM6mb|GM_bank|Freepats | --mix-sample-sets]
 *
 * `--seed-offset 1` writes the validation folder the live recogniser's constants are chosen on (other
 * keys, progressions, tempi, strums and rooms on the same instruments); the default 0 is the dev folder its
 * numbers are reported on.
 *
 * Twelve pieces — four guitars, four pianos, four organs — written here as MIDI and rendered by FluidSynth
 * on the recorded samples of FluidR3_GM or MuseScore General (`bash packages/analysis/train/setup.sh`
 * installs both; their licences allow any use of the audio), each as a clean item and as a "room" item,
 * 24 items in `DIR/<item>/audio.wav` (48 kHz mono, 16-bit) with `truth.json`
 * (`{"group": "guitar clean", "key": "G major", "chords": [{start, end, label}]}`, Harte labels) written from the MIDI,
 * exact by construction: a chord starts at its first note (a strum's first string) and lasts until the
 * next chord's first note, or until its notes are released before a rest ("N"); its `identifiable` is the
 * moment its root and third have both been struck (later than the start in arpeggios and fingerpicking).
 *
 *   guitars  steel-string, nylon and clean electric guitars strumming the shapes of chords-db (the
 *            app's chord diagrams: open and barre shapes, some with the fifth in the bass) in 4/4
 *            patterns of down strums (low to high, every string of the shape) and up strums (the top three
 *            or four strings, high to low), 5–30 ms between strings, each string ringing until it is struck
 *            again or the chord changes; and a nylon guitar fingerpicking the shapes (arpeggio, strings
 *            let ring);
 *   pianos   held chords (root in the left hand, close-position voicing in the right with a random
 *            inversion), quarter-note comping, broken-chord arpeggios held as under the pedal, an
 *            electric piano holding chords;
 *   organs   held chords (drawbar, church, MuseScore drawbar) played legato, and rock-organ stabs.
 * Progressions: a random major or minor key per piece, diatonic triads with sevenths (maj7, 7, min7) on
 * some pieces, each chord one or two bars (70–120 BPM), one rest of a bar in half the pieces, about
 * `--seconds` long. Room: the clean render convolved with a synthetic room impulse response (direct sound,
 * six early reflections at 3–30 ms, an exponentially decaying noise tail with RT60 0.4–0.8 s darkened by
 * a one-pole low-pass) plus pink background noise at 20 dB SNR. Everything follows from fixed seeds: the
 * same command writes the same folder. No evaluation data is read.
 *
 * `--non-music` writes, instead of the pieces, sounds that must show "no chord" (every item's truth one "N"
 * span): drum kits alone from the two soundfonts' recorded drum samples (rock, shuffle, four on the floor
 * and boom-bap patterns with tom fills, 70–160 BPM), clean and in the room; white and pink noise whose
 * level drifts slowly (a fan, hiss); and talking (`renderSpeech`, a low and a high voice), clean and in
 * the room — for Live's frame model to learn what "no chord" is beyond silence.
 *
 * `--ukulele` writes, instead of the pieces, four ukulele pieces (`UKULELE_PIECES`): nylon-string samples on
 * chords-db's re-entrant ukulele shapes (g C E A), two strummed and two fingerpicked, clean and in the room,
 * as group "ukulele clean" / "ukulele room" — an instrument without a bass, which Live never trained on.
 *
 * `--fingerpick` writes, instead of the pieces, six fingerpicked pieces (`FINGERPICK_PIECES`): steel-string,
 * nylon and clean electric guitars and two ukuleles on both sample sets, each picking one figure of
 * `fingerpicking.ts` (Travis picking, p-i-m-a triplets, rolls, pinches, sixteenth arpeggios…) drawn per
 * piece, each string ringing until it is picked again, clean and in the room: more picked chords for training.
 *
 * `--soundfont NAME` plays every piece on one other sample set (`SAMPLE_SETS`): TimGM6mb, the csound GM
 * bank (the two share most of their samples) or Freepats (through TiMidity++), which Live's frame model was
 * never trained on, to measure how it hears instruments it does not know.
 *
 * `--mix-sample-sets` plays each note of every piece on FluidR3_GM or MuseScore General, drawn per note
 * (one half each, from the piece's seed by a generator of its own, so every other draw stays as it was),
 * the two renders summed (`splitNotes` in `../train/sample-set-mix.ts`): chords whose notes' levels and
 * spectra neither set plays alone, for training Live's frame model on more timbres than two.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import midiPkg from "@tonejs/midi";
import { PITCH_CLASSES } from "@tonic/theory/constants";
import FFT from "fft.js";
import { makeRng, pinkNoise, renderSpeech } from "../testing/index.js";
import { renderMidi, SAMPLE_SETS, type SoundfontName } from "../train/fluidsynth.js";
import { mixSignals, splitNotes } from "../train/sample-set-mix.js";
import { GUITAR_PICKING, type PickingPattern, pickNotes, UKULELE_PICKING } from "./fingerpicking.js";
import { type Chord, guitarShape, harte, INTERVALS, type Quality, ukuleleShape } from "./fretted-shapes.js";
import { identifiableAt, type Onset } from "./identifiable.js";
import { encodeWav } from "./live-folder.js";

const { Midi } = midiPkg;
type MidiFile = InstanceType<typeof Midi>;
type MidiTrack = ReturnType<MidiFile["addTrack"]>;

const SR = 48000;

/**
 * A diatonic progression of `n` chords in a random key, starting on the tonic; consecutive chords differ
 * in root. Returns the chords and the key ("G major", "E minor").
 */
function progression(n: number, sevenths: boolean, r: () => number): { chords: Chord[]; key: string } {
  const tonic = Math.floor(r() * 12);
  const minor = r() < 0.4;
  // Scale degrees (semitones above the tonic) with their triad and seventh qualities.
  const degrees: [number, Quality, Quality][] = minor
    ? [
        [0, "min", "min7"],
        [3, "maj", "maj7"],
        [5, "min", "min7"],
        [7, "maj", "7"],
        [8, "maj", "maj7"],
        [10, "maj", "7"],
      ]
    : [
        [0, "maj", "maj7"],
        [2, "min", "min7"],
        [4, "min", "min7"],
        [5, "maj", "maj7"],
        [7, "maj", "7"],
        [9, "min", "min7"],
      ];
  const out: Chord[] = [];
  let prev = -1;
  for (let i = 0; i < n; i++) {
    let k = i === 0 ? 0 : Math.floor(r() * degrees.length);
    while (k === prev) k = Math.floor(r() * degrees.length);
    prev = k;
    const [st, triad, seventh] = degrees[k] as [number, Quality, Quality];
    out.push({ root: (tonic + st) % 12, quality: sevenths && r() < 0.4 ? seventh : triad });
  }
  return { chords: out, key: `${PITCH_CLASSES[tonic]} ${minor ? "minor" : "major"}` };
}

// ------------------------------------------------------------------ pieces

type Style = "strum" | "fingerpick" | "held" | "comp" | "arpeggio" | "stab";
interface Piece {
  name: string;
  instrument: "guitar" | "ukulele" | "piano" | "organ";
  soundfont: SoundfontName;
  /** General MIDI program (0-based) */
  program: number;
  style: Style;
  sevenths: boolean;
  seed: number;
  /** the `--fingerpick` pieces' figure (drawn per piece); the other fingerpicked pieces keep their one figure */
  picking?: PickingPattern;
}

const PIECES: Piece[] = [
  {
    name: "guitar-steel-strum",
    instrument: "guitar",
    soundfont: "FluidR3_GM",
    program: 25,
    style: "strum",
    sevenths: false,
    seed: 11,
  },
  {
    name: "guitar-nylon-strum",
    instrument: "guitar",
    soundfont: "MuseScore_General",
    program: 24,
    style: "strum",
    sevenths: true,
    seed: 12,
  },
  {
    name: "guitar-electric-strum",
    instrument: "guitar",
    soundfont: "MuseScore_General",
    program: 27,
    style: "strum",
    sevenths: false,
    seed: 13,
  },
  {
    name: "guitar-nylon-fingerpick",
    instrument: "guitar",
    soundfont: "FluidR3_GM",
    program: 24,
    style: "fingerpick",
    sevenths: true,
    seed: 14,
  },
  {
    name: "piano-grand-held",
    instrument: "piano",
    soundfont: "FluidR3_GM",
    program: 0,
    style: "held",
    sevenths: false,
    seed: 21,
  },
  {
    name: "piano-grand-comp",
    instrument: "piano",
    soundfont: "MuseScore_General",
    program: 0,
    style: "comp",
    sevenths: true,
    seed: 22,
  },
  {
    name: "piano-grand-arpeggio",
    instrument: "piano",
    soundfont: "FluidR3_GM",
    program: 0,
    style: "arpeggio",
    sevenths: false,
    seed: 23,
  },
  {
    name: "piano-electric-held",
    instrument: "piano",
    soundfont: "MuseScore_General",
    program: 4,
    style: "held",
    sevenths: true,
    seed: 24,
  },
  {
    name: "organ-drawbar-held",
    instrument: "organ",
    soundfont: "FluidR3_GM",
    program: 16,
    style: "held",
    sevenths: false,
    seed: 31,
  },
  {
    name: "organ-church-held",
    instrument: "organ",
    soundfont: "MuseScore_General",
    program: 19,
    style: "held",
    sevenths: false,
    seed: 32,
  },
  {
    name: "organ-drawbar2-held",
    instrument: "organ",
    soundfont: "MuseScore_General",
    program: 16,
    style: "held",
    sevenths: true,
    seed: 33,
  },
  {
    name: "organ-rock-stab",
    instrument: "organ",
    soundfont: "FluidR3_GM",
    program: 18,
    style: "stab",
    sevenths: false,
    seed: 34,
  },
];

/**
 * The `--ukulele` pieces: nylon-string guitar samples (the sampled instruments nearest a ukulele in
 * FluidR3_GM and MuseScore General, which have none) played in a ukulele's register on its re-entrant
 * shapes, strummed and fingerpicked as the guitars are. Not in the default folders, so the training and
 * validation folders of the shipped frame model stay as they were.
 */
const UKULELE_PIECES: Piece[] = [
  {
    name: "ukulele-strum",
    instrument: "ukulele",
    soundfont: "FluidR3_GM",
    program: 24,
    style: "strum",
    sevenths: false,
    seed: 41,
  },
  {
    name: "ukulele-strum2",
    instrument: "ukulele",
    soundfont: "MuseScore_General",
    program: 24,
    style: "strum",
    sevenths: true,
    seed: 42,
  },
  {
    name: "ukulele-fingerpick",
    instrument: "ukulele",
    soundfont: "MuseScore_General",
    program: 24,
    style: "fingerpick",
    sevenths: false,
    seed: 43,
  },
  {
    name: "ukulele-fingerpick2",
    instrument: "ukulele",
    soundfont: "FluidR3_GM",
    program: 24,
    style: "fingerpick",
    sevenths: true,
    seed: 44,
  },
];

/**
 * The `--fingerpick` pieces: fingerpicked guitars and ukuleles on both sample sets, each playing one figure
 * of `fingerpicking.ts` drawn per piece and seed offset (see {@link withPicking}), for training Live's frame
 * model on more picked chords than the default folders hold (one fingerpicked guitar in twelve pieces).
 * Not in the default folders, so the training and validation folders of the shipped frame model stay as
 * they were.
 */
const FINGERPICK_PIECES: Piece[] = [
  {
    name: "guitar-steel-fingerpick",
    instrument: "guitar",
    soundfont: "FluidR3_GM",
    program: 25,
    style: "fingerpick",
    sevenths: false,
    seed: 51,
  },
  {
    name: "guitar-nylon-fingerpick2",
    instrument: "guitar",
    soundfont: "MuseScore_General",
    program: 24,
    style: "fingerpick",
    sevenths: true,
    seed: 52,
  },
  {
    name: "guitar-electric-fingerpick",
    instrument: "guitar",
    soundfont: "FluidR3_GM",
    program: 27,
    style: "fingerpick",
    sevenths: true,
    seed: 53,
  },
  {
    name: "guitar-steel-fingerpick2",
    instrument: "guitar",
    soundfont: "MuseScore_General",
    program: 25,
    style: "fingerpick",
    sevenths: false,
    seed: 54,
  },
  {
    name: "ukulele-fingerpick3",
    instrument: "ukulele",
    soundfont: "FluidR3_GM",
    program: 24,
    style: "fingerpick",
    sevenths: false,
    seed: 55,
  },
  {
    name: "ukulele-fingerpick4",
    instrument: "ukulele",
    soundfont: "MuseScore_General",
    program: 24,
    style: "fingerpick",
    sevenths: true,
    seed: 56,
  },
];

/** `p` with a figure drawn for it from its instrument's list, by a generator of its own seeded from `p.seed`. */
function withPicking(p: Piece): Piece {
  const list = p.instrument === "ukulele" ? UKULELE_PICKING : GUITAR_PICKING;
  const pick = makeRng(p.seed * 104_723 + 29);
  return { ...p, picking: list[Math.floor(pick() * list.length)] };
}

/** Close-position keyboard voicing of `c` in 55–76 with a random inversion, plus the root in 36–47. */
function keyboardVoicing(c: Chord, r: () => number): { left: number; right: number[] } {
  const tones = INTERVALS[c.quality].map((i) => (c.root + i) % 12);
  const inv = Math.floor(r() * tones.length);
  const order = [...tones.slice(inv), ...tones.slice(0, inv)];
  const right: number[] = [];
  let m = 55 + (((((order[0] as number) - 55) % 12) + 12) % 12);
  for (const pc of order) {
    while (m % 12 !== pc) m++;
    right.push(m);
    m++;
  }
  return { left: 36 + ((((c.root - 36) % 12) + 12) % 12), right };
}

/** A truth span; a chord's `identifiable` is {@link identifiableAt} its notes. */
interface TruthSpan {
  start: number;
  end: number;
  label: string;
  identifiable?: number;
}

interface Written {
  midi: MidiFile;
  /** The progression's key ("G major"). */
  key: string;
  truth: TruthSpan[];
  seconds: number;
}

/** Writes one piece as MIDI with its chord timeline. */
function writePiece(p: Piece, seconds: number): Written {
  const r = makeRng(p.seed * 7919 + 1);
  const bpm = 70 + Math.round(50 * r());
  const beat = 60 / bpm;
  const bar = 4 * beat;
  const midi = new Midi();
  midi.header.setTempo(bpm);
  const track: MidiTrack = midi.addTrack();
  track.channel = 0;
  track.instrument.number = p.program;
  const jitter = () => (r() - 0.5) * 0.02;
  const note = (m: number, time: number, duration: number, velocity: number) =>
    track.addNote({ midi: m, time, duration: Math.max(0.03, duration), velocity: Math.min(1, velocity) });
  // Chord plan: bars of chords and one rest.
  const lead = 0.5;
  const bars: (Chord | null)[] = [];
  const nBars = Math.max(4, Math.floor((seconds - lead - 1) / bar));
  const { chords, key } = progression(nBars, p.sevenths, r);
  const restAt = r() < 0.5 ? 2 + Math.floor(r() * Math.max(1, nBars - 5)) : -1;
  let ci = 0;
  while (bars.length < nBars) {
    if (bars.length === restAt) {
      bars.push(null);
      continue;
    }
    const c = chords[ci++] as Chord;
    bars.push(c);
    if (bars.length < nBars && bars.length !== restAt && r() < 0.4) bars.push(c);
  }
  // Truth spans: [first onset of the chord, first onset of the next / the release before a rest).
  const truth: TruthSpan[] = [];
  const open = (label: string, t: number, identifiable?: number) => {
    const last = truth[truth.length - 1];
    if (last && last.label === label) return;
    if (last) last.end = t;
    truth.push({ start: t, end: t, label, ...(identifiable === undefined ? {} : { identifiable }) });
  };
  open("N", 0);
  let b = 0;
  while (b < bars.length) {
    const c = bars[b];
    let n = 1;
    while (b + n < bars.length && bars[b + n] === c) n++;
    const t0 = lead + b * bar;
    const t1 = lead + (b + n) * bar;
    const last = b + n >= bars.length || bars[b + n] === null;
    // A chord before a rest or the end is released a little before the bar line.
    const release = last ? t1 - 0.25 * beat : t1;
    if (c) {
      const onsets = playChord(p, c, t0, release, n, beat, note, jitter, r);
      const third = (c.root + ((INTERVALS[c.quality] as number[])[1] as number)) % 12;
      open(harte(c), Math.min(...onsets.map((o) => o.time)), identifiableAt(c.root, third, onsets));
      if (last) open("N", release);
    }
    b += n;
  }
  const end = lead + bars.length * bar + 1.5;
  const lastSpan = truth[truth.length - 1];
  if (lastSpan) lastSpan.end = end;
  // Something after the last note, so that FluidSynth renders the release tails.
  track.addCC({ number: 7, value: 100, time: end });
  const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
  return {
    midi,
    key,
    truth: truth
      .filter((s) => s.end > s.start)
      .map((s) => ({
        start: r4(s.start),
        end: r4(s.end),
        label: s.label,
        // Within the chord's span (a note never struck: its end).
        ...(s.identifiable === undefined ? {} : { identifiable: r4(Math.min(s.identifiable, s.end)) }),
      })),
    seconds: end,
  };
}

/**
 * Plays chord `c` from `t0` to `release` (`nBars` bars) in the piece's style.
 * @returns the onsets of its notes.
 */
function playChord(
  p: Piece,
  c: Chord,
  t0: number,
  release: number,
  nBars: number,
  beat: number,
  note: (m: number, time: number, duration: number, velocity: number) => void,
  jitter: () => number,
  r: () => number,
): Onset[] {
  const onsets: Onset[] = [];
  const play = (m: number, t: number, until: number, v: number) => {
    const time = Math.max(0, t);
    onsets.push({ time, midi: m });
    note(m, time, Math.min(until, release) - time, v);
  };
  if (p.instrument === "guitar" || p.instrument === "ukulele") {
    const ukulele = p.instrument === "ukulele";
    const shape = ukulele ? ukuleleShape(c, r) : guitarShape(c, r);
    const strings = shape.map((m, s) => ({ m, s })).filter((x) => x.m >= 0);
    if (p.style === "fingerpick" && p.picking) {
      // The piece's figure; each string rings until it is picked again or the chord is released.
      const lastOn = new Map<number, { time: number; v: number }>();
      for (const n of pickNotes(p.picking, strings.length, t0, nBars, beat, jitter)) {
        const st = strings[n.string] as { m: number; s: number };
        const on = lastOn.get(n.string);
        if (on) play(st.m, on.time, n.time, on.v);
        const bass = n.string === (ukulele ? Math.min(1, strings.length - 1) : 0);
        lastOn.set(n.string, { time: n.time, v: (bass ? 0.6 : 0.45) + 0.25 * r() });
      }
      for (const [s, on] of lastOn) play((strings[s] as { m: number }).m, on.time, release, on.v);
      return onsets;
    }
    if (p.style === "fingerpick") {
      // Guitar: the bass string, then the upper strings (the second string of the shape on beat 3);
      // ukulele: the C string, then g, E, A and back (a thumb-and-fingers pattern); eighth notes, each string let ring.
      const order = ukulele ? [1, 0, 2, 3, 1, 3, 2, 0] : [0, 2, 3, 4, 1, 4, 3, 2];
      for (let k = 0; k < nBars * 8; k++) {
        const st = strings[Math.min(strings.length - 1, order[k % 8] as number)];
        if (!st) continue;
        const t = t0 + (k * beat) / 2 + (k === 0 ? 0 : jitter());
        play(st.m, t, release, 0.55 + 0.25 * r());
      }
      return onsets;
    }
    // Strum patterns over eight eighth-note slots: D down, U up, . nothing.
    const patterns = ["D.D.D.D.", "D.DU.UDU", "D.DUDUDU", "D..UD.DU"];
    const pattern = patterns[Math.floor(r() * patterns.length)] as string;
    const strums: { t: number; up: boolean }[] = [];
    for (let k = 0; k < nBars * 8; k++) {
      const ch = pattern[k % 8];
      if (ch === ".") continue;
      strums.push({ t: t0 + (k * beat) / 2 + (k === 0 ? 0 : jitter()), up: ch === "U" });
    }
    // Each string rings until it is struck again or the chord is released.
    const lastOn = new Map<number, { m: number; t: number; v: number }>();
    const flush = (s: number, until: number) => {
      const on = lastOn.get(s);
      if (on) play(on.m, on.t, until, on.v);
      lastOn.delete(s);
    };
    for (const { t, up } of strums) {
      const gap = 0.005 + 0.025 * r();
      const hit = up ? strings.slice(-(3 + Math.floor(r() * 2))).reverse() : strings;
      const vel = up ? 0.45 + 0.25 * r() : 0.65 + 0.3 * r();
      hit.forEach((x, i) => {
        const ts = t + i * gap;
        flush(x.s, ts);
        lastOn.set(x.s, { m: x.m, t: ts, v: vel + (r() - 0.5) * 0.1 });
      });
    }
    for (const s of [...lastOn.keys()]) flush(s, release);
    return onsets;
  }
  const { left, right } = keyboardVoicing(c, r);
  const v = 0.55 + 0.25 * r();
  if (p.style === "held") {
    play(left, t0, release, v);
    for (const m of right) play(m, t0 + Math.abs(jitter()) / 2, release, v);
  } else if (p.style === "comp" || p.style === "stab") {
    // Bass on beats 1 and 3, the right hand on every beat (stabs: short).
    for (let k = 0; k < nBars * 4; k++) {
      const t = t0 + k * beat + (k === 0 ? 0 : jitter());
      if (k % 2 === 0) play(left, t, t + 2 * beat - 0.02, v);
      const len = p.style === "stab" ? 0.45 * beat : 0.9 * beat;
      for (const m of right) play(m, t, t + len, v * (k % 4 === 0 ? 1 : 0.85));
    }
  } else {
    // Broken chord up and down over two octaves in eighths, held as under the pedal.
    const tones = [left, left + 12, ...right, ...right.map((m) => m + 12)].sort((a, b) => a - b);
    const line = [...tones, ...tones.slice(1, -1).reverse()];
    for (let k = 0; k < nBars * 8; k++) {
      const t = t0 + (k * beat) / 2 + (k === 0 ? 0 : jitter());
      play(line[k % line.length] as number, t, release, 0.45 + 0.25 * r());
    }
  }
  return onsets;
}

// ------------------------------------------------------------------ the room

/** Pink noise (Paul Kellet's filter, testing's {@link pinkNoise}), unit RMS. */
function unitPinkNoise(n: number, r: () => number): Float32Array {
  const { samples: y, meanSquare } = pinkNoise(n, r);
  const g = 1 / Math.sqrt(meanSquare);
  for (let i = 0; i < n; i++) y[i] = (y[i] as number) * g;
  return y;
}

/** A synthetic room impulse response at SR: direct sound, early reflections and a dark decaying tail. */
function roomImpulse(r: () => number): Float32Array {
  const rt60 = 0.4 + 0.4 * r();
  const h = new Float32Array(Math.round(rt60 * SR));
  h[0] = 1;
  for (let k = 0; k < 6; k++) {
    const at = Math.round((0.003 + 0.027 * r()) * SR);
    h[at] = (h[at] as number) + (r() < 0.5 ? -1 : 1) * (0.25 + 0.35 * r());
  }
  const start = Math.round(0.01 * SR);
  const a = Math.exp((-2 * Math.PI * 3000) / SR);
  let lp = 0;
  const tail = new Float32Array(h.length);
  let e = 0;
  for (let i = start; i < h.length; i++) {
    lp = (1 - a) * (r() * 2 - 1) + a * lp;
    const v = lp * Math.exp((-6.9 * (i - start)) / SR / rt60);
    tail[i] = v;
    e += v * v;
  }
  // Reverberant energy 0.5–1 × the direct sound's (a phone a few metres away).
  const g = Math.sqrt((0.5 + 0.5 * r()) / e);
  for (let i = start; i < h.length; i++) h[i] = (h[i] as number) + g * (tail[i] as number);
  return h;
}

/** `x` convolved with `h` (FFT), the same length as `x`. */
function convolve(x: Float32Array, h: Float32Array): Float32Array {
  let n = 1;
  while (n < x.length + h.length) n *= 2;
  const fft = new FFT(n);
  const pad = (v: Float32Array) => {
    const d = new Float64Array(n);
    d.set(v);
    const out = fft.createComplexArray() as number[];
    fft.realTransform(out, d);
    fft.completeSpectrum(out);
    return out;
  };
  const X = pad(x);
  const H = pad(h);
  for (let k = 0; k < n; k++) {
    const xr = X[2 * k] as number;
    const xi = X[2 * k + 1] as number;
    const hr = H[2 * k] as number;
    const hi = H[2 * k + 1] as number;
    X[2 * k] = xr * hr - xi * hi;
    X[2 * k + 1] = xr * hi + xi * hr;
  }
  const y = fft.createComplexArray() as number[];
  fft.inverseTransform(y, X);
  const out = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) out[i] = y[2 * i] as number;
  return out;
}

/** The clean render in a synthetic room with pink background noise at `snrDb`. */
function inRoom(x: Float32Array, seed: number, snrDb: number): Float32Array {
  const r = makeRng(seed);
  const wet = convolve(x, roomImpulse(r));
  let e = 0;
  for (const v of wet) e += v * v;
  const noise = unitPinkNoise(wet.length, r);
  const g = Math.sqrt(e / wet.length) / 10 ** (snrDb / 20);
  for (let i = 0; i < wet.length; i++) wet[i] = (wet[i] as number) + g * (noise[i] as number);
  return wet;
}

// ------------------------------------------------------------------ sounds that are not chords

/** Drum patterns of the non-music items: per beat, General MIDI drum notes at sixteenth steps 0..3. */
const DRUM_PATTERNS: Record<string, (beat: number, r: () => number) => [number, number][]> = {
  rock: (b) => [
    [b % 2 === 0 ? 36 : 38, 0],
    [42, 0],
    [42, 2],
  ],
  shuffle: (b, r) => [
    [b % 2 === 0 ? 36 : 38, 0],
    [r() < 0.5 ? 51 : 42, 0],
    [42, 2.67],
  ],
  disco: (b) => [[36, 0], ...(b % 2 === 1 ? ([[38, 0]] as [number, number][]) : []), [46, 2], [42, 0]],
  boombap: (b, r) => [
    ...(b % 4 === 0 || (b % 4 === 2 && r() < 0.6) ? ([[36, 0]] as [number, number][]) : []),
    ...(b % 2 === 1 ? ([[38, 0]] as [number, number][]) : []),
    [42, 0],
    [42, 2.67],
  ],
};

/**
 * A drum kit alone: `pattern` at `bpm` for `seconds`, with a tom fill (high to low toms, sixteenths) in
 * the last beat of every fourth bar and a crash after it. Channel 10 (General MIDI percussion).
 */
function drumMidi(pattern: string, bpm: number, seconds: number, r: () => number): MidiFile {
  const midi = new Midi();
  const t = midi.addTrack();
  t.channel = 9;
  const beat = 60 / bpm;
  const play = DRUM_PATTERNS[pattern] ?? DRUM_PATTERNS.rock;
  for (let b = 0; b * beat < seconds; b++) {
    const at = b * beat;
    if (b % 16 === 15)
      [50, 48, 47, 45].forEach((note, i) => {
        t.addNote({ midi: note, time: at + (i * beat) / 4, duration: 0.1, velocity: 0.7 + 0.3 * r() });
      });
    else
      for (const [note, step] of (play as NonNullable<typeof play>)(b, r))
        t.addNote({ midi: note, time: at + (step * beat) / 4, duration: 0.1, velocity: 0.55 + 0.4 * r() });
    if (b % 16 === 0 && b > 0) t.addNote({ midi: 49, time: at, duration: 0.5, velocity: 0.8 });
  }
  return midi;
}

/** White or pink noise whose level drifts by ±4 dB at 0.1–0.5 Hz (a fan, tape hiss). */
function driftingNoise(kind: "white" | "pink", seconds: number, r: () => number): Float32Array {
  const n = Math.round(seconds * SR);
  const y = kind === "pink" ? unitPinkNoise(n, r) : Float32Array.from({ length: n }, () => 2 * r() - 1);
  const f = 0.1 + 0.4 * r();
  const phase = 2 * Math.PI * r();
  for (let i = 0; i < n; i++)
    y[i] = (y[i] as number) * 10 ** ((4 * Math.sin((2 * Math.PI * f * i) / SR + phase)) / 20);
  return y;
}

/** Write one item: `DIR/<name>/audio.wav` and a truth of one "N" span. */
function writeItem(name: string, group: string, source: string, audio: Float32Array): void {
  const dir = join(out, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "audio.wav"), encodeWav(audio, SR));
  const truth = { id: name, group, source, chords: [{ start: 0, end: audio.length / SR, label: "N" }] };
  writeFileSync(join(dir, "truth.json"), `${JSON.stringify(truth, null, 1)}\n`);
}

/**
 * The `--non-music` items (see the module comment), about `seconds` each, from `seed`; the drum kits
 * alternate between FluidR3_GM and MuseScore General unless `soundfont` names one sample set for all.
 */
async function writeNonMusic(seconds: number, seed: number, soundfont?: SoundfontName): Promise<void> {
  const r = makeRng(seed);
  for (const [i, pattern] of Object.keys(DRUM_PATTERNS).entries()) {
    const bpm = Math.round(70 + 90 * r());
    const kit: SoundfontName = soundfont ?? ((seed + i) % 2 === 0 ? "FluidR3_GM" : "MuseScore_General");
    const x = await renderMidi(drumMidi(pattern, bpm, seconds, r), kit, {
      sampleRate: SR,
      fx: false,
      tmpBase: join(out, `.drums-${pattern}`),
    });
    const clip = x.subarray(0, Math.min(x.length, Math.round(seconds * SR)));
    const source = `make-live-folder.ts --non-music: ${kit} drum kit, ${pattern} at ${bpm} BPM, seed ${seed}`;
    writeItem(`drums-${pattern}-clean`, "drums clean", source, clip);
    writeItem(
      `drums-${pattern}-room`,
      "drums room",
      `${source}, synthetic room`,
      inRoom(clip, seed * 7 + i, 20),
    );
  }
  for (const kind of ["white", "pink"] as const)
    writeItem(
      `noise-${kind}`,
      "noise",
      `make-live-folder.ts --non-music: ${kind} noise, seed ${seed}`,
      driftingNoise(kind, seconds, r),
    );
  for (const voice of ["low", "high"] as const) {
    const x = renderSpeech({ seconds, sampleRate: SR, voice, seed: seed * 13 + (voice === "low" ? 1 : 2) });
    const source = `make-live-folder.ts --non-music: renderSpeech ${voice} voice, seed ${seed}`;
    writeItem(`speech-${voice}-clean`, "speech clean", source, x);
    writeItem(
      `speech-${voice}-room`,
      "speech room",
      `${source}, synthetic room`,
      inRoom(x, seed * 11 + 3, 20),
    );
  }
}

// ------------------------------------------------------------------ output

const { values: opts } = parseArgs({
  options: {
    out: { type: "string" },
    seconds: { type: "string", default: "30" },
    only: { type: "string" },
    "seed-offset": { type: "string", default: "0" },
    "non-music": { type: "boolean", default: false },
    soundfont: { type: "string" },
    ukulele: { type: "boolean", default: false },
    fingerpick: { type: "boolean", default: false },
    "mix-sample-sets": { type: "boolean", default: false },
  },
});
const override = SAMPLE_SETS.find((n) => n === opts.soundfont);
const mix = opts["mix-sample-sets"];
const kinds = [opts["non-music"], opts.ukulele, opts.fingerpick].filter(Boolean).length;
if (!opts.out || kinds > 1 || (opts.soundfont !== undefined && (override === undefined || mix))) {
  process.stderr.write(
    `usage: make-live-folder.ts --out DIR [--seconds 30] [--only SUBSTRING] [--seed-offset N] [--non-music | --ukulele | --fingerpick] [--soundfont ${SAMPLE_SETS.join("|")} | --mix-sample-sets]\n`,
  );
  process.exit(1);
}
const out = resolve(opts.out);
mkdirSync(out, { recursive: true });
const seconds = Number(opts.seconds) || 30;
// Another seed offset writes other pieces on the same instruments (keys, progressions, tempi, strums, rooms):
// offset 1 is the validation folder the live recogniser's constants are chosen on, offset 0 the dev folder
// its numbers are reported on.
const seedOffset = Number(opts["seed-offset"]) || 0;
// `--soundfont` plays every piece (and drum kit) on one sample set instead, e.g. one the frame model was never
// trained on (TimGM6mb, the csound GM bank, Freepats): the same MIDI, keys, strums and rooms, other recordings.
const pieces = opts["non-music"]
  ? []
  : (opts.ukulele ? UKULELE_PIECES : opts.fingerpick ? FINGERPICK_PIECES : PIECES).map((q) => {
      const shifted = { ...q, seed: q.seed + 1000 * seedOffset, soundfont: override ?? q.soundfont };
      return opts.fingerpick ? withPicking(shifted) : shifted;
    });
if (opts["non-music"]) await writeNonMusic(Math.min(seconds, 20), 7_001 + 1000 * seedOffset, override);
for (const p of pieces.filter((q) => !opts.only || q.name.includes(opts.only))) {
  const w = writePiece(p, seconds);
  const render = (midi: MidiFile, soundfont: SoundfontName, tag: string) =>
    renderMidi(midi, soundfont, { sampleRate: SR, fx: false, tmpBase: join(out, `.${p.name}${tag}`) });
  let clean: Float32Array;
  if (mix) {
    const pick = makeRng(p.seed * 104_729 + 17);
    const [fluid, musescore] = splitNotes(w.midi, () => pick() < 0.5);
    clean = mixSignals(
      await render(fluid, "FluidR3_GM", "-fluid"),
      await render(musescore, "MuseScore_General", "-musescore"),
    );
  } else clean = await render(w.midi, p.soundfont, "");
  const sampleSet = mix ? "FluidR3_GM + MuseScore_General per note" : p.soundfont;
  const x = clean.subarray(0, Math.min(clean.length, Math.round(w.seconds * SR)));
  for (const [cond, audio] of [
    ["clean", x],
    ["room", inRoom(x, p.seed * 31 + 5, 20)],
  ] as const) {
    const dir = join(out, `${p.name}-${cond}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "audio.wav"), encodeWav(audio, SR));
    writeFileSync(
      join(dir, "truth.json"),
      `${JSON.stringify(
        {
          id: `${p.name}-${cond}`,
          group: `${p.instrument} ${cond}`,
          source: `make-live-folder.ts: ${sampleSet} program ${p.program}, ${p.style}${p.picking ? ` (${p.picking.name})` : ""}, seed ${p.seed}${cond === "room" ? ", synthetic room + pink noise 20 dB SNR" : ""}`,
          key: w.key,
          chords: w.truth,
        },
        null,
        1,
      )}\n`,
    );
  }
  console.log(
    `${p.name}: ${w.seconds.toFixed(1)} s, ${w.truth.filter((s) => s.label !== "N").length} chords (${sampleSet} #${p.program}${p.picking ? `, ${p.picking.name}` : ""})`,
  );
}
