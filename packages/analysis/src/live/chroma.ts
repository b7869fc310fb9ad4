/**
 * Streaming chroma for live listening: a short-window STFT over a ring buffer, spectral peaks mapped to a
 * semitone spectrum, overtone suppression and treble/bass folding (the engine's chroma stages), one frame
 * per hop as samples arrive. Pure module (no Node or DOM APIs).
 */
import { hzToMidi } from "@tonic/theory/units";
import FFT from "fft.js";
import { chromaFromSemitones, N_PITCH, PITCH_LO, suppressHarmonics } from "../features.js";

/** Typed view of the `fft.js` API we use (real input). */
interface RealFft {
  realTransform(out: Float64Array, data: Float64Array): void;
}

/** One analysed frame of {@link LiveChroma}. */
export interface ChromaFrame {
  /** Stream time of the frame's last sample, seconds since the first sample pushed. */
  time: number;
  /** Treble chroma, 12 bins (index 0 = C), ≥ 0, unnormalised. */
  treble: Float64Array;
  /** Bass chroma, 12 bins, ≥ 0. */
  bass: Float64Array;
  /** RMS of the analysis window (linear, full scale 1). */
  rms: number;
  /**
   * Tonality 0..1 between 60 Hz and 5 kHz: per octave band, 1 − spectral flatness / 0.56 clipped to 0..1
   * (flatness, the geometric over the arithmetic mean of the power spectrum, is e^−γ ≈ 0.56 for any
   * noise band), averaged over the bands weighted by their power: ~0 for white, pink or brown noise, → 1
   * for tones.
   */
  tonality: number;
  /**
   * Spectral novelty 0..1: the half-wave-rectified increase of the square-rooted semitone amplitudes
   * since the previous frame over their sum (relative spectral flux, cf. Bello et al., "A tutorial on
   * onset detection in music signals", IEEE TSAP 2005) — high on attacks and chord changes, ~0 while a
   * chord rings.
   */
  novelty: number;
  /**
   * Share 0..1 of the short window's peak amplitude at a pitch held since the previous frame (a peak of
   * that frame within 0.2 semitone): ≈ 0.9 for strummed chords, ≈ 0.6–0.75 for recorded bands with a
   * singer, ≈ 0.45 for talk, whose partials glide. 0 on silence.
   */
  steadiness: number;
  /**
   * Deviation of the music's tuning from the A4 reference, cents (see `adaptTuning`): the offset the
   * partials are mapped to pitches with. 0 until enough steady peaks have been heard.
   */
  tuningCents: number;
  /** Treble chroma of the long window (equal to `treble` when the long window is off). */
  trebleLong: Float64Array;
  /** Bass chroma of the long window. */
  bassLong: Float64Array;
  /** Length of the long window, seconds (0 when off). */
  longSeconds: number;
  /** Length of the short window (`treble`, `bass`), seconds. */
  shortSeconds: number;
  /**
   * The short window's semitone spectrum: the linear amplitude (full scale 1 × window gain) of the
   * spectral peaks nearest each MIDI pitch, before log compression and overtone removal —
   * `N_PITCH` bins, index 0 = MIDI `PITCH_LO` (C1). Absolute levels, so that frames can be compared.
   */
  semitones: Float32Array;
}

/** Options of {@link LiveChroma}. */
export interface LiveChromaOptions {
  /** Analysis window, seconds (default 0.085 → 4096 samples at 48 kHz; rounded up to a power of two). */
  windowSeconds?: number;
  /** Hop between frames, seconds (default 0.02; rounded to a multiple of 128 samples, the Web Audio render quantum). */
  hopSeconds?: number;
  /** A4 reference, Hz (default 440). */
  tuningHz?: number;
  /**
   * A second, longer window for the finer frequency resolution a ringing chord allows, seconds (default
   * 0.128 → 6144 samples at 48 kHz, rounded to a multiple of 128 samples and zero-padded to the next power
   * of two for the FFT; 0 = off).
   */
  longWindowSeconds?: number;
  /** Strength 0..1 of the engine's overtone removal (`suppressHarmonics`, default 0.8). */
  harmonicSuppression?: number;
  /**
   * Follow the music's tuning (default true): partials are mapped to pitches relative to the running
   * tuning estimate (`tuningCents`) instead of the A4 reference alone, so that a guitar tuned by ear or
   * a recording a quarter tone flat still reads on the right pitch classes.
   */
  adaptTuning?: boolean;
}

