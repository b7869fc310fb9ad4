import { corrRot } from "../key.js";
import { estimateTempo as estimateTempoFromOnsets } from "../rhythm.js";
import { hzToMidi, midiToHz, validateInput } from "./dsp.js";
import { diatonicChords, midiToNoteName, PITCH_CLASSES } from "./music.js";
import { PITCH_HOP_SECONDS, type PitchTrack, type PitchTrackOptions, trackPitch } from "./pitch.js";
import { estimateSa, type SaEstimate } from "./tonic.js";

/** A segmented sung note: start/end in seconds, MIDI number (A4 = 69, tuning-corrected). */
export interface VocalNote {
  start: number;
  end: number;
  midi: number;
}

/** Lowest and highest sustained sung notes. */
export interface VocalRange {
  /** Note names with octave, sharps, A4 = 440 Hz, e.g. "G3". */
  min: string;
  max: string;
  /** Median sung frequency of those notes, Hz. */
  min_hz: number;
  max_hz: number;
  min_midi: number;
  max_midi: number;
}

/** Result of {@link analyzeVocal}. */
export interface VocalAnalysisResult {
  /**
   * "C Major" / "A Minor" (tonic with sharps only): the best-fitting key. When `keyUncertain` is true
   * it is only a guess and should be presented as such.
   */
  key: string;
  /** 0..1: softmax probability of `key` among the 24 keys (see {@link estimateKey}). */
  keyConfidence: number;
  /**
   * True when the melody does not settle a key: `keyConfidence` < 0.5, the pitch-class histogram
   * correlates < 0.5 with the key's profile (e.g. a chromatic line), more than 15 % of the sung time
   * lies outside the key's scale, or the sung intervals are no closer to whole semitones than chance
   * (see {@link VocalSegmentation.latticeShare}); {@link isKeyUncertain}. The range is still reliable;
   * show the key as uncertain, with `keyAlternative` beside it.
   */
  keyUncertain: boolean;
  /**
   * The runner-up key, "A Minor" (as `key`), e.g. the relative of a major key: worth naming beside `key`
   * when `keyUncertain` is true. Null when there is none.
   */
  keyAlternative: string | null;
  /** From note onsets when there is a clear pulse, else null. */
  bpm: number | null;
  /** "4/4" | "3/4" | null (null when there is no clear pulse). */
  time_signature: string | null;
  /** The key's 7 diatonic chords, most singable first. */
  recommended_chords: string[];
  vocal_range: VocalRange;
  notes: VocalNote[];
  /** Pitch track for drawing, 10 ms hop; f0 in Hz (0.01 Hz precision), 0 = unvoiced. */
  pitchTrack: { times: number[]; f0: number[] };
  /** The singer's Sa ({@link estimateSa}), when `saScales` were given; null when it cannot be told. */
  sa?: SaEstimate | null;
}

/** Options of {@link analyzeVocal}. */
export interface VocalAnalysisOptions extends PitchTrackOptions {
  /** Minimum note length counted as sustained for range and key, s (default 0.12). */
  minSustainSeconds?: number;
  /**
   * Candidate parent scales for the singer's Sa, as semitones above Sa (the ten thaats of
   * `@tonic/theory/indian`); when given, the result carries `sa` ({@link estimateSa}).
   */
  saScales?: readonly (readonly number[])[];
}

/** Per-recording statistics used for the "unable to detect" decision and tests. */
export interface VocalSegmentation {
  notes: VocalNote[];
  /** Median f0 (Hz) of each note, same order as `notes`. */
  noteHz: number[];
  /** Global tuning offset in semitones (-0.5..0.5) relative to A440. */
  tuning: number;
  /** Seconds of voiced frames. */
  voicedSeconds: number;
  /** Share of voiced time inside notes ≥ minSustainSeconds whose pitch is stable. */
  sustainedShare: number;
  /**
   * Share of voiced time in steady pitch: frames where the median-filtered (70 ms) pitch stays within
   * 0.8 semitone over ±70 ms, in runs ≥ 100 ms. Vibrato (≤ ±40 cents) and slow drift pass; scoops,
   * slides and the continuous glides of speech do not. Measured: amateur a cappella phone recordings
   * 0.4–0.8, synthetic singing 0.6–0.8, synthesised speech 0–0.5 (hence {@link isSpeechLike} also
   * weighs `latticeShare`).
   */
  stableShare: number;
  /**
   * Share of intervals between consecutive steady-pitch segments (≤ 1 s apart) that lie within 0.2
   * semitone of a whole number of semitones: drift- and tuning-independent evidence of a pitch
   * lattice. Chance (uniform intervals) gives 0.4; in-tune singing ≈ 0.9–1; amateurs ≈ 0.3–0.7.
   * NaN when there are fewer than 3 such intervals.
   */
  latticeShare: number;
  /** Per note (same order as `notes`): share of its frames in steady pitch after vibrato smoothing, 0..1. */
  noteStability: number[];
}

