/**
 * The analysis pipeline: PCM → key, tempo, beats, meter and chords.
 * Pure module (no Node or DOM APIs): runs unchanged in a browser Web Worker.
 */
import { type ChordState, chordVocabulary, keyChordPrior, recogniseChords } from "./chords.js";
import { forEachStftFrame, nextPow2, StreamingDecimator, stft } from "./dsp.js";
import { chromaFromSemitones, estimateTuning, OnsetEnvelope, semitoneSpectrogram } from "./features.js";
import { type ChordStats, estimateKey, localKeys } from "./key.js";
import { parseKey } from "./labels.js";
import {
  beatPeriod,
  beatSalience,
  estimateTempo,
  harmonicOffbeatRatio,
  inferMeter,
  isTernary,
  isWaltzNotCompound,
  offbeatRatio,
  trackBeats,
} from "./rhythm.js";
import {
  AnalysisInputError,
  type AnalysisResult,
  type AnalysisStage,
  type AnalyzeOptions,
  type ChordChange,
  type ChordSegment,
} from "./types.js";

/** Lowest and highest accepted input sample rates, Hz. */
export const MIN_SAMPLE_RATE = 4000;
export const MAX_SAMPLE_RATE = 384000;
/** Internal analysis rate target, Hz: inputs are decimated by floor(sampleRate / 11025). */
export const ANALYSIS_RATE = 11025;

const STAGE_FRACTION: Record<AnalysisStage, number> = {
  resample: 0,
  spectrum: 0.1,
  chroma: 0.35,
  beats: 0.5,
  chords: 0.7,
  key: 0.9,
  done: 1,
};

const VOCAB: readonly ChordState[] = chordVocabulary();
/** Emission bonus (correlation units) of chords diatonic to the first-pass key. */
const KEY_PRIOR_WEIGHT = 0.12;
/** Fastest tempo the backbeat check may double to, BPM. */
const MAX_DOUBLED_BPM = 185;
/**
 * Harmonic change between the tracked beats, relative to the change on them, above which the beat is
 * taken to be twice as fast ({@link harmonicOffbeatRatio}; on beat-level tracks it stays below 1).
 */
const HARMONIC_OFFBEAT_DOUBLE = 1.5;
/** Fastest plausible compound (ternary-subdivided) beat, BPM; faster tracks are halved. */
const MAX_COMPOUND_BPM = 170;

function validate(samples: Float32Array, sampleRate: number): void {
  if (!(samples instanceof Float32Array)) throw new AnalysisInputError("samples must be a Float32Array");
  if (samples.length === 0) throw new AnalysisInputError("samples is empty: nothing to analyse");
  if (!Number.isFinite(sampleRate) || sampleRate < MIN_SAMPLE_RATE || sampleRate > MAX_SAMPLE_RATE) {
    throw new AnalysisInputError(
      `sampleRate must be a number between ${MIN_SAMPLE_RATE} and ${MAX_SAMPLE_RATE} Hz, got ${sampleRate}`,
    );
  }
}

/**
 * Analyse a mono recording: key, tempo, beats, downbeats, time signature, chords and tuning.
 *
 * Pipeline: decimation to ≈11.025 kHz; two STFTs (46 ms for onsets, 372 ms for pitch; `fft.js`);
 * tuning from spectral peaks; semitone spectrum → treble and bass chroma (Mauch & Dixon 2010);
 * spectral-flux onset envelope → autocorrelation tempo with a log-Gaussian prior → dynamic-programming
 * beat tracking (Ellis 2007); metrical level from the backbeat, chord changes between beats (Goto 2001)
 * and a 3-vs-2 grouping test (Klapuri et al. 2006); beat-synchronous chroma → chord templates + Viterbi (Sheh & Ellis 2003);
 * meter/downbeats from harmonic change per beat; key from Krumhansl–Kessler/Temperley profiles plus
 * chord statistics.
 *
 * @param samples mono PCM, nominally in −1..1, at least one sample, all finite.
 * @param sampleRate sampling rate in Hz, 4000..384000.
 * @param options `onProgress(fraction 0..1, stage)` is called at the start of each stage and at the end.
 * @returns an {@link AnalysisResult}; times in seconds from the start of `samples`.
 * @throws {AnalysisInputError} for empty samples, non-finite samples or an invalid sample rate.
 */
