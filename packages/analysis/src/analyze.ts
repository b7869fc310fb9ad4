/**
 * The analysis pipeline: PCM → key, tempo, beats, meter and chords.
 * Pure module (no Node or DOM APIs): runs unchanged in a browser Web Worker.
 */
import { beatModelInput } from "./beat-activation.js";
import { StreamingDecimator } from "./dsp.js";
import { type AudioInputLimits, firstNonFinite, nonFiniteError, validateAudioInput } from "./input.js";
import {
  chordModelInput,
  decimationFactor,
  decimationTaps,
  extractFeatures,
  finishAnalysis,
  keyFromProbabilities,
  keyModelInput,
  type LearnedRhythm,
  onsetAndBeatBands,
  type Signal,
  type SignalFeatures,
} from "./stages.js";
import {
  AnalysisError,
  AnalysisInputError,
  type AnalysisResult,
  type AnalysisStage,
  type AnalyzeOptions,
  type BeatModel,
  type ChordModel,
  hz,
  seconds,
} from "./types.js";

export { ANALYSIS_RATE } from "./stages.js";

/** Lowest and highest accepted input sample rates, Hz. */
export const MIN_SAMPLE_RATE = 4000;
export const MAX_SAMPLE_RATE = 384000;
const STAGE_FRACTION: Record<AnalysisStage, number> = {
  resample: 0,
  spectrum: 0.1,
  chroma: 0.35,
  beats: 0.5,
  chords: 0.7,
  key: 0.9,
  done: 1,
};

/** What {@link analyzeAudio} and {@link createAnalysisStream} accept (samples are checked as they stream). */
const ENGINE_INPUT: AudioInputLimits = {
  minSampleRate: MIN_SAMPLE_RATE,
  maxSampleRate: MAX_SAMPLE_RATE,
  finiteSamples: false,
};

/**
 * Default longest recording the engine analyses, seconds (20 minutes): the web app's upload limit
 * (`MAX_DURATION_SECONDS` in `apps/web`). A 10-minute song peaks at about 280 MB; memory grows with length.
 */
export const MAX_ANALYSIS_SECONDS = 20 * 60;

/**
 * Shortest recording the engine analyses, seconds: under one second there is not one beat period of a slow
 * song nor one chord's length to read (the web app refuses such files before decoding them too).
 */
export const MIN_ANALYSIS_SECONDS = 1;

/** "20 minutes" or "90 seconds": a length limit in words. */
function limitWords(limit: number): string {
  if (limit >= 60 && Number.isInteger(limit / 60)) return `${limit / 60} minute${limit === 60 ? "" : "s"}`;
  const x = Math.round(limit * 100) / 100;
  return `${x} second${x === 1 ? "" : "s"}`;
}

/** The error for a recording longer than `limit` seconds. */
function tooLongError(limit: number): AnalysisInputError {
  return new AnalysisInputError(`the recording is too long to analyse (the limit is ${limitWords(limit)})`);
}