const F_LO = 60;
/**
 * Running tuning estimate: each short-window peak between TUNING_F_LO and TUNING_F_HI Hz votes with its
 * amplitude for its deviation from the nearest equal-tempered pitch, as a unit phasor at 2π × deviation
 * (semitones), so that deviations just under and just over half a semitone average correctly — the
 * circular mean of the offline engine's tuning histogram (`estimateTuning`, after librosa's
 * `estimate_tuning`), in streaming form with an exponential memory of TUNING_SECONDS. Peaks above 2 kHz
 * are left out: string inharmonicity sharpens high partials.
 */
const TUNING_F_LO = 80;
const TUNING_F_HI = 2000;
/** Memory of the tuning estimate, seconds (a tuning changes with the song or the instrument, not faster). */
const TUNING_SECONDS = 10;
/**
 * The estimate is used once the votes agree: mean resultant length (|Σ a·e^{iθ}| / Σ a) at least this.
 * Tones in tune give ≈ 0.8–0.95, room noise and gliding speech ≈ 0.1–0.3.
 */
const TUNING_MIN_AGREEMENT = 0.4;
/**
 * Seconds of sounding frames heard before the estimate is used: the first frames of a note hold its
 * attack, whose smeared peaks can put a tuning near a quarter tone on the wrong side.
 */
const TUNING_MIN_SECONDS = 0.5;
/**
 * A tuning within this of the reference, semitones, is left at 0 (and followed again once back within
 * TUNING_DEAD_RELEASE): partials that close fall on their own pitches anyway, and an estimate wobbling by
 * a few cents would only move the boundaries between pitches under partials near them.
 */
const TUNING_DEAD = 0.15;
const TUNING_DEAD_RELEASE = 0.1;
/**
 * An estimate past ±0.5 semitone is followed only from an offset within this of ±0.5 and moving by at
 * most this much: a tuning drifting across the quarter tone keeps its pitch names, while an early
 * estimate (an attack's smeared peaks) does not pull the offset across.
 */
const TUNING_DRIFT = 0.1;
/**
 * Largest tuning offset followed, semitones: beyond ±0.5 only by continuity (a tuning drifting across the
 * quarter tone) and by at most one drift step (0.5 + TUNING_DRIFT). Further out the music is nearer the
 * other semitone and is named after it: a first estimate that landed on the wrong side of the quarter tone
 * (a song 31 cents flat first read 45 cents sharp) must not carry its pitch names a semitone off for the
 * whole song. Was 0.7 (chosen on `bench:live:real`); 0.6 chosen on the validation band songs
 * (PROVENANCE.md, "Live's tuning past the quarter tone").
 */
const TUNING_MAX = 0.5 + TUNING_DRIFT;
/** Distance within which a peak counts as held from the previous frame, semitones (`steadiness`). */
const STEADY_TOLERANCE = 0.2;
const F_HI = 5000;
/** Octave bands of the flatness measure: 60–120, 120–240, …, 3840–5000 Hz. */
const N_BANDS = 7;
/** Spectral flatness of a noise band: the geometric over the arithmetic mean of exponentially
 * distributed bin powers, e^−γ (γ Euler's constant). */
const NOISE_FLATNESS = Math.exp(-0.5772156649);

/**
 * One analysis window's reusable buffers: a periodic Hann window of `len` samples zero-padded to an FFT of
 * `n` ≥ `len` points (the padding only interpolates the spectrum; the resolution is the window's).
 */
