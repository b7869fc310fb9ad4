/**
 * Synthesis primitives (pure: no Node or DOM APIs): a kick drum and a harmonic-rich tone, mixed into a
 * buffer in place. Production code uses them to render the demo songs (`apps/server/src/seed`), and the
 * test-signal generators of `@tonic/analysis/testing` build their click tracks, drum loops and chord
 * progressions from them. Import from `@tonic/analysis/synth`.
 */

/**
 * Mix a kick into `out`: a 60–160 Hz pitch-dropping sine thump (decay 60/s) plus a 1 kHz click (decay
 * 300/s), 80 ms long. Samples past the end of `out` are dropped.
 * @param out mono PCM to add into (changed in place).
 * @param sr sample rate, Hz (> 0).
 * @param t onset, seconds from the start of `out` (≥ 0).
 * @param amp linear amplitude (peak ≈ 1.2·amp).
 */
export function addKick(out: Float32Array, sr: number, t: number, amp: number): void {
  const start = Math.round(t * sr);
  const len = Math.round(0.08 * sr);
  for (let i = 0; i < len && start + i < out.length; i++) {
    const tt = i / sr;
    const env = Math.exp(-tt * 60);
    const thump = Math.sin(2 * Math.PI * (60 + 100 * Math.exp(-tt * 40)) * tt);
    const click = Math.sin(2 * Math.PI * 1000 * tt) * Math.exp(-tt * 300);
    const j = start + i;
    out[j] = (out[j] as number) + amp * (0.7 * thump * env + 0.5 * click);
  }
}

/**
 * Mix a harmonic-rich tone into `out`: harmonics 1–8 (those below Nyquist) with amplitude `amp/h`, a
 * 10 ms linear attack, an exponential decay (1.5/s) and a 20 ms linear release at the end. Samples past
 * the end of `out` are dropped.
 * @param out mono PCM to add into (changed in place).
 * @param sr sample rate, Hz (> 0).
 * @param t0 onset, seconds from the start of `out` (≥ 0).
 * @param dur duration, seconds (≥ 0).
 * @param freq fundamental, Hz (> 0).
 * @param amp linear amplitude of the fundamental.
 */
export function addTone(
  out: Float32Array,
  sr: number,
  t0: number,
  dur: number,
  freq: number,
  amp: number,
): void {
  const start = Math.round(t0 * sr);
  const len = Math.round(dur * sr);
  const nyq = sr / 2;
  for (let h = 1; h <= 8; h++) {
    const fh = freq * h;
    if (fh >= nyq) break;
    const w = (2 * Math.PI * fh) / sr;
    const a = amp / h;
    for (let i = 0; i < len && start + i < out.length; i++) {
      const tt = i / sr;
      const env = Math.min(1, tt / 0.01) * Math.exp(-tt * 1.5) * Math.min(1, (len - i) / (0.02 * sr));
      const j = start + i;
      out[j] = (out[j] as number) + a * env * Math.sin(w * i);
    }
  }
}