function validate(samples: Float32Array, sampleRate: number): void {
  validateAudioInput(samples, sampleRate, ENGINE_INPUT);
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
 * chord statistics, or from a learned key model when `options.models.key` is given (see
 * {@link createAnalysisStream}).
 *
 * @param samples mono PCM, nominally in −1..1, at least one sample, all finite.
 * @param sampleRate sampling rate in Hz, 4000..384000.
 * @param options `onProgress(fraction 0..1, stage)` is called at the start of each stage and at the end;
 * `models` are learned models to use (none: the hand-written stages, with exactly their result);
 * `maxSeconds` the longest recording accepted (default {@link MAX_ANALYSIS_SECONDS}).
 * @returns a promise of an {@link AnalysisResult}; times in seconds from the start of `samples`.
 * Without models the work runs synchronously before the promise is returned.
 * @throws (rejects with) {AnalysisInputError} for empty samples, non-finite samples, an invalid sample
 * rate, a recording shorter than {@link MIN_ANALYSIS_SECONDS} or longer than `maxSeconds`;
 * {AnalysisError} when a learned model fails (its error is the `cause`).
 */
export async function analyzeAudio(
  samples: Float32Array,
  sampleRate: number,
  options: AnalyzeOptions = {},
): Promise<AnalysisResult> {
  validate(samples, sampleRate);
  const stream = createAnalysisStream(sampleRate, options, samples.length);
  stream.push(samples);
  return stream.finish();
}

/** A chunked analysis: {@link createAnalysisStream}. */
export interface AnalysisStream {
  /**
   * Add the next mono chunk (any length, possibly empty).
   * @throws {AnalysisInputError} for non-finite samples, or when the samples pushed in all pass the
   * stream's `maxSeconds` (synchronously).
   */
  push(chunk: Float32Array): void;
  /**
   * Analyse everything pushed so far. Call once, after the last `push`.
   * @returns a promise of the {@link AnalysisResult}.
   * @throws (rejects with) {AnalysisInputError} when nothing was pushed or less than
   * {@link MIN_ANALYSIS_SECONDS}; {AnalysisError} when a learned model fails.
   */
  finish(): Promise<AnalysisResult>;
}

/**
 * Chunked form of {@link analyzeAudio} for decoders that produce PCM piece by piece (e.g. Node's
 * streaming MP3 decoding): `push` mono chunks in order, then `finish`. Only the decimated signal
 * (≈11 kHz) is kept, so a long file never has to be held at its full rate. The result is identical to
 * `analyzeAudio(concatenatedChunks, sampleRate, options)` whatever the chunk sizes.
 *
 * `finish` runs the feature stages ({@link extractFeatures}); then, when `options.models.key` is given
 * and the audio has harmonic content, it awaits the key model's 24 probabilities for the per-beat
 * whole-mix chroma ({@link keyModelInput}) and uses the most probable key as the chords' key prior and as
 * the reported key ({@link keyFromProbabilities}, {@link finishAnalysis}); when `options.models.chords`
 * is given, the chord model's per-beat log-probabilities for the harmonic part ({@link chordModelInput})
 * join the displayed chords' emissions; when `options.models.beats` is given, the beat model's activation
 * ({@link beatModelInput} from the onset STFT) gives the tempo and beats ({@link learnedBeatStage}); when
 * `options.models.chordKey` is given with both, it reads the key again from the key model's
 * probabilities and the chord model's output (a {@link ChordKeyModel}) and that reading is the key. The
 * key and chord models are never called for silence, noise, speech or drums
 * alone (their key is null and they have no chords).
 *
 * @param sampleRate Hz, 4000..384000.
 * @param options progress callback, learned models and `maxSeconds`, as for {@link analyzeAudio}.
 * @param expectedLength optional total number of input samples (pre-sizes the buffer).
 * @throws {AnalysisInputError} for an invalid sample rate or `maxSeconds`, or an `expectedLength` longer
 * than `maxSeconds`; `push` throws it for non-finite samples and once the input passes `maxSeconds`;
 * `finish` rejects with it for an empty stream or one under {@link MIN_ANALYSIS_SECONDS}, and with
 * {AnalysisError} when the key model fails.
 */
export function createAnalysisStream(
  sampleRate: number,
  options: AnalyzeOptions = {},
  expectedLength = 0,
): AnalysisStream {
  validate(Float32Array.of(0), sampleRate);
  const maxSeconds = options.maxSeconds ?? MAX_ANALYSIS_SECONDS;
  if (!(typeof maxSeconds === "number" && Number.isFinite(maxSeconds) && maxSeconds > 0)) {
    throw new AnalysisInputError(
      `maxSeconds must be a positive number of seconds, got ${String(maxSeconds)}`,
    );
  }
  const maxSamples = maxSeconds * sampleRate;
  if (expectedLength > maxSamples) throw tooLongError(maxSeconds);
  const progress = (stage: AnalysisStage) => options.onProgress?.(STAGE_FRACTION[stage], stage);
  progress("resample");
  const factor = decimationFactor(sampleRate);
  const dec = new StreamingDecimator(factor, decimationTaps(factor), expectedLength);
  let total = 0;
  return {
    push(chunk: Float32Array) {
      if (chunk.length === 0) return;
      const bad = firstNonFinite(chunk);
      if (bad >= 0) throw nonFiniteError(total + bad);
      if (total + chunk.length > maxSamples) throw tooLongError(maxSeconds);
      dec.push(chunk);
      total += chunk.length;
    },
    async finish() {
      if (total === 0) throw new AnalysisInputError("samples is empty: nothing to analyse");
      if (total < MIN_ANALYSIS_SECONDS * sampleRate) {
        throw new AnalysisInputError(
          // Rounded down, so 0.999 s never reads as "1 second; at least 1 second".
          `the recording is too short to analyse (${limitWords(Math.floor((total / sampleRate) * 100) / 100)}; at least ${limitWords(MIN_ANALYSIS_SECONDS)})`,
        );
      }
      const signal = {
        samples: dec.finish(),
        rate: hz(sampleRate / factor),
        durationSeconds: seconds(total / sampleRate),
      };
      const {
        key: keyModel,
        chords: chordModel,
        beats: beatModel,
        chordKey: chordKeyModel,
      } = options.models ?? {};
      const features = extractFeatures(
        signal,
        progress,
        beatModel ? await predictBeats(beatModel, signal, progress) : {},
      );
      const tonal = features.content.harmonic;
      const keyInput = keyModelInput(features.features);
      const [keyProbabilities, learnedChords] = await Promise.all([
        keyModel && tonal ? predictKey("key model", keyModel, keyInput) : null,
        chordModel && tonal ? predictChords(chordModel, features) : null,
      ]);
      let learnedKey = keyProbabilities;
      if (chordKeyModel && keyProbabilities && learnedChords)
        learnedKey = await predictKey("chord-informed key model", chordKeyModel, {
          beats: keyInput.beats,
          chordLogProbabilities: learnedChords,
          weights: keyInput.weights,
          keyProbabilities,
        });
      return finishAnalysis(
        features,
        progress,
        learnedKey && keyFromProbabilities(learnedKey),
        learnedChords,
      );
    },
  };
}

/**
 * Run one learned model's step, turning any failure into an {@link AnalysisError}
 * "The <what> failed: <reason>" whose `cause` is the model's error.
 * @param what the model, as the message names it ("key model").
 * @param step the model call (and any check of its output).
 * @throws (rejects with) {AnalysisError} when `step` rejects or throws.
 */
async function modelStep<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new AnalysisError(`The ${what} failed: ${why}`, { cause });
  }
}

