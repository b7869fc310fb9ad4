/**
 * Synthetic instrument chords for the live bench and the browser tests: plucked guitar (Karplus–Strong),
 * a piano-like struck string and a drawbar organ, a talking voice, plus a room (reverb and noise).
 * Deterministic; pure module (no Node or DOM APIs). Exported from `@tonic/analysis/testing`, not from the
 * package root.
 */
import { hzToMidi, midiToHz } from "@tonic/theory/units";
import { biquadInPlace } from "../src/dsp.js";
import { parseDisplayChord } from "../src/labels.js";
import { makeRng, type SynthNote, type SynthVowel, synthesizeVoice } from "./voice-synth.js";

/** Instrument timbres of {@link renderChordSequence}. */
export type LiveTimbre = "guitar" | "piano" | "organ";

/** Excitation of the synthetic guitar's strings (see {@link ChordSequenceOptions.excitation}). */
export type GuitarExcitation = "pluck" | "noise";

/** One held chord of a sequence ("N" = silence). */
export interface HeldChord {
  chord: string;
  seconds: number;
}

/** Options of {@link renderChordSequence}. */
export interface ChordSequenceOptions {
  timbre: LiveTimbre;
  /** Hz (default 48000). */
  sampleRate?: number;
  /** Seconds between re-attacks of a held chord: strums, piano re-strikes (default 0.5; organ holds). */
  attackEvery?: number;
  /** A4 reference, Hz (default 440). */
  tuningHz?: number;
  /**
   * MIDI notes to play for a chord name, lowest first (default {@link chordVoicing}); e.g. the shapes of
   * a chord-diagram library. Guitar strums run over the notes in this order.
   */
  voicing?: (chord: string) => readonly number[];
  /**
   * Excitation of the guitar's strings (default "pluck"): "pluck" — a string plucked at 12–22 % of its
   * length, whose partials keep the same shape from pluck to pluck, as a real guitar's do; "noise" —
   * Karplus & Strong's original noise burst (CMJ 7(2), 1983), whose every partial's level is random
   * (Rayleigh-distributed: a 13 dB spread between plucks), a harder test than any real guitar.
   */
  excitation?: GuitarExcitation;
  /** Peak level after normalisation (default 0.5). */
  peak?: number;
  seed?: number;
}

/**
 * MIDI notes of a voicing of `chord` for `timbre`: guitar — the root on the lowest string that has it
 * (E2..D#3) and chord tones stacked above it up to six notes within two octaves, like an open or barre
 * shape; piano and organ — the root an octave below C3..B3 in the left hand and a close voicing from C4
 * in the right hand.
 * @returns [] for "N".
 * @throws {ChordLabelError} for an unknown chord name.
 */
export function chordVoicing(chord: string, timbre: LiveTimbre): number[] {
  const p = parseDisplayChord(chord);
  if (!p) return [];
  const iv = p.quality.intervals.map((i) => i % 12);
  const root = p.root as number;
  if (timbre === "guitar") {
    const bass = 40 + ((root - 4 + 12) % 12); // E2..D#3
    const notes = [bass];
    const pcs = new Set(iv.map((i) => (root + i) % 12));
    for (let m = bass + 1; notes.length < 6 && m <= bass + 24; m++) {
      if (!pcs.has(m % 12)) continue;
      // Low strings a fourth or fifth apart, as in open and barre shapes; closer intervals above E3.
      const gap = m - (notes[notes.length - 1] as number);
      if ((m < 52 && gap < 5) || (m < 57 && gap < 3)) continue;
      notes.push(m);
    }
    return notes;
  }
  const lh = 36 + root;
  const rh = iv.map((i) => 60 + ((root + i) % 12)).sort((a, b) => a - b);
  return [lh, lh + 12, ...rh];
}

/** Uniform noise of a Karplus–Strong delay line: RMS 1/√3. */
const NOISE_RMS = 1 / Math.sqrt(3);
/** Range of the pluck point, as a fraction of the string's length from the bridge. */
const PLUCK_POINT = [0.12, 0.22] as const;
/** Share of uniform noise (pick and finger noise) in a pluck, relative to the pulse's RMS. */
const PLUCK_NOISE = 0.15;
/** Spread of a string's level within a strum, dB (± half of it). */
const STRUM_SPREAD_DB = 4;