export function analyzeAudio(
  samples: Float32Array,
  sampleRate: number,
  options: AnalyzeOptions = {},
): AnalysisResult {
  validate(samples, sampleRate);
  const stream = createAnalysisStream(sampleRate, options, samples.length);
  stream.push(samples);
  return stream.finish();
}

/** Decimation filter length for an integer factor. */
const decimationTaps = (factor: number) => 8 * factor + 1;

/**
 * Chunked form of {@link analyzeAudio} for decoders that produce PCM piece by piece (e.g. Node's
 * streaming MP3 decoding): `push` mono chunks in order, then `finish`. Only the decimated signal
 * (≈11 kHz) is kept, so a long file never has to be held at its full rate. The result is identical to
 * `analyzeAudio(concatenatedChunks, sampleRate, options)` whatever the chunk sizes.
 *
 * @param sampleRate Hz, 4000..384000.
 * @param expectedLength optional total number of input samples (pre-sizes the buffer).
 * @throws {AnalysisInputError} for an invalid sample rate; `push` throws for non-finite samples and
 * `finish` for an empty stream.
 */
export function createAnalysisStream(
  sampleRate: number,
  options: AnalyzeOptions = {},
  expectedLength = 0,
): { push(chunk: Float32Array): void; finish(): AnalysisResult } {
  validate(Float32Array.of(0), sampleRate);
  const progress = (stage: AnalysisStage) => options.onProgress?.(STAGE_FRACTION[stage], stage);
  progress("resample");
  const factor = Math.max(1, Math.floor(sampleRate / ANALYSIS_RATE));
  const dec = new StreamingDecimator(factor, decimationTaps(factor), expectedLength);
  let total = 0;
  return {
    push(chunk: Float32Array) {
      if (chunk.length === 0) return;
      for (let i = 0; i < chunk.length; i++) {
        if (!Number.isFinite(chunk[i] as number)) {
          throw new AnalysisInputError(
            `samples contains a non-finite value (NaN or Infinity) at index ${total + i}`,
          );
        }
      }
      dec.push(chunk);
      total += chunk.length;
    },
    finish() {
      if (total === 0) throw new AnalysisInputError("samples is empty: nothing to analyse");
      return analyzeDecimated(dec.finish(), sampleRate / factor, total / sampleRate, progress);
    },
  };
}