/**
 * Run a learned beat model on the signal's onset STFT bands ({@link beatModelInput}).
 * @returns the onset stage (computed once, with the bands) and the beat activation, for
 * {@link extractFeatures}.
 * @param progress told "spectrum" as the bands are computed (default: nobody).
 * @throws (rejects with) {AnalysisError} when the model rejects or throws; its error is the `cause`.
 */
export async function predictBeats(
  model: BeatModel,
  signal: Signal,
  progress: (stage: AnalysisStage) => void = () => {},
): Promise<LearnedRhythm> {
  progress("spectrum");
  const { onset, bands } = onsetAndBeatBands(signal);
  return modelStep("beat model", async () => ({
    onset,
    beatActivation: await model.predict(beatModelInput(bands)),
  }));
}

/**
 * Ask a key model — the learned key model ({@link KeyModel}) or its chord-informed reading
 * ({@link ChordKeyModel}) — for 24 key probabilities, checked by {@link keyFromProbabilities}.
 * @param what the model, as an error names it.
 * @throws (rejects with) {AnalysisError} when the model rejects or throws, or returns no valid 24
 * probabilities; the model's error is the `cause`.
 */
function predictKey<I>(
  what: string,
  model: { predict(input: I): Promise<Float32Array> },
  input: I,
): Promise<Float32Array> {
  return modelStep(what, async () => {
    const p = await model.predict(input);
    keyFromProbabilities(p);
    return p;
  });
}

/**
 * Ask a learned chord model for the per-beat chord log-probabilities of the harmonic part.
 * @throws (rejects with) {AnalysisError} when the model rejects or throws; its error is the `cause`.
 */
function predictChords(model: ChordModel, features: SignalFeatures): Promise<Float32Array> {
  return modelStep("chord model", () =>
    model.predict(chordModelInput(features.harmonic, features.harmonicSpectrum)),
  );
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