/**
 * Fill a Karplus–Strong delay line (one period) with a pluck: the force that a string plucked at a point
 * β of its length from the bridge exerts on the bridge, a rectangular pulse of duty β whose harmonics
 * fall as sin(πhβ)/h (the slope of the ideal plucked string's triangular initial shape; J. O. Smith,
 * "Physical Audio Signal Processing", 2010, "Ideal Plucked String"; the pick-position comb of Jaffe &
 * Smith, CMJ 7(2), 1983). β is drawn from PLUCK_POINT for each pluck, with PLUCK_NOISE of noise and a
 * three-sample pick width; the line's RMS is the noise burst's (1/√3) times a level within ±2 dB.
 */
function pluck(line: Float32Array, rng: () => number): void {
  const n = line.length;
  const beta = PLUCK_POINT[0] + (PLUCK_POINT[1] - PLUCK_POINT[0]) * rng();
  const k = Math.max(1, Math.round(beta * n));
  const raw = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) {
    // Pulse of RMS ≈ 1 (its two levels 1/β and −1/(1 − β), scaled by √(β(1 − β))).
    const pulse = (i < k ? 1 - beta : -beta) / Math.sqrt(beta * (1 - beta));
    raw[i] = pulse + PLUCK_NOISE * Math.sqrt(3) * (rng() * 2 - 1);
    mean += raw[i] as number;
  }
  mean /= n;
  let e = 0;
  for (let i = 0; i < n; i++) {
    const y =
      0.25 * ((raw[(i + n - 1) % n] as number) - mean) +
      0.5 * ((raw[i] as number) - mean) +
      0.25 * ((raw[(i + 1) % n] as number) - mean);
    line[i] = y;
    e += y * y;
  }
  const level = 10 ** (((rng() - 0.5) * STRUM_SPREAD_DB) / 20);
  const g = e > 0 ? (NOISE_RMS * level) / Math.sqrt(e / n) : 0;
  for (let i = 0; i < n; i++) line[i] = (line[i] as number) * g;
}

function ks(
  out: Float32Array,
  start: number,
  hz: number,
  sr: number,
  amp: number,
  rng: () => number,
  decay: number,
  excitation: GuitarExcitation,
) {
  // Loop delay = line length n + 0.5 (two-point average) + d (allpass), which must equal the period.
  const period = sr / hz;
  const n = Math.max(2, Math.floor(period - 0.6));
  const d = period - 0.5 - n;
  const line = new Float32Array(n);
  if (excitation === "noise") for (let i = 0; i < n; i++) line[i] = rng() * 2 - 1;
  else pluck(line, rng);
  let idx = 0;
  let prev = 0;
  const len = Math.min(out.length - start, Math.round(sr * 3));
  // Fractional delay by a one-pole allpass keeps long strings in tune (Jaffe & Smith, CMJ 7(2), 1983).
  const c = (1 - d) / (1 + d);
  let apX = 0;
  let apY = 0;
  for (let i = 0; i < len; i++) {
    const a = line[idx] as number;
    const b = line[(idx + 1) % n] as number;
    const avg = decay * 0.5 * (a + b);
    const y = c * avg + apX - c * apY;
    apX = avg;
    apY = y;
    line[idx] = y;
    idx = (idx + 1) % n;
    const j = start + i;
    out[j] = (out[j] as number) + amp * (a + prev) * 0.5;
    prev = a;
  }
}

function partials(
  out: Float32Array,
  start: number,
  end: number,
  hz: number,
  sr: number,
  amps: readonly number[],
  opts: { inharm: number; decay: number; attack: number; release: number },
) {
  const len = Math.min(out.length, end + Math.round(opts.release * sr)) - start;
  for (let h = 1; h <= amps.length; h++) {
    const f = hz * h * Math.sqrt(1 + opts.inharm * h * h);
    if (f >= sr / 2) break;
    const a0 = amps[h - 1] as number;
    const w = (2 * Math.PI * f) / sr;
    // Recursive oscillator: one multiply-add per sample.
    const k = 2 * Math.cos(w);
    let s1 = 0;
    let s2 = -Math.sin(w);
    const dec = Math.exp(-(opts.decay * (1 + 0.4 * (h - 1))) / sr);
    let env = 1;
    const att = Math.max(1, Math.round(opts.attack * sr));
    const rel = Math.max(1, Math.round(opts.release * sr));
    const held = end - start;
    for (let i = 0; i < len; i++) {
      const s = k * s1 - s2;
      s2 = s1;
      s1 = s;
      env *= dec;
      let g = env * Math.min(1, i / att);
      if (i >= held) g *= Math.max(0, 1 - (i - held) / rel);
      const j = start + i;
      out[j] = (out[j] as number) + a0 * g * s;
    }
  }
}

