/**
 * WAV encoding (RIFF, 16-bit PCM, mono): pure, for Node and browsers alike. Used to serve the demo
 * songs' audio and by tests that write audio files.
 */

/**
 * Encode mono samples as a 16-bit PCM WAV file (RIFF, little endian). Samples are scaled by `gain`, then
 * clipped to −1..1.
 * @param samples mono PCM.
 * @param sampleRate Hz (positive integer).
 * @param gain linear factor applied before clipping (default 1), e.g. a peak normalisation.
 * @returns the file bytes (44-byte header + 2 bytes per sample).
 */
export function encodeWav(samples: Float32Array, sampleRate: number, gain = 1): Uint8Array {
  const n = samples.length;
  const buf = new ArrayBuffer(44 + 2 * n);
  const v = new DataView(buf);
  const str = (o: number, s: string) => {
    for (let i = 0; i < s.length; i++) v.setUint8(o + i, s.charCodeAt(i));
  };
  str(0, "RIFF");
  v.setUint32(4, 36 + 2 * n, true);
  str(8, "WAVE");
  str(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  str(36, "data");
  v.setUint32(40, 2 * n, true);
  for (let i = 0; i < n; i++) {
    const s = Math.max(-1, Math.min(1, (samples[i] as number) * gain));
    v.setInt16(44 + 2 * i, Math.round(s * 32767), true);
  }
  return new Uint8Array(buf);
}