class Window {
  /** FFT size, samples (a power of two). */
  readonly n: number;
  /** Window length, samples (≤ n). */
  readonly len: number;
  readonly fft: RealFft;
  readonly win: Float64Array;
  readonly buf: Float64Array;
  readonly out: Float64Array;
  readonly mag: Float64Array;
  readonly kLo: number;
  readonly kHi: number;
  /** Octave band (0 = 60–120 Hz, …) of each bin between kLo and kHi, for the banded flatness. */
  readonly band: Uint8Array;
  constructor(n: number, sampleRate: number, len = n) {
    this.n = n;
    this.len = len;
    this.fft = new FFT(n) as unknown as RealFft;
    this.win = new Float64Array(len);
    for (let i = 0; i < len; i++) this.win[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / len);
    this.buf = new Float64Array(n);
    this.out = new Float64Array(2 * n);
    this.mag = new Float64Array(n / 2 + 1);
    this.kLo = Math.max(2, Math.floor((F_LO * n) / sampleRate));
    this.kHi = Math.min(n / 2 - 1, Math.ceil((F_HI * n) / sampleRate));
    this.band = new Uint8Array(n / 2 + 1);
    for (let k = this.kLo; k <= this.kHi; k++) {
      this.band[k] = Math.min(N_BANDS - 1, Math.floor(Math.log2((k * sampleRate) / n / F_LO)));
    }
  }
}

function pow2AtLeast(x: number): number {
  let n = 256;
  while (n < x * 0.99) n *= 2;
  return n;
}

/**
 * Streaming treble/bass chroma at real-time block sizes.
 *
 * Every `hop` samples the last `n` samples (periodic Hann window) are transformed; each local maximum of
 * the magnitude spectrum between 60 Hz and 5 kHz that is within 50 dB of the frame's peak is refined by
 * parabolic interpolation of the log magnitude (Smith & Serra, "PARSHL", ICMC 1987) — which locates a
 * partial far more finely than the 11.7 Hz bin spacing of a 85 ms window, so low guitar strings still land
 * on the right semitone — and its amplitude added to the nearest MIDI pitch. The semitone row is then
 * log-compressed (log(1 + 100·x/max), Müller 2015 §3.1), cleared of overtones by the engine's
 * `suppressHarmonics` and folded by `chromaFromSemitones` (Mauch & Dixon 2010 weighting). The same is
 * done on a second, 1.5 × longer window (128 ms, zero-padded to an 8192-point FFT at 48 kHz) whose
 * resolution separates semitone clusters (a maj7's root and seventh); the recogniser uses it once a chord
 * has rung that long. (The 170 ms window it replaces was slightly more accurate on the live bench — 0.978
 * against 0.976 of frames clean, 0.974 against 0.969 in a room — but lies far enough inside a new chord
 * ≈ 40 ms later, so sevenths showed later: latency p95 168 against 144 ms clean, 189 against 181 ms in
 * the room.)
 *
 * @throws {RangeError} when `sampleRate` is not within 8–192 kHz.
 */
export class LiveChroma {
  readonly sampleRate: number;
  /** FFT size of the short window, samples. */
  readonly n: number;
  /** Hop, samples (a multiple of 128). */
  readonly hop: number;
  private readonly ring: Float32Array;
  private write = 0;
  private sinceFrame = 0;
  private total = 0;
  private readonly short: Window;
  private readonly long: Window | null;
  private readonly semi: Float32Array;
  private readonly prevAmp: Float32Array;
  /** Peaks of the short window (fractional MIDI pitch, amplitude), this frame's and the previous one's. */
  private readonly peakPitch = new Float64Array(512);
  private readonly peakAmp = new Float64Array(512);
  private readonly prevPitch = new Float64Array(512);
  private readonly peakHz = new Float64Array(512);
  private nPeaks = 0;
  private nPrev = 0;
  private readonly bandPow = new Float64Array(N_BANDS);
  private readonly bandLog = new Float64Array(N_BANDS);
  private readonly bandBins = new Float64Array(N_BANDS);
  private tuningHz: number;
  private readonly suppression: number;
  private readonly adaptTuning: boolean;
  /** Decayed sums of the tuning votes: Σ a·cos θ, Σ a·sin θ, Σ a. */
  private tuneRe = 0;
  private tuneIm = 0;
  private tuneW = 0;
  /** Decayed seconds of frames that voted. */
  private tuneSeconds = 0;
  /** Tuning offset applied when mapping partials to pitches, semitones. */
  private tuneOffset = 0;