const PIANO = [1, 0.6, 0.35, 0.25, 0.15, 0.1, 0.06, 0.04];
const ORGAN = [1, 0.7, 0.5, 0.45, 0, 0.3, 0, 0.25];

/**
 * Render a sequence of held chords on one instrument.
 * @returns mono PCM at `sampleRate`, peak-normalised to `peak`; the chord i starts at the sum of the
 *   previous `seconds`.
 * @throws {ChordLabelError} for an unknown chord name.
 */
export function renderChordSequence(seq: readonly HeldChord[], options: ChordSequenceOptions): Float32Array {
  const sr = options.sampleRate ?? 48000;
  const every = options.attackEvery ?? 0.5;
  const a4 = options.tuningHz ?? 440;
  const rng = makeRng(options.seed ?? 1);
  const total = seq.reduce((s, c) => s + c.seconds, 0);
  const out = new Float32Array(Math.round(total * sr));
  const hzOf = (m: number) => midiToHz(m, a4);
  let t0 = 0;
  for (const c of seq) {
    const notes =
      c.chord === "N" ? [] : (options.voicing ?? ((ch) => chordVoicing(ch, options.timbre)))(c.chord);
    const start = Math.round(t0 * sr);
    const end = Math.round((t0 + c.seconds) * sr);
    if (notes.length > 0) {
      if (options.timbre === "organ") {
        for (const m of notes) {
          partials(out, start, end, hzOf(m), sr, ORGAN, { inharm: 0, decay: 0, attack: 0.01, release: 0.03 });
        }
      } else {
        for (let t = start; t < end; t += Math.round(every * sr)) {
          const stop = Math.min(end, t + Math.round(every * sr));
          if (options.timbre === "guitar") {
            // Strums alternate down (low string first) and up, 12 ms per string. A string rings until it
            // is struck again — its nominal time in the next strum (the pick's contact mutes it) — or
            // until the chord changes.
            const strum = Math.round((t - start) / (every * sr));
            const down = strum % 2 === 0;
            const order = down ? notes : [...notes].reverse();
            const last = notes.length - 1;
            order.forEach((m, i) => {
              const at = t + Math.round((i * 0.012 + rng() * 0.004) * sr);
              // In the next strum (the other direction) this string comes at place last − i.
              const len = Math.min(end, stop + Math.round((last - i) * 0.012 * sr)) - at;
              if (len <= 0) return;
              const seg = new Float32Array(len);
              ks(seg, 0, hzOf(m), sr, 0.3 * (down ? 1 : 0.7), rng, 0.998, options.excitation ?? "pluck");
              for (let k = 0; k < len; k++) out[at + k] = (out[at + k] as number) + (seg[k] as number);
            });
          } else {
            for (const m of notes) {
              partials(out, t, stop, hzOf(m), sr, PIANO, {
                inharm: 0.0004,
                decay: 1.2,
                attack: 0.004,
                release: 0.05,
              });
            }
          }
        }
      }
    }
    t0 += c.seconds;
  }
  let mx = 0;
  for (const x of out) mx = Math.max(mx, Math.abs(x));
  const g = mx > 0 ? (options.peak ?? 0.5) / mx : 0;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * g;
  return out;
}

/**
 * Pink noise: white noise from `r` (uniform in ±1) through Paul Kellet's three-pole filter ("economy"
 * version, about −3 dB per octave above 10 Hz).
 * @param n how many samples.
 * @param r a PRNG returning numbers in [0, 1) (e.g. {@link makeRng}); called `n` times.
 * @returns the samples, unscaled, and their mean square (computed before rounding to float32; for a unit
 * RMS divide by its square root).
 */
export function pinkNoise(n: number, r: () => number): { samples: Float32Array; meanSquare: number } {
  const samples = new Float32Array(n);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let e = 0;
  for (let i = 0; i < n; i++) {
    const w = r() * 2 - 1;
    b0 = 0.99765 * b0 + w * 0.099046;
    b1 = 0.963 * b1 + w * 0.2965164;
    b2 = 0.57 * b2 + w * 1.0526913;
    const v = b0 + b1 + b2 + w * 0.1848;
    samples[i] = v;
    e += v * v;
  }
  return { samples, meanSquare: e / Math.max(1, n) };
}

