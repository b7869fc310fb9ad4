/**
 * Deterministic test-signal generators (pure: no Node or DOM APIs). Used by unit tests, browser tests and
 * demo-song seeding. Import from `@tonic/analysis/testing`.
 */
import { midiToHz } from "@tonic/theory/units";
import { parseDisplayChord } from "../src/labels.js";
import { addKick, addTone } from "../src/synth.js";
import { makeRng } from "./voice-synth.js";

/** Hand-made live chroma frames for the live recogniser's unit tests. */
export { chromaFrame, HELD_C_G_PARTIALS, RESTRUCK_C_BRIGHT_G, semitoneSpectrum } from "./live-frames.js";
/** Synthetic guitar, piano and organ chords and a room, for the live chord recogniser's tests and bench. */
export {
  addHiss,
  addRoom,
  type ChordSequenceOptions,
  chordVoicing,
  type GuitarExcitation,
  type HeldChord,
  type LiveTimbre,
  micBand,
  pinkNoise,
  renderChordSequence,
  renderSpeech,
  type SpeechOptions,
} from "./live-synth.js";
/** The source-filter singing synthesiser used by the vocal detector's tests and demos. */
export {
  makeRng,
  type SynthNote,
  type SynthVoiceOptions,
  type SynthVowel,
  scaleMelody,
  sineTone,
  synthesizeVoice,
} from "./voice-synth.js";

/**
 * A sine tone.
 * @param freqHz frequency in Hz (> 0, below sampleRate/2).
 * @param seconds duration in seconds (≥ 0).
 * @param sampleRate Hz (> 0).
 * @param amplitude peak amplitude (default 0.5).
 * @returns `round(seconds·sampleRate)` samples.
 */
export function sine(freqHz: number, seconds: number, sampleRate: number, amplitude = 0.5): Float32Array {
  const n = Math.round(seconds * sampleRate);
  const out = new Float32Array(n);
  const w = (2 * Math.PI * freqHz) / sampleRate;
  for (let i = 0; i < n; i++) out[i] = amplitude * Math.sin(w * i);
  return out;
}

/**
 * A click track: a short decaying 1 kHz burst plus a low thump on every beat, the first beat at t = 0.
 * @param bpm beats per minute (> 0).
 * @param seconds duration in seconds.
 * @param sampleRate Hz.
 */
export function clickTrack(bpm: number, seconds: number, sampleRate: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const period = 60 / bpm;
  for (let t = 0; t < seconds; t += period) addKick(out, sampleRate, t, 0.8);
  return out;
}

/**
 * White noise, uniform in ±amplitude, from a seeded PRNG (deterministic).
 * @param seconds duration (≥ 0); @param sampleRate Hz; @param amplitude peak (default 0.3).
 */
export function whiteNoise(seconds: number, sampleRate: number, amplitude = 0.3, seed = 1): Float32Array {
  const r = makeRng(seed);
  const out = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * (2 * r() - 1);
  return out;
}

/**
 * A rock drum loop without any pitched instrument: kick on beats 1 and 3, snare (noise burst plus a
 * 180 Hz body) on 2 and 4, closed hi-hat (high-passed noise) on every eighth note.
 * @param bpm tempo (> 0); @param seconds duration; @param sampleRate Hz.
 * @returns mono samples, first beat at t = 0, peak ≈ 0.9.
 */
export function drumLoop(bpm: number, seconds: number, sampleRate: number, seed = 2): Float32Array {
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const r = makeRng(seed);
  const beat = 60 / bpm;
  for (let k = 0; k * beat < seconds; k++) {
    const t = k * beat;
    if (k % 2 === 0) addKick(out, sampleRate, t, 0.8);
    else addNoiseBurst(out, sampleRate, t, 0.5, 0.12, 25, r, 180);
    addNoiseBurst(out, sampleRate, t, 0.15, 0.04, 120, r, 0, true);
    addNoiseBurst(out, sampleRate, t + beat / 2, 0.12, 0.04, 120, r, 0, true);
  }
  return out;
}

function addNoiseBurst(
  out: Float32Array,
  sr: number,
  t: number,
  amp: number,
  dur: number,
  decay: number,
  r: () => number,
  bodyHz: number,
  highPass = false,
): void {
  const start = Math.round(t * sr);
  const len = Math.round(dur * sr);
  let prev = 0;
  for (let i = 0; i < len && start + i < out.length; i++) {
    const tt = i / sr;
    const env = Math.exp(-tt * decay);
    const n = 2 * r() - 1;
    const v = highPass ? n - prev : n;
    prev = n;
    const body = bodyHz > 0 ? 0.6 * Math.sin(2 * Math.PI * bodyHz * tt) * Math.exp(-tt * 40) : 0;
    const j = start + i;
    out[j] = (out[j] as number) + amp * env * (0.7 * v + body);
  }
}