const SMOOTH_FRAMES = 17; // 170 ms moving average ≈ one vibrato cycle (5–6 Hz) → vibrato cancels
const MIN_NOTE_FRAMES = 6;
/** Median filter over the pitch contour against single-frame tracking blips, frames (70 ms). */
const MEDIAN_FRAMES = 7;
/** Steady pitch: the contour stays within this many semitones over ±STEADY_HALF_FRAMES. */
const STEADY_SPREAD = 0.8;
const STEADY_HALF_FRAMES = 7;
/** Shortest steady-pitch segment, frames (100 ms: a short sung note). */
const STEADY_MIN_FRAMES = 10;
/** An interval counts as on the semitone lattice within this many semitones (20 cents). */
const LATTICE_TOL = 0.2;
/** Largest gap between two steady segments whose interval is measured, s. */
const LATTICE_MAX_GAP = 1;

/**
 * Steady-pitch frames and the lattice share (see {@link VocalSegmentation.stableShare} and
 * `latticeShare`). `midi` holds NaN for unvoiced frames.
 */
function steadyPitch(midi: Float64Array): { steady: Uint8Array; stableFrames: number; latticeShare: number } {
  const n = midi.length;
  const half = (MEDIAN_FRAMES - 1) / 2;
  const med = new Float64Array(n).fill(Number.NaN);
  const win: number[] = [];
  for (let k = 0; k < n; k++) {
    if (Number.isNaN(midi[k] as number)) continue;
    win.length = 0;
    for (let j = Math.max(0, k - half); j <= Math.min(n - 1, k + half); j++) {
      const v = midi[j] as number;
      if (!Number.isNaN(v)) win.push(v);
    }
    win.sort((a, b) => a - b);
    med[k] = win[win.length >> 1] as number;
  }
  const steady = new Uint8Array(n);
  for (let k = STEADY_HALF_FRAMES; k + STEADY_HALF_FRAMES < n; k++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    let ok = true;
    for (let j = k - STEADY_HALF_FRAMES; j <= k + STEADY_HALF_FRAMES; j++) {
      const v = med[j] as number;
      if (Number.isNaN(v)) {
        ok = false;
        break;
      }
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (ok && hi - lo < STEADY_SPREAD) steady[k] = 1;
  }
  // keep runs ≥ STEADY_MIN_FRAMES; each run's median pitch for the lattice measure
  let stableFrames = 0;
  const segs: { s: number; e: number; p: number }[] = [];
  let k = 0;
  while (k < n) {
    if (!steady[k]) {
      k++;
      continue;
    }
    let j = k;
    while (j < n && steady[j]) j++;
    if (j - k >= STEADY_MIN_FRAMES) {
      const vals = Array.from(med.subarray(k, j)).sort((a, b) => a - b);
      segs.push({ s: k, e: j, p: vals[vals.length >> 1] as number });
      stableFrames += j - k;
    } else steady.fill(0, k, j);
    k = j;
  }
  let onLattice = 0;
  let intervals = 0;
  for (let i = 1; i < segs.length; i++) {
    const a = segs[i - 1]!;
    const b = segs[i]!;
    if ((b.s - a.e) * PITCH_HOP_SECONDS > LATTICE_MAX_GAP) continue;
    const iv = b.p - a.p;
    intervals++;
    if (Math.abs(iv - Math.round(iv)) < LATTICE_TOL) onLattice++;
  }
  return { steady, stableFrames, latticeShare: intervals >= 3 ? onLattice / intervals : Number.NaN };
}

/**
 * Segment an f0 track into notes: estimate the global tuning (circular mean of the cents
 * deviation), smooth the MIDI curve over 170 ms to cancel vibrato, quantise to semitones and keep
 * runs ≥ 60 ms (a simplified version of the note stage of pYIN, Mauch et al. 2015, "Computer-aided
 * melody note transcription using the Tony software", SMC).
 *
 * @param track output of {@link trackPitch}.
 * @param minSustainSeconds note length counted as sustained, s.
 */
export function segmentNotes(track: PitchTrack, minSustainSeconds = 0.12): VocalSegmentation {
  const n = track.f0.length;
  const hop = PITCH_HOP_SECONDS;
  const midi = new Float64Array(n).fill(Number.NaN);
  let sx = 0;
  let sy = 0;
  let voiced = 0;
  for (let i = 0; i < n; i++) {
    const f = track.f0[i] as number;
    if (f > 0) {
      const m = hzToMidi(f);
      midi[i] = m;
      const a = 2 * Math.PI * (m - Math.round(m));
      sx += Math.cos(a);
      sy += Math.sin(a);
      voiced++;
    }
  }
  const tuning = voiced > 0 ? Math.atan2(sy, sx) / (2 * Math.PI) : 0;
  // smoothed curve within voiced runs
  const smooth = new Float64Array(n).fill(Number.NaN);
  const halfW = (SMOOTH_FRAMES - 1) / 2;
  let i = 0;
  const runs: [number, number][] = [];
  while (i < n) {
    if (Number.isNaN(midi[i] as number)) {
      i++;
      continue;
    }
    let j = i;
    while (j < n && !Number.isNaN(midi[j] as number)) j++;
    runs.push([i, j]);
    for (let k = i; k < j; k++) {
      const lo = Math.max(i, k - halfW);
      const hi = Math.min(j - 1, k + halfW);
      let s = 0;
      for (let q = lo; q <= hi; q++) s += midi[q] as number;
      smooth[k] = s / (hi - lo + 1);
    }
    i = j;
  }
  // Gate statistics from the raw contour (speech glides show); note stability from the
  // vibrato-cancelled one (wide vibrato is still a held note).
  const { stableFrames, latticeShare } = steadyPitch(midi);
  const { steady } = steadyPitch(smooth);
  const notes: VocalNote[] = [];
  const noteHz: number[] = [];
  const noteStability: number[] = [];
  let sustainedFrames = 0;
  for (const [a, b] of runs) {
    // split into constant-semitone segments
    const segs: [number, number, number][] = [];
    let s = a;
    while (s < b) {
      const q = Math.round((smooth[s] as number) - tuning);
      let e = s + 1;
      while (e < b && Math.round((smooth[e] as number) - tuning) === q) e++;
      segs.push([s, e, q]);
      s = e;
    }
    // drop short segments, merging equal neighbours separated only by dropped glides
    const kept: [number, number, number][] = [];
    for (const seg of segs) {
      if (seg[1] - seg[0] < MIN_NOTE_FRAMES) continue;
      const last = kept[kept.length - 1];
      if (last && last[2] === seg[2] && seg[0] - last[1] < MIN_NOTE_FRAMES) last[1] = seg[1];
      else kept.push([seg[0], seg[1], seg[2]]);
    }
    for (const [s0, e0, q] of kept) {
      const vals: number[] = [];
      let dev = 0;
      let steadyN = 0;
      for (let k = s0; k < e0; k++) {
        vals.push(midi[k] as number);
        dev += Math.abs((smooth[k] as number) - tuning - q);
        steadyN += steady[k] as number;
      }
      noteStability.push(steadyN / (e0 - s0));
      vals.sort((x, y) => x - y);
      const med = vals[Math.floor(vals.length / 2)] as number;
      notes.push({ start: round3(s0 * hop), end: round3(e0 * hop), midi: q });
      noteHz.push(midiToHz(med));
      if ((e0 - s0) * hop >= minSustainSeconds && dev / (e0 - s0) < 0.25) sustainedFrames += e0 - s0;
    }
  }
  return {
    notes,
    noteHz,
    tuning,
    voicedSeconds: voiced * hop,
    sustainedShare: voiced > 0 ? sustainedFrames / voiced : 0,
    stableShare: voiced > 0 ? stableFrames / voiced : 0,
    latticeShare,
    noteStability,
  };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Gap in semitones that isolates an extreme pitch (a perfect fifth). */
const OUTLIER_GAP = 7;
/** Largest share of the sustained time an isolated extreme cluster may hold and still be dropped. */
const OUTLIER_SHARE = 0.15;
/** Longest run counted as a possible octave glitch, s. */
const GLITCH_MAX_SECONDS = 0.6;
/** Largest silence between a glitch and the note it mis-tracks, s. */
const GLITCH_NEIGHBOUR_GAP = 0.35;
/** Frequency ratios of tracking errors: sub-harmonics (period ×2, ×3, ×4) and the octave above. */
const GLITCH_RATIOS = [2, 3, 4];
/** Once corrected, a glitch lies within a melodic step of a neighbour, semitones. */
const GLITCH_STEP = 2.5;

/**
 * Indices of notes that are pitch-tracking glitches rather than sung notes: a short run (< 0.6 s)
 * of notes that sits ≥ 5 semitones below (or above) both the note right before and the note right
 * after it (each within 0.35 s), and that lands within 2.5 semitones (a melodic step) of one of
 * those neighbours once moved back by a tracking error's interval: up an octave, a twelfth or two
 * octaves (sub-harmonics f/2, f/3, f/4) or down an octave (2f). These are the period-multiple errors of YIN-type trackers on
 * creaky or breathy onsets (de Cheveigné & Kawahara 2002, §II.C; Mauch & Dixon 2014), which a
 * singer does not produce as a brief leap of exactly an octave or twelfth away and back.
 *
 * @param notes segmented notes in time order.
 * @param noteHz median f0 of each note, Hz.
 * @returns a set of indices into `notes`.
 */
export function pitchGlitches(notes: VocalNote[], noteHz: number[]): Set<number> {
  const out = new Set<number>();
  let a = 0;
  while (a < notes.length) {
    // a run: consecutive notes within a semitone of the first, with no real gap
    let b = a + 1;
    while (
      b < notes.length &&
      Math.abs(notes[b]!.midi - notes[a]!.midi) <= 1 &&
      notes[b]!.start - notes[b - 1]!.end <= 0.1
    ) {
      b++;
    }
    const run = notes.slice(a, b);
    const dur = run[run.length - 1]!.end - run[0]!.start;
    if (dur < GLITCH_MAX_SECONDS) {
      let hz = 0;
      for (let k = a; k < b; k++) hz += noteHz[k] as number;
      hz /= b - a;
      const prev = a > 0 && notes[a]!.start - notes[a - 1]!.end <= GLITCH_NEIGHBOUR_GAP ? a - 1 : -1;
      const next = b < notes.length && notes[b]!.start - notes[b - 1]!.end <= GLITCH_NEIGHBOUR_GAP ? b : -1;
      // Both neighbours are required: a short note at a phrase edge may be a real leap ("Some-where").
      const sides = prev >= 0 && next >= 0 ? [prev, next] : [];
      const m = notes[a]!.midi;
      const below = sides.length > 0 && sides.every((k) => notes[k]!.midi - m >= 5);
      const above = sides.length > 0 && sides.every((k) => m - notes[k]!.midi >= 5);
      // The pitch the singer meant: the glitch moved back by the error's interval (exact, unrounded).
      const sung = hzToMidi(hz);
      const shifts = below ? GLITCH_RATIOS.map((q) => 12 * Math.log2(q)) : above ? [-12] : [];
      const harmonic = shifts.some((sh) =>
        sides.some((k) => Math.abs(sung + sh - hzToMidi(noteHz[k] as number)) <= GLITCH_STEP),
      );
      if (harmonic) for (let k = a; k < b; k++) out.add(k);
    }
    a = b;
  }
  return out;
}

/**
 * Lowest and highest sustained notes, robust to octave glitches and short outliers: pitch-tracking
 * glitches ({@link pitchGlitches}) are removed, only notes ≥ `minSustain` s count, and the lowest
 * (or highest) few pitches are dropped when a gap of at least 7 semitones separates them from the
 * rest and together they hold < 15 % of the sustained time.
 *
 * @param notes segmented notes in time order ({@link segmentNotes}).
 * @param noteHz median f0 of each note, Hz.
 * @param minSustain shortest note counted, s (default 0.12).
 * @returns the range, or null when no note is long enough.
 */
export function vocalRange(notes: VocalNote[], noteHz: number[], minSustain = 0.12): VocalRange | null {
  const glitches = pitchGlitches(notes, noteHz);
  let idx = notes
    .map((_, k) => k)
    .filter((k) => !glitches.has(k) && notes[k]!.end - notes[k]!.start >= minSustain);
  if (idx.length === 0) return null;
  const total = idx.reduce((s, k) => s + notes[k]!.end - notes[k]!.start, 0);
  // Drop an extreme cluster of pitches (lowest or highest few) that is cut off from the rest by a
  // gap of ≥ 7 semitones and holds < 15 % of the sustained time.
  const durOf = (m: number) =>
    idx.filter((k) => notes[k]!.midi === m).reduce((s, k) => s + notes[k]!.end - notes[k]!.start, 0);
  for (const side of ["low", "high"] as const) {
    const pitches = [...new Set(idx.map((k) => notes[k]!.midi))].sort((a, b) =>
      side === "low" ? a - b : b - a,
    );
    let share = 0;
    for (let j = 0; j + 1 < pitches.length; j++) {
      share += durOf(pitches[j] as number);
      if (share >= OUTLIER_SHARE * total) break;
      if (Math.abs((pitches[j + 1] as number) - (pitches[j] as number)) >= OUTLIER_GAP) {
        const cut = new Set(pitches.slice(0, j + 1));
        idx = idx.filter((k) => !cut.has(notes[k]!.midi));
        break;
      }
    }
  }
  let kMin = idx[0] as number;
  let kMax = idx[0] as number;
  for (const k of idx) {
    if (notes[k]!.midi < notes[kMin]!.midi) kMin = k;
    if (notes[k]!.midi > notes[kMax]!.midi) kMax = k;
  }
  const hzOf = (midi: number) => {
    const hs = idx.filter((k) => notes[k]!.midi === midi).map((k) => noteHz[k] as number);
    hs.sort((a, b) => a - b);
    return Math.round((hs[Math.floor(hs.length / 2)] as number) * 10) / 10;
  };
  const minMidi = notes[kMin]!.midi;
  const maxMidi = notes[kMax]!.midi;
  return {
    min: midiToNoteName(minMidi),
    max: midiToNoteName(maxMidi),
    min_hz: hzOf(minMidi),
    max_hz: hzOf(maxMidi),
    min_midi: minMidi,
    max_midi: maxMidi,
  };
}

/** Key estimate: tonic pitch class, mode and a 0..1 confidence. */
export interface VocalKey {
  tonic: number;
  mode: "major" | "minor";
  confidence: number;
  /** Pearson correlation (−1..1) of the pitch-class histogram with the winning key's profile, without the tonic bonuses. */
  profileCorrelation: number;
  /**
   * 0..1 share of the sung (duration-weighted) notes whose pitch class is outside the winning key's
   * scale: major, or natural minor with its raised 7th (the leading tone of harmonic minor).
   */
  outOfScaleShare: number;
  /**
   * The second-best of the 24 keys (by the same score, tonic bonuses included) and its 0..1 softmax
   * probability: usually the relative, parallel or a fifth-related key. Null only if no second key
   * exists (never for a non-empty melody).
   */
  runnerUp: { tonic: number; mode: "major" | "minor"; confidence: number } | null;
}

/** Scale degrees (semitones above the tonic) counted as in the key for {@link VocalKey.outOfScaleShare}. */
const KEY_SCALE: Readonly<Record<"major" | "minor", readonly number[]>> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10, 11],
};

