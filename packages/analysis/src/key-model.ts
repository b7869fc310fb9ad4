/**
 * The learned global-key classifier (`models/key.onnx`, trained by `train/train_key_model.py`) as a
 * {@link KeyModel}, its chord-informed second reading (`models/key-chords.onnx`,
 * `train/train_chord_key_model.py`) as a {@link ChordKeyModel} and the learned chord recogniser (`models/chords.onnx`, `train/train_chord_model.py`)
 * as a {@link ChordModel} and the learned beat activation network (`models/beats.onnx`,
 * `train/train_beat_model.py`) as a {@link BeatModel} — data, split, scores and provenance in PROVENANCE.md — independent of the
 * ONNX runtime: `onnx-node.ts` runs them with onnxruntime-node, `web.ts` with onnxruntime-web in the
 * analysis Worker.
 * Pure module (no Node or DOM APIs).
 */
import { N_PITCH } from "./features.js";
import {
  AnalysisError,
  type BeatModel,
  type BeatModelInput,
  type ChordKeyModel,
  type ChordKeyModelInput,
  type ChordModel,
  type ChordModelInput,
  type KeyModel,
  type KeyModelInput,
  type LiveChordModel,
  type LiveChordModelInput,
} from "./types.js";

/**
 * Memoise an asynchronous model load: every call shares the first load's promise; a failed load is
 * forgotten, so the next call tries again. Failures reject with an {@link AnalysisError} naming `what`
 * (the runtime's error is its `cause`).
 * @param load creates the models (e.g. onnxruntime sessions).
 * @param what the thing loaded, for the error message (e.g. "the key model /path/key.onnx").
 */
export function loadOnce<T>(load: () => Promise<T>, what: string): () => Promise<T> {
  let cached: Promise<T> | null = null;
  return () => {
    cached ??= load().catch((cause: unknown) => {
      cached = null;
      throw cause instanceof AnalysisError
        ? cause
        : new AnalysisError(`could not load ${what}: ${String(cause)}`, { cause });
    });
    return cached;
  };
}

/** File name of the key model inside the package's `models/` folder. */
export const KEY_MODEL_FILE = "key.onnx";
/** File name of the chord model inside the package's `models/` folder. */
export const CHORD_MODEL_FILE = "chords.onnx";
/** File name of the chord-informed key model inside the package's `models/` folder. */
export const CHORD_KEY_MODEL_FILE = "key-chords.onnx";
/**
 * File name of Live's key model inside the package's `models/` folder: the key model's architecture
 * fine-tuned on Live's own 30-s windows (`train/train_live_key_model.py`; PROVENANCE.md, "A key model for
 * Live's own window"). The Live Worker and `bench:live` read it; the offline engine reads {@link KEY_MODEL_FILE}.
 */
export const LIVE_KEY_MODEL_FILE = "live-key.onnx";
/** File name of Live's frame model inside the package's `models/` folder (the first of {@link LIVE_CHORD_MODEL_FILES}). */
export const LIVE_CHORD_MODEL_FILE = "live-chords.onnx";
/**
 * File names of the members of Live's frame model inside the package's `models/` folder: the same network
 * trained by the same recipe from seeds 14, 22 and 23, read as one by `averageLiveChordModels` (the mean of
 * their probabilities). Chosen on validation data by a rule set before the runs (PROVENANCE.md, "Live's frame
 * model as an ensemble of seeds, judged where the false changes are unmet").
 */
export const LIVE_CHORD_MODEL_FILES = [
  LIVE_CHORD_MODEL_FILE,
  "live-chords-seed22.onnx",
  "live-chords-seed23.onnx",
] as const;
/** Features per frame of Live's frame model (`FRAME_FEATURES`, live/frame-features.ts). */
const LIVE_INPUT_FEATURES = 53;
/** Classes per frame of Live's frame model (`FRAME_MODEL_CLASSES`). */
export const LIVE_CHORD_CLASSES = 61;
/** File name of the beat model inside the package's `models/` folder. */
export const BEAT_MODEL_FILE = "beats.onnx";
/** Bands per frame of the beat model's input (see `BEAT_BANDS`, beat-activation.ts). */
const BEAT_INPUT_BANDS = 48;
/** Classes of the chord model per beat: 8 qualities × 12 roots, then "no chord" (see {@link ChordModel}). */
export const CHORD_CLASSES = 97;

/** The part of an ONNX runtime tensor this wrapper reads: typed data and dimensions. */
export interface OnnxTensorLike {
  readonly data: unknown;
  readonly dims: readonly number[];
}

