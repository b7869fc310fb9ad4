/**
 * Deterministic test-signal generators for the vocal analysis (tests, benchmark, browser tests).
 * A small source-filter singing synthesizer: Rosenberg glottal pulses (Rosenberg 1971, "Effect of
 * glottal pulse shape on the quality of natural vowels", JASA 49) with vibrato, jitter, portamento
 * and breath noise, shaped by a cascade of vowel formant resonators (Klatt 1980, "Software for a
 * cascade/parallel formant synthesizer", JASA 67), plus optional mains hum and background noise.
 */
import { midiToHz } from "@tonic/theory/units";

/** One note to sing: MIDI number (A4 = 69, fractional allowed) between `start` and `end` seconds. */
export interface SynthNote {
  midi: number;
  start: number;
  end: number;
}

/** Vowels with formant tables (Peterson & Barney 1952 averages, adult male). */
export type SynthVowel = "a" | "e" | "i" | "o" | "u";

/** Options of {@link synthesizeVoice}. */
export interface SynthVoiceOptions {
  notes: SynthNote[];
  sampleRate: number;
  /** Total length, s (default: last note end + 0.3 s). */
  duration?: number;
  /** Peak vibrato deviation, cents (default 40). */
  vibratoCents?: number;
  /** Vibrato rate, Hz (default 5.5). */
  vibratoHz?: number;
  /** Glide time between legato notes, s (default 0.06). */
  portamento?: number;
  /** Breath-noise level relative to the voiced source, 0..1 (default 0.08). */
  breathiness?: number;
  /** Cycle-to-cycle period jitter, fraction (default 0.004). */
  jitter?: number;
  vowel?: SynthVowel;
  /** Formant frequency scale (1 = adult male, ~1.15 female) (default 1). */
  formantScale?: number;
  /** Mains hum frequency, Hz (default 50) and amplitude (default 0 = none). */
  humHz?: number;
  humLevel?: number;
  /** White-noise amplitude added to the output (default 0). */
  noiseLevel?: number;
  /** Peak amplitude of the voice (default 0.3). */
  amplitude?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** Global detuning, cents (default 0). */
  tuningCents?: number;
}

const FORMANTS: Record<SynthVowel, [number, number][]> = {
  a: [
    [730, 90],
    [1090, 110],
    [2440, 160],
    [3400, 250],
  ],
  e: [
    [530, 60],
    [1840, 100],
    [2480, 150],
    [3400, 250],
  ],
  i: [
    [270, 60],
    [2290, 100],
    [3010, 150],
    [3700, 250],
  ],
  o: [
    [570, 70],
    [840, 80],
    [2410, 150],
    [3400, 250],
  ],
  u: [
    [300, 60],
    [870, 80],
    [2240, 150],
    [3400, 250],
  ],
};

/** Mulberry32 PRNG returning floats in [0, 1). */
export function makeRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A pure sine (optionally with sinusoidal vibrato) at `hz`.
 *
 * @param hz frequency, Hz (> 0).
 * @param seconds duration, s.
 * @param sampleRate Hz.
 * @param amplitude peak (default 0.5).
 * @param vibratoCents peak deviation, cents (default 0); `vibratoHz` rate (default 5.5 Hz).
 */
export function sineTone(
  hz: number,
  seconds: number,
  sampleRate: number,
  amplitude = 0.5,
  vibratoCents = 0,
  vibratoHz = 5.5,
): Float32Array {
  const n = Math.round(seconds * sampleRate);
  const out = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const f = hz * 2 ** ((vibratoCents * Math.sin((2 * Math.PI * vibratoHz * i) / sampleRate)) / 1200);
    phase += f / sampleRate;
    phase -= Math.floor(phase);
    out[i] = amplitude * Math.sin(2 * Math.PI * phase);
  }
  return out;
}

/**
 * Synthesize a sung melody (deterministic for a given seed).
 *
 * @returns mono PCM at `sampleRate`, peak around `amplitude`.
 */
