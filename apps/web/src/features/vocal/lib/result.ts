import type { VocalAnalysisResult } from "@tonic/analysis";
import type { VocalScaleResult } from "@tonic/api";
import { noteMidi } from "./chords";

/** The server's PRODUCT §3 vocal analysis result. */
export type ServerVocalResult = VocalScaleResult;

/** What the results panel shows, whichever path (worker or server) produced it. */
export interface VocalView {
  /** The best-fitting key; only the closest match when `keyUncertain`. */
  key: string;
  /** The singing does not settle on one key: show the range, and the key as uncertain. */
  keyUncertain: boolean;
  /** The runner-up key ("A Minor"), named beside `key` when `keyUncertain`; null when unknown. */
  keyAlternative: string | null;
  bpm: number | null;
  timeSignature: string | null;
  chords: string[];
  range: { min: string; max: string; minHz: number; maxHz: number; minMidi: number; maxMidi: number };
  /** "device" when the browser worker analysed it, "server" for the fallback. */
  source: "device" | "server";
  /** The singer's Sa (pitch class 0 = C … 11 = B) with a 0..1 confidence and the runner-up; null when unknown. */
  sa: SaView | null;
}

/** The detected Sa as the page shows it. */
export interface SaView {
  pitchClass: number;
  confidence: number;
  runnerUp: { pitchClass: number; confidence: number } | null;
  /** Seconds sung on each pitch class (0 = C), for the raga hints; null from older servers. */
  pitchClassSeconds: number[] | null;
}

/** The parts of the engine's result the page shows. */
export type EngineVocalResult = Pick<
  VocalAnalysisResult,
  | "key"
  | "keyUncertain"
  | "keyAlternative"
  | "bpm"
  | "time_signature"
  | "recommended_chords"
  | "vocal_range"
  | "sa"
>;

/** The fields the engine's and the server's results both name (in snake_case). */
type SharedVocalResult = Pick<
  EngineVocalResult & ServerVocalResult,
  "key" | "bpm" | "time_signature" | "recommended_chords"
> & { vocal_range: Pick<VocalScaleResult["vocal_range"], "min" | "max" | "min_hz" | "max_hz"> };

/** What the view takes alike from either result; the range's MIDI numbers come from the caller. */
function sharedView(
  r: SharedVocalResult,
  minMidi: number,
  maxMidi: number,
): Pick<VocalView, "key" | "bpm" | "timeSignature" | "chords" | "range"> {
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
  };
}

/** The worker's engine result → view. */
export function fromEngine(r: EngineVocalResult): VocalView {
  return {
    ...sharedView(r, r.vocal_range.min_midi, r.vocal_range.max_midi),
    keyUncertain: r.keyUncertain,
    keyAlternative: r.keyAlternative,
    source: "device",
    sa: r.sa
      ? {
          pitchClass: r.sa.pitchClass,
          confidence: r.sa.confidence,
          runnerUp: r.sa.runnerUp,
          pitchClassSeconds: r.sa.pitchClassSeconds,
        }
      : null,
  };
}

/**
 * The server's PRODUCT §3 result → view (MIDI numbers from the note names).
 * @throws Error when the range names are not notes with an octave.
 */
export function fromServer(r: ServerVocalResult): VocalView {
  const minMidi = noteMidi(r.vocal_range.min);
  const maxMidi = noteMidi(r.vocal_range.max);
  if (minMidi === null || maxMidi === null) throw new Error("Malformed vocal range");
  return {
    ...sharedView(r, minMidi, maxMidi),
    keyUncertain: r.key_uncertain ?? false,
    keyAlternative: r.key_alternative ?? null,
    source: "server",
    sa: r.sa
      ? {
          pitchClass: r.sa.pitch_class,
          confidence: r.sa.confidence,
          runnerUp: r.sa.runner_up
            ? { pitchClass: r.sa.runner_up.pitch_class, confidence: r.sa.runner_up.confidence }
            : null,
          pitchClassSeconds: r.sa.pitch_class_seconds ?? null,
        }
      : null,
  };
}
