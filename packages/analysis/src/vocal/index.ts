/**
 * Vocal analysis: pYIN pitch tracking, note segmentation, vocal range, key, tempo.
 * Pure TypeScript (no Node / DOM APIs); runs in browsers, Web Workers and Node. The test voice synthesiser
 * is not part of the engine: it lives in `packages/analysis/testing` (`@tonic/analysis/testing`).
 */
export {
  analyzeVocal,
  estimateKey,
  estimateTempo,
  isKeyUncertain,
  isSpeechLike,
  keyPosterior,
  NOTE_ONSET_FRAME_RATE,
  noteOnsetEnvelope,
  POP909_MELODY_MAJOR,
  POP909_MELODY_MINOR,
  pitchGlitches,
  segmentNotes,
  type VocalAnalysisOptions,
  type VocalAnalysisResult,
  type VocalKey,
  type VocalKeyOptions,
  type VocalNote,
  type VocalRange,
  type VocalSegmentation,
  vocalRange,
} from "./analyze.js";
export { hzToMidi, midiToHz } from "./dsp.js";
export { detectPitch, type FramePitch, type FramePitchOptions } from "./live.js";
export { diatonicChords, midiToNoteName, PITCH_CLASSES } from "./music.js";
export { PITCH_HOP_SECONDS, type PitchTrack, type PitchTrackOptions, trackPitch } from "./pitch.js";
export {
  estimateSa,
  SA_TEMPERATURE,
  SA_WEIGHTS,
  type SaCues,
  type SaEstimate,
  type SaWeights,
  saCues,
  saScore,
} from "./tonic.js";
