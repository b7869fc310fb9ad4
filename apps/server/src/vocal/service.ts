import { estimateSa, type VocalAnalysisResult } from "@tonic/analysis";
import { AudioDecodeError, decodeAudioFile } from "@tonic/analysis/node";
import type { VocalScaleResult as ApiVocalScaleResult } from "@tonic/api";
import { THAATS } from "@tonic/theory/indian";
import { analyzeVocalInThread } from "../jobs/analyze-in-thread.js";
import { HttpError } from "../lib/errors.js";

/** Largest accepted upload, bytes (10 MB ≈ 55 s of 16-bit stereo 48 kHz WAV). */
export const MAX_VOCAL_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Longest accepted recording, seconds: the 30 s recording of PRODUCT §9 plus slack for encoder padding. */
export const MAX_VOCAL_SECONDS = 35;
/** Shortest recording worth analysing, seconds. */
export const MIN_VOCAL_SECONDS = 0.5;

/** PRODUCT §3 "Vocal analysis result". */
export interface VocalScaleResult {
  /** "C Major" / "A Minor" (sharps); only the closest match when `key_uncertain`. */
  key: string;
  /** True when the singing does not settle on one key (issue 12): the range holds, the key is a guess. */
  key_uncertain: boolean;
  /** The runner-up key ("A Minor"), e.g. the relative of `key`; null when there is none. */
  key_alternative: string | null;
  /** Beats per minute from note onsets, or null when the singing has no clear pulse. */
  bpm: number | null;
  /** The key's seven diatonic chords, most singable first, e.g. ["C", "F", "G", "Am", "Dm", "Em", "Bdim"]. */
  recommended_chords: string[];
  /** "4/4" or "3/4", or null when there is no clear pulse. */
  time_signature: string | null;
  /** Lowest and highest sustained notes, named with octave ("G3"), and their sung frequencies in Hz. */
  vocal_range: { min: string; max: string; min_hz: number; max_hz: number };
  /** The singer's Sa (issue 29): pitch class, confidence and runner-up; null when it cannot be told. */
  sa: ApiVocalScaleResult["sa"];
}

/** True when the bytes start like a RIFF/WAVE file. */
function isWav(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const tag = (o: number) => String.fromCharCode(...bytes.subarray(o, o + 4));
  return tag(0) === "RIFF" && tag(8) === "WAVE";
}

/**
 * Analyse one uploaded WAV recording of a singing voice (PRODUCT §7 analyze-vocal-scale) with the
 * same engine the browser worker runs (`analyzeVocal` of `@tonic/analysis`, pYIN), in an analysis
 * worker thread so the event loop stays free (the engine decimates to 11–22 kHz before pitch tracking,
 * so no resampling is needed here). The WAV is decoded on the calling thread (a linear pass, capped at
 * 10 MB by the route). Nothing is stored.
 *
 * @param bytes the file's bytes: a RIFF/WAVE file (PCM or float, any rate and channel count).
 * @param signal stops the analysis (terminates its thread); the promise then rejects with "aborted".
 * @returns the PRODUCT §3 vocal analysis result.
 * @throws {HttpError} 400 "The recording is empty." for 0 bytes or no samples; 415 "The recording must
 *   be a WAV file." for anything else; 400 "The recording could not be decoded." for a corrupt WAV;
 *   400 "The recording is too short…" under 0.5 s, or for a sample rate outside 8–384 kHz; 413 "The recording is too long (the limit is 35
 *   seconds)." above 35 s; 422 "Unable to detect scale" (PRODUCT §8) when no sung notes are found;
 *   422 "The recording could not be analysed." when the engine refuses the samples (e.g. NaN in a float WAV).
 * @throws {Error} "aborted" when `signal` fires.
 */
export async function analyzeVocalRecording(
  bytes: Uint8Array,
  signal?: AbortSignal,
): Promise<VocalScaleResult> {
  if (bytes.length === 0) throw new HttpError(400, "The recording is empty.");
  if (!isWav(bytes)) throw new HttpError(415, "The recording must be a WAV file.");
  let audio: Awaited<ReturnType<typeof decodeAudioFile>>;
  try {
    audio = await decodeAudioFile(bytes);
  } catch (err) {
    if (err instanceof AudioDecodeError) throw new HttpError(400, "The recording could not be decoded.");
    throw err;
  }
  if (audio.durationSeconds > MAX_VOCAL_SECONDS) {
    throw new HttpError(413, `The recording is too long (the limit is ${MAX_VOCAL_SECONDS} seconds).`);
  }
  if (audio.durationSeconds < MIN_VOCAL_SECONDS) {
    throw new HttpError(400, `The recording is too short (at least ${MIN_VOCAL_SECONDS} seconds).`);
  }
  if (audio.sampleRate < 8000 || audio.sampleRate > 384000) {
    throw new HttpError(400, "The recording's sample rate is not supported (8 to 384 kHz).");
  }
  if (signal?.aborted) throw new Error("aborted");
  let res: Awaited<ReturnType<typeof analyzeVocalInThread>>;
  try {
    res = await analyzeVocalInThread(audio.samples, audio.sampleRate, signal);
  } catch {
    if (signal?.aborted) throw new Error("aborted");
    throw new HttpError(422, "The recording could not be analysed.");
  }
  if (!res) throw new HttpError(422, "Unable to detect scale");
  const { min, max, min_hz, max_hz } = res.vocal_range;
  return {
    key: res.key,
    key_uncertain: res.keyUncertain,
    key_alternative: res.keyAlternative,
    bpm: res.bpm,
    recommended_chords: res.recommended_chords,
    time_signature: res.time_signature,
    vocal_range: { min, max, min_hz, max_hz },
    sa: saOf(res.notes),
  };
}

/** The ten thaats' scales, the candidate parent scales of the singer's Sa. */
const THAAT_SCALES = THAATS.map((t) => t.intervals);

/** The singer's Sa from the sung notes, as the browser worker finds it (`estimateSa` with the ten thaats). */
function saOf(notes: VocalAnalysisResult["notes"]): VocalScaleResult["sa"] {
  const sa = estimateSa(notes, THAAT_SCALES);
  if (!sa) return null;
  return {
    pitch_class: sa.pitchClass,
    confidence: sa.confidence,
    runner_up: sa.runnerUp
      ? { pitch_class: sa.runnerUp.pitchClass, confidence: sa.runnerUp.confidence }
      : null,
  };
}