function analyzeDecimated(
  x: Float32Array,
  rate: number,
  durationSeconds: number,
  progress: (stage: AnalysisStage) => void,
): AnalysisResult {
  progress("spectrum");
  const nOn = nextPow2(0.046 * rate);
  const hopOn = nOn / 4;
  const onFrames = Math.floor(x.length / hopOn) + 1;
  const onsetEnv = new OnsetEnvelope(nOn, rate, hopOn, onFrames);
  forEachStftFrame(x, nOn, hopOn, (_t, mag) => onsetEnv.addFrame(mag));
  const nCh = nextPow2(0.3 * rate);
  const hopCh = nCh / 4;
  // Pitch analysis needs nothing above ≈2.4 kHz (B6 at +50 cents, tuning peaks ≤ 2 kHz).
  const chSpec = stft(x, rate, nCh, hopCh, 2400);

  progress("chroma");
  const tuningHz = estimateTuning(chSpec);
  const semi = semitoneSpectrogram(chSpec, tuningHz);
  const chroma = chromaFromSemitones(semi, chSpec.frames);
  // Frame loudness (RMS over one hop around each chroma frame centre) for silence detection.
  const loud = new Float64Array(chSpec.frames);
  for (let t = 0; t < chSpec.frames; t++) {
    const a = Math.max(0, t * hopCh - (hopCh >> 1));
    const b = Math.min(x.length, a + hopCh);
    let s = 0;
    for (let i = a; i < b; i++) s += (x[i] as number) ** 2;
    loud[t] = b > a ? Math.sqrt(s / (b - a)) : 0;
  }

  progress("beats");
  const onset = onsetEnv.finish();
  const frameRate = rate / hopOn;
  const tempo0 = estimateTempo(onset, frameRate);
  let periodFrames = tempo0 > 0 ? (60 * frameRate) / tempo0 : 0;
  let beatFrames = tempo0 > 0 ? trackBeats(onset, periodFrames) : [];
  let triple = false;
  if (tempo0 > 0) {
    // Metrical level. Backbeat check: strong onsets halfway between beats mean we tracked half the
    // tempo. Chord-change check (Goto 2001): harmony changing halfway between the tracked beats means the
    // same. Neither doubles to an implausibly fast notated beat (> 185 BPM).
    const canDouble = 2 * tempo0 <= MAX_DOUBLED_BPM;
    if (
      canDouble &&
      (offbeatRatio(onset, beatFrames) > 0.55 ||
        harmonicOffbeatRatio(
          chroma.treble,
          chroma.frames,
          hopCh / rate,
          beatFrames.map((f) => f / frameRate),
        ) > HARMONIC_OFFBEAT_DOUBLE)
    ) {
      periodFrames /= 2;
      beatFrames = trackBeats(onset, periodFrames);
    }
    // 3-vs-2 grouping: a compound-looking beat may be the dotted half-bar of a 3/4 at 1.5× the tempo.
    if (isTernary(onset, beatFrames)) {
      // (only when 1.5× the tempo is still a plausible notated beat)
      const faster =
        (90 * frameRate) / periodFrames <= MAX_DOUBLED_BPM ? trackBeats(onset, (2 * periodFrames) / 3) : [];
      if (
        faster.length > 0 &&
        isWaltzNotCompound(beatSalience(onset, beatFrames), beatSalience(onset, faster))
      ) {
        periodFrames = (2 * periodFrames) / 3;
        beatFrames = faster;
        triple = true;
      } else if ((60 * frameRate) / periodFrames > MAX_COMPOUND_BPM) {
        // A compound beat this fast would put its subdivisions above ≈8.5 notes per second: the beat is
        // the half-bar above it (Klapuri et al. 2006 couple tatum, beat and bar periods the same way).
        periodFrames *= 2;
        beatFrames = trackBeats(onset, periodFrames);
      }
    }
  }
  const beats = beatFrames.map((f) => f / frameRate);
  const period = beatPeriod(beats);
  const bpm = period > 0 ? Math.round(600 / period) / 10 : 0;

  progress("chords");
  // Segment boundaries: beats extended by the beat period to both ends of the file, or a 0.5 s grid
  // when no beat was found.
  const grid: number[] = [];
  if (beats.length >= 2 && period > 0) {
    const pre: number[] = [];
    for (let t = (beats[0] as number) - period; t > 0.05; t -= period) pre.push(t);
    grid.push(...pre.reverse(), ...beats);
    for (let t = (beats[beats.length - 1] as number) + period; t < durationSeconds - 0.05; t += period)
      grid.push(t);
  } else for (let t = 0.5; t < durationSeconds; t += 0.5) grid.push(t);
  const bounds: number[] = [0];
  for (const b of grid)
    if (b > (bounds[bounds.length - 1] as number) + 1e-3 && b < durationSeconds - 1e-3) bounds.push(b);
  bounds.push(durationSeconds);
  const S = bounds.length - 1;
  const treble = new Float64Array(S * 12);
  const bass = new Float64Array(S * 12);
  const silent = new Uint8Array(S);
  const segLoud = new Float64Array(S);
  const chFrameTime = hopCh / rate;
  // Each chroma frame contributes in proportion to the overlap of the central half of its window
  // (where the Hann window holds most of its energy) with the segment.
  const effHalf = nCh / rate / 4;
  for (let s = 0; s < S; s++) {
    const a = bounds[s] as number;
    const b = bounds[s + 1] as number;
    const f0 = Math.max(0, Math.floor((a - effHalf) / chFrameTime));
    const f1 = Math.min(chroma.frames - 1, Math.ceil((b + effHalf) / chFrameTime));
    let l = 0;
    let wsum = 0;
    for (let f = f0; f <= f1; f++) {
      const c = f * chFrameTime;
      const w = Math.max(0, Math.min(b, c + effHalf) - Math.max(a, c - effHalf));
      if (w <= 0) continue;
      for (let i = 0; i < 12; i++) {
        treble[s * 12 + i] = (treble[s * 12 + i] as number) + w * (chroma.treble[f * 12 + i] as number);
        bass[s * 12 + i] = (bass[s * 12 + i] as number) + w * (chroma.bass[f * 12 + i] as number);
      }
      l += w * (loud[f] as number);
      wsum += w;
    }
    segLoud[s] = wsum > 0 ? l / wsum : 0;
  }
  const loudSorted = Float64Array.from(segLoud).sort();
  const refLoud = loudSorted[Math.floor(0.95 * (loudSorted.length - 1))] ?? 0;
  for (let s = 0; s < S; s++) silent[s] = (segLoud[s] as number) < 0.03 * refLoud || refLoud === 0 ? 1 : 0;
  // Leading and trailing quiet segments (count-ins, fade-outs, reverb tails) are "no chord".
  const medLoud = loudSorted[Math.floor(0.5 * (loudSorted.length - 1))] ?? 0;
  for (let s = 0; s < S && (segLoud[s] as number) < 0.2 * medLoud; s++) silent[s] = 1;
  for (let s = S - 1; s >= 0 && (segLoud[s] as number) < 0.2 * medLoud; s--) silent[s] = 1;
  const chordInput = { treble, bass, silent, segments: S };
  const first = recogniseChords(chordInput, VOCAB);
  const key0 = estimateKey(keyProfile(bounds, treble, bass, silent), chordStats(bounds, first.state, silent));
  const k0 = parseKey(key0.key);
  const { state, confidence } =
    key0.confidence > 0
      ? recogniseChords(chordInput, VOCAB, {}, keyChordPrior(VOCAB, k0.tonic, k0.mode, KEY_PRIOR_WEIGHT))
      : first;

  const segments: ChordSegment[] = [];
  for (let s = 0; s < S; s++) {
    const name = (VOCAB[state[s] as number] as ChordState).name;
    const last = segments[segments.length - 1];
    const conf = confidence[s] as number;
    const a = bounds[s] as number;
    const b = bounds[s + 1] as number;
    if (last && last.chord === name) {
      const la = last.end - last.start;
      last.confidence = (last.confidence * la + conf * (b - a)) / (la + (b - a));
      last.end = b;
    } else segments.push({ start: a, end: b, chord: name, confidence: conf });
  }
  for (const seg of segments) {
    seg.start = round3(seg.start);
    seg.end = round3(seg.end);
    seg.confidence = Math.round(seg.confidence * 1000) / 1000;
  }
  const chords: ChordChange[] = segments.map((s) => ({ time: s.start, chord: s.chord }));

  // Meter and downbeats from beat-to-beat harmonic novelty.
  let timeSignature: AnalysisResult["timeSignature"] = "4/4";
  let downbeats: number[] = [];
  if (beats.length >= 4) {
    const segIndex = new Map(bounds.map((b, i) => [b, i]));
    const novelty: number[] = [];
    for (let i = 0; i < beats.length; i++) {
      const s = segIndex.get(beats[i] as number) ?? -1;
      if (s <= 0 || s >= S) {
        novelty.push(0);
        continue;
      }
      novelty.push(
        1 - cosine(treble, s, s - 1) + (1 - cosine(bass, s, s - 1)) + (state[s] !== state[s - 1] ? 1 : 0),
      );
    }
    const meter = inferMeter(novelty, !triple && isTernary(onset, beatFrames), triple);
    timeSignature = meter.timeSignature;
    downbeats = beats.filter((_, i) => i % meter.beatsPerBar === meter.phase);
  }

  progress("key");
  const key = estimateKey(keyProfile(bounds, treble, bass, silent), chordStats(bounds, state, silent));

  // Local keys from per-segment chroma (unit-norm treble + bass, duration-weighted, silence skipped).
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
  const keySegments = localKeys(
    bounds,
    segProfiles,
    20,
    6,
    key.confidence > 0 ? parseKey(key.key) : null,
  ).map((k) => ({
    start: round3(k.start),
    end: round3(k.end),
    key: k.key,
    confidence: Math.round(k.confidence * 1000) / 1000,
  }));

  progress("done");
  return {
    key: key.key,
    keyConfidence: Math.round(key.confidence * 1000) / 1000,
    keyRunnerUp: key.runnerUp
      ? { key: key.runnerUp.key, confidence: Math.round(key.runnerUp.confidence * 1000) / 1000 }
      : null,
    bpm,
    beats: beats.map(round3),
    downbeats: downbeats.map(round3),
    timeSignature,
    chords,
    segments,
    durationSeconds: round3(durationSeconds),
    tuningHz: Math.round(tuningHz * 10) / 10,
    keySegments,
  };
}

