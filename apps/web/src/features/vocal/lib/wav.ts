/**
 * Encode mono PCM as a 16-bit little-endian PCM WAV file (RIFF/WAVE, 44-byte header), for playback
 * of the recording and for the server fallback (`recording.wav`, PRODUCT §7).
 *
 * @param samples mono PCM, nominally -1..1 (clipped).
 * @param sampleRate Hz (integer).
 * @returns the file's bytes.
 */
export function encodeWav16(samples: Float32Array, sampleRate: number): Uint8Array<ArrayBuffer> {
  const n = samples.length;
  const buf = new ArrayBuffer(44 + 2 * n);
  const v = new DataView(buf);
  const tag = (o: number, s: string) => {
    for (let i = 0; i < 4; i++) v.setUint8(o + i, s.charCodeAt(i));
  };
  const rate = Math.round(sampleRate);
  tag(0, "RIFF");
  v.setUint32(4, 36 + 2 * n, true);
  tag(8, "WAVE");
  tag(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  tag(36, "data");
  v.setUint32(40, 2 * n, true);
  for (let i = 0; i < n; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] as number));
    v.setInt16(44 + 2 * i, Math.round(s < 0 ? s * 32768 : s * 32767), true);
  }
  return new Uint8Array(buf);
}

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
