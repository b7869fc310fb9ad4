/**
 * The analysis stages, in pipeline order, each a pure function of precomputed inputs (librosa style):
 *
 *   decode (Node: `decodeAudioFile`; here {@link decimateSignal})
 *   → spectrum ({@link pitchSpectrum}) → tuning ({@link tuningStage}) → harmonic/percussive and
 *   salience ({@link salienceStage}, HPSS by {@link separateHarmonic}) → chroma ({@link chromaStage})
 *   → onset ({@link onsetStage}) → tempo ({@link tempoStage}) → beats and metrical level ({@link beatStage})
 *   → beat-synchronous features ({@link beatSyncStage}) → chords ({@link chordStage})
 *   → meter/downbeats ({@link meterStage}) → key ({@link keyStage}) and local keys ({@link localKeyStage}).
 *
 * {@link analyzeSignal} composes them, in two halves: {@link extractFeatures} (everything up to the
 * beat-synchronous features) and {@link finishAnalysis} (chords, meter, key and the result), between which
 * `analyzeAudio` (analyze.ts) may ask a learned key model ({@link keyModelInput},
 * {@link keyFromProbabilities}); analyze.ts also adds input validation and decimation.
 * Every stage can be called on its own with inputs computed elsewhere (e.g. a chroma from another front
 * end), which is how the tests and the benchmark probe them. Pure module (no Node or DOM APIs).
 */

import { type BandFrames, BEAT_FRAME_RATE, BeatBands, trackActivationBeats } from "./beat-activation.js";
import { BEAT_DBN, type BeatDbnOptions, decodeBeatsDbn } from "./beat-dbn.js";
import { CHORD_MODEL_CLASSES, chordModelLogProbs } from "./chord-model.js";
import { CHORD_MODEL_WEIGHTS } from "./chord-model-weights.js";
import {
  type ChordState,
  chordVocabulary,
  HARMONIC_DECAY,
  KEY_EVIDENCE_SEVENTH_BIAS,
  keyChordPrior,
  recogniseChords,
  SEVENTH_BIAS,
} from "./chords.js";
import { decimate, forEachStftFrame, nextPow2, type Spectrogram, stft } from "./dsp.js";
import {
  type Chroma,
  chromaFromSemitones,
  estimateTuning,
  N_PITCH,
  OnsetEnvelope,
  semitoneSpectrogram,
  type separateHarmonic,
} from "./features.js";
import {
  addChordTime,
  addToKeyProfile,
  type ChordStats,
  emptyChordStats,
  estimateKey,
  type KeyEstimate,
  LOCAL_KEY_DEFAULTS,
  type LocalKeyOptions,
  localKeys,
} from "./key.js";
import { keyName, parseKey, slashChordName } from "./labels.js";
import {
  beatPeriod,
  beatSalience,
  estimateTempo,
  harmonicOffbeatRatio,
  inferMeter,
  isCompoundNotWaltz,
  isTernary,
  isThreeBeatBarPeriodicity,
  isWaltzNotCompound,
  isWaltzPeriodicity,
  offbeatRatio,
  trackBeats,
} from "./rhythm.js";
import {
  AnalysisError,
  type AnalysisResult,
  type AnalysisStage,
  type ChordChange,
  type ChordModelInput,
  type ChordSegment,
  type Hz,
  hz,
  type KeyModelInput,
  type KeySegment,
  type PitchClassIndex,
  type Seconds,
  seconds,
  type TimeSignature,
} from "./types.js";

// ---------------------------------------------------------------------------------------------- constants

/** Internal analysis rate target, Hz: inputs are decimated by floor(sampleRate / 11025). */
export const ANALYSIS_RATE = 11025;
/** Onset STFT window, seconds (rounded up to a power of two in samples; 512 at 11.025 kHz). */
export const ONSET_WINDOW_SECONDS = 0.046;
/** Pitch STFT window, seconds (rounded up to a power of two in samples; 4096 at 11.025 kHz). */
export const PITCH_WINDOW_SECONDS = 0.3;
/** STFT hop = window / HOP_DIVISOR (75 % overlap) for both STFTs. */
export const HOP_DIVISOR = 4;
/** Highest frequency the pitch analysis needs, Hz (B6 at +50 cents; tuning peaks ≤ 2 kHz). */
export const PITCH_MAX_HZ = 2400;
/** Fastest tempo the backbeat check may double to, BPM. */
export const MAX_DOUBLED_BPM = 185;
/** Onset strength halfway between beats, relative to the beats, above which the beat is doubled. */
export const BACKBEAT_DOUBLE = 0.55;
/**
 * Harmonic change between the tracked beats, relative to the change on them, above which the beat is
 * taken to be twice as fast ({@link harmonicOffbeatRatio}; on beat-level tracks it stays below 1).
 */
export const HARMONIC_OFFBEAT_DOUBLE = 1.5;
/**
 * Transition tightness of the final beat-tracking pass, once the metrical level is chosen (the passes
 * that choose it keep librosa's default, 100). The cost of a beat interval d against the period P is
 * −tightness·log(d/P)²; at 100 and this onset rate (≈ 86 frames/s, twice librosa's, so each onset peak
 * weighs twice as much against the cost) an interval 10 % off costs 0.9, a fraction of one onset peak's
 * local score, and the beats wander onto swung eighths or sixteenth-note figuration for a few bars. 400
 * is the default of Ellis's reference implementation (beat2.m, LabROSA 2006): off-grid detours cost four
 * times as much, while real tempo drift (≈ 1 % per beat, cost 0.04) stays free. Chosen among
 * 100/200/400/800 on the dev sets (GTZAN and real-dev beat F).
 */
export const FINAL_TIGHTNESS = 400;
/** How {@link learnedBeatStage} decodes the beat activation. */
export type BeatDecoding =
  /** The dynamic Bayesian network over tempo and beat phase ({@link decodeBeatsDbn}). */
  | { decoder: "dbn"; dbn: BeatDbnOptions }
  /** Autocorrelation tempo, then Ellis's dynamic programme at that period ({@link trackActivationBeats}). */
  | { decoder: "dp"; tightness: number };

/**
 * The engine's decoding of the learned beat activation: the DBN ({@link BEAT_DBN}), which beat the
 * dynamic programme on the training corpora's validation sets (mean beat F 0.968 → 0.980; PROVENANCE.md).
 */
export const LEARNED_BEAT_DECODING: BeatDecoding = { decoder: "dbn", dbn: BEAT_DBN };

/**
 * Transition tightness of the dynamic programme on the learned beat activation (`{ decoder: "dp" }` of
 * {@link learnedBeatStage}):
 * librosa's default. The activation's peaks are sharp and sit on the beats, so the beats may follow tempo
 * changes; chosen among 25/50/100/200/400/800 on the training corpora's validation songs, as rendered
 * and without drums with a ±8 % tempo sway (`train/evaluate-beat-onnx.ts`; PROVENANCE.md).
 */
export const LEARNED_BEAT_TIGHTNESS = 100;
/** Fastest plausible compound (ternary-subdivided) beat, BPM; faster tracks are halved. */
export const MAX_COMPOUND_BPM = 170;
/** Slowest compound beat the dotted-grid check may slow down to, BPM. */
export const MIN_COMPOUND_BPM = 40;
/** Emission bonus (correlation units) of chords diatonic to the first-pass key. */
export const KEY_PRIOR_WEIGHT = 0.12;

/** The chord HMM's parameters that {@link chordStage} takes (see `recogniseChords`). */
export interface ChordDecoding {
  /** Self-transition probability of the chord HMM per beat segment, 0 < pStay < 1. */
  pStay: number;
  /** Emission bonus (correlation units, ≥ 0) of chords diatonic to the key ({@link keyChordPrior}). */
  keyPriorWeight: number;
  /** The chord templates' amplitude decay per harmonic, in [0, 1] ({@link chordVocabulary}). */
  harmonicDecay: number;
}