/** Whole-piece pitch-class profile: duration-weighted sum of unit-norm treble and bass chroma. */
/**
 * The opening establishes the key (tonal music states its tonic before it modulates, e.g. to the dominant
 * in a sonata exposition): chroma at time t is weighted 1 + OPENING_WEIGHT·exp(−t / OPENING_SECONDS) in the
 * key profile, a recency-free form of the "initial segment" emphasis of key-finding models (Longuet-Higgins
 * & Steedman 1971; Temperley 2007, ch. 4).
 */
const OPENING_WEIGHT = 4;
const OPENING_SECONDS = 30;
function keyProfile(
  bounds: readonly number[],
  treble: Float64Array,
  bass: Float64Array,
  silent: Uint8Array,
): Float64Array {
  const profile = new Float64Array(12);
  for (let s = 0; s + 1 < bounds.length; s++) {
    if (silent[s]) continue;
    const t0 = bounds[s] as number;
    const dur = ((bounds[s + 1] as number) - t0) * (1 + OPENING_WEIGHT * Math.exp(-t0 / OPENING_SECONDS));
    const nt = norm(treble, s);
    const nb = norm(bass, s);
    for (let i = 0; i < 12; i++) {
      profile[i] =
        (profile[i] as number) +
        dur *
          ((nt > 0 ? (treble[s * 12 + i] as number) / nt : 0) +
            (nb > 0 ? (bass[s * 12 + i] as number) / nb : 0));
    }
  }
  return profile;
}