/**
 * The part of an onnxruntime `InferenceSession` this wrapper uses, shared by onnxruntime-node and
 * onnxruntime-web (both implement `onnxruntime-common`'s `InferenceSession`).
 */
export interface OnnxSessionLike<T extends OnnxTensorLike> {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, T>): Promise<Record<string, T>>;
}

/** Builds a float32 tensor of the caller's runtime (`(data, dims) => new ort.Tensor("float32", data, dims)`). */
export type Float32TensorFactory<T extends OnnxTensorLike> = (
  data: Float32Array,
  dims: readonly number[],
) => T;

/**
 * Check that an ONNX session has the named inputs and outputs.
 * @param what the model, as error messages name it ("the key model").
 * @throws {AnalysisError} `<what> has no "<name>" input (inputs: …)` (or output) for the first one missing.
 */
function requireNames(
  session: Pick<OnnxSessionLike<OnnxTensorLike>, "inputNames" | "outputNames">,
  what: string,
  inputs: readonly string[],
  outputs: readonly string[],
): void {
  for (const name of inputs)
    if (!session.inputNames.includes(name))
      throw new AnalysisError(`${what} has no "${name}" input (inputs: ${session.inputNames.join(", ")})`);
  for (const name of outputs)
    if (!session.outputNames.includes(name))
      throw new AnalysisError(`${what} has no "${name}" output (outputs: ${session.outputNames.join(", ")})`);
}

/**
 * Run an ONNX session.
 * @param what the model, as error messages name it ("the chord model").
 * @returns the session's outputs by name.
 * @throws {AnalysisError} (as a rejection) `<what> failed to run: …` when the runtime fails; the runtime's
 * error is the `cause`.
 */
async function runSession<T extends OnnxTensorLike>(
  session: OnnxSessionLike<T>,
  what: string,
  feeds: Record<string, T>,
): Promise<Record<string, T>> {
  try {
    return await session.run(feeds);
  } catch (cause) {
    throw new AnalysisError(`${what} failed to run: ${String(cause)}`, { cause });
  }
}

/**
 * Wrap an ONNX session of the key model as a {@link KeyModel}.
 *
 * The model's graph: inputs `features` float32 [1, B, 24] (per beat 12 treble then 12 bass chroma, each
 * half summing to 1) and `weights` float32 [1, B] (seconds per beat, 0 when silent); output
 * `probabilities` float32 [1, 24] (major tonics 0..11, minor 12..23, softmax with the temperature
 * calibrated on the training corpora's validation split).
 *
 * @param session an InferenceSession created from `models/key.onnx` (or Live's `models/live-key.onnx`, of
 *   the same signature).
 * @param tensor the runtime's float32 tensor constructor.
 * @throws {AnalysisError} at once when the session lacks the `features`/`weights` inputs or the
 * `probabilities` output; `predict` rejects with an AnalysisError when the input is empty or has the wrong
 * length, when the runtime fails, or when the output is not 24 finite probabilities.
 */
export function createOnnxKeyModel<T extends OnnxTensorLike>(
  session: OnnxSessionLike<T>,
  tensor: Float32TensorFactory<T>,
): KeyModel {
  requireNames(session, "the key model", ["features", "weights"], ["probabilities"]);
  return {
    async predict(input: KeyModelInput): Promise<Float32Array> {
      const B = input.beats;
      if (!(B >= 1) || input.features.length !== B * 24 || input.weights.length !== B)
        throw new AnalysisError(
          `key model input must hold B ≥ 1 beats of 24 features and B weights, got B = ${B}, ${input.features.length} features, ${input.weights.length} weights`,
        );
      const out = await runSession(session, "the key model", {
        features: tensor(input.features, [1, B, 24]),
        weights: tensor(input.weights, [1, B]),
      });
      return keyProbabilities(out.probabilities, "the key model");
    },
  };
}

/**
 * Check that a model's output is 24 finite, non-negative float32 probabilities and copy it.
 * @throws {AnalysisError} naming `what` otherwise.
 */
function keyProbabilities(p: OnnxTensorLike | undefined, what: string): Float32Array {
  if (!p || !(p.data instanceof Float32Array) || p.data.length !== 24)
    throw new AnalysisError(`${what} returned no 24 float32 probabilities`);
  for (const v of p.data)
    if (!Number.isFinite(v) || v < 0)
      throw new AnalysisError(`${what} returned a non-finite or negative probability`);
  return Float32Array.from(p.data);
}

