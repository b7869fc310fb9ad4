/**
 * Deterministic test-signal generators (pure: no Node or DOM APIs). Used by unit tests, browser tests and
 * demo-song seeding. Import from `@tonic/analysis/testing`.
 */
import { parseDisplayChord } from "../labels.js";

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

function addKick(out: Float32Array, sr: number, t: number, amp: number): void {
  const start = Math.round(t * sr);
  const len = Math.round(0.08 * sr);
  for (let i = 0; i < len && start + i < out.length; i++) {
    const tt = i / sr;
    const env = Math.exp(-tt * 60);
    const thump = Math.sin(2 * Math.PI * (60 + 100 * Math.exp(-tt * 40)) * tt);
    const click = Math.sin(2 * Math.PI * 1000 * tt) * Math.exp(-tt * 300);
    const j = start + i;
    out[j] = (out[j] as number) + amp * (0.7 * thump * env + 0.5 * click);
  }
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
  const f = (midi: number) => a4 * 2 ** ((midi - 69) / 12);
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

function addTone(out: Float32Array, sr: number, t0: number, dur: number, freq: number, amp: number): void {
  const start = Math.round(t0 * sr);
  const len = Math.round(dur * sr);
  const nyq = sr / 2;
  for (let h = 1; h <= 8; h++) {
    const fh = freq * h;
    if (fh >= nyq) break;
    const w = (2 * Math.PI * fh) / sr;
    const a = amp / h;
    for (let i = 0; i < len && start + i < out.length; i++) {
      const tt = i / sr;
      const env = Math.min(1, tt / 0.01) * Math.exp(-tt * 1.5) * Math.min(1, (len - i) / (0.02 * sr));
      const j = start + i;
      out[j] = (out[j] as number) + a * env * Math.sin(w * i);
    }
  }
}

/**
 * Encode mono samples as a 16-bit PCM WAV file (RIFF, little endian). Samples are clipped to −1..1.
 * @param samples mono PCM.
 * @param sampleRate Hz (positive integer).
 * @returns the file bytes (44-byte header + 2 bytes per sample).
 */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const n = samples.length;
  const buf = new ArrayBuffer(44 + 2 * n);
  const v = new DataView(buf);
  const str = (o: number, s: string) => {
    for (let i = 0; i < s.length; i++) v.setUint8(o + i, s.charCodeAt(i));
  };
  str(0, "RIFF");
  v.setUint32(4, 36 + 2 * n, true);
  str(8, "WAVE");
  str(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  str(36, "data");
  v.setUint32(40, 2 * n, true);
  for (let i = 0; i < n; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] as number));
    v.setInt16(44 + 2 * i, Math.round(s * 32767), true);
  }
  return new Uint8Array(buf);
}
