/**
 * The live listening pipeline: one object fed with microphone blocks that reports the chord, the key
 * and the tuner reading. The browser's Web Worker and the Node bench run this same code.
 * Pure module (no Node or DOM APIs).
 */

import { type LiveChordFrame, type LiveChordOptions, LiveChordRecognizer } from "./chords.js";
import { type ChromaFrame, LiveChroma, type LiveChromaOptions } from "./chroma.js";
import { type LiveKey, LiveKeyFinder } from "./key.js";
import { LiveTuner, type TunerInstrument, type TunerReading } from "./tuner.js";

/**
 * Samples per message from the AudioWorklet to the Worker: four 128-sample render quanta (2.7 ms at
 * 48 kHz each). The browser capture and the bench buffer the same way.
 */
export const LIVE_BLOCK = 512;

/** Options of {@link LiveListener}. */
export interface LiveListenerOptions {
  /** Key window, seconds (10–30, default 20). */
  keyWindowSeconds?: number;
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
}

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
}

/**
 * Live listening: streaming chroma → chord recogniser with hysteresis → sliding-window key, plus the
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
  private readonly hopSeconds: number;

  constructor(sampleRate: number, options: LiveListenerOptions = {}) {
    this.sampleRate = sampleRate;
    this.chroma = new LiveChroma(sampleRate, { ...options.chroma, tuningHz: options.a4Hz ?? 440 });
    this.hopSeconds = this.chroma.hop / sampleRate;
    this.recognizer = new LiveChordRecognizer(options.chord);
    this.keyFinder = new LiveKeyFinder(options.keyWindowSeconds ?? 20);
    this.tuner = new LiveTuner(sampleRate);
    this.tuner.configure(options.instrument ?? "guitar", options.a4Hz ?? 440);
    this.tunerOn = options.tuner ?? false;
  }

  /** Turn the tuner on or off and set its preset and reference A4 (Hz); the chord path follows the reference. */
  setTuner(on: boolean, instrument: TunerInstrument, a4Hz: number): void {
    this.tunerOn = on;
    this.tuner.configure(instrument, a4Hz);
    this.chroma.setTuning(a4Hz);
  }

  /** Forget the key heard so far. */
  resetKey(): void {
    this.keyFinder.reset();
  }

  /** Analyse the next block of mono PCM. */
  push(block: Float32Array): LiveUpdate {
    const frames: ChromaFrame[] = this.chroma.push(block);
    const chords: LiveChordFrame[] = [];
    for (const f of frames) {
      const c = this.recognizer.next(f);
      chords.push(c);
      this.keyFinder.add(f, this.hopSeconds, c.chord !== "N");
    }
    const tuner = this.tunerOn ? this.tuner.push(block) : undefined;
    const last = frames[frames.length - 1];
    return {
      chords,
      key: frames.length > 0 ? this.keyFinder.estimate() : null,
      tuner,
      tuningCents: last ? last.tuningCents : Number.NaN,
    };
  }
}
