/**
 * Live listening: streaming chord and key recognition, an instrument tuner and play-along scoring.
 * Pure TypeScript; the browser's Web Worker and the Node bench (`npm run bench:live`) share it. The test
 * instruments and room are not part of the engine: they live in `packages/analysis/testing/live-synth.ts`
 * (`@tonic/analysis/testing`).
 */

export {
  ChangeDetector,
  type ChangeDetectorOptions,
  type ChordChange,
  notesChanged,
  ROOT_CHANGE_THRESHOLD,
  type SegmentView,
} from "./change-detector.js";
export { CHORD_KEY_SHARES } from "./chord-key-prior.js";
export { chordKeyLogPrior, FRAME_KEY_PRIOR_WEIGHT } from "./chord-prior.js";
export { ChordScorer, type ChordScorerOptions, LEARNED_WEIGHT, MODEL_WEIGHT } from "./chord-scorer.js";
export {
  CHORD_CONTEXT_SEGMENTS,
  CHORD_FUTURE_SEGMENTS,
  CHORD_SEGMENT_SECONDS,
  LiveChordWindow,
} from "./chord-window.js";
export {
  FRAME_MODEL_MIN_RMS,
  type LiveChordFrame,
  type LiveChordOptions,
  LiveChordRecognizer,
  liveChordDefaults,
} from "./chords.js";
export { type ChromaFrame, LiveChroma, type LiveChromaOptions } from "./chroma.js";
export { FrameHistory } from "./history.js";
export {
  cancelOpeningEmphasis,
  KEY_BIN_SECONDS,
  LIVE_KEY_WINDOW_SECONDS,
  type LiveKey,
  LiveKeyFinder,
} from "./key.js";
export {
  blockDbfs,
  gatedLoudness,
  isQuietInput,
  LEVEL_RELEASE_DB_PER_SECOND,
  LEVEL_SILENCE_DBFS,
  LiveLevel,
  LiveLoudness,
  type LiveLoudnessOptions,
  LOUDNESS_LOW_DBFS,
  QUIET_INPUT_DBFS,
  SILENT_INPUT_DBFS,
} from "./level.js";
export { OnsetGate, type OnsetGateOptions, spectralRelease } from "./onset-gate.js";
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
export { QUALITY_HOLD_SECONDS, QualityHold } from "./quality-hold.js";
export { ResidueMask } from "./residue-mask.js";
export { hasStopped, isRestrike, type RestrikeMeasure, restrike } from "./restrike.js";
export { SegmentDecision, type SegmentDecisionOptions } from "./segment-decision.js";
export {
  CHORD_MODEL_SECONDS,
  KEY_MODEL_SECONDS,
  LIVE_BLOCK,
  LiveListener,
  type LiveListenerOptions,
  type LiveUpdate,
} from "./session.js";
export { SpeechGate, type SpeechGateOptions } from "./speech-gate.js";
export {
  LiveTuner,
  midiName,
  NEAR_STRING_SEMITONES,
  TUNER_STRINGS,
  type TunerInstrument,
  type TunerReading,
} from "./tuner.js";
export {
  LIVE_HARMONIC_DECAY,
  LIVE_QUALITIES,
  LiveVocabulary,
  type LiveVocabularyOptions,
} from "./vocabulary.js";
