/**
 * Small signal-conditioning helpers for the vocal pitch tracker: input validation and a Butterworth
 * high-pass (hum / rumble removal). Decimation is the engine's (`../dsp.ts`).
 * Pure TypeScript, no Node or DOM APIs.
 */
import { hzToMidi as unitHzToMidi, midiToHz as unitMidiToHz } from "@tonic/theory/units";
import { biquadInPlace } from "../dsp.js";
import { type AudioInputLimits, validateAudioInput } from "../input.js";

/** What the vocal analysis accepts: 8–384 kHz, every sample finite. */
const VOCAL_INPUT: AudioInputLimits = { minSampleRate: 8000, maxSampleRate: 384000, finiteSamples: true };

/**
 * Throw when `samples` / `sampleRate` cannot be analysed: the engine's one input check
 * (`../input.ts`) with the vocal analysis's limits.
 *
 * @param samples mono PCM, finite values (nominally -1..1).
 * @param sampleRate Hz, finite, 8000..384000.
 * @throws {AnalysisInputError} when the buffer is not a Float32Array, is empty, holds NaN/Infinity,
 *   or the sample rate is out of range.
 */
export function validateInput(samples: Float32Array, sampleRate: number): void {
  validateAudioInput(samples, sampleRate, VOCAL_INPUT);
}

/**
 * In-place 4th-order Butterworth high-pass (two cascaded RBJ biquads, Q = 0.5412 and 1.3066),
 * used to remove mains hum and rumble below the singing range.
 *
 * @param x signal, modified in place.
 * @param sampleRate Hz.
 * @param cutoff Hz (-3 dB point), > 0 and < sampleRate / 2.
 * @throws {RangeError} when `cutoff` is outside (0, sampleRate / 2) (from `biquadInPlace`).
 */
export function highPassInPlace(x: Float32Array, sampleRate: number, cutoff: number): void {
  for (const q of [0.541196, 1.306563]) biquadInPlace(x, sampleRate, cutoff, q, "highpass");
}

/** Convert Hz to (fractional) MIDI note number, A4 = 440 Hz = 69 (`@tonic/theory/units`' conversion). */
export const hzToMidi: (hz: number) => number = unitHzToMidi;

/** Convert a (fractional) MIDI note number to Hz, A4 = 440 Hz = 69 (`@tonic/theory/units`' conversion). */
export const midiToHz: (midi: number) => number = unitMidiToHz;