/**
 * Melody key profiles (index 0 = the tonic): the mean duration-weighted pitch-class distribution of 30 s
 * excerpts of POP909's sung melodies (MELODY tracks; Wang et al., ISMIR 2020, MIT) in major and in minor
 * keys, learned on the corpus's training songs as Aarden (2003) and Temperley (2007) learned theirs from
 * the Essen folksongs. Chosen over Krumhansl–Kessler's probe-tone profiles on held-out melodies
 * (PROVENANCE.md, "The vocal detector's key on pop melodies": 0.66 of the keys exact against 0.50).
 */
export const POP909_MELODY_MAJOR: readonly number[] = [
  0.232, 0, 0.185, 0.001, 0.191, 0.035, 0, 0.18, 0.001, 0.135, 0, 0.04,
];
export const POP909_MELODY_MINOR: readonly number[] = [
  0.257, 0, 0.071, 0.146, 0, 0.16, 0.001, 0.22, 0.022, 0.002, 0.118, 0.003,
];

/** Options of {@link estimateKey}; every field defaults to the shipped value. */
export interface VocalKeyOptions {
  /** Key profiles, 12 finite weights each, index 0 = the tonic (default {@link POP909_MELODY_MAJOR} / `_MINOR`). */
  profiles?: { major: readonly number[]; minor: readonly number[] };
  /** Added to a candidate's correlation when the last sustained note is its tonic (default 0.15). */
  finalBonus?: number;
  /** Added when the first sustained note is its tonic (default 0.05). */
  firstBonus?: number;
  /** Softmax temperature over the 24 keys' scores for the confidences, > 0 (default 0.05). */
  temperature?: number;
}