/**
 * Wrap an ONNX session of the chord-informed key model as a {@link ChordKeyModel}.
 *
 * The model's graph: inputs `chord_log_probabilities` float32 [1, B, 97] (the chord model's output),
 * `weights` float32 [1, B] (seconds per beat, 0 when silent) and `key_probabilities` float32 [1, 24] (the
 * key model's output); output `probabilities` float32 [1, 24] (major tonics 0..11, minor 12..23; softmax
 * with the temperature calibrated on the training corpora's validation split).
 *
 * @param session an InferenceSession created from `models/key-chords.onnx`.
 * @param tensor the runtime's float32 tensor constructor.
 * @throws {AnalysisError} at once when the session lacks one of those inputs or the output; `predict`
 * rejects with an AnalysisError when the input is empty or its lengths disagree, when the runtime fails,
 * or when the output is not 24 finite probabilities.
 */
export function createOnnxChordKeyModel<T extends OnnxTensorLike>(
  session: OnnxSessionLike<T>,
  tensor: Float32TensorFactory<T>,
): ChordKeyModel {
  const what = "the chord-informed key model";
  requireNames(session, what, ["chord_log_probabilities", "weights", "key_probabilities"], ["probabilities"]);
  return {
    async predict(input: ChordKeyModelInput): Promise<Float32Array> {
      const B = input.beats;
      if (
        !(B >= 1) ||
        input.chordLogProbabilities.length !== B * CHORD_CLASSES ||
        input.weights.length !== B ||
        input.keyProbabilities.length !== 24
      )
        throw new AnalysisError(
          `chord-informed key model input must hold B ≥ 1 beats of ${CHORD_CLASSES} chord log-probabilities, B weights and 24 key probabilities, got B = ${B}, ${input.chordLogProbabilities.length}, ${input.weights.length} and ${input.keyProbabilities.length}`,
        );
      const out = await runSession(session, what, {
        chord_log_probabilities: tensor(input.chordLogProbabilities, [1, B, CHORD_CLASSES]),
        weights: tensor(input.weights, [1, B]),
        key_probabilities: tensor(input.keyProbabilities, [1, 24]),
      });
      return keyProbabilities(out.probabilities, what);
    },
  };
}

/**
 * Wrap an ONNX session of the chord model as a {@link ChordModel}.
 *
 * The model's graph has one of two inputs: `features` float32 [1, B, 24] (per beat 12 treble chroma
 * scaled to a maximum of 1, then 12 bass chroma scaled to sum 1, of the harmonic part) or `spectrum`
 * float32 [1, B, 72] (per beat the log semitone spectrum of the harmonic part, C1..B6; see
 * {@link ChordModelInput.spectrum}); output `log_probabilities` float32 [1, B, 97] (natural-log
 * probabilities per beat, quality q on root r at q·12 + r, "no chord" at 96).
 *
 * @param session an InferenceSession created from `models/chords.onnx`.
 * @param tensor the runtime's float32 tensor constructor.
 * @throws {AnalysisError} at once when the session has neither the `features` nor the `spectrum` input, or
 * lacks the `log_probabilities` output; `predict` rejects with an AnalysisError when the input is empty,
 * has the wrong length or lacks the spectrum the model reads, when the runtime fails, or when the output
 * is not B × 97 finite log-probabilities.
 */
export function createOnnxChordModel<T extends OnnxTensorLike>(
  session: OnnxSessionLike<T>,
  tensor: Float32TensorFactory<T>,
): ChordModel {
  const readsSpectrum = session.inputNames.includes("spectrum");
  requireNames(session, "the chord model", [readsSpectrum ? "spectrum" : "features"], ["log_probabilities"]);
  return {
    async predict(input: ChordModelInput): Promise<Float32Array> {
      const B = input.beats;
      if (!(B >= 1) || input.features.length !== B * 24)
        throw new AnalysisError(
          `chord model input must hold B ≥ 1 beats of 24 features, got B = ${B}, ${input.features.length} features`,
        );
      let feeds: Record<string, T>;
      if (readsSpectrum) {
        if (!input.spectrum || input.spectrum.length !== B * N_PITCH)
          throw new AnalysisError(
            `the chord model reads the spectrum: B = ${B} beats of ${N_PITCH} pitches, got ${input.spectrum?.length ?? "none"}`,
          );
        feeds = { spectrum: tensor(input.spectrum, [1, B, N_PITCH]) };
      } else feeds = { features: tensor(input.features, [1, B, 24]) };
      const out = await runSession(session, "the chord model", feeds);
      const p = out.log_probabilities;
      if (!p || !(p.data instanceof Float32Array) || p.data.length !== B * CHORD_CLASSES)
        throw new AnalysisError(
          `the chord model returned no ${B} × ${CHORD_CLASSES} float32 log-probabilities`,
        );
      for (const v of p.data)
        if (!(v <= 0) || v === Number.NEGATIVE_INFINITY)
          throw new AnalysisError("the chord model returned a non-finite or positive log-probability");
      return Float32Array.from(p.data);
    },
  };
}