/** The chord stage's decoding (PROVENANCE.md, "The chord HMM's constants"). */
export const CHORD_DECODING: ChordDecoding = {
  pStay: 0.7,
  keyPriorWeight: KEY_PRIOR_WEIGHT,
  harmonicDecay: HARMONIC_DECAY,
};
/** A beat segment quieter than this fraction of the 95th-percentile loudness is silent. */
export const SILENT_LOUDNESS = 0.03;
/** Leading/trailing segments quieter than this fraction of the median loudness are "no chord". */
export const EDGE_QUIET_LOUDNESS = 0.2;
/** Grid used for chord segments when no beat was found, seconds. */
export const FALLBACK_GRID_SECONDS = 0.5;
/** Peak amplitude below which the whole signal is silence (−80 dBFS). */
export const SILENCE_PEAK = 1e-4;

const VOCAB: readonly ChordState[] = chordVocabulary();
/** Same states and order as VOCAB, with the key-evidence seventh bias. */
const KEY_VOCAB: readonly ChordState[] = chordVocabulary(KEY_EVIDENCE_SEVENTH_BIAS);
/** Vocabularies built for other harmonic decays (same states and order as VOCAB), by seventh bias and decay. */
const VOCABS = new Map<string, readonly ChordState[]>();
/** The displayed (or key-evidence) vocabulary with the given template decay. */
function vocabularyFor(forKeyEvidence: boolean, harmonicDecay: number): readonly ChordState[] {
  if (harmonicDecay === HARMONIC_DECAY) return forKeyEvidence ? KEY_VOCAB : VOCAB;
  const id = `${forKeyEvidence} ${harmonicDecay}`;
  let vocab = VOCABS.get(id);
  if (!vocab) {
    vocab = chordVocabulary(forKeyEvidence ? KEY_EVIDENCE_SEVENTH_BIAS : SEVENTH_BIAS, harmonicDecay);
    VOCABS.set(id, vocab);
  }
  return vocab;
}

// ------------------------------------------------------------------------------------------------- decode

/** A decimated mono signal: what every later stage reads. */
export interface Signal {
  samples: Float32Array;
  /** Sample rate of `samples`, Hz (≈ 11.025 kHz after decimation, lower for low-rate inputs). */
  rate: Hz;
  /** Duration of the original input, seconds. */
  durationSeconds: Seconds;
}

/** Decimation filter length for an integer factor. */
export const decimationTaps = (factor: number): number => 8 * factor + 1;
/** Integer decimation factor for an input rate, Hz (≥ 1). */
export const decimationFactor = (sampleRate: number): number =>
  Math.max(1, Math.floor(sampleRate / ANALYSIS_RATE));

/**
 * Decode stage (for PCM already in memory): decimate mono samples to ≈ {@link ANALYSIS_RATE} with a
 * windowed-sinc low-pass (the streaming path in analyze.ts gives bit-identical samples).
 * @param samples mono PCM; @param sampleRate Hz (> 0).
 */
export function decimateSignal(samples: Float32Array, sampleRate: number): Signal {
  const factor = decimationFactor(sampleRate);
  return {
    samples: decimate(samples, factor, decimationTaps(factor)),
    rate: hz(sampleRate / factor),
    durationSeconds: seconds(samples.length / sampleRate),
  };
}

// ----------------------------------------------------------------------------------------------- spectrum

/**
 * Spectrum stage: magnitude STFT for pitch analysis (Hann window of {@link PITCH_WINDOW_SECONDS}, 75 %
 * overlap, bins up to {@link PITCH_MAX_HZ}; `fft.js`).
 */
export function pitchSpectrum(signal: Signal): Spectrogram {
  const n = nextPow2(PITCH_WINDOW_SECONDS * signal.rate);
  return stft(signal.samples, signal.rate, n, n / HOP_DIVISOR, PITCH_MAX_HZ);
}

/** Tuning stage: the A4 reference of the recording, Hz (see {@link estimateTuning}). */
export function tuningStage(spec: Spectrogram): Hz {
  return hz(estimateTuning(spec));
}

// ------------------------------------------------------------------------------------------ salience/chroma

/** Pitch salience: a log-compressed semitone spectrogram C1..B6 (72 pitches) with its frame clock. */
export interface Salience {
  /** `[frames × N_PITCH]`, frame-major; pitch index 0 = MIDI 24 (C1). */
  semitones: Float32Array;
  frames: number;
  /** Hop between frames, seconds (frame f is centred at f·frameSeconds). */
  frameSeconds: Seconds;
  /** Window length, seconds. */
  windowSeconds: Seconds;
}

/**
 * Strength (0..1) of the greedy overtone sieve ({@link suppressHarmonics}) in the whole-mix salience that
 * feeds the key, meter and beat-synchronous loudness. Chosen on synthetic songs before the key model;
 * checked on validation on 2026-12-04 (PROVENANCE.md, "The whole mix's overtone sieve"): the key model
 * retrained at 0, 0.25 and 0.5 scores within the noise threshold (0.824 / 0.821 / 0.813), so it stays.
 */
export const MIX_OVERTONE_SUPPRESSION = 0.25;
/**
 * Strength of the same sieve in the harmonic (HPSS) salience the chord stage reads: none. The sieve
 * takes each pitch's energy as a note and subtracts its expected partials from the pitches above, so in
 * a chord it also removes real chord tones that coincide with partials of lower ones (the fifth is the
 * root's 3rd partial, the root an octave up its 2nd). On real instruments and voices, whose partial
 * amplitudes vary, that loss outweighs the gain: Beatles majmin WCSR 0.622 / 0.650 / 0.675 / 0.690 /
 * 0.704 at strengths 0.8 / 0.5 / 0.25 / 0.1 / 0 (real-rec-dev, issue 12), falling monotonically with
 * strength. The chord templates model the partials instead ({@link chordVocabulary}, Gómez 2006).
 * Checked on validation for the learned chord model that now reads this salience (2026-12-04,
 * PROVENANCE.md "The whole mix's overtone sieve", its last item): retrained at 0.25 it decodes 0.899 against 0.9045 at 0 (mean of
 * majmin and sevenths, two seeds, 172 held-out songs), so 0 stays.
 */
export const CHORD_OVERTONE_SUPPRESSION = 0;

/**
 * Salience stage: semitone spectrum with overtone suppression and log compression (see
 * {@link semitoneSpectrogram}) on the tuning-corrected pitch grid.
 * @param harmonicOnly keep only the harmonic part (median-filtering HPSS, {@link separateHarmonic}):
 * what the chord stage reads, so that drums and other transients do not colour the chords. It is read
 * without the overtone sieve ({@link CHORD_OVERTONE_SUPPRESSION}); the whole mix with
 * {@link MIX_OVERTONE_SUPPRESSION}.
 * @param suppression the sieve's strength, 0..1 (default: the one above for the part read); the trained
 * models were trained on the defaults, so other values are for re-rendering their corpora.
 * @throws {AnalysisError} when `suppression` is outside 0..1.
 */
export function salienceStage(
  spec: Spectrogram,
  tuningHz: Hz,
  harmonicOnly = false,
  suppression: number = harmonicOnly ? CHORD_OVERTONE_SUPPRESSION : MIX_OVERTONE_SUPPRESSION,
): Salience {
  if (!(suppression >= 0 && suppression <= 1))
    throw new AnalysisError(`overtone suppression must be in 0..1, got ${suppression}`);
  return {
    semitones: semitoneSpectrogram(spec, tuningHz, 100, suppression, harmonicOnly),
    frames: spec.frames,
    frameSeconds: seconds(spec.hop / spec.rate),
    windowSeconds: seconds(spec.n / spec.rate),
  };
}

/** Chroma with its frame clock. */
export interface TimedChroma extends Chroma {
  frameSeconds: Seconds;
  windowSeconds: Seconds;
}

/** Chroma stage: treble and bass chroma folded from the salience (see {@link chromaFromSemitones}). */
export function chromaStage(salience: Salience): TimedChroma {
  return {
    ...chromaFromSemitones(salience.semitones, salience.frames),
    frameSeconds: salience.frameSeconds,
    windowSeconds: salience.windowSeconds,
  };
}

/** Minimum prominence (log-salience units) of a spectral peak counted by {@link tonalityStage}. */
export const TONAL_PEAK_PROMINENCE = 0.6;
/** Consecutive frames (≈ 93 ms apart) a peak must hold its semitone to count as a held note. */
export const TONAL_HOLD_FRAMES = 3;

