let ctx: AudioContext | null = null;

/** The shared audio context for metronome clicks (created on first use, inside a user gesture). */
function context(): AudioContext | null {
  if (typeof window === "undefined" || typeof AudioContext === "undefined") return null;
  ctx ??= new AudioContext();
  if (ctx.state === "suspended") void ctx.resume();
  return ctx;
}

/**
 * A metronome click: a 35 ms square-wave blip, 1.6 kHz on the downbeat, 1 kHz otherwise.
 * @param accent true on a bar's first beat
 * @param volume 0..1 (the Settings volume)
 * @param delaySeconds start this long from now (count-in scheduling), ≥ 0
 */
export function click(accent: boolean, volume: number, delaySeconds = 0): void {
  const c = context();
  if (!c || volume <= 0) return;
  const t = c.currentTime + Math.max(0, delaySeconds);
  const osc = c.createOscillator();
  const gain = c.createGain();
  osc.type = "square";
  osc.frequency.value = accent ? 1600 : 1000;
  gain.gain.setValueAtTime(0.0001, t);
  gain.gain.exponentialRampToValueAtTime(0.25 * volume, t + 0.002);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.035);
  osc.connect(gain).connect(c.destination);
  osc.start(t);
  osc.stop(t + 0.04);
}