export function synthesizeVoice(opts: SynthVoiceOptions): Float32Array {
  const sr = opts.sampleRate;
  const notes = [...opts.notes].sort((a, b) => a.start - b.start);
  const lastEnd = notes.reduce((m, n) => Math.max(m, n.end), 0);
  const duration = opts.duration ?? lastEnd + 0.3;
  const n = Math.max(1, Math.round(duration * sr));
  const vibC = opts.vibratoCents ?? 40;
  const vibHz = opts.vibratoHz ?? 5.5;
  const porta = opts.portamento ?? 0.06;
  const breath = opts.breathiness ?? 0.08;
  const jitter = opts.jitter ?? 0.004;
  const fScale = opts.formantScale ?? 1;
  const amp = opts.amplitude ?? 0.3;
  const tuning = (opts.tuningCents ?? 0) / 100;
  const rng = makeRng(opts.seed ?? 1);
  const gauss = () => {
    const u = Math.max(1e-12, rng());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
  };

  // Per-sample pitch target (MIDI) and envelope.
  const midi = new Float32Array(n).fill(Number.NaN);
  const env = new Float32Array(n);
  for (let k = 0; k < notes.length; k++) {
    const note = notes[k] as SynthNote;
    const prevNote = k > 0 ? notes[k - 1] : undefined;
    const nextNote = notes[k + 1];
    const legatoIn = prevNote !== undefined && note.start - prevNote.end < 0.03;
    const legatoOut = nextNote !== undefined && nextNote.start - note.end < 0.03;
    const s0 = Math.max(0, Math.round(note.start * sr));
    const s1 = Math.min(n, Math.round(note.end * sr));
    const attack = 0.04;
    const release = 0.06;
    for (let i = s0; i < s1; i++) {
      const t = i / sr - note.start;
      const left = note.end - i / sr;
      let m = note.midi;
      if (legatoIn && prevNote && t < porta) {
        const u = t / porta;
        const w = 0.5 - 0.5 * Math.cos(Math.PI * u);
        m = prevNote.midi + (note.midi - prevNote.midi) * w;
      }
      const vibRamp = Math.min(1, Math.max(0, (t - 0.15) / 0.2));
      m += (vibC / 100) * vibRamp * Math.sin(2 * Math.PI * vibHz * t);
      midi[i] = m + tuning;
      let e = 1;
      if (!legatoIn && t < attack) e = t / attack;
      if (!legatoOut && left < release) e = Math.min(e, left / release);
      env[i] = e;
    }
  }

  // Glottal source (differentiated Rosenberg pulse) + breath noise.
  const src = new Float32Array(n);
  const oq = 0.6;
  const tp = 0.65 * oq;
  const tn = oq - tp;
  let phase = 0;
  let periodJit = 1;
  let prevG = 0;
  for (let i = 0; i < n; i++) {
    const m = midi[i] as number;
    if (Number.isNaN(m)) {
      prevG = 0;
      src[i] = 0;
      continue;
    }
    const f = midiToHz(m) * periodJit;
    phase += f / sr;
    if (phase >= 1) {
      phase -= 1;
      periodJit = 1 + jitter * gauss();
    }
    let g = 0;
    if (phase < tp) g = 0.5 - 0.5 * Math.cos((Math.PI * phase) / tp);
    else if (phase < oq) g = Math.cos((0.5 * Math.PI * (phase - tp)) / tn);
    const dg = (g - prevG) * (sr / (f * 8));
    prevG = g;
    const noise = breath * (0.4 + g) * (rng() * 2 - 1);
    src[i] = (env[i] as number) * (dg + noise);
  }

  // Cascade of formant resonators (Klatt 1980).
  const formants = FORMANTS[opts.vowel ?? "a"];
  let y: Float32Array = src;
  for (const [fc, bw] of formants) {
    const f = Math.min(fc * fScale, sr * 0.45);
    const r = Math.exp((-Math.PI * bw) / sr);
    const a1 = 2 * r * Math.cos((2 * Math.PI * f) / sr);
    const a2 = -r * r;
    const g = 1 - a1 - a2;
    const out = new Float32Array(n);
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < n; i++) {
      const v = g * (y[i] as number) + a1 * y1 + a2 * y2;
      y2 = y1;
      y1 = v;
      out[i] = v;
    }
    y = out;
  }
  let peak = 0;
  for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(y[i] as number));
  const scale = peak > 0 ? amp / peak : 0;
  const humL = opts.humLevel ?? 0;
  const humHz = opts.humHz ?? 50;
  const noiseL = opts.noiseLevel ?? 0;
  for (let i = 0; i < n; i++) {
    let v = (y[i] as number) * scale;
    if (humL > 0) {
      const ph = (2 * Math.PI * humHz * i) / sr;
      v += humL * (Math.sin(ph) + 0.3 * Math.sin(2 * ph) + 0.15 * Math.sin(3 * ph));
    }
    if (noiseL > 0) v += noiseL * gauss();
    y[i] = v;
  }
  return y;
}

/**
 * Build a melody from scale degrees: `degrees` are 0-based steps of the major or natural minor
 * scale above `tonicMidi` (negative and > 6 allowed), each `noteSeconds` long with `gapSeconds`
 * silence between notes (0 = legato), starting at `startSeconds`.
 */
export function scaleMelody(
  tonicMidi: number,
  mode: "major" | "minor",
  degrees: number[],
  noteSeconds = 0.45,
  gapSeconds = 0.05,
  startSeconds = 0.3,
): SynthNote[] {
  const steps = mode === "major" ? [0, 2, 4, 5, 7, 9, 11] : [0, 2, 3, 5, 7, 8, 10];
  const out: SynthNote[] = [];
  let t = startSeconds;
  for (const d of degrees) {
    const oct = Math.floor(d / 7);
    const idx = d - oct * 7;
    out.push({ midi: tonicMidi + 12 * oct + (steps[idx] as number), start: t, end: t + noteSeconds });
    t += noteSeconds + gapSeconds;
  }
  return out;
}
