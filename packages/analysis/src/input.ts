/**
 * The one check of audio handed to the engine (song analysis, streams, vocal pitch tracking). Each entry
 * point names its own sample-rate range; every failure is an {@link AnalysisInputError}.
 * Pure module (no Node or DOM APIs).
 */
import { AnalysisInputError } from "./types.js";

/** What an entry point accepts. */
export interface AudioInputLimits {
  /** Lowest accepted sample rate, Hz (> 0). */
  readonly minSampleRate: number;
  /** Highest accepted sample rate, Hz. */
  readonly maxSampleRate: number;
  /** Whether every sample is checked for NaN and ±Infinity (O(n); streams check their chunks instead). */
  readonly finiteSamples: boolean;
}

/**
 * Throw when `samples` / `sampleRate` cannot be analysed.
 *
 * @param samples mono PCM, nominally −1..1; at least one sample (and all finite with `finiteSamples`).
 * @param sampleRate Hz, a finite number within `limits`.
 * @param limits the entry point's accepted range.
 * @throws {AnalysisInputError} when `samples` is not a Float32Array, is empty, holds a non-finite value
 *   (with `finiteSamples`), or the sample rate is not a finite number within the limits.
 */
export function validateAudioInput(
  samples: Float32Array,
  sampleRate: number,
  limits: AudioInputLimits,
): void {
  if (!(samples instanceof Float32Array))
    throw new AnalysisInputError("samples must be a Float32Array of mono PCM");
  if (samples.length === 0) throw new AnalysisInputError("samples is empty: nothing to analyse");
  const { minSampleRate: min, maxSampleRate: max } = limits;
  if (
    typeof sampleRate !== "number" ||
    !Number.isFinite(sampleRate) ||
    sampleRate < min ||
    sampleRate > max
  ) {
    throw new AnalysisInputError(
      `sampleRate must be a number between ${min} and ${max} Hz, got ${String(sampleRate)}`,
    );
  }
  if (!limits.finiteSamples) return;
  const bad = firstNonFinite(samples);
  if (bad >= 0) throw nonFiniteError(bad);
}

/** Index of the first NaN or ±Infinity in `samples`, or −1 when all are finite. */
export function firstNonFinite(samples: Float32Array): number {
  for (let i = 0; i < samples.length; i++) if (!Number.isFinite(samples[i] as number)) return i;
  return -1;
}

/** The error for a non-finite sample at `index` (counted from the start of the input). */
export function nonFiniteError(index: number): AnalysisInputError {
  return new AnalysisInputError(`samples contains a non-finite value (NaN or Infinity) at index ${index}`);
}