/** One key's score in {@link scoreKeys}: `r` the profile correlation, `s` with the tonic bonuses. */
interface KeyScore {
  tonic: number;
  mode: "major" | "minor";
  s: number;
  r: number;
}

/**
 * The 24 keys' scores of {@link estimateKey} (index tonic, then tonic + 12 for minor), with the melody's
 * duration-weighted pitch-class histogram (seconds) and the temperature; null when the notes have no
 * duration. Validates `options` as {@link estimateKey} documents.
 */
function scoreKeys(
  notes: VocalNote[],
  options: VocalKeyOptions,
): { scores: KeyScore[]; hist: Float64Array; total: number; temperature: number } | null {
  const profiles = options.profiles ?? { major: POP909_MELODY_MAJOR, minor: POP909_MELODY_MINOR };
  const finalBonus = options.finalBonus ?? FINAL_BONUS;
  const firstBonus = options.firstBonus ?? FIRST_BONUS;
  const temperature = options.temperature ?? KEY_TEMPERATURE;
  for (const prof of [profiles.major, profiles.minor]) {
    if (prof.length !== 12 || !prof.every(Number.isFinite)) {
      throw new RangeError("key profiles must hold 12 finite weights");
    }
  }
  if (!(finalBonus >= 0 && firstBonus >= 0 && Number.isFinite(finalBonus + firstBonus))) {
    throw new RangeError("finalBonus and firstBonus must be finite numbers >= 0");
  }
  if (!(temperature > 0 && Number.isFinite(temperature))) {
    throw new RangeError("temperature must be a finite number > 0");
  }
  const hist = new Float64Array(12);
  for (const n of notes) {
    const pc = ((n.midi % 12) + 12) % 12;
    hist[pc] = (hist[pc] as number) + n.end - n.start;
  }
  let total = 0;
  for (let i = 0; i < 12; i++) total += hist[i] as number;
  if (total <= 0) return null;
  const sustained = notes.filter((n) => n.end - n.start >= 0.15);
  const lastPc = sustained.length > 0 ? ((sustained[sustained.length - 1]!.midi % 12) + 12) % 12 : -1;
  const firstPc = sustained.length > 0 ? ((sustained[0]!.midi % 12) + 12) % 12 : -1;
  const scores: KeyScore[] = [];
  for (const mode of ["major", "minor"] as const) {
    const prof = mode === "major" ? profiles.major : profiles.minor;
    for (let tonic = 0; tonic < 12; tonic++) {
      // Pearson correlation with the rotated profile, as the song engine's hand-written key stage.
      const r = corrRot(hist, prof, tonic);
      let s = r;
      if (lastPc === tonic) s += finalBonus;
      if (firstPc === tonic) s += firstBonus;
      scores.push({ tonic, mode, s, r });
    }
  }
  return { scores, hist, total, temperature };
}

