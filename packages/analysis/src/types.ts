/**
 * Shared types of the analysis engine: branded units, result shapes and errors.
 * Pure module (no Node or DOM APIs).
 */

// Branded units are defined once, in `@tonic/theory/units` (no dependencies), and shared with the theory
// tools. A pitch class here is the number 0–11 ({@link PitchClassIndex}), never the note-name string
// `PitchClass` of `@tonic/theory`.
export type { Hz, MidiNote, PitchClassIndex, Seconds } from "@tonic/theory/units";
export { hz, midiNote, pitchClassIndex, seconds } from "@tonic/theory/units";

/** Pipeline stages reported through `onProgress`, in order. */
export type AnalysisStage = "resample" | "spectrum" | "chroma" | "beats" | "chords" | "key" | "done";

/** Input of a learned key model: per-beat pitch-class features of the whole mix. */
export interface KeyModelInput {
  /** beat segments, B >= 1 */
  beats: number;
  /** [B x 24] row-major: per beat, 12 treble chroma then 12 bass chroma (index 0 = C), each half L1-normalised to sum 1 (0 where silent) */
  features: Float32Array;
  /** [B] seconds per beat segment; 0 for silent segments */
  weights: Float32Array;
}

/** A learned global-key estimator (e.g. an ONNX model run by onnxruntime). */
export interface KeyModel {
  /** @returns the 24 key probabilities, index = tonic pitch class (0 = C) for major 0..11 and 12 + tonic for minor; sums to 1. Rejects with AnalysisError on runtime failure. */
  predict(input: KeyModelInput): Promise<Float32Array>;
}

/** Input of a learned chord model: per-beat chroma of the harmonic part (what the chord stage reads). */
export interface ChordModelInput {
  /** beat segments, B >= 1 */
  beats: number;
  /** [B x 24] row-major: per beat, 12 treble chroma scaled to a maximum of 1, then 12 bass chroma scaled to sum 1 (index 0 = C; all 0 where silent) */
  features: Float32Array;
  /**
   * [B x 72] row-major: per beat, the log semitone spectrum of the harmonic part, C1..B6 (index 0 = MIDI
   * 24; all 0 where silent), for a model that reads the register (see `harmonicSpectrum` in stages.ts).
   * A model that reads it (the shipped one) rejects an input without it.
   */
  spectrum?: Float32Array;
}

/** A learned per-beat chord classifier (e.g. an ONNX model run by onnxruntime). */
export interface ChordModel {
  /**
   * @returns `[B x 97]` natural-log probabilities per beat: quality q (maj, min, 7, maj7, min7, dim,
   * hdim7, sus4) on root r at q·12 + r, "no chord" at 96. Rejects with AnalysisError on runtime failure.
   */
  predict(input: ChordModelInput): Promise<Float32Array>;
}

/** Input of a learned beat model: log band energies per frame (see `beatModelInput`, beat-activation.ts). */
export interface BeatModelInput {
  /** frames T >= 1, at BEAT_FRAME_RATE (11025 / 128 Hz) */
  frames: number;
  /** [T x 48] row-major: ln band energies of 48 log-spaced bands (30-5000 Hz), each band's song mean removed */
  features: Float32Array;
}

/** A learned beat activation network (e.g. an ONNX model run by onnxruntime). */
export interface BeatModel {
  /** @returns `[T]` beat probability per frame, 0..1. Rejects with AnalysisError on runtime failure. */
  predict(input: BeatModelInput): Promise<Float32Array>;
}

/**
 * Input of a learned chord-informed key model: the key model's answer and the chord model's per-beat
 * output for the same beat segments.
 */
export interface ChordKeyModelInput {
  /** beat segments, B >= 1 (the same segments as the key model's input) */
  beats: number;
  /** [B x 97] the chord model's natural-log probabilities per beat (see {@link ChordModel}) */
  chordLogProbabilities: Float32Array;
  /** [B] seconds per beat segment; 0 for silent segments (the key model's weights) */
  weights: Float32Array;
  /** [24] the key model's probabilities (see {@link KeyModel}) */
  keyProbabilities: Float32Array;
}

/** A learned key model that reads the chords (e.g. an ONNX model run by onnxruntime). */
export interface ChordKeyModel {
  /** @returns the 24 key probabilities, indexed as {@link KeyModel}'s; sums to 1. Rejects with AnalysisError on runtime failure. */
  predict(input: ChordKeyModelInput): Promise<Float32Array>;
}

/** Input of Live's learned frame model: the features of consecutive live chroma frames (see `frameFeatures`). */
export interface LiveChordModelInput {
  /** frames T >= 1, oldest first (one per live hop, ≈ 21 ms) */
  frames: number;
  /**
   * [T x 53] row-major: per frame the four chroma rows and five scalars of `frameFeatures`; [T x 65] for a
   * model that also reads the tonal context row (`FrameContext`)
   */
  features: Float32Array;
}

/** Live's learned causal chord recogniser per frame (e.g. an ONNX model run by onnxruntime). */
export interface LiveChordModel {
  /**
   * @returns `[T x 61]` natural-log probabilities per frame, each from that frame and the ones before it
   * only: "no chord" at 0, quality q (maj, min, 7, maj7, min7) on root r at 1 + q·12 + r. Rejects with
   * AnalysisError on runtime failure.
   */
  predict(input: LiveChordModelInput): Promise<Float32Array>;
}

