/**
 * WAV encoding (RIFF, 16-bit PCM, mono): pure, for Node and browsers alike. The one encoder of the
 * repository: it serves the demo songs' audio, encodes the web's vocal recordings and writes the tests'
 * audio files.
 */

/**
 * Encode mono samples as a 16-bit PCM WAV file (RIFF/WAVE, little endian, 44-byte header). Samples are
 * scaled by `gain`, clipped to −1..1 and quantised asymmetrically, so that both ends of the 16-bit range
 * are used: −1 → −32768, +1 → 32767 (negative samples × 32768, others × 32767, rounded).
 * @param samples mono PCM, nominally −1..1.
 * @param sampleRate Hz (positive; rounded to an integer in the header).
 * @param gain linear factor applied before clipping (default 1), e.g. a peak normalisation.
 * @returns the file bytes (44-byte header + 2 bytes per sample).
 */
export function encodeWav(samples: Float32Array, sampleRate: number, gain = 1): Uint8Array<ArrayBuffer> {
  const n = samples.length;
  const buf = new ArrayBuffer(44 + 2 * n);
  const v = new DataView(buf);
  const rate = Math.round(sampleRate);
  const str = (o: number, s: string) => {
    for (let i = 0; i < s.length; i++) v.setUint8(o + i, s.charCodeAt(i));
  };
  str(0, "RIFF");
  v.setUint32(4, 36 + 2 * n, true);
  str(8, "WAVE");
  str(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  str(36, "data");
  v.setUint32(40, 2 * n, true);
  for (let i = 0; i < n; i++) {
    const s = Math.max(-1, Math.min(1, (samples[i] as number) * gain));
    v.setInt16(44 + 2 * i, Math.round(s < 0 ? s * 32768 : s * 32767), true);
  }
  return new Uint8Array(buf);
}