/**
 * The softmax probability of each of the 24 keys under {@link estimateKey}'s scores and temperature
 * (index = tonic pitch class 0–11 for major, + 12 for minor; sums to 1). For measuring calibration.
 *
 * @returns 24 probabilities, or null when the notes have no duration.
 * @throws RangeError as {@link estimateKey}.
 */
export function keyPosterior(notes: VocalNote[], options: VocalKeyOptions = {}): number[] | null {
  const scored = scoreKeys(notes, options);
  if (!scored) return null;
  const max = Math.max(...scored.scores.map((c) => c.s));
  const w = scored.scores.map((c) => Math.exp((c.s - max) / scored.temperature));
  const z = w.reduce((a, b) => a + b, 0);
  return w.map((x) => x / z);
}

/**
 * Key of a sung melody: the duration-weighted pitch-class histogram correlated with melody key profiles
 * learned from pop melodies ({@link POP909_MELODY_MAJOR}; the Krumhansl–Schmuckler algorithm with
 * corpus profiles, as Aarden 2003 and Temperley 2007), plus tonic evidence that separates relative keys:
 * a bonus when the final sustained note, and a smaller one when the first note, is the candidate tonic
 * (melodies usually close on the tonic, Huron 2006, "Sweet Anticipation", ch. 9). Confidence = softmax
 * probability of the winner (temperature 0.05 unless `options.temperature`).
 *
 * @param notes sung notes (seconds, MIDI numbers); notes of 0.15 s or longer count as sustained.
 * @param options profiles and bonuses ({@link VocalKeyOptions}), for measuring alternatives.
 * @returns the key, or null when the notes have no duration.
 * @throws RangeError when a profile does not hold 12 finite weights, a bonus is not a finite number ≥ 0
 *   or the temperature is not a finite number > 0.
 */