  constructor(sampleRate: number, options: LiveChromaOptions = {}) {
    if (!(sampleRate >= 8000 && sampleRate <= 192000)) {
      throw new RangeError(`sampleRate must be 8000–192000 Hz, got ${sampleRate}`);
    }
    this.sampleRate = sampleRate;
    this.n = pow2AtLeast((options.windowSeconds ?? 0.085) * sampleRate);
    const longSeconds = options.longWindowSeconds ?? 0.128;
    const lenLong = Math.round((longSeconds * sampleRate) / 128) * 128;
    const nLong = lenLong > this.n ? pow2AtLeast(lenLong) : 0;
    this.short = new Window(this.n, sampleRate);
    this.long = nLong > 0 ? new Window(nLong, sampleRate, lenLong) : null;
    this.hop = Math.max(128, Math.round(((options.hopSeconds ?? 0.02) * sampleRate) / 128) * 128);
    this.ring = new Float32Array(Math.max(this.n, nLong));
    this.semi = new Float32Array(N_PITCH);
    this.prevAmp = new Float32Array(N_PITCH);
    this.tuningHz = options.tuningHz ?? 440;
    this.suppression = options.harmonicSuppression ?? 0.8;
    this.adaptTuning = options.adaptTuning ?? true;
  }

  /**
   * Change the A4 reference (Hz, 400–480) used to map partials to pitches; a new reference restarts the
   * running tuning estimate. Values outside the range are ignored.
   */
  setTuning(hz: number): void {
    if (!(hz >= 400 && hz <= 480) || hz === this.tuningHz) return;
    this.tuningHz = hz;
    this.tuneRe = 0;
    this.tuneIm = 0;
    this.tuneW = 0;
    this.tuneSeconds = 0;
    this.tuneOffset = 0;
  }

  /**
   * Append samples (any block size) and return the frames completed by them, oldest first.
   * @param block mono PCM at `sampleRate`, nominal range −1..1.
   */
  push(block: Float32Array): ChromaFrame[] {
    const frames: ChromaFrame[] = [];
    const len = this.ring.length;
    for (let i = 0; i < block.length; i++) {
      this.ring[this.write] = block[i] as number;
      this.write = (this.write + 1) % len;
      this.total++;
      if (++this.sinceFrame >= this.hop) {
        this.sinceFrame = 0;
        frames.push(this.frame());
      }
    }
    return frames;
  }

  /** Samples pushed so far. */
  get samples(): number {
    return this.total;
  }

  private frame(): ChromaFrame {
    const time = this.total / this.sampleRate;
    const s = this.analyze(this.short, true);
    const l = this.long ? this.analyze(this.long, false) : null;
    return {
      time,
      treble: s.treble,
      bass: s.bass,
      rms: s.rms,
      tonality: s.tonality,
      novelty: s.novelty,
      steadiness: s.steadiness,
      tuningCents: 100 * this.tuneOffset,
      trebleLong: l ? l.treble : s.treble,
      bassLong: l ? l.bass : s.bass,
      longSeconds: this.long ? this.long.len / this.sampleRate : 0,
      shortSeconds: this.n / this.sampleRate,
      semitones: s.semitones,
    };
  }

