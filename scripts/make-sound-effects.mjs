#!/usr/bin/env node
// Writes the two feedback sounds of PRODUCT §7 ("correct", "incorrect") as small WAV files that ship
// with the app (apps/web/public/sounds), so nothing is fetched from a third-party host.
// Synthesised here from sine partials with short attack/release envelopes; no samples, no licences.
// Usage: node scripts/make-sound-effects.mjs
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const RATE = 16000; // Hz; enough bandwidth for tones under 2 kHz and keeps the files a few KB.

/** 8-bit unsigned mono PCM WAV from samples in [-1, 1]. */
function wav(samples) {
  const data = Buffer.alloc(samples.length);
  samples.forEach((s, i) => {
    data[i] = Math.max(0, Math.min(255, Math.round(128 + 127 * s)));
  });
  const head = Buffer.alloc(44);
  head.write("RIFF", 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write("WAVEfmt ", 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(RATE, 24);
  head.writeUInt32LE(RATE, 28); // byte rate
  head.writeUInt16LE(1, 32); // block align
  head.writeUInt16LE(8, 34); // bits per sample
  head.write("data", 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** One tone: frequency (Hz), start and length (s), partial amplitudes, peak level. */
function render(totalSeconds, tones) {
  const out = new Float64Array(Math.round(totalSeconds * RATE));
  for (const { hz, start, seconds, partials, level } of tones) {
    const n0 = Math.round(start * RATE);
    const n = Math.round(seconds * RATE);
    for (let i = 0; i < n && n0 + i < out.length; i++) {
      const t = i / RATE;
      const attack = Math.min(1, t / 0.008);
      const release = Math.exp((-4 * t) / seconds);
      let v = 0;
      partials.forEach((a, k) => {
        v += a * Math.sin(2 * Math.PI * hz * (k + 1) * t);
      });
      out[n0 + i] += level * attack * release * v;
    }
  }
  return Array.from(out);
}

const dir = fileURLToPath(new URL("../apps/web/public/sounds/", import.meta.url));
// Correct: a bright rising major sixth, E5 then C#6.
writeFileSync(
  `${dir}correct.wav`,
  wav(
    render(0.32, [
      { hz: 659.26, start: 0, seconds: 0.14, partials: [1, 0.25], level: 0.5 },
      { hz: 1108.73, start: 0.1, seconds: 0.22, partials: [1, 0.2], level: 0.5 },
    ]),
  ),
);
// Incorrect: a soft low falling minor second, A3 then G#3, with a few more partials (duller).
writeFileSync(
  `${dir}incorrect.wav`,
  wav(
    render(0.36, [
      { hz: 220, start: 0, seconds: 0.16, partials: [1, 0.5, 0.3], level: 0.4 },
      { hz: 207.65, start: 0.13, seconds: 0.23, partials: [1, 0.5, 0.3], level: 0.4 },
    ]),
  ),
);
console.log("wrote correct.wav and incorrect.wav to", dir);
