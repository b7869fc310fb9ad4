/**
 * @tonic/analysis — pure music analysis engine (no Node APIs, no DOM): key, tempo, beats, meter, chords.
 * Runs unchanged in Node and in browser Web Workers. File decoding lives in `@tonic/analysis/node`.
 */
export {
  ANALYSIS_RATE,
  type AnalysisStream,
  analyzeAudio,
  createAnalysisStream,
  MAX_ANALYSIS_SECONDS,
  MAX_SAMPLE_RATE,
  MIN_ANALYSIS_SECONDS,
  MIN_SAMPLE_RATE,
  toMono,
} from "./analyze.js";
export {
  chordName,
  chordToHarte,
  harteToDisplay,
  keyName,
  NOTE_NAMES,
  noteToPitchClass,
  parseDisplayChord,
  parseKey,
  pitchClassName,
  slashChordName,
} from "./labels.js";
export * from "./live/index.js";
export type {
  AnalysisResult,
  AnalysisStage,
  AnalyzeOptions,
  ChordChange,
  ChordKeyModel,
  ChordKeyModelInput,
  ChordModel,
  ChordModelInput,
  ChordSegment,
  EngineModels,
  Hz,
  KeyModel,
  KeyModelInput,
  KeySegment,
  MidiNote,
  PitchClassIndex,
  Seconds,
  TimeSignature,
} from "./types.js";
export {
  AnalysisError,
  AnalysisInputError,
  ChordLabelError,
  hz,
  midiNote,
  pitchClassIndex,
  seconds,
} from "./types.js";
export { ENGINE_VERSION } from "./version.js";

// Vocal pitch tracking and vocal scale detection (pYIN), for the Vocal Scale Detector. The test voice
// synthesiser is not part of the engine: it is exported from `@tonic/analysis/testing`.
export {
  analyzeVocal,
  detectPitch,
  diatonicChords,
  estimateKey,
  estimateSa,
  estimateTempo,
  type FramePitch,
  type FramePitchOptions,
  hzToMidi,
  midiToHz,
  midiToNoteName,
  PITCH_CLASSES,
  PITCH_HOP_SECONDS,
  type PitchTrack,
  type PitchTrackOptions,
  pitchGlitches,
  type SaEstimate,
  segmentNotes,
  trackPitch,
  type VocalAnalysisOptions,
  type VocalAnalysisResult,
  type VocalKey,
  type VocalNote,
  type VocalRange,
  type VocalSegmentation,
  vocalRange,
} from "./vocal/index.js";
export { encodeWav } from "./wav.js";