  /**
   * Update the running tuning estimate with this frame's short-window peaks and, when the votes agree,
   * the offset used to map partials to pitches (see TUNING_SECONDS). The new offset is taken as the
   * estimate's phase plus the whole number of semitones that keeps it nearest the current offset, so
   * that a tuning about half a semitone off does not flip the pitch names between frames.
   */
  private followTuning(): void {
    const decay = Math.exp(-this.hop / this.sampleRate / TUNING_SECONDS);
    let re = this.tuneRe * decay;
    let im = this.tuneIm * decay;
    let w = this.tuneW * decay;
    let voted = false;
    for (let i = 0; i < this.nPeaks; i++) {
      const f = this.peakHz[i] as number;
      if (f < TUNING_F_LO || f > TUNING_F_HI) continue;
      const p = this.peakPitch[i] as number;
      const a = this.peakAmp[i] as number;
      const th = 2 * Math.PI * (p - Math.round(p));
      re += a * Math.cos(th);
      im += a * Math.sin(th);
      w += a;
      voted = true;
    }
    this.tuneRe = re;
    this.tuneIm = im;
    this.tuneW = w;
    this.tuneSeconds = this.tuneSeconds * decay + (voted ? this.hop / this.sampleRate : 0);
    if (this.tuneSeconds < TUNING_MIN_SECONDS) return;
    if (!(w > 0) || Math.hypot(re, im) < TUNING_MIN_AGREEMENT * w) return;
    const phase = Math.atan2(im, re) / (2 * Math.PI);
    const unwrapped = phase + Math.round(this.tuneOffset - phase);
    // Past half a semitone only by drifting there from near it, not by a jump from an early estimate.
    const drift =
      Math.abs(unwrapped) <= TUNING_MAX &&
      Math.abs(this.tuneOffset) >= 0.5 - TUNING_DRIFT &&
      Math.abs(unwrapped - this.tuneOffset) <= TUNING_DRIFT;
    const next = drift ? unwrapped : phase;
    // Near the reference the partials fall on their pitches anyway: leave the pitch boundaries alone.
    this.tuneOffset = Math.abs(next) < (this.tuneOffset === 0 ? TUNING_DEAD : TUNING_DEAD_RELEASE) ? 0 : next;
  }