/**
 * A microphone's hiss: adds pink noise ({@link pinkNoise}, Paul Kellet's filter, about −3 dB per
 * octave) scaled to `dbfs` RMS over the whole of `pcm`, in place. The same `seed` gives the same noise.
 *
 * @param pcm mono PCM, any rate (changed in place and returned).
 * @param dbfs the noise's RMS level, dBFS (finite).
 * @param seed a 32-bit seed for the noise (e.g. crc32 of the item's name).
 * @throws {RangeError} for a level that is not finite.
 */
export function addHiss(pcm: Float32Array, dbfs: number, seed: number): Float32Array {
  if (!Number.isFinite(dbfs)) throw new RangeError(`hiss level must be finite, got ${dbfs}`);
  const { samples, meanSquare } = pinkNoise(pcm.length, makeRng(seed));
  const g = meanSquare > 0 ? 10 ** (dbfs / 20) / Math.sqrt(meanSquare) : 0;
  for (let i = 0; i < pcm.length; i++) pcm[i] = (pcm[i] as number) + (samples[i] as number) * g;
  return pcm;
}

/**
 * A microphone's frequency response as a band: a 2nd-order Butterworth high-pass at `lowCutHz` and a
 * 2nd-order Butterworth low-pass at `highCutHz` (each an RBJ biquad, Q = 1/√2: R. Bristow-Johnson, "Cookbook
 * formulae for audio EQ biquad filter coefficients"; 12 dB an octave past the cut-off), in place. A phone's
 * or laptop's small microphone and its port cut the low strings' fundamentals and, on cheap ones, the
 * treble (Faber Acoustical's iPhone measurements: little below 200 Hz on the 3GS's built-in microphone; a
 * Nokia N95 falls some 24 dB from 2 to 5 kHz, in a thesis chapter "How good is a phone at recording audio?").
 *
 * @param pcm mono PCM at `sampleRate` (changed in place and returned).
 * @param sampleRate Hz, > 0.
 * @param lowCutHz high-pass cut-off (−3 dB), Hz, 0 for none, else within (0, sampleRate / 2).
 * @param highCutHz low-pass cut-off (−3 dB), Hz, 0 for none, else within (0, sampleRate / 2).
 * @throws {RangeError} for a cut-off outside those ranges.
 */
export function micBand(
  pcm: Float32Array,
  sampleRate: number,
  lowCutHz: number,
  highCutHz: number,
): Float32Array {
  for (const [hz, type] of [
    [lowCutHz, "highpass"],
    [highCutHz, "lowpass"],
  ] as const) {
    if (hz === 0) continue;
    biquadInPlace(pcm, sampleRate, hz, Math.SQRT1_2, type);
  }
  return pcm;
}

/**
 * Put a signal in a room: a Schroeder reverb (four parallel feedback combs and two series allpasses,
 * Schroeder, "Natural sounding artificial reverberation", JAES 1962; wet 0.25) plus pink noise (Paul
 * Kellett's filter) at `snrDb` below the signal's RMS.
 * @returns a new array, same length and rate.
 */
export function addRoom(x: Float32Array, sampleRate: number, snrDb = 15, seed = 7): Float32Array {
  const rng = makeRng(seed);
  const out = new Float32Array(x.length);
  const combs = [0.0297, 0.0371, 0.0411, 0.0437].map((s) => ({
    buf: new Float32Array(Math.round(s * sampleRate)),
    i: 0,
  }));
  const aps = [0.005, 0.0017].map((s) => ({ buf: new Float32Array(Math.round(s * sampleRate)), i: 0 }));
  let e = 0;
  for (let n = 0; n < x.length; n++) {
    const v = x[n] as number;
    e += v * v;
    let wet = 0;
    for (const c of combs) {
      const y = c.buf[c.i] as number;
      c.buf[c.i] = v + 0.78 * y;
      c.i = (c.i + 1) % c.buf.length;
      wet += y;
    }
    wet *= 0.25;
    for (const a of aps) {
      const d = a.buf[a.i] as number;
      const y = -0.7 * wet + d;
      a.buf[a.i] = wet + 0.7 * y;
      a.i = (a.i + 1) % a.buf.length;
      wet = y;
    }
    out[n] = v + 0.25 * wet;
  }
  const rms = Math.sqrt(e / Math.max(1, x.length));
  const nAmp = rms * 10 ** (-snrDb / 20);
  const { samples: pink, meanSquare } = pinkNoise(x.length, rng);
  const g = nAmp / Math.sqrt(meanSquare || 1);
  for (let n = 0; n < x.length; n++) out[n] = (out[n] as number) + g * (pink[n] as number);
  return out;
}

