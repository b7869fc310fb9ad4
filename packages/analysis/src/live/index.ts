/**
 * Live listening: streaming chord and key recognition, an instrument tuner and play-along scoring.
 * Pure TypeScript; the browser's Web Worker and the Node bench (`npm run bench:live`) share it. The test
 * instruments and room are not part of the engine: they live in `packages/analysis/testing/live-synth.ts`
 * (`@tonic/analysis/testing`).
 */

export {
  LIVE_QUALITIES,
  type LiveChordFrame,
  type LiveChordOptions,
  LiveChordRecognizer,
  QUALITY_HOLD_SECONDS,
  QualityHold,
} from "./chords.js";
export { type ChromaFrame, LiveChroma, type LiveChromaOptions } from "./chroma.js";
export { type LiveKey, LiveKeyFinder } from "./key.js";
export {
  type BarResult,
  barsFromChords,
  barsPlayed,
  chordsMatch,
  type PlayBar,
  type PlayedSample,
  scoreBars,
  songTimeOf,
  type TakeAnchor,
} from "./playalong.js";
export { LIVE_BLOCK, LiveListener, type LiveListenerOptions, type LiveUpdate } from "./session.js";
export {
  LiveTuner,
  midiName,
  NEAR_STRING_SEMITONES,
  TUNER_STRINGS,
  type TunerInstrument,
  type TunerReading,
} from "./tuner.js";