/** The learned models the engine may use. Absent models fall back to the hand-written stages. */
export interface EngineModels {
  /** Global key estimator; without it the key comes from the pitch-class profiles and chord statistics. */
  key?: KeyModel;
  /**
   * Per-beat chord probabilities for the displayed chords; without it the chord stage's emissions come
   * from the templates and the small built-in chord model (chord-model.ts).
   */
  chords?: ChordModel;
  /**
   * Beat activation per frame; without it tempo and beats come from the onset envelope alone (the
   * hand-written metrical-level rules of `beatStage`).
   */
  beats?: BeatModel;
  /**
   * The key's second reading, from the chord model's output and the key model's probabilities; used only
   * when `key` and `chords` are given too (without it the key is the key model's).
   */
  chordKey?: ChordKeyModel;
  /**
   * Live's frame model (`models/live-chords.onnx`); only Live reads it: with it Live's chord is the
   * model's, filtered over time (`FrameDecision`); without it, the template recogniser's.
   */
  liveChords?: LiveChordModel;
}

/** Options of {@link analyzeAudio}. */
export interface AnalyzeOptions {
  /** Called at the start of each stage with the overall fraction done (0..1). */
  onProgress?: (fraction: number, stage: AnalysisStage) => void;
  /**
   * Learned models to use in place of hand-written stages. Only consulted for audio with harmonic
   * content (a key model is never called for silence, noise, speech or drums alone). Without models
   * the result is exactly the hand-written pipeline's.
   */
  models?: EngineModels;
  /**
   * Longest recording accepted, seconds, finite and > 0 (default `MAX_ANALYSIS_SECONDS`, 20 minutes: the
   * app's upload limit). Longer input is refused with an `AnalysisInputError` as soon as it is pushed,
   * before it is decoded to the end or held: memory grows with the length (a 3-hour file needed 1.8 GB).
   */
  maxSeconds?: number;
}

/** One chord change: from `time` (seconds) the chord `chord` (display name) sounds. */
export interface ChordChange {
  time: number;
  chord: string;
}

/** A chord segment [start, end) in seconds with a 0..1 confidence. */
export interface ChordSegment {
  start: number;
  end: number;
  chord: string;
  confidence: number;
}

/** The time signatures the engine reports (in 6/8 the beats are dotted quarters). */
export type TimeSignature = "4/4" | "3/4" | "6/8";

/**
 * Everything {@link analyzeAudio} returns (contract v2). All times are in seconds from the start of the
 * signal. Fields that need musical content are `null` when there is none: `key` for silence, noise, speech
 * and drums only; `bpm`, `timeSignature` (and empty `beats`/`downbeats`) when there is no steady beat.
 */
export interface AnalysisResult {
  /** Key in the product's spelling, e.g. "C Major", "A# Minor" (sharps only); null without harmonic content. */
  key: string | null;
  /** 0..1 calibrated confidence of `key` (the probability the key is exactly right); 0 when `key` is null. */
  keyConfidence: number;
  /** Second-best key (never the same as `key`) and its confidence, or null when `key` is null. */
  keyRunnerUp: { key: string; confidence: number } | null;
  /** Tempo in beats per minute, rounded to 1 decimal; null when there is no steady beat. */
  bpm: number | null;
  /** 0..1 confidence that there is a steady beat at `bpm` (0 when `bpm` is null). */
  tempoConfidence: number;
  /** Beat instants, seconds, ascending; [] when `bpm` is null. */
  beats: number[];
  /** Downbeat instants (first beat of each bar), seconds, ascending; a subset of `beats`. */
  downbeats: number[];
  /** Meter; null when `bpm` is null. */
  timeSignature: TimeSignature | null;
  /**
   * Chord changes, ascending by time; the first one starts at 0. Display names ("C", "Am", "G7", …), slash
   * chords ("C/E") where the bass clearly plays another chord tone, "N" for no chord.
   */
  chords: ChordChange[];
  /** The same chords as contiguous segments covering [0, durationSeconds], each with a 0..1 confidence. */
  segments: ChordSegment[];
  durationSeconds: number;
  /** Estimated A4 reference frequency in Hz (e.g. 440.0), one decimal. */
  tuningHz: number;
  /**
   * Local keys (modulations) as contiguous segments covering the pitched part of the piece, each with a
   * 0..1 confidence; [] when there is no pitched content. `key` above is the key of the whole piece.
   */
  keySegments: KeySegment[];
}

/** A stretch of the piece in one key, seconds [start, end). */
export interface KeySegment {
  start: number;
  end: number;
  key: string;
  confidence: number;
}

/** Thrown by {@link analyzeAudio} for invalid input (empty/NaN samples, bad sample rate, too short or too long). */
export class AnalysisInputError extends Error {
  override name = "AnalysisInputError";
}

/**
 * An analysis failure that is not the input's fault, e.g. a learned model (see {@link EngineModels})
 * that failed at run time; the underlying error is its `cause`.
 */
export class AnalysisError extends Error {
  override name = "AnalysisError";
}

/** Thrown for an unknown chord label in the label helpers. */
export class ChordLabelError extends Error {
  override name = "ChordLabelError";
}