/** Content descriptors of {@link tonalityStage}, each 0..1. */
export interface Tonality {
  /** Share of salience-peak prominence on peaks held at one semitone for {@link TONAL_HOLD_FRAMES} frames. */
  held: number;
  /**
   * Share of salience-peak prominence on held peaks that have a held partner an octave, a twelfth or two
   * octaves away (a harmonic series: pitched instruments and voices). Drums, whose membranes ring with
   * inharmonic modes, and noise stay near 0.
   */
  harmonic: number;
  /**
   * Share of frames whose power is below half the mean power of the surrounding second (Scheirer &
   * Slaney, "Construction and evaluation of a robust multifeature speech/music discriminator", ICASSP
   * 1997): high for speech, with its pauses between syllables and phrases; low for music.
   */
  lowEnergy: number;
}

/**
 * Tonality stage: how much of the sound is held, harmonic, pitched notes, and how speech-like its
 * loudness contour is (see {@link Tonality}). Music holds notes (sustained partials at fixed pitches);
 * speech glides between pitches and pauses; noise and drums have no stable harmonic peaks.
 * @param salience log semitone spectrogram; @param loudness per-frame RMS (frames below 5 % of the 95th
 * percentile are skipped for the peak shares).
 */
export function tonalityStage(salience: Salience, loudness: Float64Array): Tonality {
  const { semitones: semi, frames } = salience;
  const prom = new Float32Array(frames * N_PITCH);
  for (let t = 0; t < frames; t++) {
    const b = t * N_PITCH;
    for (let m = 1; m < N_PITCH - 1; m++) {
      const v = semi[b + m] as number;
      if (v <= (semi[b + m - 1] as number) || v < (semi[b + m + 1] as number)) continue;
      let s = 0;
      let c = 0;
      for (let d = 2; d <= 4; d++) {
        if (m - d >= 0) {
          s += semi[b + m - d] as number;
          c++;
        }
        if (m + d < N_PITCH) {
          s += semi[b + m + d] as number;
          c++;
        }
      }
      const p = v - s / c;
      if (p > TONAL_PEAK_PROMINENCE) prom[b + m] = p;
    }
  }
  const h = TONAL_HOLD_FRAMES;
  const held = new Uint8Array(frames * N_PITCH);
  for (let t = 0; t < frames; t++) {
    for (let m = 0; m < N_PITCH; m++) {
      if ((prom[t * N_PITCH + m] as number) === 0) continue;
      let run = 1;
      for (let d = 1; d < h && t - d >= 0 && (prom[(t - d) * N_PITCH + m] as number) > 0; d++) run++;
      for (let d = 1; d < h && t + d < frames && (prom[(t + d) * N_PITCH + m] as number) > 0; d++) run++;
      if (run >= h) held[t * N_PITCH + m] = 1;
    }
  }
  const ref = percentile(loudness, 0.95);
  let all = 0;
  let heldSum = 0;
  let harmSum = 0;
  const isHeld = (t: number, m: number) => m >= 0 && m < N_PITCH && held[t * N_PITCH + m] === 1;
  for (let t = 0; t < frames; t++) {
    if (!((loudness[t] as number) > 0.05 * ref)) continue;
    for (let m = 0; m < N_PITCH; m++) {
      const p = prom[t * N_PITCH + m] as number;
      if (p === 0) continue;
      all += p;
      if (!isHeld(t, m)) continue;
      heldSum += p;
      if (
        isHeld(t, m + 12) ||
        isHeld(t, m + 19) ||
        isHeld(t, m + 24) ||
        isHeld(t, m - 12) ||
        isHeld(t, m - 19) ||
        isHeld(t, m - 24)
      )
        harmSum += p;
    }
  }
  const w = Math.max(1, Math.round(0.5 / salience.frameSeconds));
  let low = 0;
  let counted = 0;
  for (let t = 0; t < frames; t++) {
    let sum = 0;
    let c = 0;
    for (let d = -w; d <= w; d++) {
      const v = loudness[t + d];
      if (v !== undefined) {
        sum += v * v;
        c++;
      }
    }
    if (!(sum > 0)) continue;
    counted++;
    if ((loudness[t] as number) ** 2 < (0.5 * sum) / c) low++;
  }
  return {
    held: all > 0 ? heldSum / all : 0,
    harmonic: all > 0 ? harmSum / all : 0,
    lowEnergy: counted > 0 ? low / counted : 0,
  };
}

// ------------------------------------------------------------------------------------------- onset / tempo

/** Onset strength envelope with its frame rate. */
export interface Onset {
  envelope: Float32Array;
  /** Frames per second, Hz. */
  frameRate: Hz;
}

/**
 * Onset stage: spectral-flux onset strength from a short STFT ({@link ONSET_WINDOW_SECONDS}, 75 %
 * overlap) computed frame by frame without storing the spectrogram (see {@link OnsetEnvelope}).
 */
export function onsetStage(signal: Signal): Onset {
  return onsetFrames(signal, false).onset;
}

/**
 * The onset stage ({@link onsetStage}) and, from the same STFT frames, the learned beat model's log band
 * energies ({@link BeatBands}; its input is `beatModelInput(bands)`).
 */
export function onsetAndBeatBands(signal: Signal): { onset: Onset; bands: BandFrames } {
  const { onset, bands } = onsetFrames(signal, true);
  if (!bands) throw new AnalysisError("internal: the onset STFT kept no beat bands");
  return { onset, bands };
}

function onsetFrames(signal: Signal, withBands: boolean): { onset: Onset; bands: BandFrames | null } {
  const n = nextPow2(ONSET_WINDOW_SECONDS * signal.rate);
  const hop = n / HOP_DIVISOR;
  const frames = Math.floor(signal.samples.length / hop) + 1;
  const env = new OnsetEnvelope(n, signal.rate, hop, frames);
  const bands = withBands ? new BeatBands(n, signal.rate, hop, frames) : null;
  forEachStftFrame(signal.samples, n, hop, (_t, mag) => {
    env.addFrame(mag);
    bands?.addFrame(mag);
  });
  return {
    onset: { envelope: env.finish(), frameRate: hz(signal.rate / hop) },
    bands: bands ? bands.finish() : null,
  };
}

/** Global tempo and how clearly the onsets support a steady beat. */
export interface Tempo {
  /** BPM at the autocorrelation's preferred metrical level; null when there is no periodicity. */
  bpm: number | null;
}

/** Tempo stage: autocorrelation tempo with a log-Gaussian prior (see {@link estimateTempo}). */
export function tempoStage(onset: Onset): Tempo {
  const bpm = estimateTempo(onset.envelope, onset.frameRate);
  return { bpm: bpm > 0 ? bpm : null };
}

/** Beats at the chosen metrical level. */
export interface BeatTrack {
  /** Beat instants, seconds, ascending ([] when no steady beat). */
  beats: Seconds[];
  /** Beat instants in onset frames. */
  frames: number[];
  /** The beats group in threes (3/4 chosen over a dotted 6/8 reading). */
  triple: boolean;
  /** The beats are subdivided in three (compound meter). */
  ternary: boolean;
  /** The onsets repeat in bars of three beats rather than four (see {@link isThreeBeatBarPeriodicity}). */
  threeBeatBars: boolean;
  /** 0..1 confidence that the onsets carry a steady beat at this period. */
  confidence: number;
}

/**
 * Steadiness of a beat track: the normalised autocorrelation of the (mean-removed) onset envelope at
 * one to four beat periods, averaged and clipped to 0..1. A steady pulse repeats at every multiple of its
 * period (a click track gives ≈ 1); noise does not repeat (≈ 0), and speech's syllables are only
 * quasi-periodic, so their correlation fades after one or two periods. The same autocorrelation that
 * picks the tempo (Ellis 2007), read as a confidence, like the "pulse clarity" of Lartillot et al.
 * (ISMIR 2008).
 * @param periodFrames beat period in onset frames (> 0).
 */