/**
 * Wrap an ONNX session of Live's frame model as a {@link LiveChordModel}.
 *
 * The model's graph: input `features` float32 [1, T, 53] (see `frameFeatures`; [1, T, 65] for a model
 * that reads the tonal context row, `FrameContext`, whose width the input's length gives); output
 * `log_probabilities` float32 [1, T, 61] (log-softmax per frame; causal: frame t reads frames ≤ t).
 *
 * @param session an InferenceSession created from `models/live-chords.onnx`.
 * @param tensor the runtime's float32 tensor constructor.
 * @throws {AnalysisError} at once when the session lacks the `features` input or the `log_probabilities`
 * output; `predict` rejects with an AnalysisError when the input is empty or has the wrong length, when
 * the runtime fails, or when the output is not T × 61 finite log-probabilities.
 */
export function createOnnxLiveChordModel<T extends OnnxTensorLike>(
  session: OnnxSessionLike<T>,
  tensor: Float32TensorFactory<T>,
): LiveChordModel {
  requireNames(session, "Live's chord model", ["features"], ["log_probabilities"]);
  return {
    async predict(input: LiveChordModelInput): Promise<Float32Array> {
      const T = input.frames;
      const F = T >= 1 ? input.features.length / T : 0;
      if (!(T >= 1) || !(F === LIVE_INPUT_FEATURES || F === LIVE_INPUT_FEATURES + 12))
        throw new AnalysisError(
          `Live's chord model input must hold T ≥ 1 frames of ${LIVE_INPUT_FEATURES} (or ${LIVE_INPUT_FEATURES + 12}) features, got T = ${T}, ${input.features.length} features`,
        );
      const out = await runSession(session, "Live's chord model", {
        features: tensor(input.features, [1, T, F]),
      });
      const p = out.log_probabilities;
      if (!p || !(p.data instanceof Float32Array) || p.data.length !== T * LIVE_CHORD_CLASSES)
        throw new AnalysisError(
          `Live's chord model returned no ${T} × ${LIVE_CHORD_CLASSES} float32 log-probabilities`,
        );
      for (const v of p.data)
        if (!(v <= 0) || v === Number.NEGATIVE_INFINITY)
          throw new AnalysisError("Live's chord model returned a non-finite or positive log-probability");
      return Float32Array.from(p.data);
    },
  };
}

/**
 * Wrap an ONNX session of the beat model as a {@link BeatModel}.
 *
 * The model's graph: input `bands` float32 [1, T, 48] (see `beatModelInput`); output `activation` float32
 * [1, T] (beat probability per frame, sigmoid).
 *
 * @param session an InferenceSession created from `models/beats.onnx`.
 * @param tensor the runtime's float32 tensor constructor.
 * @throws {AnalysisError} at once when the session lacks the `bands` input or the `activation` output;
 * `predict` rejects with an AnalysisError when the input is empty or has the wrong length, when the
 * runtime fails, or when the output is not T probabilities in 0..1.
 */
export function createOnnxBeatModel<T extends OnnxTensorLike>(
  session: OnnxSessionLike<T>,
  tensor: Float32TensorFactory<T>,
): BeatModel {
  requireNames(session, "the beat model", ["bands"], ["activation"]);
  return {
    async predict(input: BeatModelInput): Promise<Float32Array> {
      const T = input.frames;
      if (!(T >= 1) || input.features.length !== T * BEAT_INPUT_BANDS)
        throw new AnalysisError(
          `beat model input must hold T ≥ 1 frames of ${BEAT_INPUT_BANDS} bands, got T = ${T}, ${input.features.length} values`,
        );
      const out = await runSession(session, "the beat model", {
        bands: tensor(input.features, [1, T, BEAT_INPUT_BANDS]),
      });
      const a = out.activation;
      if (!a || !(a.data instanceof Float32Array) || a.data.length !== T)
        throw new AnalysisError(`the beat model returned no ${T} float32 activations`);
      for (const v of a.data)
        if (!(v >= 0 && v <= 1))
          throw new AnalysisError("the beat model returned an activation outside 0..1");
      return Float32Array.from(a.data);
    },
  };
}
