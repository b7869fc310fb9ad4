/**
 * The live listening pipeline: one object fed with microphone blocks that reports the chord, the key
 * and the tuner reading. The browser's Web Worker and the Node bench run this same code.
 * Pure module (no Node or DOM APIs).
 */

import type { ChordModel, KeyModel, LiveChordModel } from "../types.js";
import { chordKeyLogPrior, FRAME_KEY_PRIOR_WEIGHT } from "./chord-prior.js";
import { LiveChordWindow } from "./chord-window.js";
import { type LiveChordFrame, type LiveChordOptions, LiveChordRecognizer } from "./chords.js";
import { type ChromaFrame, LiveChroma, type LiveChromaOptions } from "./chroma.js";
import type { FrameDecisionOptions } from "./frame-decision.js";
import { FRAME_STEP, LiveFrameModel } from "./frame-model.js";
import { cancelOpeningEmphasis, LIVE_KEY_WINDOW_SECONDS, type LiveKey, LiveKeyFinder } from "./key.js";
import { LiveLevel, LiveLoudness, type LiveLoudnessOptions } from "./level.js";
import { LiveTuner, type TunerInstrument, type TunerReading } from "./tuner.js";

/**
 * Samples per message from the AudioWorklet to the Worker: four 128-sample render quanta (2.7 ms at
 * 48 kHz each). The browser capture and the bench buffer the same way.
 */
export const LIVE_BLOCK = 512;

/** Options of {@link LiveListener}. */
export interface LiveListenerOptions {
  /** Key window, seconds (10–30, default `LIVE_KEY_WINDOW_SECONDS`). */
  keyWindowSeconds?: number;
  /**
   * Let the learned key model read the key window evenly (`cancelOpeningEmphasis`) rather than with the
   * extra weight its training gave a piece's opening, which in a sliding window falls on the oldest
   * seconds (default false; checked and not shipped: on the band validation songs the key over time rose
   * by 0.002 and the last key fell, PROVENANCE.md "Live's key model reading its window evenly"). Only for
   * a model with the opening emphasis (`models/key.onnx`): Live's own, `models/live-key.onnx`, pools its
   * window evenly in its graph, and cancelling an emphasis it lacks would under-weigh the oldest seconds.
   */
  keyEvenWindow?: boolean;
  /** A4 reference, Hz (default 440). */
  a4Hz?: number;
  /** Run the tuner (default false: it costs more CPU than the chord path). */
  tuner?: boolean;
  /** Tuner preset (default "guitar"). */
  instrument?: TunerInstrument;
  /** Chord recogniser tuning. */
  chord?: LiveChordOptions;
  /** Chroma tuning (A4 comes from `a4Hz`). */
  chroma?: Omit<LiveChromaOptions, "tuningHz">;
  /**
   * A learned key model of the engine's key model's signature: Live's (`models/live-key.onnx`, the
   * engine's fine-tuned on Live's own windows; `loadWebModels({ keyModelUrl }).key` in the Worker,
   * `loadNodeKeyModel()` in Node). With it the key is the model's reading of the key window, refreshed
   * by {@link LiveListener.refreshKey}; without it, the hand-written key stage's.
   */
  keyModel?: KeyModel;
  /**
   * The engine's learned chord model (`loadWebModels().chords` / `loadNodeModels().chords`). With it the
   * recogniser's learned evidence is the model's reading of the last seconds ({@link LiveChordWindow}),
   * refreshed by {@link LiveListener.refreshChords}; without it, the small built-in model's.
   */
  chordModel?: ChordModel;
  /**
   * Live's learned frame model (`loadWebModels().liveChords` / `loadNodeLiveChordModel()`). With it
   * the chord shown is the model's, filtered over time ({@link LiveListener.refreshFrames}); the
   * recogniser's silence and speech gates stay (noise and drums are the model's own "no chord"). Without it,
   * the template recogniser decides.
   */
  liveChordModel?: LiveChordModel;
  /**
   * The frame model's filter: self-transition per frame, temperature, the hysteresis ratios between
   * and within triad families, a new family's wait for a clear quality and the run of frames that
   * changes a shown chord's quality (defaults `FRAME_STAY`, `FRAME_TEMPERATURE`, `FRAME_SWITCH_MARGIN`,
   * `FRAME_QUALITY_MARGIN`, `FRAME_QUALITY_SHARE`, `FRAME_QUALITY_PATIENCE`, `FRAME_QUALITY_FROM_FRAME`,
   * `FRAME_QUALITY_RUN_RATIO`, `FRAME_QUALITY_RUN`).
   */
  frameDecision?: Omit<FrameDecisionOptions, "families">;
  /** New frames between two runs of the frame model, ≥ 1 (default `FRAME_STEP`). */
  frameStep?: number;
  /**
   * Whether `liveChordModel` reads the tonal context row (`FrameContext`, 65 values a frame; default
   * false: the shipped model reads 53). Checked and not shipped: PROVENANCE.md, "Live's tonal context".
   */
  frameContext?: boolean;
  /**
   * Weight of the key's prior over the frame model's chords, ≥ 0 (default `FRAME_KEY_PRIOR_WEIGHT`; 0 = off):
   * with the learned key model, each of its answers weighs the frame decision by `chordKeyLogPrior`.
   */
  frameKeyPrior?: number;
  /**
   * A gain on the input's gated long-term loudness in front of the chroma ({@link LiveLoudness}), so that a
   * microphone 20–30 dB quieter than the recordings the frame model learned from is followed nearly as well: true
   * for its constants (default), options to change them, false for none. The tuner and `inputDbfs` read the
   * microphone as it is.
   */
  loudnessGain?: boolean | LiveLoudnessOptions;
}