/** Chord statistics for the key decision (seconds per root and third, first and last chord). */
function chordStats(bounds: readonly number[], state: Int32Array, silent: Uint8Array): ChordStats {
  const stats: ChordStats = {
    majorSeconds: new Float64Array(12),
    minorSeconds: new Float64Array(12),
    totalSeconds: 0,
    firstRoot: -1,
    firstMinor: false,
    lastRoot: -1,
    lastMinor: false,
  };
  for (let s = 0; s < state.length; s++) {
    if (silent[s]) continue;
    const st = VOCAB[state[s] as number] as ChordState;
    if (st.root < 0) continue;
    const dur = (bounds[s + 1] as number) - (bounds[s] as number);
    const minor = st.harte.startsWith("min") || st.harte === "dim" || st.harte === "hdim7";
    const acc = minor ? stats.minorSeconds : stats.majorSeconds;
    acc[st.root] = (acc[st.root] as number) + dur;
    stats.totalSeconds += dur;
    if (stats.firstRoot < 0) {
      stats.firstRoot = st.root;
      stats.firstMinor = minor;
    }
    stats.lastRoot = st.root;
    stats.lastMinor = minor;
  }
  return stats;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function norm(m: Float64Array, s: number): number {
  let n = 0;
  for (let i = 0; i < 12; i++) n += (m[s * 12 + i] as number) ** 2;
  return Math.sqrt(n);
}

function cosine(m: Float64Array, a: number, b: number): number {
  let d = 0;
  for (let i = 0; i < 12; i++) d += (m[a * 12 + i] as number) * (m[b * 12 + i] as number);
  const n = norm(m, a) * norm(m, b);
  return n > 0 ? d / n : 1;
}

/**
 * Mix channels to mono by averaging.
 *
 * @param channels one Float32Array per channel, all the same length (≥ 1 channel).
 * @returns a new Float32Array of that length; a single channel is copied.
 * @throws {AnalysisInputError} for no channels or channels of different lengths.
 */
export function toMono(channels: readonly Float32Array[]): Float32Array {
  const first = channels[0];
  if (!first) throw new AnalysisInputError("toMono needs at least one channel");
  const n = first.length;
  for (const c of channels) {
    if (c.length !== n) throw new AnalysisInputError("toMono: channels have different lengths");
  }
  if (channels.length === 1) return Float32Array.from(first);
  const out = new Float32Array(n);
  const g = 1 / channels.length;
  for (const c of channels) for (let i = 0; i < n; i++) out[i] = (out[i] as number) + (c[i] as number) * g;
  return out;
}