  private analyze(w: Window, primary: boolean) {
    const { n, win, buf, out, mag } = w;
    const wl = w.len;
    const semi = this.semi;
    const len = this.ring.length;
    const from = (this.write - wl + len) % len;
    let e = 0;
    for (let i = 0; i < wl; i++) {
      const x = this.ring[(from + i) % len] as number;
      e += x * x;
      buf[i] = x * (win[i] as number);
    }
    buf.fill(0, wl);
    const rms = Math.sqrt(e / wl);
    const treble = new Float64Array(12);
    const bass = new Float64Array(12);
    if (rms < 1e-5) {
      if (primary) this.prevAmp.fill(0);
      if (primary) this.nPrev = 0;
      return {
        treble,
        bass,
        rms,
        tonality: 0,
        novelty: 0,
        steadiness: 0,
        semitones: new Float32Array(N_PITCH),
      };
    }
    w.fft.realTransform(out, buf);
    let peak = 0;
    const bandPow = this.bandPow;
    const bandLog = this.bandLog;
    const bandBins = this.bandBins;
    bandPow.fill(0);
    bandLog.fill(0);
    bandBins.fill(0);
    for (let k = w.kLo - 1; k <= w.kHi + 1; k++) {
      const re = out[2 * k] as number;
      const im = out[2 * k + 1] as number;
      const p = re * re + im * im;
      const m = Math.sqrt(p);
      mag[k] = m;
      if (k >= w.kLo && k <= w.kHi) {
        const b = w.band[k] as number;
        bandPow[b] = (bandPow[b] as number) + p;
        bandLog[b] = (bandLog[b] as number) + Math.log(p + 1e-20);
        bandBins[b] = (bandBins[b] as number) + 1;
        if (m > peak) peak = m;
      }
    }
    // Flatness per octave band (as MPEG-7's AudioSpectrumFlatness does per band), so that coloured noise
    // — pink room noise, whose power falls 3 dB per octave — reads as noise too; the bands' tonalities are
    // averaged weighted by their power.
    let tonal = 0;
    let power = 0;
    for (let b = 0; b < N_BANDS; b++) {
      const pw = bandPow[b] as number;
      const nb = bandBins[b] as number;
      if (!(pw > 0) || nb < 2) continue;
      const flat = Math.exp((bandLog[b] as number) / nb) / (pw / nb);
      tonal += pw * Math.max(0, Math.min(1, 1 - flat / NOISE_FLATNESS));
      power += pw;
    }
    const tonality = power > 0 ? tonal / power : 0;
    semi.fill(0);
    if (primary) this.nPeaks = 0;
    const floor = peak * 10 ** (-50 / 20);
    const sr = this.sampleRate;
    for (let k = w.kLo; k <= w.kHi; k++) {
      const b = mag[k] as number;
      if (b < floor || b <= (mag[k - 1] as number) || b < (mag[k + 1] as number)) continue;
      const la = Math.log(Math.max(mag[k - 1] as number, 1e-12));
      const lb = Math.log(b);
      const lc = Math.log(Math.max(mag[k + 1] as number, 1e-12));
      const den = la - 2 * lb + lc;
      const d = den < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (la - lc)) / den)) : 0;
      const f = ((k + d) * sr) / n;
      const pitch = hzToMidi(f, this.tuningHz);
      const m = Math.round(pitch - this.tuneOffset) - PITCH_LO;
      if (m < 0 || m >= N_PITCH) continue;
      const amp = Math.exp(lb - 0.25 * (la - lc) * d);
      semi[m] = (semi[m] as number) + amp;
      if (primary && this.nPeaks < this.peakPitch.length) {
        this.peakPitch[this.nPeaks] = pitch;
        this.peakAmp[this.nPeaks] = amp;
        this.peakHz[this.nPeaks] = f;
        this.nPeaks++;
      }
    }
    if (primary && this.adaptTuning) this.followTuning();
    let mx = 0;
    let rise = 0;
    let sum = 0;
    for (let m = 0; m < N_PITCH; m++) {
      const v = semi[m] as number;
      if (v > mx) mx = v;
      if (primary) {
        const a = Math.sqrt(v);
        rise += Math.max(0, a - (this.prevAmp[m] as number));
        sum += a;
        this.prevAmp[m] = a;
      }
    }
    const novelty = sum > 0 ? rise / sum : 0;
    let steadiness = 0;
    if (primary) {
      let held = 0;
      let all = 0;
      for (let i = 0; i < this.nPeaks; i++) {
        const p = this.peakPitch[i] as number;
        const a = this.peakAmp[i] as number;
        all += a;
        for (let j = 0; j < this.nPrev; j++) {
          if (Math.abs((this.prevPitch[j] as number) - p) <= STEADY_TOLERANCE) {
            held += a;
            break;
          }
        }
      }
      steadiness = all > 0 ? held / all : 0;
      this.prevPitch.set(this.peakPitch.subarray(0, this.nPeaks));
      this.nPrev = this.nPeaks;
    }
    const semitones = Float32Array.from(semi);
    if (mx > 0) {
      suppressHarmonics(semi, 0, this.suppression);
      const g = 100 / mx;
      for (let m = 0; m < N_PITCH; m++) semi[m] = Math.log1p(g * (semi[m] as number));
      const c = chromaFromSemitones(semi, 1);
      for (let i = 0; i < 12; i++) {
        treble[i] = c.treble[i] as number;
        bass[i] = c.bass[i] as number;
      }
    }
    return { treble, bass, rms, tonality, novelty, steadiness, semitones };
  }
}
