/**
 * Node-only helpers: decode audio files (MP3, WAV, FLAC, OGG, …) and analyse them.
 * Import from `@tonic/analysis/node`; the browser uses `@tonic/analysis` with its own decoding.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import decode from "audio-decode";
import { analyzeAudio, toMono } from "./analyze.js";
import type { AnalysisResult, AnalyzeOptions } from "./types.js";

export * from "./index.js";

/** Thrown when a file is missing, unreadable, unsupported or corrupt. `message` is one human-readable line. */
export class AudioDecodeError extends Error {
  override name = "AudioDecodeError";
}

/** Decoded audio, mixed to mono. */
export interface DecodedAudio {
  /** Mono PCM (mean of the channels), −1..1. */
  samples: Float32Array;
  /** Hz */
  sampleRate: number;
  /** Number of channels in the file. */
  channels: number;
  durationSeconds: number;
}

/**
 * Decode an audio file or buffer to mono PCM with `audio-decode` (format auto-detected: MP3, WAV, FLAC,
 * OGG Vorbis/Opus, M4A/AAC, AIFF, …).
 *
 * @param pathOrBytes a file path, or the file's bytes.
 * @returns mono samples, sample rate (Hz), channel count and duration (s).
 * @throws {AudioDecodeError} "Cannot read audio file: <name>" when the file cannot be read, or
 * "Unsupported or corrupt audio file: <name>" when it cannot be decoded or holds no samples.
 */
export async function decodeAudioFile(pathOrBytes: string | Uint8Array): Promise<DecodedAudio> {
  const name = typeof pathOrBytes === "string" ? basename(pathOrBytes) : "<buffer>";
  let bytes: Uint8Array;
  if (typeof pathOrBytes === "string") {
    try {
      bytes = await readFile(pathOrBytes);
    } catch {
      throw new AudioDecodeError(`Cannot read audio file: ${name}`);
    }
  } else bytes = pathOrBytes;
  const fail = () => new AudioDecodeError(`Unsupported or corrupt audio file: ${name}`);
  if (bytes.length === 0 || isTruncatedWav(bytes)) throw fail();
  let data: { channelData: Float32Array[]; sampleRate: number };
  try {
    data = await decode(bytes);
  } catch {
    throw fail();
  }
  const chans = (data?.channelData ?? []).filter((c): c is Float32Array => c instanceof Float32Array);
  const len = chans[0]?.length ?? 0;
  if (chans.length === 0 || len === 0 || !(data.sampleRate > 0)) throw fail();
  const samples = toMono(chans.map((c) => (c.length === len ? c : c.subarray(0, len))));
  for (let i = 0; i < samples.length; i++) if (!Number.isFinite(samples[i] as number)) samples[i] = 0;
  return {
    samples,
    sampleRate: data.sampleRate,
    channels: chans.length,
    durationSeconds: len / data.sampleRate,
  };
}

/**
 * True when `bytes` is a RIFF/WAVE file whose `data` chunk declares more bytes than the file holds
 * (a truncated download/copy). Streaming writers' placeholder sizes (0, 0xFFFFFFFF) are accepted.
 */
function isTruncatedWav(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  const tag = (o: number) => String.fromCharCode(...bytes.subarray(o, o + 4));
  if (tag(0) !== "RIFF" || tag(8) !== "WAVE") return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 12;
  while (o + 8 <= bytes.length) {
    const size = view.getUint32(o + 4, true);
    if (tag(o) === "data") return size !== 0 && size < 0xffffff00 && o + 8 + size > bytes.length;
    o += 8 + size + (size % 2);
  }
  return true; // no data chunk at all
}

/**
 * Decode a file and analyse it (see `analyzeAudio`).
 * @throws {AudioDecodeError} when the file cannot be read or decoded.
 */
export async function analyzeFile(path: string, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const audio = await decodeAudioFile(path);
  return analyzeAudio(audio.samples, audio.sampleRate, options);
}