/**
 * Speech-like audio (a stand-in for recorded speech, deterministic): syllables of 120–280 ms separated by
 * short gaps and longer pauses; voiced parts are a glottal pulse train whose pitch glides continuously
 * (declining 180→110 Hz over each phrase, ±20 % per syllable, never holding a note) through two vowel
 * formant resonators that move between vowels; consonants are noise bursts. Source-filter model
 * (Fant 1960), much simplified.
 * @param seconds duration; @param sampleRate Hz.
 */
export function speechLike(seconds: number, sampleRate: number, seed = 3): Float32Array {
  const r = makeRng(seed);
  const out = new Float32Array(Math.round(seconds * sampleRate));
  const vowels = [
    [730, 1090],
    [270, 2290],
    [530, 1840],
    [570, 840],
    [300, 870],
    [660, 1720],
  ] as const;
  let t = 0.1;
  let phase = 0;
  let phraseStart = t;
  while (t < seconds - 0.3) {
    const dur = 0.12 + 0.16 * r();
    // consonant
    addNoiseBurst(out, sampleRate, t, 0.05, 0.05, 60, r, 0, true);
    const v0 = vowels[Math.floor(r() * vowels.length)] ?? vowels[0];
    const v1 = vowels[Math.floor(r() * vowels.length)] ?? vowels[0];
    const f0a = (180 - 70 * Math.min(1, (t - phraseStart) / 2.5)) * (0.8 + 0.4 * r());
    const f0b = f0a * (0.8 + 0.4 * r());
    const a = Math.round((t + 0.04) * sampleRate);
    const n = Math.round(dur * sampleRate);
    // two-pole resonators, coefficients recomputed every 5 ms as the formants move
    const st = [0, 0, 0, 0];
    for (let i = 0; i < n && a + i < out.length; i++) {
      const u = i / n;
      const f0 = f0a + (f0b - f0a) * u;
      phase += f0 / sampleRate;
      const pulse = phase >= 1 ? 1 : 0;
      if (phase >= 1) phase -= 1;
      const env = Math.sin(Math.PI * u);
      let y = pulse;
      for (let k = 0; k < 2; k++) {
        const fk = (v0[k] as number) + ((v1[k] as number) - (v0[k] as number)) * u;
        const rad = Math.exp((-Math.PI * 80) / sampleRate);
        const c1 = 2 * rad * Math.cos((2 * Math.PI * fk) / sampleRate);
        const c2 = -rad * rad;
        const z = y + c1 * (st[2 * k] as number) + c2 * (st[2 * k + 1] as number);
        st[2 * k + 1] = st[2 * k] as number;
        st[2 * k] = z;
        y = z;
      }
      out[a + i] = (out[a + i] as number) + 0.004 * env * y;
    }
    t += dur + 0.03 + 0.05 * r();
    if (r() < 0.12) {
      t += 0.3 + 0.4 * r();
      phraseStart = t;
    }
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > 0) for (let i = 0; i < out.length; i++) out[i] = ((out[i] as number) * 0.8) / peak;
  return out;
}

/** Options of {@link renderProgression}. */
export interface ProgressionOptions {
  /** Display chord names ("C", "Am", "G7", "N" for a rest). */
  chords: readonly string[];
  /** Tempo, beats per minute (default 120). */
  bpm?: number;
  /** Beats each chord lasts (default 4). */
  beatsPerChord?: number;
  /** Output sample rate in Hz (default 22050). */
  sampleRate?: number;
  /** How many times the progression is played (default 1). */
  repeats?: number;
  /** A4 reference in Hz (default 440). */
  tuningHz?: number;
  /** Add a kick/click on every beat (default true). */
  drums?: boolean;
}

/**
 * Render a chord progression: each chord is a closed voicing around C4 of harmonic-rich tones
 * (8 harmonics, amplitude 1/h) re-attacked on every beat, plus the root two octaves down as bass and a
 * kick on every beat (accented on the chord's first beat), so key, tempo and chords are all detectable.
 * Deterministic: the same options always give the same samples. Peak level is normalised to 0.9.
 *
 * @returns mono samples; the first beat is at t = 0, beat k at k·60/bpm seconds.
 * @throws {ChordLabelError} for an unknown chord name.
 */