export function beatSteadiness(onset: Float32Array, periodFrames: number): number {
  const n = onset.length;
  if (!(periodFrames > 0) || n < 4 * periodFrames + 2) return 0;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += onset[i] as number;
  mean /= n;
  const acf = (lag: number) => {
    let s = 0;
    for (let i = lag; i < n; i++) s += ((onset[i] as number) - mean) * ((onset[i - lag] as number) - mean);
    return s / (n - lag);
  };
  const a0 = acf(0);
  if (!(a0 > 0)) return 0;
  let sum = 0;
  for (let k = 1; k <= 4; k++) {
    // best lag within ±2 frames of k periods (the tracked period is quantised and may drift slightly)
    const c = Math.round(k * periodFrames);
    let best = Number.NEGATIVE_INFINITY;
    for (let lag = c - 2; lag <= c + 2; lag++) best = Math.max(best, acf(lag));
    sum += best / a0;
  }
  return Math.max(0, Math.min(1, sum / 4));
}

/**
 * Beat stage: dynamic-programming beat tracking (Ellis 2007) at the tempo's period, then the metrical
 * level: doubled when the backbeat or the chord changes fall halfway between the tracked beats (Goto
 * 2001), and a compound-looking beat re-read as 3/4 at 1.5× or halved when implausibly fast (Klapuri et
 * al. 2006); the final beats are tracked again at that level with {@link FINAL_TIGHTNESS}.
 * @param chroma treble chroma for the chord-change check.
 */
export function beatStage(onset: Onset, tempo: Tempo, chroma: TimedChroma): BeatTrack {
  const env = onset.envelope;
  const frameRate = onset.frameRate;
  if (tempo.bpm === null)
    return { beats: [], frames: [], triple: false, ternary: false, threeBeatBars: false, confidence: 0 };
  let periodFrames = (60 * frameRate) / tempo.bpm;
  let beatFrames = trackBeats(env, periodFrames);
  let triple = false;
  const canDouble = 2 * tempo.bpm <= MAX_DOUBLED_BPM;
  if (
    canDouble &&
    (offbeatRatio(env, beatFrames) > BACKBEAT_DOUBLE ||
      harmonicOffbeatRatio(
        chroma.treble,
        chroma.frames,
        chroma.frameSeconds,
        beatFrames.map((f) => f / frameRate),
      ) > HARMONIC_OFFBEAT_DOUBLE)
  ) {
    periodFrames /= 2;
    beatFrames = trackBeats(env, periodFrames);
  }
  // Compound beat tracked two eighths at a time: try the dotted grid 1.5× as slow.
  if (!isTernary(env, beatFrames) && (40 * frameRate) / periodFrames >= MIN_COMPOUND_BPM) {
    const slower = trackBeats(env, 1.5 * periodFrames);
    if (
      slower.length >= 4 &&
      isTernary(env, slower) &&
      isCompoundNotWaltz(beatSalience(env, beatFrames), beatSalience(env, slower))
    ) {
      periodFrames *= 1.5;
      beatFrames = slower;
    }
  }
  if (isTernary(env, beatFrames)) {
    const faster =
      (90 * frameRate) / periodFrames <= MAX_DOUBLED_BPM ? trackBeats(env, (2 * periodFrames) / 3) : [];
    if (
      faster.length > 0 &&
      isWaltzNotCompound(beatSalience(env, beatFrames), beatSalience(env, faster)) &&
      isWaltzPeriodicity(env, beatPeriod(beatFrames))
    ) {
      periodFrames = (2 * periodFrames) / 3;
      beatFrames = faster;
      triple = true;
    } else if ((60 * frameRate) / periodFrames > MAX_COMPOUND_BPM) {
      periodFrames *= 2;
      beatFrames = trackBeats(env, periodFrames);
    }
  }
  const ternary = !triple && isTernary(env, beatFrames);
  // The metrical level is settled: place the final beats on a steadier grid.
  beatFrames = trackBeats(env, periodFrames, FINAL_TIGHTNESS);
  return {
    beats: beatFrames.map((f) => seconds(f / frameRate)),
    frames: beatFrames,
    triple,
    ternary,
    threeBeatBars: isThreeBeatBarPeriodicity(env, beatPeriod(beatFrames) || periodFrames),
    confidence: beatSteadiness(env, periodFrames),
  };
}

/**
 * Learned beat stage: tempo and beats decoded from a beat activation network's output in place of
 * {@link beatStage}'s onset-envelope rules — the network was trained on the beats a musician counts, so
 * it carries the metrical level itself. By default the activation is decoded by a dynamic Bayesian
 * network over tempo and beat phase ({@link decodeBeatsDbn}, Krebs, Böck & Widmer 2015), which lets the
 * tempo drift; `{ decoder: "dp", tightness }` reads one tempo by autocorrelation and places the beats by
 * dynamic programming ({@link trackActivationBeats}). The onset envelope still gives what the network
 * does not: whether there is a pulse at all (`tempo.bpm` null: no beats), the subdivision (compound or
 * not), the three-beat bar periodicity and the confidence (at the tempo stage's period, as the content
 * rules expect).
 * @param activation beat probability per frame at {@link BEAT_FRAME_RATE} (the beat model's output).
 * @param decoding the decoder and its parameters (default {@link LEARNED_BEAT_DECODING}).
 */
export function learnedBeatStage(
  onset: Onset,
  tempo: Tempo,
  activation: Float32Array,
  decoding: BeatDecoding = LEARNED_BEAT_DECODING,
): BeatTrack {
  const none = { beats: [], frames: [], triple: false, ternary: false, threeBeatBars: false, confidence: 0 };
  if (tempo.bpm === null) return none;
  const env = onset.envelope;
  const frameRate = onset.frameRate;
  const confidence = beatSteadiness(env, (60 * frameRate) / tempo.bpm);
  const learned =
    decoding.decoder === "dbn"
      ? decodeBeatsDbn(activation, BEAT_FRAME_RATE, decoding.dbn)
      : trackActivationBeats(activation, BEAT_FRAME_RATE, decoding.tightness);
  if (learned.beats.length < 2) return { ...none, confidence };
  const frames = learned.beats.map((t) => Math.min(env.length - 1, Math.round(t * frameRate)));
  const periodFrames = (60 * frameRate) / learned.bpm;
  return {
    beats: learned.beats.map((t) => seconds(t)),
    frames,
    triple: false,
    ternary: isTernary(env, frames),
    threeBeatBars: isThreeBeatBarPeriodicity(env, beatPeriod(frames) || periodFrames),
    confidence,
  };
}

// ------------------------------------------------------------------------------- beat-synchronous features

/** Beat-synchronous features: one row per segment between consecutive bounds. */
export interface BeatSyncFeatures {
  /** Segment boundaries, seconds: S + 1 ascending values from 0 to the duration. */
  bounds: Seconds[];
  segments: number;
  /** `[S × 12]` treble chroma per segment. */
  treble: Float64Array;
  /** `[S × 12]` bass chroma per segment. */
  bass: Float64Array;
  /** 1 where the segment is silent (or a quiet lead-in/tail): "no chord". */
  silent: Uint8Array;
  /** Mean RMS per segment. */
  loudness: Float64Array;
}

/**
 * Frame loudness: RMS of the signal over one chroma hop around each chroma frame centre.
 * @returns one value per frame of `chroma`.
 */
export function frameLoudness(signal: Signal, chroma: TimedChroma): Float64Array {
  const x = signal.samples;
  const hop = Math.round(chroma.frameSeconds * signal.rate);
  const loud = new Float64Array(chroma.frames);
  for (let t = 0; t < chroma.frames; t++) {
    const a = Math.max(0, t * hop - (hop >> 1));
    const b = Math.min(x.length, a + hop);
    let s = 0;
    for (let i = a; i < b; i++) s += (x[i] as number) ** 2;
    loud[t] = b > a ? Math.sqrt(s / (b - a)) : 0;
  }
  return loud;
}

/**
 * Beat-synchronous features stage: segment boundaries at the beats (extended by the beat period to both
 * ends, or a {@link FALLBACK_GRID_SECONDS} grid without beats), and per segment the chroma averaged with
 * weights equal to the overlap of each frame's central half-window with the segment; silence flags.
 */