export function estimateKey(notes: VocalNote[], options: VocalKeyOptions = {}): VocalKey | null {
  const scored = scoreKeys(notes, options);
  if (!scored) return null;
  const { hist, total, temperature } = scored;
  const scores = [...scored.scores];
  scores.sort((a, b) => b.s - a.s);
  const best = scores[0]!;
  let z = 0;
  for (const c of scores) z += Math.exp((c.s - best.s) / temperature);
  let inScale = 0;
  for (const d of KEY_SCALE[best.mode]) inScale += hist[(best.tonic + d) % 12] as number;
  const second = scores[1];
  return {
    tonic: best.tonic,
    mode: best.mode,
    confidence: Math.round((1 / z) * 1000) / 1000,
    runnerUp: second
      ? {
          tonic: second.tonic,
          mode: second.mode,
          confidence: Math.round((Math.exp((second.s - best.s) / temperature) / z) * 1000) / 1000,
        }
      : null,
    profileCorrelation: Math.round(best.r * 1000) / 1000,
    outOfScaleShare: Math.round((1 - inScale / total) * 1000) / 1000,
  };
}

const FINAL_BONUS = 0.15;
const FIRST_BONUS = 0.05;
const KEY_TEMPERATURE = 0.05;

/** Frame rate, Hz, of the note-onset envelope that {@link estimateTempo} hands to the engine's tempo stage. */
export const NOTE_ONSET_FRAME_RATE = 100;

/**
 * Onset envelope of sung notes: at {@link NOTE_ONSET_FRAME_RATE} frames per second, each note with
 * ≥ 0.1 s of sound adds its duration (capped at 1 s: longer notes are no stronger accents) to the frame
 * of its onset and, halved, to the frames next to it (timing jitter of a voice).
 * @returns one value per frame (≥ 0), frame 0 at time 0.
 */
export function noteOnsetEnvelope(notes: readonly VocalNote[]): Float32Array {
  const last = notes.reduce((t, n) => Math.max(t, n.end), 0);
  const env = new Float32Array(Math.ceil(last * NOTE_ONSET_FRAME_RATE) + 2);
  for (const n of notes) {
    if (n.end - n.start < 0.1) continue;
    const f = Math.round(n.start * NOTE_ONSET_FRAME_RATE);
    const w = Math.min(1, n.end - n.start);
    env[f] = (env[f] as number) + w;
    if (f > 0) env[f - 1] = (env[f - 1] as number) + w / 2;
    if (f + 1 < env.length) env[f + 1] = (env[f + 1] as number) + w / 2;
  }
  return env;
}

/**
 * Tempo from note onsets when they sit on a clear isochronous grid; null otherwise (never guessed).
 * The beat comes from the engine's shared tempo stage ({@link estimateTempoFromOnsets}: onset
 * autocorrelation with a tempo prior, Ellis 2007) run on the notes' onset envelope
 * ({@link noteOnsetEnvelope}) between 50 and 200 BPM, then refined by least squares so that onsets fall
 * on multiples of half a beat; it is accepted when ≥ 80 % of the inter-onset intervals lie within 40 ms
 * of such a multiple (the isochrony test of Dixon 2001, "Automatic extraction of tempo and beat from
 * expressive performances", JNMR 30(1)).
 * Metre: onset-duration accents folded at 3 and 4 beats; "3/4" only when clearly stronger.
 */