/** Options of {@link renderSpeech}. */
export interface SpeechOptions {
  /** Duration, seconds (> 0). */
  seconds: number;
  /** Hz (default 48000). */
  sampleRate?: number;
  /** "low": F0 100–150 Hz, adult-male formants; "high": F0 150–220 Hz, formants × 1.15 (default "low"). */
  voice?: "low" | "high";
  /** Peak level after normalisation (default 0.5). */
  peak?: number;
  seed?: number;
}

const VOWELS: readonly SynthVowel[] = ["a", "e", "i", "o", "u"];

/**
 * A voice talking (a deterministic stand-in for recorded speech): phrases of 3–9 syllables separated by
 * 0.25–0.7 s pauses. Each syllable (0.12–0.3 s) is {@link synthesizeVoice}'s glottal source and formant
 * cascade with no vibrato, 1 % jitter and some breath, its pitch gliding continuously (chained portamento)
 * by 1–4 semitones up or down around an intonation contour that declines over the phrase (Pierrehumbert
 * 1980: declination and pitch accents) across the voice's F0 range, and its formants moving from one
 * vowel to another (two renders of the same source, cross-faded); syllables are joined by 30–80 ms gaps
 * holding a fricative or plosive noise burst (high-passed white noise).
 * @returns mono PCM at `sampleRate`, `round(seconds·sampleRate)` samples, peak-normalised to `peak`.
 */
export function renderSpeech(options: SpeechOptions): Float32Array {
  const sr = options.sampleRate ?? 48000;
  const high = options.voice === "high";
  const rng = makeRng(options.seed ?? 11);
  const out = new Float32Array(Math.round(options.seconds * sr));
  const fTop = high ? 220 : 150;
  const fBottom = high ? 150 : 100;
  const pick = () => VOWELS[Math.floor(rng() * VOWELS.length)] ?? "a";
  let t = 0.2;
  while (t < options.seconds - 0.5) {
    const syllables = 3 + Math.floor(rng() * 7);
    for (let k = 0; k < syllables && t < options.seconds - 0.35; k++) {
      const dur = 0.12 + 0.18 * rng();
      const declined = fTop - (fTop - fBottom) * (k / Math.max(1, syllables - 1));
      const start = hzToMidi(declined * (0.94 + 0.12 * rng()));
      const glide = (1 + 3 * rng()) * (rng() < 0.5 ? -1 : 1);
      // Four legato pieces, each gliding over its whole length from the previous piece's pitch.
      const piece = dur / 4;
      const notes: SynthNote[] = [0, 1, 2, 3].map((i) => ({
        midi: start + (glide * i) / 3,
        start: i * piece,
        end: (i + 1) * piece,
      }));
      const seed = Math.floor(rng() * 1e9);
      const voice = (vowel: SynthVowel) =>
        synthesizeVoice({
          notes,
          sampleRate: sr,
          duration: dur,
          vibratoCents: 0,
          portamento: piece,
          breathiness: 0.15,
          jitter: 0.01,
          vowel,
          formantScale: high ? 1.15 : 1,
          amplitude: 0.6 + 0.4 * rng(),
          seed,
        });
      const a = voice(pick());
      const b = voice(pick());
      const at = Math.round(t * sr);
      for (let i = 0; i < a.length && at + i < out.length; i++) {
        const u = i / a.length;
        out[at + i] = (out[at + i] as number) + (1 - u) * (a[i] as number) + u * (b[i] as number);
      }
      t += dur;
      // The consonant between syllables.
      const gap = 0.03 + 0.05 * rng();
      const burst = Math.round(Math.min(gap, 0.03 + 0.03 * rng()) * sr);
      const amp = 0.05 + 0.15 * rng();
      const from = Math.round(t * sr);
      let prev = 0;
      for (let i = 0; i < burst && from + i < out.length; i++) {
        const w = rng() * 2 - 1;
        const env = Math.sin((Math.PI * i) / burst);
        out[from + i] = (out[from + i] as number) + amp * env * (w - prev);
        prev = w;
      }
      t += gap;
    }
    t += 0.25 + 0.45 * rng();
  }
  let mx = 0;
  for (const x of out) mx = Math.max(mx, Math.abs(x));
  const g = mx > 0 ? (options.peak ?? 0.5) / mx : 0;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * g;
  return out;
}