/** Stream time between two runs of the learned key model, seconds. */
export const KEY_MODEL_SECONDS = 1;

/**
 * Stream time between two runs of the learned chord model, seconds: a tenth of a second keeps its
 * evidence as fresh as the display's reaction to a change (median ≈ 0.14 s) at a few per cent of a core.
 */
export const CHORD_MODEL_SECONDS = 0.1;

/** What one {@link LiveListener.push} call produced. */
export interface LiveUpdate {
  /** One decision per analysed frame (≈ every 21 ms), oldest first. */
  chords: LiveChordFrame[];
  /** The key estimate, refreshed on every block that completed a frame. */
  key: LiveKey | null;
  /** Newest tuner reading: undefined when the tuner made no new frame, null when no pitch was heard. */
  tuner: TunerReading | null | undefined;
  /**
   * The music's tuning relative to the A4 reference as the chord path follows it, cents (−70..70; see
   * `LiveChromaOptions.adaptTuning`), from the newest frame; NaN when the block completed no frame.
   */
  tuningCents: number;
  /**
   * The microphone's reference level after the block, dBFS ({@link LiveLevel}: its block-RMS peaks, released
   * at 1 dB a second; −Infinity before any sound). `isQuietInput` says when it is too quiet for Live.
   */
  inputDbfs: number;
}

/**
 * Live listening: streaming chroma → chord recogniser with hysteresis → sliding-window key (the
 * learned key model when `keyModel` is given, see {@link LiveListener.refreshKey}), plus the
 * tuner. Push mono blocks of any size (the AudioWorklet sends 128-sample render quanta, buffered).
 *
 * @param sampleRate Hz of the pushed audio (8–192 kHz).
 * @throws {RangeError} for an unsupported sample rate.
 */
export class LiveListener {
  readonly sampleRate: number;
  private readonly chroma: LiveChroma;
  private readonly recognizer: LiveChordRecognizer;
  private readonly keyFinder: LiveKeyFinder;
  private readonly tuner: LiveTuner;
  private tunerOn: boolean;
  /** Seconds between the chroma frames the chord stages read (1,024 samples at 48 kHz). */
  readonly hopSeconds: number;
  private keyModel: KeyModel | null;
  /** The learned model's newest key (null until its first answer or after a reset). */
  private modelKey: LiveKey | null = null;
  private keyInFlight = false;
  /** Stream time of the last model run, seconds. */
  private keyRunAt = Number.NEGATIVE_INFINITY;
  private streamTime = 0;
  /** Bumped by resetKey, so that an answer for the window before a reset is dropped. */
  private keyGeneration = 0;
  private readonly chordWindow: LiveChordWindow;
  private chordModel: ChordModel | null;
  private chordInFlight = false;
  private chordRunAt = Number.NEGATIVE_INFINITY;
  /** Bumped by setChordModel, so that an answer of a replaced model is dropped. */
  private chordGeneration = 0;
  private readonly frameModel: LiveFrameModel;
  private liveChordModel: LiveChordModel | null;
  private framesInFlight = false;
  private readonly frameStep: number;
  private readonly frameKeyPrior: number;
  private readonly keyEvenWindow: boolean;
  private readonly level: LiveLevel;
  private readonly loudness: LiveLoudness | null;