export function beatSyncStage(
  chroma: TimedChroma,
  loudness: Float64Array,
  beats: readonly Seconds[],
  durationSeconds: Seconds,
): BeatSyncFeatures {
  const period = beatPeriod(beats);
  const grid: number[] = [];
  if (beats.length >= 2 && period > 0) {
    const pre: number[] = [];
    for (let t = (beats[0] as number) - period; t > 0.05; t -= period) pre.push(t);
    grid.push(...pre.reverse(), ...beats);
    for (let t = (beats[beats.length - 1] as number) + period; t < durationSeconds - 0.05; t += period)
      grid.push(t);
  } else for (let t = FALLBACK_GRID_SECONDS; t < durationSeconds; t += FALLBACK_GRID_SECONDS) grid.push(t);
  const bounds: Seconds[] = [seconds(0)];
  for (const b of grid)
    if (b > (bounds[bounds.length - 1] as number) + 1e-3 && b < durationSeconds - 1e-3)
      bounds.push(seconds(b));
  bounds.push(durationSeconds);
  const S = bounds.length - 1;
  const treble = new Float64Array(S * 12);
  const bass = new Float64Array(S * 12);
  const silent = new Uint8Array(S);
  const segLoud = new Float64Array(S);
  for (let s = 0; s < S; s++) {
    let l = 0;
    const wsum = forEachFrameInSegment(chroma, bounds[s] as number, bounds[s + 1] as number, (f, w) => {
      for (let i = 0; i < 12; i++) {
        treble[s * 12 + i] = (treble[s * 12 + i] as number) + w * (chroma.treble[f * 12 + i] as number);
        bass[s * 12 + i] = (bass[s * 12 + i] as number) + w * (chroma.bass[f * 12 + i] as number);
      }
      l += w * (loudness[f] as number);
    });
    segLoud[s] = wsum > 0 ? l / wsum : 0;
  }
  const refLoud = percentile(segLoud, 0.95);
  for (let s = 0; s < S; s++)
    silent[s] = (segLoud[s] as number) < SILENT_LOUDNESS * refLoud || refLoud === 0 ? 1 : 0;
  const medLoud = percentile(segLoud, 0.5);
  for (let s = 0; s < S && (segLoud[s] as number) < EDGE_QUIET_LOUDNESS * medLoud; s++) silent[s] = 1;
  for (let s = S - 1; s >= 0 && (segLoud[s] as number) < EDGE_QUIET_LOUDNESS * medLoud; s--) silent[s] = 1;
  return { bounds, segments: S, treble, bass, silent, loudness: segLoud };
}

/**
 * Beat-synchronous pitch salience: the log semitone spectrum (C1..B6, {@link N_PITCH} pitches) averaged over
 * each segment of `bounds`, every frame weighted by how much of its effective window (a quarter of the
 * window each side of its centre, as in {@link beatSyncStage}) overlaps the segment. What a learned chord
 * or key model reads when it needs the register that chroma folds away (bass under treble, a voice above
 * the band); McFee & Bello (ISMIR 2017) and Korzeniowski & Widmer (2017) read such log-frequency spectra.
 * @param salience a {@link Salience} (log-compressed, ≥ 0).
 * @param bounds segment boundaries in seconds, ascending, ≥ 2 values (the `bounds` of {@link beatSyncStage}).
 * @returns `[segments × N_PITCH]` row-major, segments = bounds.length − 1; a segment no frame overlaps is 0.
 */
export function beatSyncSalienceStage(salience: Salience, bounds: readonly Seconds[]): Float32Array {
  const S = Math.max(0, bounds.length - 1);
  const out = new Float32Array(S * N_PITCH);
  const semi = salience.semitones;
  for (let s = 0; s < S; s++) {
    const ob = s * N_PITCH;
    const wsum = forEachFrameInSegment(salience, bounds[s] as number, bounds[s + 1] as number, (f, w) => {
      const fb = f * N_PITCH;
      for (let m = 0; m < N_PITCH; m++) out[ob + m] = (out[ob + m] as number) + w * (semi[fb + m] as number);
    });
    if (wsum > 0) for (let m = 0; m < N_PITCH; m++) out[ob + m] = (out[ob + m] as number) / wsum;
  }
  return out;
}

/**
 * Visit every frame of a frame clock that overlaps the segment [a, b) seconds, with its weight: the length
 * of the overlap between the segment and the frame's effective window, a quarter of the analysis window
 * each side of the frame's centre (f · frameSeconds). The beat-synchronous stages average with it.
 * @returns the sum of the weights (0 when no frame overlaps).
 */
function forEachFrameInSegment(
  clock: { frames: number; frameSeconds: Seconds; windowSeconds: Seconds },
  a: number,
  b: number,
  visit: (frame: number, weight: number) => void,
): number {
  const fs = clock.frameSeconds as number;
  const effHalf = (clock.windowSeconds as number) / 4;
  const f0 = Math.max(0, Math.floor((a - effHalf) / fs));
  const f1 = Math.min(clock.frames - 1, Math.ceil((b + effHalf) / fs));
  let wsum = 0;
  for (let f = f0; f <= f1; f++) {
    const c = f * fs;
    const w = Math.max(0, Math.min(b, c + effHalf) - Math.max(a, c - effHalf));
    if (w <= 0) continue;
    visit(f, w);
    wsum += w;
  }
  return wsum;
}

// ------------------------------------------------------------------------------------------------- chords

/** Decoded chords per beat segment. */
export interface ChordTrack {
  /** Index into the chord vocabulary per segment. */
  state: Int32Array;
  /** 0..1 confidence per segment. */
  confidence: Float64Array;
  /** Bass pitch class per segment when the bass clearly plays a chord tone other than the root. */
  inversionBass: Int16Array;
}

/** Share of the bass chroma a non-root chord tone must hold (and exceed the root by 1.5×) for "C/E". */
export const INVERSION_BASS_SHARE = 0.3;

/**
 * Chord stage: template matching on beat-synchronous treble and bass chroma decoded by an HMM (see
 * {@link recogniseChords}), optionally with a key-dependent prior (Mauch & Dixon 2010); then slash-chord
 * basses where the bass chroma clearly says so.
 * @param forKeyEvidence decode with the key stage's seventh-chord bias (chords that feed the key, not shown).
 * @param learned a learned chord model's `[segments × 97]` log-probabilities (see `ChordModel`) and their
 * weight in the emissions; null: the built-in model ({@link chordModelLogProbs}, {@link CHORD_MODEL_WEIGHT}).
 * @param decoding the HMM's self-transition probability, the key prior's weight and the templates' harmonic
 * decay ({@link CHORD_DECODING}).
 * @throws {RangeError} when `decoding.harmonicDecay` is outside [0, 1].
 */
export function chordStage(
  features: BeatSyncFeatures,
  key: { tonic: PitchClassIndex; mode: "major" | "minor" } | null = null,
  forKeyEvidence = false,
  learned: { logProbs: Float64Array; weight: number } | null = null,
  decoding: ChordDecoding = CHORD_DECODING,
): ChordTrack {
  const vocab = vocabularyFor(forKeyEvidence, decoding.harmonicDecay);
  const input = {
    treble: features.treble,
    bass: features.bass,
    silent: features.silent,
    segments: features.segments,
  };
  const prior = key ? keyChordPrior(vocab, key.tonic, key.mode, decoding.keyPriorWeight) : undefined;
  // A learned model joins the templates, for the displayed chords and the key's chord evidence alike:
  // the ONNX chord model when given, else the small built-in one.
  const model = learned ?? {
    logProbs: chordModelLogProbs(features.treble, features.bass, features.segments, CHORD_MODEL_WEIGHTS),
    weight: CHORD_MODEL_WEIGHT,
  };
  const { state, confidence } = recogniseChords(input, vocab, { pStay: decoding.pStay }, prior, model);
  return { state, confidence, inversionBass: inversionBasses(features, state) };
}

/**
 * Weight of the learned chord model's log-probabilities ({@link chordModelLogProbs}) in the chord
 * emissions, in natural-log units: 1 adds them at face value to the template scores, a product of the
 * two experts (see {@link recogniseChords}). Not tuned: on real recordings the combination beats either
 * expert alone (Beatles majmin 0.70 templates, 0.57 model alone, 0.74 both; issue 12).
 */