export function renderProgression(options: ProgressionOptions): Float32Array {
  const bpm = options.bpm ?? 120;
  const bpc = options.beatsPerChord ?? 4;
  const sr = options.sampleRate ?? 22050;
  const repeats = options.repeats ?? 1;
  const a4 = options.tuningHz ?? 440;
  const drums = options.drums ?? true;
  const parsed = options.chords.map((c) => parseDisplayChord(c));
  const beat = 60 / bpm;
  const total = parsed.length * bpc * repeats;
  const out = new Float32Array(Math.round((total * beat + 0.5) * sr));
  const f = (midi: number) => midiToHz(midi, a4);
  let b = 0;
  for (let r = 0; r < repeats; r++) {
    for (const ch of parsed) {
      for (let k = 0; k < bpc; k++, b++) {
        const t0 = b * beat;
        if (drums) addKick(out, sr, t0, k === 0 ? 0.9 : 0.6);
        if (!ch) continue;
        const root = 60 + ch.root;
        const notes = ch.quality.intervals.map((iv) => {
          let m = root + iv;
          while (m > 72) m -= 12;
          return m;
        });
        for (const m of notes) addTone(out, sr, t0, beat, f(m), 0.25);
        addTone(out, sr, t0, beat, f(36 + ch.root), 0.35);
      }
    }
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > 0) for (let i = 0; i < out.length; i++) out[i] = ((out[i] as number) * 0.9) / peak;
  return out;
}

/** Options of {@link renderMeter}. */
export interface MeterOptions {
  /** "4/4" (rock beat), "3/4" (waltz: bass on 1, chords on 2 and 3) or "6/8" (two dotted-quarter beats of three eighths). */
  meter: "4/4" | "3/4" | "6/8";
  /** Beats per minute of the notated beat (quarter note; dotted quarter in 6/8). */
  bpm: number;
  /** One chord per bar, display names; repeated to fill `bars`. */
  chords: readonly string[];
  bars: number;
  /** Hz (default 22050). */
  sampleRate?: number;
}

/**
 * Render idiomatic accompaniment in a given meter, one chord per bar (chords change on downbeats):
 * 4/4 — kick on 1 and 3, snare on 2 and 4, eighth-note hi-hat, bass on 1 and 3, chord on every beat;
 * 3/4 — "oom-pah-pah": bass and kick on 1, chord stabs on 2 and 3;
 * 6/8 — kick on 1, snare on 4, hi-hat on every eighth, bass on 1 and 4, arpeggiated chord in eighths.
 * Deterministic; the first downbeat is at t = 0; peak normalised to 0.9.
 * @returns mono samples.
 * @throws {ChordLabelError} for an unknown chord name.
 */
export function renderMeter(options: MeterOptions): Float32Array {
  const sr = options.sampleRate ?? 22050;
  const beat = 60 / options.bpm;
  const beatsPerBar = options.meter === "4/4" ? 4 : options.meter === "3/4" ? 3 : 2;
  const bar = beat * beatsPerBar;
  const out = new Float32Array(Math.round((options.bars * bar + 0.5) * sr));
  const r = makeRng(9);
  const f = (midi: number) => midiToHz(midi);
  for (let b = 0; b < options.bars; b++) {
    const ch = parseDisplayChord(options.chords[b % options.chords.length] ?? "N");
    const t0 = b * bar;
    const tones = ch
      ? ch.quality.intervals.map((iv) => {
          let m = 60 + ch.root + iv;
          while (m > 72) m -= 12;
          return m;
        })
      : [];
    const bass = ch ? f(36 + ch.root) : 0;
    if (options.meter === "4/4") {
      for (let k = 0; k < 4; k++) {
        const t = t0 + k * beat;
        if (k % 2 === 0) {
          addKick(out, sr, t, 0.8);
          if (ch) addTone(out, sr, t, 2 * beat, bass, 0.35);
        } else addNoiseBurst(out, sr, t, 0.45, 0.12, 25, r, 180);
        for (const m of tones) addTone(out, sr, t, beat, f(m), 0.18);
        addNoiseBurst(out, sr, t, 0.1, 0.04, 120, r, 0, true);
        addNoiseBurst(out, sr, t + beat / 2, 0.08, 0.04, 120, r, 0, true);
      }
    } else if (options.meter === "3/4") {
      addKick(out, sr, t0, 0.8);
      if (ch) addTone(out, sr, t0, beat, bass, 0.4);
      for (let k = 1; k < 3; k++)
        for (const m of tones) addTone(out, sr, t0 + k * beat, beat * 0.8, f(m), 0.2);
    } else {
      const eighth = beat / 3;
      addKick(out, sr, t0, 0.8);
      addNoiseBurst(out, sr, t0 + 3 * eighth, 0.45, 0.12, 25, r, 180);
      if (ch) {
        addTone(out, sr, t0, beat, bass, 0.35);
        addTone(out, sr, t0 + beat, beat, bass, 0.3);
      }
      for (let k = 0; k < 6; k++) {
        const t = t0 + k * eighth;
        addNoiseBurst(out, sr, t, k % 3 === 0 ? 0.12 : 0.06, 0.04, 120, r, 0, true);
        const m = tones[k % Math.max(1, tones.length)];
        if (m !== undefined) addTone(out, sr, t, eighth * 1.5, f(m), k % 3 === 0 ? 0.22 : 0.15);
      }
    }
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > 0) for (let i = 0; i < out.length; i++) out[i] = ((out[i] as number) * 0.9) / peak;
  return out;
}

export { encodeWav } from "../src/wav.js";
