import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decimate, nextPow2, stft } from "../src/dsp.js";
import { onsetStrength } from "../src/features.js";
import { decodeAudioFile } from "../src/node.js";
import { estimateTempo, trackBeats } from "../src/rhythm.js";

const dir = "/work/shared/eval/" + (process.argv[2] ?? "dev");
for (const s of readdirSync(dir).sort()) {
  const truth = JSON.parse(readFileSync(join(dir, s, "truth.json"), "utf8"));
  const a = await decodeAudioFile(join(dir, s, "audio.mp3"));
  const x = decimate(a.samples, 4);
  const rate = a.sampleRate / 4;
  const n = nextPow2(0.046 * rate);
  const sp = stft(x, rate, n, n / 4);
  const on = onsetStrength(sp);
  const fr = rate / sp.hop;
  const t0 = estimateTempo(on, fr);
  const beats = trackBeats(on, (60 * fr) / t0);
  const pk = (f: number) => {
    let m = 0;
    for (let j = Math.round(f) - 2; j <= Math.round(f) + 2; j++) m = Math.max(m, on[j] ?? 0);
    return m;
  };
  let sb = 0,
    sm = 0,
    s3 = 0;
  for (let i = 0; i + 1 < beats.length; i++) {
    const b0 = beats[i]!,
      b1 = beats[i + 1]!;
    sb += pk(b0);
    sm += pk((b0 + b1) / 2);
    s3 += (pk(b0 + (b1 - b0) / 3) + pk(b0 + (2 * (b1 - b0)) / 3)) / 2;
  }
  console.log(
    s.padEnd(12),
    truth.bpm,
    truth.time_signature,
    t0.toFixed(1),
    (sm / sb).toFixed(2),
    (s3 / sb).toFixed(2),
  );
}