export function estimateTempo(notes: VocalNote[]): { bpm: number | null; timeSignature: string | null } {
  const onsets = notes.filter((n) => n.end - n.start >= 0.1).map((n) => n.start);
  if (onsets.length < 8) return { bpm: null, timeSignature: null };
  const iois: number[] = [];
  for (let k = 1; k < onsets.length; k++) iois.push((onsets[k] as number) - (onsets[k - 1] as number));
  const tempo = estimateTempoFromOnsets(noteOnsetEnvelope(notes), NOTE_ONSET_FRAME_RATE, 50, 200);
  if (!(tempo > 0)) return { bpm: null, timeSignature: null };
  let beat = 60 / tempo;
  // refine on all IOIs as multiples of half-beats
  let num = 0;
  let den = 0;
  for (const x of iois) {
    const k = Math.max(1, Math.round(x / (beat / 2)));
    num += x * k;
    den += k * k;
  }
  beat = (2 * num) / den;
  let fit = 0;
  for (const x of iois) {
    const k = Math.max(1, Math.round(x / (beat / 2)));
    if (Math.abs(x - (k * beat) / 2) < 0.04) fit++;
  }
  if (fit / iois.length < 0.8) return { bpm: null, timeSignature: null };
  const bpm = Math.round((60 / beat) * 10) / 10;
  // metre: fold onset accents (note duration) at 3 and 4 beats
  const t0 = onsets[0] as number;
  const contrast = (g: number) => {
    const acc = new Float64Array(g);
    for (const n of notes) {
      const b = Math.round((n.start - t0) / beat);
      const slot = ((b % g) + g) % g;
      acc[slot] = (acc[slot] as number) + n.end - n.start;
    }
    let mx = 0;
    let sum = 0;
    for (let k = 0; k < g; k++) {
      mx = Math.max(mx, acc[k] as number);
      sum += acc[k] as number;
    }
    return sum > 0 ? (mx * g) / sum : 0;
  };
  const timeSignature = contrast(3) > 1.25 * contrast(4) ? "3/4" : "4/4";
  return { bpm, timeSignature };
}

/** Too-little-singing gate. */
const MIN_VOICED_SECONDS = 1.5;
const MIN_SUSTAINED_NOTES = 4;
/** Below this share of steady pitch the voice is gliding, not holding notes: speech. */
const SPEECH_MAX_STABLE_SHARE = 0.3;
/** Up to this share of steady pitch, speech unless the intervals beat chance on the semitone lattice. */
const SPEECH_UNCLEAR_STABLE_SHARE = 0.5;
/** Chance level of `latticeShare` (uniformly distributed intervals: 2 × 0.2 semitone). */
const LATTICE_CHANCE = 2 * LATTICE_TOL;
/** Below this key confidence, or this correlation with the key's profile, the key is reported as uncertain. */
const MIN_KEY_CONFIDENCE = 0.5;
const MIN_PROFILE_CORRELATION = 0.5;
/**
 * Above this share of sung time outside the key's scale the notes do not settle on one key: a tonal
 * melody spends most of its time on scale tones, chromatic notes being short passing or neighbour
 * notes (Huron 2006, "Sweet Anticipation", ch. 9: scale-degree frequencies in Western melodies).
 * A chromatic line puts about 5/12 of its time outside any major scale, but the best-fitting of the 24
 * keys leaves only about 0.27 of a short chromatic or atonal line outside. Chosen on synthetic validation
 * melodies (`train/vocal-key-validation.ts`; PROVENANCE.md, "The vocal detector's uncertain key"): 0.15
 * raises the flag best when the key shown is wrong or there is none (balanced accuracy 0.73 / 0.74 on the
 * two halves, against 0.67 / 0.69 at the earlier 0.3).
 */
const MAX_OUT_OF_SCALE_SHARE = 0.15;

/** "C# Major" / "A Minor": a key's name with a sharp tonic. */
function keyName(key: { tonic: number; mode: "major" | "minor" }): string {
  return `${PITCH_CLASSES[key.tonic]} ${key.mode === "major" ? "Major" : "Minor"}`;
}

/**
 * Is a melody's key too unclear to state? True when any of: the key's softmax confidence is below 0.5
 * (a near tie with another key), the pitch-class histogram correlates below 0.5 with the key's profile,
 * more than `maxOutOfScaleShare` of the sung time lies outside the key's scale, or the sung intervals
 * are no closer to whole semitones than chance (`latticeShare` ≤ {@link LATTICE_CHANCE}; NaN counts as
 * off the lattice).
 *
 * @param key the {@link estimateKey} result.
 * @param latticeShare 0..1 or NaN, {@link VocalSegmentation.latticeShare}; pass 1 for notes known to be
 *   on the semitone lattice (e.g. a note list without a pitch track).
 * @param maxOutOfScaleShare 0..1, default {@link MAX_OUT_OF_SCALE_SHARE} (0.15; PROVENANCE.md, "The vocal
 *   detector's uncertain key").
 * @throws RangeError when `maxOutOfScaleShare` is outside 0..1.
 */
export function isKeyUncertain(
  key: Pick<VocalKey, "confidence" | "profileCorrelation" | "outOfScaleShare">,
  latticeShare: number,
  maxOutOfScaleShare: number = MAX_OUT_OF_SCALE_SHARE,
): boolean {
  if (!(maxOutOfScaleShare >= 0 && maxOutOfScaleShare <= 1)) {
    throw new RangeError("maxOutOfScaleShare must be in 0..1");
  }
  return (
    key.confidence < MIN_KEY_CONFIDENCE ||
    key.profileCorrelation < MIN_PROFILE_CORRELATION ||
    key.outOfScaleShare > maxOutOfScaleShare ||
    !(latticeShare > LATTICE_CHANCE)
  );
}