export const CHORD_MODEL_WEIGHT = 1;

/** Per segment the bass pitch class of an inversion, or −1. */
function inversionBasses(features: BeatSyncFeatures, state: Int32Array): Int16Array {
  const out = new Int16Array(features.segments).fill(-1);
  // Aggregate over runs of the same chord so that a walking bass does not make every beat a slash chord.
  let a = 0;
  for (let s = 1; s <= features.segments; s++) {
    if (s < features.segments && state[s] === state[a]) continue;
    const st = VOCAB[state[a] as number] as ChordState;
    if (st.root >= 0) {
      const acc = new Float64Array(12);
      for (let j = a; j < s; j++)
        for (let i = 0; i < 12; i++) acc[i] = (acc[i] as number) + (features.bass[j * 12 + i] as number);
      let sum = 0;
      let best = 0;
      for (let i = 0; i < 12; i++) {
        sum += acc[i] as number;
        if ((acc[i] as number) > (acc[best] as number)) best = i;
      }
      const tones = st.intervals.map((iv) => (st.root + iv) % 12);
      if (
        best !== st.root &&
        tones.includes(best) &&
        sum > 0 &&
        (acc[best] as number) > INVERSION_BASS_SHARE * sum &&
        (acc[best] as number) > 1.5 * (acc[st.root] as number)
      )
        for (let j = a; j < s; j++) out[j] = best;
    }
    a = s;
  }
  return out;
}

/** Chord segments (merged runs) with display names and confidences, times rounded to 1 ms. */
export function chordSegments(features: BeatSyncFeatures, chords: ChordTrack): ChordSegment[] {
  const segments: ChordSegment[] = [];
  for (let s = 0; s < features.segments; s++) {
    const st = VOCAB[chords.state[s] as number] as ChordState;
    const bassPc = chords.inversionBass[s] as number;
    const name = st.root < 0 ? "N" : slashChordName(st.root, st.harte, bassPc >= 0 ? bassPc : null);
    const last = segments[segments.length - 1];
    const conf = chords.confidence[s] as number;
    const a = features.bounds[s] as number;
    const b = features.bounds[s + 1] as number;
    if (last && last.chord === name) {
      const la = last.end - last.start;
      last.confidence = (last.confidence * la + conf * (b - a)) / (la + (b - a));
      last.end = b;
    } else segments.push({ start: a, end: b, chord: name, confidence: conf });
  }
  for (const seg of segments) {
    seg.start = round3(seg.start);
    seg.end = round3(seg.end);
    seg.confidence = round3(seg.confidence);
  }
  return segments;
}

// ------------------------------------------------------------------------------------------ meter/downbeats

/** Meter and downbeats. */
export interface Meter {
  timeSignature: TimeSignature;
  downbeats: Seconds[];
}

/**
 * Meter/downbeat stage: bar length and downbeat phase from beat-to-beat harmonic novelty (chroma change
 * plus chord change; see {@link inferMeter}); 3/4 also needs the onsets to repeat in three-beat bars
 * ({@link BeatTrack.threeBeatBars}).
 * @returns null when there are fewer than 4 beats.
 */
export function meterStage(features: BeatSyncFeatures, chords: ChordTrack, beats: BeatTrack): Meter | null {
  if (beats.beats.length < 4) return null;
  const segIndex = new Map(features.bounds.map((b, i) => [b as number, i]));
  const S = features.segments;
  const novelty: number[] = [];
  for (const bt of beats.beats) {
    const s = segIndex.get(bt) ?? -1;
    if (s <= 0 || s >= S) {
      novelty.push(0);
      continue;
    }
    novelty.push(
      1 -
        cosine(features.treble, s, s - 1) +
        (1 - cosine(features.bass, s, s - 1)) +
        (chords.state[s] !== chords.state[s - 1] ? 1 : 0),
    );
  }
  const meter = inferMeter(novelty, beats.ternary, beats.triple, beats.threeBeatBars);
  return {
    timeSignature: meter.timeSignature,
    downbeats: beats.beats.filter((_, i) => i % meter.beatsPerBar === meter.phase),
  };
}

// ---------------------------------------------------------------------------------------------------- key

/**
 * The opening establishes the key: chroma at time t is weighted 1 + OPENING_WEIGHT·exp(−t /
 * OPENING_SECONDS) in the key profile (the "initial segment" emphasis of key-finding models;
 * Longuet-Higgins & Steedman 1971; Temperley 2007, ch. 4).
 */
export const OPENING_WEIGHT = 4;
export const OPENING_SECONDS = 30;

/**
 * Whole-piece pitch-class profile: duration- and opening-weighted sum of the treble and bass chroma of
 * every non-silent beat segment, each normalised to sum 1 (a pitch-class distribution per beat, the
 * quantity the corpus profiles of {@link estimateKey} describe).
 * @returns 12 values indexed by pitch class (0 = C), ≥ 0; all 0 when every segment is silent.
 */
export function keyProfile(features: BeatSyncFeatures): Float64Array {
  const { bounds, treble, bass, silent } = features;
  const profile = new Float64Array(12);
  for (let s = 0; s < features.segments; s++) {
    if (silent[s]) continue;
    const t0 = bounds[s] as number;
    const dur = ((bounds[s + 1] as number) - t0) * (1 + OPENING_WEIGHT * Math.exp(-t0 / OPENING_SECONDS));
    addToKeyProfile(profile, treble, bass, dur, s * 12);
  }
  return profile;
}

/** Chord statistics for the key decision (seconds per root and third, first and last chord). */
export function chordStats(features: BeatSyncFeatures, chords: ChordTrack): ChordStats {
  const stats = emptyChordStats();
  for (let s = 0; s < chords.state.length; s++) {
    if (features.silent[s]) continue;
    const st = VOCAB[chords.state[s] as number] as ChordState;
    addChordTime(
      stats,
      st.root,
      st.harte,
      (features.bounds[s + 1] as number) - (features.bounds[s] as number),
    );
  }
  return stats;
}

/** Key stage: global key from the pitch-class profile and the decoded chords (see {@link estimateKey}). */
export function keyStage(features: BeatSyncFeatures, chords: ChordTrack): KeyEstimate {
  return estimateKey(keyProfile(features), chordStats(features, chords));
}

/**
 * Local-key stage: modulations as key segments (see {@link localKeys}).
 * @param options the local-key parameters; {@link LOCAL_KEY_DEFAULTS} (PROVENANCE.md, "Local keys").
 */
export function localKeyStage(
  features: BeatSyncFeatures,
  globalKey: string | null,
  options: LocalKeyOptions = LOCAL_KEY_DEFAULTS,
): KeySegment[] {
  const { bounds, treble, bass, silent } = features;
  const S = features.segments;
  const segProfiles = new Float64Array(S * 12);
  for (let s = 0; s < S; s++) {
    if (silent[s]) continue;
    const dur = (bounds[s + 1] as number) - (bounds[s] as number);
    const nt = norm(treble, s);
    const nb = norm(bass, s);
    for (let i = 0; i < 12; i++)
      segProfiles[s * 12 + i] =
        dur *
        ((nt > 0 ? (treble[s * 12 + i] as number) / nt : 0) +
          (nb > 0 ? (bass[s * 12 + i] as number) / nb : 0));
  }
  return localKeys(bounds, segProfiles, globalKey ? parseKey(globalKey) : null, options).map((k) => ({
    start: round3(k.start),
    end: round3(k.end),
    key: k.key,
    confidence: round3(k.confidence),
  }));
}

// ----------------------------------------------------------------------------------------------- composer

/** Below this harmonic share ({@link Tonality}) the audio has no harmonic content (noise, drums): no key. */
export const MIN_HARMONIC_SHARE = 0.06;
/** Below this beat confidence ({@link beatSteadiness}) the pulse is unclear. */
export const CLEAR_PULSE = 0.15;
/**
 * Speech: no clear pulse, fewer held notes than music without a pulse (a cappella song, piano, jazz
 * ballads hold ≥ 0.82 of their peaks) and many low-energy frames (speech > 0.36).
 */
