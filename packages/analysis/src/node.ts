/**
 * Node-only helpers: decode audio files (MP3, WAV, FLAC, OGG, …) and analyse them.
 * Import from `@tonic/analysis/node`; the browser uses `@tonic/analysis` with its own decoding.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import decode from "audio-decode";
import { type AnalysisStream, createAnalysisStream } from "./analyze.js";
import { loadNodeModels } from "./onnx-node.js";
import type { AnalysisResult, AnalyzeOptions } from "./types.js";

export * from "./index.js";
export { loadNodeModels, modelPath } from "./onnx-node.js";

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
  const { bytes, name } = await readBytes(pathOrBytes);
  const parts: Float32Array[] = [];
  let len = 0;
  const info = await decodeMono(bytes, name, (mono) => {
    parts.push(mono);
    len += mono.length;
  });
  const samples = new Float32Array(len);
  let o = 0;
  for (const p of parts) {
    samples.set(p, o);
    o += p.length;
  }
  return {
    samples,
    sampleRate: info.sampleRate,
    channels: info.channels,
    durationSeconds: len / info.sampleRate,
  };
}

async function readBytes(pathOrBytes: string | Uint8Array): Promise<{ bytes: Uint8Array; name: string }> {
  const name = typeof pathOrBytes === "string" ? basename(pathOrBytes) : "<buffer>";
  if (typeof pathOrBytes !== "string") return { bytes: pathOrBytes, name };
  try {
    return { bytes: await readFile(pathOrBytes), name };
  } catch {
    throw new AudioDecodeError(`Cannot read audio file: ${name}`);
  }
}

/** Formats decoded chunk by chunk (bounded memory); anything else is decoded as a whole file. */
function streamingFormat(b: Uint8Array): "mp3" | "flac" | "opus" | "oga" | null {
  const tag = (o: number, s: string) => [...s].every((ch, i) => b[o + i] === ch.charCodeAt(0));
  if (tag(0, "fLaC")) return "flac";
  if (tag(0, "OggS")) {
    const head = String.fromCharCode(...b.subarray(0, Math.min(b.length, 128)));
    return head.includes("OpusHead") ? "opus" : head.includes("vorbis") ? "oga" : null;
  }
  if (tag(0, "ID3")) return "mp3";
  if (b.length > 2 && b[0] === 0xff && ((b[1] as number) & 0xe6) === 0xe2) return "mp3"; // MPEG-1/2 layer III
  return null;
}

/**
 * Mean of the channels (same float32 arithmetic as `toMono`), non-finite samples → 0, in one pass.
 */
function mixToMono(chans: readonly Float32Array[], len: number): Float32Array {
  const first = chans[0] as Float32Array;
  const out = chans.length === 1 ? first.slice(0, len) : new Float32Array(len);
  if (chans.length === 2) {
    const b = chans[1] as Float32Array;
    for (let i = 0; i < len; i++) {
      const v = Math.fround(Math.fround((first[i] as number) * 0.5) + (b[i] as number) * 0.5);
      out[i] = Number.isFinite(v) ? v : 0;
    }
    return out;
  }
  if (chans.length > 2) {
    const g = 1 / chans.length;
    for (const c of chans) for (let i = 0; i < len; i++) out[i] = (out[i] as number) + (c[i] as number) * g;
  }
  for (let i = 0; i < len; i++) if (!Number.isFinite(out[i] as number)) out[i] = 0;
  return out;
}

type StreamDecoder = ((
  chunk?: Uint8Array,
) => Promise<{ channelData: Float32Array[]; sampleRate: number }>) & {
  free(): void;
};
const CHUNK_BYTES = 1 << 16;

/**
 * Decode `bytes`, mixing each decoded block to mono (mean of the channels, non-finite samples → 0)
 * and handing it to `onMono` in order. MP3, FLAC and Ogg are decoded in 64 KiB pieces so that the
 * full-rate multichannel signal is never held in memory.
 */
async function decodeMono(
  bytes: Uint8Array,
  name: string,
  onMono: (mono: Float32Array, sampleRate: number) => void,
): Promise<{ sampleRate: number; channels: number }> {
  const fail = () => new AudioDecodeError(`Unsupported or corrupt audio file: ${name}`);
  if (bytes.length === 0 || isTruncatedWav(bytes)) throw fail();
  let sampleRate = 0;
  let channels = 0;
  let total = 0;
  const take = (data: { channelData?: Float32Array[]; sampleRate?: number } | undefined) => {
    const chans = (data?.channelData ?? []).filter((c): c is Float32Array => c instanceof Float32Array);
    const len = chans[0]?.length ?? 0;
    if (chans.length === 0 || len === 0) return;
    if (!(data?.sampleRate && data.sampleRate > 0)) throw fail();
    if (sampleRate === 0) sampleRate = data.sampleRate;
    else if (data.sampleRate !== sampleRate) throw fail();
    channels = Math.max(channels, chans.length);
    const mono = mixToMono(chans, len);
    total += mono.length;
    onMono(mono, sampleRate);
  };
  const fmt = streamingFormat(bytes);
  try {
    if (fmt) {
      const open = (decode as unknown as Record<string, () => Promise<StreamDecoder>>)[fmt];
      if (!open) throw fail();
      const dec = await open();
      try {
        for (let o = 0; o < bytes.length; o += CHUNK_BYTES)
          take(await dec(bytes.subarray(o, o + CHUNK_BYTES)));
        take(await dec());
      } catch (e) {
        dec.free();
        throw e;
      }
    } else take(await decode(bytes));
  } catch (e) {
    if (e instanceof AudioDecodeError) throw e;
    throw fail();
  }
  if (total === 0 || sampleRate === 0) throw fail();
  return { sampleRate, channels };
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
 * Decode a file and analyse it (see `analyzeAudio`), streaming the decoded PCM into
 * {@link createAnalysisStream} with `options` (progress callback and learned models).
 * When `options.models` is absent the shipped models run on onnxruntime-node ({@link loadNodeModels});
 * pass `models: {}` for the hand-written stages alone.
 * @returns a promise of the {@link AnalysisResult}.
 * @throws (rejects with) {AudioDecodeError} when the file cannot be read or decoded; {AnalysisError}
 * when a learned model cannot be loaded or fails.
 */
export async function analyzeFile(path: string, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const { bytes, name } = await readBytes(path);
  const withModels: AnalyzeOptions = { ...options, models: options.models ?? (await loadNodeModels()) };
  let stream: AnalysisStream | null = null;
  await decodeMono(bytes, name, (mono, sampleRate) => {
    stream ??= createAnalysisStream(sampleRate, withModels);
    stream.push(mono);
  });
  if (!stream) throw new AudioDecodeError(`Unsupported or corrupt audio file: ${name}`);
  return await (stream as AnalysisStream).finish();
}
