/**
 * MP3 decoding against ffmpeg: MPEG-1 / 2 / 2.5 Layer III at 8–48 kHz, mono and stereo, CBR and VBR,
 * with and without ID3 tags. Files are encoded at test time with ffmpeg's libmp3lame from a synthetic
 * signal (installed by scripts/ensure-tools.sh); our decode (audio-decode → mpg123 WASM, streamed in
 * 64 KiB pieces) must match ffmpeg's decode of the same file in duration, sample count (up to the
 * encoder delay / padding of one frame) and waveform.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeWav } from "@tonic/analysis/testing";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeAudio } from "./analyze.js";
import { StreamingDecimator } from "./dsp.js";
import { analyzeFile, decodeAudioFile } from "./node.js";

const dir = mkdtempSync(join(tmpdir(), "tonic-mp3-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Samples per Layer III frame: 1152 (MPEG-1), 576 (MPEG-2 and 2.5). */
const frameSamples = (rate: number) => (rate >= 32000 ? 1152 : 576);

/**
 * A stereo test signal whose channels differ (so a decoder cannot pass them off as mono):
 * left a gliding tone with a 3 Hz tremolo, right a two-tone chord gated on and off.
 */
function testSignal(rate: number, seconds: number): [Float32Array, Float32Array] {
  const n = Math.round(rate * seconds);
  const l = new Float32Array(n);
  const r = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const f = 220 * 2 ** ((t % 4) / 4); // 220 → 440 Hz glide, every 4 s
    phase += (2 * Math.PI * f) / rate;
    l[i] = 0.3 * Math.sin(phase) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t));
    const gate = Math.floor(t * 2) % 2 === 0 ? 1 : 0.2;
    r[i] = gate * 0.2 * (Math.sin(2 * Math.PI * 330 * t) + Math.sin(2 * Math.PI * 523.25 * t));
  }
  return [l, r];
}

function writeF32Stereo(path: string, [l, r]: [Float32Array, Float32Array]): void {
  const inter = new Float32Array(l.length * 2);
  for (let i = 0; i < l.length; i++) {
    inter[2 * i] = l[i] as number;
    inter[2 * i + 1] = r[i] as number;
  }
  writeFileSync(path, new Uint8Array(inter.buffer));
}

interface Mp3Case {
  name: string;
  rate: number;
  channels: 1 | 2;
  /** CBR kbit/s, or null for VBR (LAME -V 4). */
  kbps: number | null;
  id3: "none" | "v2+v1" | "big";
  seconds: number;
}

/** Encode `c` with ffmpeg/libmp3lame; returns the file path. */
function encodeMp3(c: Mp3Case): string {
  const raw = join(dir, `${c.name}.f32`);
  const out = join(dir, `${c.name}.mp3`);
  writeF32Stereo(raw, testSignal(c.rate, c.seconds));
  const args = ["-v", "error", "-y", "-f", "f32le", "-ar", String(c.rate), "-ac", "2", "-i", raw];
  args.push("-ac", String(c.channels), "-c:a", "libmp3lame");
  if (c.kbps === null) args.push("-q:a", "4");
  else args.push("-b:a", `${c.kbps}k`);
  if (c.id3 === "none") args.push("-id3v2_version", "0", "-write_id3v1", "0");
  else {
    args.push("-id3v2_version", "3", "-write_id3v1", "1", "-metadata", "title=Tonic test tone");
    // A tag larger than one 64 KiB decoding piece: the first audio frame arrives in a later piece.
    if (c.id3 === "big") args.push("-metadata", `comment=${"la ".repeat(30000)}`);
  }
  execFileSync("ffmpeg", [...args, out]);
  return out;
}

/** ffmpeg's decode of `path` as float32 channels (ffmpeg applies the LAME encoder-delay header). */
function ffmpegDecode(path: string, channels: number): Float32Array[] {
  const buf = execFileSync("ffmpeg", ["-v", "error", "-i", path, "-f", "f32le", "-"], {
    maxBuffer: 1 << 28,
  });
  const all = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const n = all.length / channels;
  return Array.from({ length: channels }, (_, c) => {
    const x = new Float32Array(n);
    for (let i = 0; i < n; i++) x[i] = all[i * channels + c] as number;
    return x;
  });
}

/** Highest normalised cross-correlation of `a` and `b` over lags −maxLag..maxLag (samples). */
function bestCorrelation(a: Float32Array, b: Float32Array, maxLag: number): { r: number; lag: number } {
  let best = { r: -1, lag: 0 };
  const n = Math.min(a.length, b.length) - 2 * maxLag;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let ab = 0;
    let aa = 0;
    let bb = 0;
    for (let i = maxLag; i < maxLag + n; i += 2) {
      const x = a[i + lag] as number;
      const y = b[i] as number;
      ab += x * y;
      aa += x * x;
      bb += y * y;
    }
    const r = ab / Math.sqrt(aa * bb + 1e-30);
    if (r > best.r) best = { r, lag };
  }
  return best;
}