export const SPEECH_MAX_HELD = 0.82;
export const SPEECH_MIN_LOW_ENERGY = 0.36;

/** What kind of sound the signal is, for the honest-output rules of {@link analyzeSignal}. */
export interface Content {
  /** Pitched, harmonic material: a key and chords make sense. */
  harmonic: boolean;
  /** A tempo and beats are reported (false for silence, noise, speech and drum-only audio). */
  pulse: boolean;
}

/**
 * Content stage: silence (peak below {@link SILENCE_PEAK}) has neither harmony nor pulse; speech
 * (unclear pulse, few held notes, many low-energy frames) neither; noise and drum-only audio have no
 * harmony ({@link MIN_HARMONIC_SHARE}) and, as issue 12 ("honest output") asks, no reported tempo
 * either: Tonic reports the tempo of songs, and a drum loop alone gives no key, no BPM and no chords.
 */
export function contentStage(peak: number, tonality: Tonality, beatConfidence: number): Content {
  if (peak < SILENCE_PEAK) return { harmonic: false, pulse: false };
  const speech =
    beatConfidence < CLEAR_PULSE &&
    tonality.held < SPEECH_MAX_HELD &&
    tonality.lowEnergy > SPEECH_MIN_LOW_ENERGY;
  const harmonic = !speech && tonality.harmonic >= MIN_HARMONIC_SHARE;
  const pulse = harmonic;
  return { harmonic, pulse };
}

/**
 * Everything {@link extractFeatures} computes from a signal: the first, model-independent half of the
 * pipeline, up to the beat-synchronous features and the first chord pass. {@link finishAnalysis} turns it
 * into the {@link AnalysisResult}, optionally with a learned key.
 */
export interface SignalFeatures {
  /** Duration of the original input, seconds. */
  durationSeconds: Seconds;
  /** Estimated A4 reference, Hz. */
  tuning: Hz;
  /** The tracked beats with their metrical descriptors and confidence (before the content rules). */
  track: BeatTrack;
  /** What kind of sound it is: whether a key/chords and a tempo are reported. */
  content: Content;
  /** The beats are reported: there is a pulse and at least 4 beats. */
  steady: boolean;
  /** The reported beats, seconds ascending: `track.beats` when `steady`, else []. */
  beats: Seconds[];
  /** Reported tempo, BPM rounded to 1 decimal; null without a steady beat. */
  bpm: number | null;
  /**
   * Beat-synchronous features of the whole mix (what the key, meter and key model read); every segment
   * is flagged silent when the content is not harmonic.
   */
  features: BeatSyncFeatures;
  /** Beat-synchronous features of the harmonic (HPSS) part, what the displayed chords read; same segments. */
  harmonic: BeatSyncFeatures;
  /**
   * Beat-synchronous log semitone spectrum of the harmonic part (the whole mix when the content is not
   * harmonic), `[harmonic.segments × N_PITCH]` (see {@link beatSyncSalienceStage}).
   */
  harmonicSpectrum: Float32Array;
}

/** What a learned beat model adds to {@link extractFeatures}: the onset stage it read and its activation. */
export interface LearnedRhythm {
  /** The signal's onset stage, already computed (with the beat model's bands); else computed here. */
  onset?: Onset;
  /** The beat model's activation at {@link BEAT_FRAME_RATE}; when given, {@link learnedBeatStage} tracks the beats. */
  beatActivation?: Float32Array;
}

/**
 * First half of {@link analyzeSignal}: spectrum, tuning, salience, chroma, tonality, onsets, tempo, beats,
 * content, beat-synchronous features and the first (key-free) chord pass. Pure and synchronous.
 * @param progress called at the start of the "spectrum", "chroma", "beats" and "chords" stages.
 * @param learned a learned beat model's activation (and the onset stage it was computed from): the beats
 * then come from {@link learnedBeatStage}; without it, from {@link beatStage}.
 */
export function extractFeatures(
  signal: Signal,
  progress: (stage: AnalysisStage) => void = () => {},
  learned: LearnedRhythm = {},
): SignalFeatures {
  const duration = signal.durationSeconds;
  let peak = 0;
  for (const v of signal.samples) peak = Math.max(peak, Math.abs(v));
  progress("spectrum");
  const onset = learned.onset ?? onsetStage(signal);
  const spec = pitchSpectrum(signal);

  progress("chroma");
  const tuning = tuningStage(spec);
  const salience = salienceStage(spec, tuning);
  const chroma = chromaStage(salience);
  const loudness = frameLoudness(signal, chroma);
  const tonality = tonalityStage(salience, loudness);

  progress("beats");
  const tempo = tempoStage(onset);
  const track = learned.beatActivation
    ? learnedBeatStage(onset, tempo, learned.beatActivation)
    : beatStage(onset, tempo, chroma);
  const content = contentStage(peak, tonality, track.confidence);
  const tonal = content.harmonic;
  const steady = content.pulse && track.beats.length >= 4;
  const beats = steady ? track.beats : [];
  const period = beatPeriod(beats);
  const bpm = steady && period > 0 ? Math.round(600 / period) / 10 : null;

  progress("chords");
  const features = beatSyncStage(chroma, loudness, beats, duration);
  if (!tonal) features.silent.fill(1);
  // Chords read the harmonic part only (HPSS); key, meter and beats the whole mix.
  const harmonicSalience = tonal ? salienceStage(spec, tuning, true) : salience;
  const harmonic = tonal ? beatSyncStage(chromaStage(harmonicSalience), loudness, beats, duration) : features;
  harmonic.silent.set(features.silent);
  const harmonicSpectrum = beatSyncSalienceStage(harmonicSalience, features.bounds);
  return {
    durationSeconds: duration,
    tuning,
    track,
    content,
    steady,
    beats,
    bpm,
    features,
    harmonic,
    harmonicSpectrum,
  };
}

/**
 * Input of a learned chord model ({@link ChordModelInput}) from the beat-synchronous chroma of the harmonic
 * part (what {@link chordStage} reads): per segment the 12 treble values divided by their maximum and the
 * 12 bass values divided by their sum (all 0 when that is 0 or the segment is silent).
 * With `spectrum` (the {@link SignalFeatures.harmonicSpectrum} of the same segments) the input also
 * carries it, silent segments zeroed, for a model that reads the log semitone spectrum.
 * @returns `beats` = `harmonic.segments`, `features` `[beats × 24]` row-major, `spectrum` `[beats × 72]`.
 * @throws {AnalysisError} when `spectrum` does not hold `segments × 72` values.
 */
export function chordModelInput(harmonic: BeatSyncFeatures, spectrum?: Float32Array): ChordModelInput {
  const { treble, bass, silent } = harmonic;
  const S = harmonic.segments;
  const out = new Float32Array(S * 24);
  for (let s = 0; s < S; s++) {
    if (silent[s]) continue;
    let mt = 0;
    for (let i = 0; i < 12; i++) mt = Math.max(mt, treble[s * 12 + i] as number);
    const nb = sum12(bass, s);
    for (let i = 0; i < 12; i++) {
      out[s * 24 + i] = mt > 0 ? (treble[s * 12 + i] as number) / mt : 0;
      out[s * 24 + 12 + i] = nb > 0 ? (bass[s * 12 + i] as number) / nb : 0;
    }
  }
  if (!spectrum) return { beats: S, features: out };
  if (spectrum.length !== S * N_PITCH)
    throw new AnalysisError(
      `chordModelInput: the spectrum holds ${spectrum.length} values, not ${S} segments × ${N_PITCH} pitches`,
    );
  const spec = Float32Array.from(spectrum);
  for (let s = 0; s < S; s++) if (silent[s]) spec.fill(0, s * N_PITCH, (s + 1) * N_PITCH);
  return { beats: S, features: out, spectrum: spec };
}

/**
 * Weight of a learned chord model's log-probabilities (`models/chords.onnx`) in the chord emissions (see
 * {@link chordStage}, {@link recogniseChords}), chosen on the training corpora's validation split
 * (train/evaluate-chord-onnx.ts; PROVENANCE.md).
 */
