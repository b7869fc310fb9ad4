/**
 * The vocal recording's audio helpers. The recording is encoded as a 16-bit PCM WAV file (for playback
 * and for the server fallback, `recording.wav`, PRODUCT §7) by the engine's one WAV encoder,
 * `encodeWav` of `@tonic/analysis` (−1 → −32768, +1 → 32767), here under the name `encodeWav16`.
 */
export { encodeWav as encodeWav16 } from "@tonic/analysis";

/**
 * Join recorded chunks into one buffer.
 *
 * @param chunks PCM blocks in recording order.
 * @param maxSamples optional cap (e.g. 30 s × rate); later samples are dropped.
 */
export function concatChunks(
  chunks: readonly Float32Array[],
  maxSamples = Number.POSITIVE_INFINITY,
): Float32Array {
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = new Float32Array(Math.min(total, maxSamples));
  let o = 0;
  for (const c of chunks) {
    if (o >= out.length) break;
    const take = Math.min(c.length, out.length - o);
    out.set(take === c.length ? c : c.subarray(0, take), o);
    o += take;
  }
  return out;
}
