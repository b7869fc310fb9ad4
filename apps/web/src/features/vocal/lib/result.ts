import type { VocalAnalysisResult } from "@tonic/analysis";
import { noteMidi } from "./chords";

/** SPEC §3 "Vocal analysis result", as answered by `POST /api/analyze-vocal-scale`. */
export interface ServerVocalResult {
  key: string;
  bpm: number | null;
  recommended_chords: string[];
  time_signature: string | null;
  vocal_range: { min: string; max: string; min_hz: number; max_hz: number };
}

/** What the results panel shows, whichever path (worker or server) produced it. */
export interface VocalView {
  key: string;
  bpm: number | null;
  timeSignature: string | null;
  chords: string[];
  range: { min: string; max: string; minHz: number; maxHz: number; minMidi: number; maxMidi: number };
  /** "device" when the browser worker analysed it, "server" for the fallback. */
  source: "device" | "server";
}

/** The parts of the engine's result the page shows. */
export type EngineVocalResult = Pick<
  VocalAnalysisResult,
  "key" | "bpm" | "time_signature" | "recommended_chords" | "vocal_range"
>;

/** The worker's engine result → view. */
export function fromEngine(r: EngineVocalResult): VocalView {
  return {
    key: r.key,
    bpm: r.bpm,
    timeSignature: r.time_signature,
    chords: r.recommended_chords,
    range: {
      min: r.vocal_range.min,
      max: r.vocal_range.max,
      minHz: r.vocal_range.min_hz,
      maxHz: r.vocal_range.max_hz,
      minMidi: r.vocal_range.min_midi,
      maxMidi: r.vocal_range.max_midi,
    },
    source: "device",
  };
}

/**
 * The server's SPEC §3 result → view (MIDI numbers from the note names).
 * @throws Error when the range names are not notes with an octave.
 */
export function fromServer(r: ServerVocalResult): VocalView {
  const minMidi = noteMidi(r.vocal_range.min);
  const maxMidi = noteMidi(r.vocal_range.max);
  if (minMidi === null || maxMidi === null) throw new Error("Malformed vocal range");
  return {
    key: r.key,
    bpm: r.bpm,
    timeSignature: r.time_signature,
    chords: r.recommended_chords,
    range: {
      min: r.vocal_range.min,
      max: r.vocal_range.max,
      minHz: r.vocal_range.min_hz,
      maxHz: r.vocal_range.max_hz,
      minMidi,
      maxMidi,
    },
    source: "server",
  };
}