export const LEARNED_CHORD_WEIGHT = 4;

/**
 * The chord HMM's decoding with the learned chord model ({@link CHORD_DECODING} without it, and for the key
 * evidence's chords). PROVENANCE.md, "The chord HMM's constants".
 */
export const LEARNED_CHORD_DECODING: ChordDecoding = {
  pStay: 0.7,
  keyPriorWeight: KEY_PRIOR_WEIGHT,
  harmonicDecay: HARMONIC_DECAY,
};

/**
 * Input of a learned key model ({@link KeyModelInput}) from the beat-synchronous features of the whole
 * mix: per segment the 12 treble then the 12 bass chroma values, each half divided by its sum (all 0 when
 * the sum is 0 or the segment is silent), and the segment's duration in seconds as its weight (0 when
 * silent).
 * @returns `beats` = `features.segments`, `features` `[beats × 24]` row-major, `weights` `[beats]`.
 */
export function keyModelInput(features: BeatSyncFeatures): KeyModelInput {
  const { bounds, treble, bass, silent } = features;
  const S = features.segments;
  const out = new Float32Array(S * 24);
  const weights = new Float32Array(S);
  for (let s = 0; s < S; s++) {
    if (silent[s]) continue;
    weights[s] = (bounds[s + 1] as number) - (bounds[s] as number);
    const nt = sum12(treble, s);
    const nb = sum12(bass, s);
    for (let i = 0; i < 12; i++) {
      out[s * 24 + i] = nt > 0 ? (treble[s * 12 + i] as number) / nt : 0;
      out[s * 24 + 12 + i] = nb > 0 ? (bass[s * 12 + i] as number) / nb : 0;
    }
  }
  return { beats: S, features: out, weights };
}

/**
 * The key a learned model's 24 probabilities name (`KeyModel.predict`: index = tonic pitch class
 * for major 0..11, 12 + tonic for minor): the most probable key with its probability as confidence, and
 * the second most probable as runner-up (ties go to the lower index).
 * @throws {AnalysisError} when `p` does not hold 24 finite, non-negative values.
 */
export function keyFromProbabilities(p: Float32Array): KeyEstimate {
  if (p.length !== 24) throw new AnalysisError(`a key model must return 24 probabilities, got ${p.length}`);
  let best = -1;
  let second = -1;
  for (let i = 0; i < 24; i++) {
    const v = p[i] as number;
    if (!(Number.isFinite(v) && v >= 0))
      throw new AnalysisError(`a key model returned an invalid probability ${v} at index ${i}`);
    if (best < 0 || v > (p[best] as number)) {
      second = best;
      best = i;
    } else if (second < 0 || v > (p[second] as number)) second = i;
  }
  const name = (i: number) => (i < 12 ? keyName(i, "major") : keyName(i - 12, "minor"));
  return {
    key: name(best),
    confidence: p[best] as number,
    runnerUp: { key: name(second), confidence: p[second] as number },
  };
}

/**
 * Second half of {@link analyzeSignal}: key prior, chords, meter, key and local keys, and the
 * {@link AnalysisResult}. Pure and synchronous.
 *
 * Without `learnedKey` the key is the hand-written one: a first key from the whole-mix profile and the
 * key-free chords of the whole mix ({@link keyStage} on them) sets the chords' key prior, and the reported key is
 * {@link keyStage} again on the chords decoded with that prior. With `learnedKey` (used only when the
 * content is harmonic), it is both the chords' key prior and the reported key, confidence and runner-up,
 * and the local keys start from it.
 * @param progress called at the start of the "key" and "done" stages.
 * @param learnedKey the key of a learned model ({@link keyFromProbabilities}), or null.
 * @param learnedChords a learned chord model's `[harmonic.segments × 97]` log-probabilities for
 * {@link chordModelInput}`(f.harmonic)`, joined to the displayed chords' templates with weight
 * {@link LEARNED_CHORD_WEIGHT}; null: the built-in chord model.
 * @throws {AnalysisError} when `learnedChords` does not hold one row of 97 per segment.
 */
export function finishAnalysis(
  f: SignalFeatures,
  progress: (stage: AnalysisStage) => void = () => {},
  learnedKey: KeyEstimate | null = null,
  learnedChords: Float32Array | null = null,
): AnalysisResult {
  const { features, harmonic, track, beats, bpm, steady } = f;
  const tonal = f.content.harmonic;
  const learned = tonal ? learnedKey : null;
  // Hand-written key evidence, only without a learned key: the whole mix's chords decoded with the
  // key-evidence bias, first without a key prior, then with the first key's.
  const mixFirst = tonal && !learned ? chordStage(features, null, true) : null;
  const key0 = tonal ? (learned ?? (mixFirst ? keyStage(features, mixFirst) : null)) : null;
  const keyPrior = key0 && key0.confidence > 0 ? parseKey(key0.key) : null;
  const mixChords = mixFirst ? (keyPrior ? chordStage(features, keyPrior, true) : mixFirst) : null;
  if (learnedChords && learnedChords.length !== harmonic.segments * CHORD_MODEL_CLASSES)
    throw new AnalysisError(
      `learned chord probabilities must hold ${harmonic.segments} × ${CHORD_MODEL_CLASSES} values, got ${learnedChords.length}`,
    );
  const chordModel =
    tonal && learnedChords
      ? { logProbs: Float64Array.from(learnedChords), weight: LEARNED_CHORD_WEIGHT }
      : null;
  const chords = chordStage(
    harmonic,
    keyPrior,
    false,
    chordModel,
    chordModel ? LEARNED_CHORD_DECODING : CHORD_DECODING,
  );
  const segments = chordSegments(harmonic, chords);
  const chordChanges: ChordChange[] = segments.map((s) => ({ time: s.start, chord: s.chord }));
  const meter = steady ? meterStage(features, chords, { ...track, beats }) : null;

  progress("key");
  const key = learned ?? (mixChords ? keyStage(features, mixChords) : null);
  const keySegments = key ? localKeyStage(features, key.key) : [];

  progress("done");
  return {
    key: key ? key.key : null,
    keyConfidence: key ? round3(key.confidence) : 0,
    keyRunnerUp: key?.runnerUp
      ? { key: key.runnerUp.key, confidence: round3(key.runnerUp.confidence) }
      : null,
    bpm,
    tempoConfidence: bpm !== null ? round3(track.confidence) : 0,
    beats: beats.map(round3),
    downbeats: meter ? meter.downbeats.map(round3) : [],
    timeSignature: bpm !== null && meter ? meter.timeSignature : null,
    chords: chordChanges,
    segments,
    durationSeconds: round3(f.durationSeconds),
    tuningHz: Math.round(f.tuning * 10) / 10,
    keySegments,
  };
}

/**
 * Run every stage on a decimated signal and assemble the {@link AnalysisResult} with the hand-written
 * key: {@link finishAnalysis} of {@link extractFeatures}, without a learned key.
 * @param progress called at the start of each coarse stage (for progress bars and the benchmark's
 * per-stage timing).
 */
export function analyzeSignal(
  signal: Signal,
  progress: (stage: AnalysisStage) => void = () => {},
): AnalysisResult {
  return finishAnalysis(extractFeatures(signal, progress), progress, null);
}

// ------------------------------------------------------------------------------------------------ helpers

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function percentile(xs: ArrayLike<number>, q: number): number {
  if (xs.length === 0) return 0;
  const s = Float64Array.from(xs).sort();
  return s[Math.floor(q * (s.length - 1))] ?? 0;
}

function norm(m: Float64Array, s: number): number {
  let n = 0;
  for (let i = 0; i < 12; i++) n += (m[s * 12 + i] as number) ** 2;
  return Math.sqrt(n);
}

function sum12(m: Float64Array, s: number): number {
  let n = 0;
  for (let i = 0; i < 12; i++) n += m[s * 12 + i] as number;
  return n;
}

function cosine(m: Float64Array, a: number, b: number): number {
  let d = 0;
  for (let i = 0; i < 12; i++) d += (m[a * 12 + i] as number) * (m[b * 12 + i] as number);
  const n = norm(m, a) * norm(m, b);
  return n > 0 ? d / n : 1;
}
