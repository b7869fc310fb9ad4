/**
 * Live's learned frame model on the stream: keeps the newest frames' features, runs the model
 * (`LiveChordModel`, `models/live-chords.onnx`) on the frames it has not read yet with the context they
 * need, and filters its answers ({@link FrameDecision}). Pure module (no Node or DOM APIs).
 */
import type { LiveChordModel } from "../types.js";
import type { ChromaFrame } from "./chroma.js";
import { FrameDecision, type FrameDecisionOptions } from "./frame-decision.js";
import {
  FRAME_FEATURES,
  FRAME_FEATURES_WITH_CONTEXT,
  FRAME_MODEL_CLASSES,
  FrameContext,
  frameFeatures,
  frameModelFamilies,
} from "./frame-features.js";

/**
 * Frames of context the model reads before each new frame: at least its receptive field (61 frames, about
 * 1.3 s, for the shipped model; `models/live-chords.json`), so that its answer on the stream equals its
 * answer on the whole recording.
 */
export const FRAME_CONTEXT = 64;
/** Most new frames read in one run; older unread frames are skipped (a device that fell far behind). */
export const FRAME_BATCH = 64;
/**
 * New frames (≈ 21 ms each) the listener waits for before it runs the model again. Each run reads the
 * whole context, about 2 ms in onnxruntime-web on this machine's CPU (`npm run bench:live:model`), so one
 * run a frame would take about 10 % of a core; every second frame keeps the model under 5 %, the budget
 * set before measuring, at about one frame (21 ms) of added latency.
 */
export const FRAME_STEP = 2;

/** The newest frames' features and the filter over the model's answers. */
export class LiveFrameModel {
  private readonly size = FRAME_CONTEXT + FRAME_BATCH;
  private readonly ring: Float32Array;
  /** Frames added since the start (or reset). */
  private added = 0;
  /** Frames the model has read. */
  private read = 0;
  /** Bumped by reset, so that a run started before it is dropped. */
  private generation = 0;
  readonly decision: FrameDecision;
  /** Values per frame the model reads. */
  readonly width: number;
  private readonly context: FrameContext | null;

  /**
   * @param options the filter's parameters (see {@link FrameDecision}); the families default to the
   *   classes' triads ({@link frameModelFamilies}).
   * @param hopSeconds with a model that reads the tonal context ({@link FrameContext}): seconds between
   *   frames; null for the model without it.
   * @throws {RangeError} for parameters out of range.
   */
  constructor(options: FrameDecisionOptions = {}, hopSeconds: number | null = null) {
    this.context = hopSeconds === null ? null : new FrameContext(hopSeconds);
    this.width = this.context ? FRAME_FEATURES_WITH_CONTEXT : FRAME_FEATURES;
    this.ring = new Float32Array(this.size * this.width);
    this.decision = new FrameDecision(FRAME_MODEL_CLASSES, {
      ...options,
      families: options.families ?? frameModelFamilies(),
    });
  }

  /** Forget every frame and the filter's state. */
  reset(): void {
    this.added = 0;
    this.read = 0;
    this.generation++;
    this.decision.reset();
    this.context?.reset();
  }

  /** Store a frame's features (frames in stream order). */
  add(frame: ChromaFrame): void {
    const row = this.context?.update(frame);
    frameFeatures(frame, this.ring, (this.added % this.size) * this.width, row);
    this.added++;
  }

  /** Frames added that the model has not read. */
  get unread(): number {
    return this.added - this.read;
  }

  /**
   * The model's input for the unread frames (at most {@link FRAME_BATCH}, the newest) with up to
   * {@link FRAME_CONTEXT} − 1 frames before them, oldest first; null when every frame has been read.
   * @returns the input and how many of its last frames are new.
   */
  input(): { frames: number; features: Float32Array; fresh: number } | null {
    const fresh = Math.min(this.unread, FRAME_BATCH);
    if (fresh <= 0) return null;
    const from = Math.max(0, this.added - fresh - (FRAME_CONTEXT - 1));
    const frames = this.added - from;
    const w = this.width;
    const features = new Float32Array(frames * w);
    for (let i = 0; i < frames; i++) {
      const slot = (from + i) % this.size;
      features.set(this.ring.subarray(slot * w, (slot + 1) * w), i * w);
    }
    return { frames, features, fresh };
  }

  /**
   * Run the model on the unread frames and filter its answers.
   * @returns the decision after the newest frame (a `FRAME_MODEL_QUALITIES` class, 0 = no chord), or null
   * when there was nothing to read or {@link reset} was called meanwhile. Rejects with the model's
   * AnalysisError when it fails.
   */
  async refresh(model: LiveChordModel): Promise<number | null> {
    const input = this.input();
    if (!input) return null;
    const upTo = this.added;
    const generation = this.generation;
    const lp = await model.predict({ frames: input.frames, features: input.features });
    if (generation !== this.generation) return null;
    for (let i = input.frames - input.fresh; i < input.frames; i++)
      this.decision.update(lp, i * FRAME_MODEL_CLASSES);
    this.read = upTo;
    return this.decision.decision;
  }
}