/** Notes used for the range hold steady pitch at least this share of their length. */
const RANGE_MIN_STABILITY = 0.5;

/**
 * Speech or singing? Singing holds notes (steady pitch) and moves in whole semitones; speech glides.
 * Speech when less than 30 % of the voiced time is steady pitch, or less than 50 % and the intervals
 * between steady segments are no closer to whole semitones than chance (features in the spirit of
 * the note-level model of Mauch et al. 2015, "Computer-aided melody note transcription using the
 * Tony software", SMC, and of ’t Hart, Collier & Cohen 1990 on the gliding pitch of speech).
 */
export function isSpeechLike(seg: Pick<VocalSegmentation, "stableShare" | "latticeShare">): boolean {
  if (seg.stableShare < SPEECH_MAX_STABLE_SHARE) return true;
  const lattice = Number.isNaN(seg.latticeShare) ? 0 : seg.latticeShare;
  return seg.stableShare < SPEECH_UNCLEAR_STABLE_SHARE && lattice <= LATTICE_CHANCE;
}

/**
 * Detect the key, range, tempo and notes of a recording of one person singing.
 *
 * Pipeline: pYIN pitch track ({@link trackPitch}; Mauch & Dixon 2014) → note segmentation and
 * steady-pitch statistics ({@link segmentNotes}) → speech gate ({@link isSpeechLike}) → range from the
 * steady sustained notes, named by their sung pitch (A4 = 440 Hz) ({@link vocalRange}) →
 * Krumhansl–Schmuckler key with melody profiles and tonic weighting ({@link estimateKey}) → onset tempo ({@link estimateTempo}).
 * Returns null ("Unable to detect scale") when there are fewer than 1.5 s of voiced frames, fewer
 * than 4 sustained notes (≥ 120 ms), or the voice sounds like speech. Real singers scoop, slide and
 * drift out of tune: they still get a range, and `keyUncertain` is set when the key is not clear.
 *
 * @param samples mono PCM, Float32Array of finite values (nominally -1..1), e.g. a 30 s recording.
 * @param sampleRate Hz, 8000..384000.
 * @param options pitch-tracker options ({@link PitchTrackOptions}) and `minSustainSeconds` (default 0.12).
 * @returns {@link VocalAnalysisResult} or null when no scale can be detected.
 * @throws Error on empty input, non-finite samples or an invalid sample rate / options.
 */
export function analyzeVocal(
  samples: Float32Array,
  sampleRate: number,
  options: VocalAnalysisOptions = {},
): VocalAnalysisResult | null {
  validateInput(samples, sampleRate);
  const minSustain = options.minSustainSeconds ?? 0.12;
  if (!(minSustain >= 0.03 && minSustain <= 2)) throw new Error("minSustainSeconds must be in 0.03..2 s");
  const track = trackPitch(samples, sampleRate, options);
  const seg = segmentNotes(track, minSustain);
  const sustained = seg.notes.filter((n) => n.end - n.start >= minSustain);
  if (seg.voicedSeconds < MIN_VOICED_SECONDS || sustained.length < MIN_SUSTAINED_NOTES || isSpeechLike(seg)) {
    return null;
  }
  // Range: steady notes (scoops and slides left out), named by the pitch actually sung.
  const steadyIdx = seg.notes
    .map((_, k) => k)
    .filter((k) => (seg.noteStability[k] as number) >= RANGE_MIN_STABILITY);
  const range =
    vocalRange(
      steadyIdx.map((k) => ({ ...seg.notes[k]!, midi: Math.round(hzToMidi(seg.noteHz[k] as number)) })),
      steadyIdx.map((k) => seg.noteHz[k] as number),
      minSustain,
    ) ?? vocalRange(seg.notes, seg.noteHz, minSustain);
  const key = estimateKey(sustained);
  if (!range || !key) return null;
  const keyUncertain = isKeyUncertain(key, seg.latticeShare);
  const tempo = estimateTempo(seg.notes);
  const times: number[] = [];
  const f0: number[] = [];
  for (let i = 0; i < track.f0.length; i++) {
    times.push(Math.round((track.times[i] as number) * 1000) / 1000);
    f0.push(Math.round((track.f0[i] as number) * 100) / 100);
  }
  return {
    key: keyName(key),
    keyConfidence: key.confidence,
    keyUncertain,
    keyAlternative: key.runnerUp ? keyName(key.runnerUp) : null,
    bpm: tempo.bpm,
    time_signature: tempo.timeSignature,
    recommended_chords: diatonicChords(key.tonic, key.mode),
    vocal_range: range,
    notes: seg.notes,
    pitchTrack: { times, f0 },
    ...(options.saScales && options.saScales.length > 0
      ? { sa: estimateSa(seg.notes, options.saScales) }
      : {}),
  };
}