  constructor(sampleRate: number, options: LiveListenerOptions = {}) {
    this.sampleRate = sampleRate;
    this.chroma = new LiveChroma(sampleRate, { ...options.chroma, tuningHz: options.a4Hz ?? 440 });
    this.hopSeconds = this.chroma.hop / sampleRate;
    this.recognizer = new LiveChordRecognizer(options.chord);
    this.keyFinder = new LiveKeyFinder(options.keyWindowSeconds ?? LIVE_KEY_WINDOW_SECONDS);
    this.tuner = new LiveTuner(sampleRate);
    this.tuner.configure(options.instrument ?? "guitar", options.a4Hz ?? 440);
    this.tunerOn = options.tuner ?? false;
    this.keyModel = options.keyModel ?? null;
    this.keyEvenWindow = options.keyEvenWindow ?? false;
    this.chordWindow = new LiveChordWindow(this.hopSeconds, undefined, options.chord?.minRms);
    this.chordModel = options.chordModel ?? null;
    this.frameStep = options.frameStep ?? FRAME_STEP;
    if (!(Number.isInteger(this.frameStep) && this.frameStep >= 1))
      throw new RangeError(`frameStep must be a whole number ≥ 1, got ${options.frameStep}`);
    this.frameModel = new LiveFrameModel(
      options.frameDecision,
      options.frameContext ? this.hopSeconds : null,
    );
    this.liveChordModel = options.liveChordModel ?? null;
    this.frameKeyPrior = options.frameKeyPrior ?? FRAME_KEY_PRIOR_WEIGHT;
    if (!(this.frameKeyPrior >= 0 && Number.isFinite(this.frameKeyPrior)))
      throw new RangeError(`frameKeyPrior must be ≥ 0, got ${options.frameKeyPrior}`);
    this.level = new LiveLevel(sampleRate);
    const gain = options.loudnessGain ?? true;
    this.loudness = gain === false ? null : new LiveLoudness(sampleRate, gain === true ? {} : gain);
  }

  /** The loudness gain's current gain, dB (0 without it). */
  get inputGainDb(): number {
    return this.loudness ? this.loudness.gainDb : 0;
  }

  /**
   * Use Live's learned frame model from now on (null: the template recogniser). The Worker starts
   * listening at once and sets the model when it has loaded; the model's first answers follow the
   * frames heard since.
   */
  setLiveChordModel(model: LiveChordModel | null): void {
    this.liveChordModel = model;
    this.frameModel.reset();
    this.recognizer.setFrameDecision(null);
  }

  /**
   * Run Live's frame model on the frames it has not read (with the context before them) when one is
   * set, no run is in flight and at least `frameStep` (default `FRAME_STEP`) frames are unread; the
   * frames after its answer show its filtered decision. Call it after `push` (the Worker does not wait
   * for it; the bench awaits it).
   * @returns whether the model ran. When it fails, the listener goes back to the template recogniser for
   * good and the promise rejects with the model's AnalysisError.
   */
  async refreshFrames(): Promise<boolean> {
    const model = this.liveChordModel;
    if (!model || this.framesInFlight || this.frameModel.unread < this.frameStep) return false;
    this.framesInFlight = true;
    try {
      const decision = await this.frameModel.refresh(model);
      if (decision === null || model !== this.liveChordModel) return false;
      this.recognizer.setFrameDecision(decision, this.frameModel.decision.confidence);
      return true;
    } catch (err) {
      this.liveChordModel = null;
      this.recognizer.setFrameDecision(null);
      throw err;
    } finally {
      this.framesInFlight = false;
    }
  }

  /** Turn the tuner on or off and set its preset and reference A4 (Hz); the chord path follows the reference. */
  setTuner(on: boolean, instrument: TunerInstrument, a4Hz: number): void {
    this.tunerOn = on;
    this.tuner.configure(instrument, a4Hz);
    this.chroma.setTuning(a4Hz);
  }

  /**
   * Use a learned key model (Live's, `models/live-key.onnx`) from now on (null: the hand-written key
   * stage). The Worker starts listening at once and sets the model when it has loaded.
   */
  setKeyModel(model: KeyModel | null): void {
    this.keyModel = model;
    this.modelKey = null;
    this.keyRunAt = Number.NEGATIVE_INFINITY;
    this.keyGeneration++;
    this.frameModel.decision.setPrior(null);
  }

  /**
   * Use the engine's learned chord model from now on (null: the small built-in model). The Worker starts
   * listening at once and sets the model when it has loaded.
   */
  setChordModel(model: ChordModel | null): void {
    this.chordModel = model;
    this.chordRunAt = Number.NEGATIVE_INFINITY;
    this.chordGeneration++;
    this.recognizer.setLearned(null);
  }

