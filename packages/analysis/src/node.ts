/**
 * Node-only helpers: decode audio files (MP3, WAV, FLAC, OGG, …) and analyse them.
 * Import from `@tonic/analysis/node`; the browser uses `@tonic/analysis` with its own decoding.
 */
import { open, readFile } from "node:fs/promises";
import { basename } from "node:path";
import decode from "audio-decode";
import { type AnalysisStream, createAnalysisStream } from "./analyze.js";
import { loadNodeModels } from "./onnx-node.js";
import { AnalysisInputError, type AnalysisResult, type AnalyzeOptions } from "./types.js";

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
  const source = await openSource(pathOrBytes);
  const parts: Float32Array[] = [];
  let len = 0;
  const info = await decodeMono(source, (mono) => {
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

/**
 * A file's bytes for the decoder: its first bytes (format detection, WAV header check), its size, and
 * either all of it or its chunks in order. A path is read from disk chunk by chunk when the format
 * decodes in pieces, so a long WAV or FLAC is never held whole in memory.
 */
interface ByteSource {
  name: string;
  size: number;
  /** The first {@link HEAD_BYTES} bytes (fewer for a shorter file). */
  head: Uint8Array;
  /** The whole file. */
  all(): Promise<Uint8Array>;
  /** The file in order, {@link CHUNK_BYTES} at a time. */
  chunks(): AsyncIterable<Uint8Array>;
}

/** Bytes read ahead for format detection and the WAV header walk. */
const HEAD_BYTES = 1 << 20;

async function openSource(pathOrBytes: string | Uint8Array): Promise<ByteSource> {
  if (typeof pathOrBytes !== "string") {
    const bytes = pathOrBytes;
    return {
      name: "<buffer>",
      size: bytes.length,
      head: bytes.subarray(0, HEAD_BYTES),
      all: async () => bytes,
      async *chunks() {
        for (let o = 0; o < bytes.length; o += CHUNK_BYTES) yield bytes.subarray(o, o + CHUNK_BYTES);
      },
    };
  }
  const path = pathOrBytes;
  const name = basename(path);
  const unreadable = () => new AudioDecodeError(`Cannot read audio file: ${name}`);
  let size: number;
  let head: Uint8Array;
  try {
    const file = await open(path, "r");
    try {
      size = (await file.stat()).size;
      const buffer = new Uint8Array(Math.min(size, HEAD_BYTES));
      const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch {
    throw unreadable();
  }
  return {
    name,
    size,
    head,
    all: async () => {
      try {
        return await readFile(path);
      } catch {
        throw unreadable();
      }
    },
    async *chunks() {
      let file: Awaited<ReturnType<typeof open>>;
      try {
        file = await open(path, "r");
      } catch {
        throw unreadable();
      }
      try {
        for (let o = 0; ; ) {
          const buffer = new Uint8Array(CHUNK_BYTES);
          const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, o);
          if (bytesRead === 0) break;
          o += bytesRead;
          yield buffer.subarray(0, bytesRead);
        }
      } finally {
        await file.close();
      }
    },
  };
}

/** Formats decoded chunk by chunk (bounded memory); anything else is decoded as a whole file. */
function streamingFormat(b: Uint8Array): "mp3" | "flac" | "opus" | "oga" | "wav" | null {
  const tag = (o: number, s: string) => [...s].every((ch, i) => b[o + i] === ch.charCodeAt(0));
  if (tag(0, "fLaC")) return "flac";
  if (tag(0, "RIFF") && tag(8, "WAVE")) return "wav";
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
/** Samples per mono block handed to the consumer (2^18: about 6 s at 44.1 kHz, 1 MiB). */
const MONO_BLOCK = 1 << 18;

/**
 * Decode `bytes`, mixing each decoded block to mono (mean of the channels, non-finite samples → 0)
 * and handing it to `onMono` in order. WAV, MP3, FLAC and Ogg are decoded in 64 KiB pieces so that the
 * full-rate multichannel signal is never held in memory.
 */
async function decodeMono(
  source: ByteSource,
  onMono: (mono: Float32Array, sampleRate: number) => void,
): Promise<{ sampleRate: number; channels: number }> {
  const fail = () => new AudioDecodeError(`Unsupported or corrupt audio file: ${source.name}`);
  if (source.size === 0 || isTruncatedWav(source.head, source.size)) throw fail();
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
    // Mixed and handed on in blocks: a whole-file decode (WAV, AIFF, M4A) never gets a second,
    // full-length mono copy beside its channels (a 10-minute 44.1 kHz file: 106 MB less at the peak).
    for (let o = 0; o < len; o += MONO_BLOCK) {
      const n = Math.min(MONO_BLOCK, len - o);
      const mono = mixToMono(
        chans.map((c) => c.subarray(o, o + n)),
        n,
      );
      total += n;
      onMono(mono, sampleRate);
    }
  };
  const fmt = streamingFormat(source.head);
  try {
    if (fmt) {
      const start = (decode as unknown as Record<string, () => Promise<StreamDecoder>>)[fmt];
      if (!start) throw fail();
      const dec = await start();
      try {
        for await (const chunk of source.chunks()) take(await dec(chunk));
        take(await dec());
      } catch (e) {
        dec.free();
        throw e;
      }
    } else take(await decode(await source.all()));
  } catch (e) {
    // A decode failure says so; the analysis refusing the audio (too long, non-finite) says why.
    if (e instanceof AudioDecodeError || e instanceof AnalysisInputError) throw e;
    throw fail();
  }
  if (total === 0 || sampleRate === 0) throw fail();
  return { sampleRate, channels };
}

/**
 * True when `head` (a file's first bytes; `fileSize` in all) is a RIFF/WAVE file whose `data` chunk
 * declares more bytes than the file holds (a truncated download/copy), or that has no data chunk. Streaming writers' placeholder sizes (0, 0xFFFFFFFF) are accepted.
 */
function isTruncatedWav(head: Uint8Array, fileSize: number): boolean {
  if (head.length < 12) return false;
  const tag = (o: number) => String.fromCharCode(...head.subarray(o, o + 4));
  if (tag(0) !== "RIFF" || tag(8) !== "WAVE") return false;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  let o = 12;
  while (o + 8 <= head.length) {
    const size = view.getUint32(o + 4, true);
    if (tag(o) === "data") return size !== 0 && size < 0xffffff00 && o + 8 + size > fileSize;
    o += 8 + size + (size % 2);
  }
  // No data chunk: none at all when the walk reached the end of the file; past the bytes read ahead
  // (a very long header) the decoder decides.
  return o + 8 > fileSize;
}

/**
 * Decode a file and analyse it (see `analyzeAudio`), streaming the decoded PCM into
 * {@link createAnalysisStream} with `options` (progress callback and learned models).
 * When `options.models` is absent the shipped models run on onnxruntime-node ({@link loadNodeModels});
 * pass `models: {}` for the hand-written stages alone.
 * @returns a promise of the {@link AnalysisResult}.
 * @throws (rejects with) {AudioDecodeError} when the file cannot be read or decoded; {AnalysisInputError}
 * when it is longer than `options.maxSeconds` (default 20 minutes; decoding stops there); {AnalysisError}
 * when a learned model cannot be loaded or fails.
 */
export async function analyzeFile(path: string, options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  const source = await openSource(path);
  const withModels: AnalyzeOptions = { ...options, models: options.models ?? (await loadNodeModels()) };
  let stream: AnalysisStream | null = null;
  await decodeMono(source, (mono, sampleRate) => {
    stream ??= createAnalysisStream(sampleRate, withModels);
    stream.push(mono);
  });
  if (!stream) throw new AudioDecodeError(`Unsupported or corrupt audio file: ${source.name}`);
  return await (stream as AnalysisStream).finish();
}