const CASES: Mp3Case[] = [
  // MPEG-1 (32, 44.1, 48 kHz)
  { name: "mpeg1-48k-stereo-cbr-id3", rate: 48000, channels: 2, kbps: 192, id3: "v2+v1", seconds: 4 },
  { name: "mpeg1-44k-stereo-vbr", rate: 44100, channels: 2, kbps: null, id3: "none", seconds: 4 },
  { name: "mpeg1-32k-mono-cbr", rate: 32000, channels: 1, kbps: 64, id3: "none", seconds: 4 },
  // MPEG-2 (16, 22.05, 24 kHz)
  { name: "mpeg2-24k-stereo-vbr-id3", rate: 24000, channels: 2, kbps: null, id3: "v2+v1", seconds: 4 },
  { name: "mpeg2-22k-mono-cbr-bigtag", rate: 22050, channels: 1, kbps: 48, id3: "big", seconds: 4 },
  // The reported bug's format: 16 kHz mono 32 kbit/s, long enough for several 64 KiB pieces.
  { name: "mpeg2-16k-mono-cbr-long", rate: 16000, channels: 1, kbps: 32, id3: "v2+v1", seconds: 40 },
  { name: "mpeg2-16k-stereo-vbr", rate: 16000, channels: 2, kbps: null, id3: "none", seconds: 4 },
  // MPEG-2.5 (8, 11.025, 12 kHz)
  { name: "mpeg25-12k-stereo-cbr", rate: 12000, channels: 2, kbps: 32, id3: "none", seconds: 4 },
  { name: "mpeg25-11k-mono-vbr-id3", rate: 11025, channels: 1, kbps: null, id3: "v2+v1", seconds: 4 },
  { name: "mpeg25-8k-mono-cbr", rate: 8000, channels: 1, kbps: 16, id3: "none", seconds: 4 },
];

describe("MP3 decoding matches ffmpeg", () => {
  it.each(CASES)("$name", async (c) => {
    const path = encodeMp3(c);
    const ours = await decodeAudioFile(path);
    const ref = ffmpegDecode(path, c.channels);
    const refLen = (ref[0] as Float32Array).length;
    const refMono =
      c.channels === 1
        ? (ref[0] as Float32Array)
        : (ref[0] as Float32Array).map((v, i) => 0.5 * v + 0.5 * ((ref[1] as Float32Array)[i] as number));

    expect(ours.sampleRate).toBe(c.rate);
    expect(ours.channels).toBe(c.channels);
    // Sample count and duration: equal up to one frame of encoder delay / padding.
    expect(Math.abs(ours.samples.length - refLen)).toBeLessThanOrEqual(frameSamples(c.rate));
    expect(ours.durationSeconds).toBeCloseTo(c.seconds, 1);
    // Waveform: same signal, aligned within one frame, over the whole file.
    const { r } = bestCorrelation(ours.samples, refMono, frameSamples(c.rate));
    expect(r).toBeGreaterThan(0.99);
    // The last second holds signal (nothing cut off at a piece boundary).
    const tail = ours.samples.subarray(ours.samples.length - c.rate, ours.samples.length - c.rate / 4);
    expect(Math.max(...tail.map(Math.abs))).toBeGreaterThan(0.05);
  });

  it("analyses a streamed 16 kHz MP3 exactly like the same PCM analysed at once", async () => {
    const path = join(dir, "mpeg2-16k-mono-cbr-long.mp3");
    const whole = await decodeAudioFile(path);
    const streamed = await analyzeFile(path);
    expect(streamed).toEqual(await analyzeAudio(whole.samples, whole.sampleRate));
    // The same audio as a 16-bit WAV (quantised, so confidences may move in the third decimal).
    const wav = join(dir, "long.wav");
    writeFileSync(wav, encodeWav(whole.samples, whole.sampleRate));
    const fromWav = await analyzeFile(wav);
    expect(fromWav.chords).toEqual(streamed.chords);
    expect([fromWav.key, fromWav.bpm, fromWav.timeSignature]).toEqual([
      streamed.key,
      streamed.bpm,
      streamed.timeSignature,
    ]);
    expect(fromWav.tempoConfidence).toBeCloseTo(streamed.tempoConfidence, 1);
  });

  it("rejects a file that is only an ID3 tag", async () => {
    const path = encodeMp3({ name: "tag", rate: 16000, channels: 1, kbps: 32, id3: "v2+v1", seconds: 1 });
    const bytes = readFileSync(path);
    const tagLen = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
    await expect(decodeAudioFile(bytes.subarray(0, tagLen))).rejects.toThrow("Unsupported or corrupt");
  });
});

describe("StreamingDecimator", () => {
  it.each([1, 2, 4])("gives the same output whatever the chunking (factor %i)", (factor) => {
    const x = Float32Array.from({ length: 5000 }, (_, i) => Math.sin(i * 0.05) + 0.3 * Math.sin(i * 0.71));
    const whole = new StreamingDecimator(factor, 8 * factor + 1);
    whole.push(x);
    const want = whole.finish();
    const chunked = new StreamingDecimator(factor, 8 * factor + 1);
    for (let o = 0, k = 1; o < x.length; o += k, k = (k * 7 + 3) % 977) chunked.push(x.subarray(o, o + k));
    const got = chunked.finish();
    expect(got.length).toBe(want.length);
    expect(got.every(Number.isFinite)).toBe(true);
    expect(Array.from(got)).toEqual(Array.from(want));
  });
});