  /**
   * Run the learned chord model on the chord window when one is set, at most once per {@link
   * CHORD_MODEL_SECONDS} of stream time and never twice at once; the frames after its answer read it
   * (when the newest half-second is silent the built-in model is read instead). Call it after `push`
   * (the Worker does not wait for it; the bench awaits it).
   * @returns whether the model ran and its answer is in use. When the model fails, the listener falls
   * back to the built-in model for good and the promise rejects with the model's AnalysisError.
   */
  async refreshChords(): Promise<boolean> {
    const model = this.chordModel;
    if (!model || this.chordInFlight || this.streamTime - this.chordRunAt < CHORD_MODEL_SECONDS) return false;
    this.chordRunAt = this.streamTime;
    const input = this.chordWindow.modelInput();
    if (!input) {
      this.recognizer.setLearned(null);
      return false;
    }
    const generation = this.chordGeneration;
    this.chordInFlight = true;
    try {
      const lp = await model.predict(input);
      if (generation !== this.chordGeneration) return false;
      const row = this.chordWindow.newestRow;
      this.recognizer.setLearned(lp.subarray(row * 97, row * 97 + 97));
      return true;
    } catch (err) {
      this.chordModel = null;
      this.recognizer.setLearned(null);
      throw err;
    } finally {
      this.chordInFlight = false;
    }
  }

  /** Forget the key heard so far. */
  resetKey(): void {
    this.keyFinder.reset();
    this.modelKey = null;
    this.keyRunAt = Number.NEGATIVE_INFINITY;
    this.keyGeneration++;
    this.frameModel.decision.setPrior(null);
  }

  /**
   * Run the learned key model on the key window when one is set, at most once per {@link
   * KEY_MODEL_SECONDS} of stream time and never twice at once; the next {@link push} reports its answer.
   * Call it after `push` (the Worker does not wait for it; the bench awaits it).
   * @returns the model's key, or null when it did not run. When the model fails, the listener falls back
   * to the hand-written key stage for good (and the key's prior over Live's chords is removed) and the
   * promise rejects with the model's AnalysisError.
   */
  async refreshKey(): Promise<LiveKey | null> {
    const model = this.keyModel;
    if (!model || this.keyInFlight || this.streamTime - this.keyRunAt < KEY_MODEL_SECONDS) return null;
    this.keyRunAt = this.streamTime;
    const input = this.keyFinder.modelInput();
    if (!input) {
      this.modelKey = null;
      this.frameModel.decision.setPrior(null);
      return null;
    }
    const generation = this.keyGeneration;
    this.keyInFlight = true;
    try {
      const p = await model.predict(
        this.keyEvenWindow ? { ...input, weights: cancelOpeningEmphasis(input.weights) } : input,
      );
      if (generation !== this.keyGeneration) return null;
      this.modelKey = this.keyFinder.fromProbabilities(p);
      if (this.frameKeyPrior > 0) this.frameModel.decision.setPrior(chordKeyLogPrior(p, this.frameKeyPrior));
      return this.modelKey;
    } catch (err) {
      this.keyModel = null;
      this.frameModel.decision.setPrior(null);
      throw err;
    } finally {
      this.keyInFlight = false;
    }
  }

  /**
   * The key to report: the learned model's newest answer (no key until its first, so that a screen
   * clears a key it showed before a reset), or the hand-written key stage's reading without a model.
   */
  private currentKey(): LiveKey {
    if (!this.keyModel) return this.keyFinder.estimate();
    return this.modelKey ?? this.keyFinder.none();
  }

  /** Analyse the next block of mono PCM. */
  push(block: Float32Array): LiveUpdate {
    const inputDbfs = this.level.push(block);
    const frames: ChromaFrame[] = this.chroma.push(this.loudness ? this.loudness.process(block) : block);
    const chords: LiveChordFrame[] = [];
    for (const f of frames) {
      const c = this.recognizer.next(f);
      chords.push(c);
      this.keyFinder.add(f, this.hopSeconds, c);
      this.chordWindow.add(f);
      if (this.liveChordModel) this.frameModel.add(f);
    }
    const tuner = this.tunerOn ? this.tuner.push(block) : undefined;
    const last = frames[frames.length - 1];
    if (last) this.streamTime = last.time;
    return {
      chords,
      key: frames.length > 0 ? this.currentKey() : null,
      tuner,
      tuningCents: last ? last.tuningCents : Number.NaN,
      inputDbfs,
    };
  }
}
