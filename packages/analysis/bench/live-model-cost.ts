/**
 * What Live's frame model costs in the browser's runtime: `npm run bench:live:model`.
 *
 * Runs Live's frame model (every member of `LIVE_CHORD_MODEL_FILES`, one after another, as the live
 * Worker's ensemble does) on onnxruntime-web's single-threaded WebAssembly backend (the live
 * Worker's; here under Node) with inputs of the size `LiveListener.refreshFrames` gives it — the context
 * (`FRAME_CONTEXT` − 1 frames) and `FRAME_STEP` new frames — and prints the mean time per run and the
 * share of one core it takes at one run every `FRAME_STEP` frames (Live's chroma hop), for steps 1–4.
 * JSON summary on the last line. Timing only: the answers are not looked at.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as ort from "onnxruntime-web/wasm";
import { LIVE_CHORD_MODEL_FILES } from "../src/key-model.js";
import { FRAME_FEATURES } from "../src/live/frame-features.js";
import { FRAME_CONTEXT, FRAME_STEP } from "../src/live/frame-model.js";
import { LiveChroma } from "../src/live/index.js";

const here = dirname(fileURLToPath(import.meta.url));
/** Timed runs per step (after 30 to warm up). */
const RUNS = 300;

async function main() {
  ort.env.wasm.numThreads = 1;
  // Every member of the frame model (LIVE_CHORD_MODEL_FILES): Live runs them all on each step.
  const sessions = await Promise.all(
    LIVE_CHORD_MODEL_FILES.map((file) =>
      ort.InferenceSession.create(readFileSync(join(here, "../models", file)), {
        executionProviders: ["wasm"],
      }),
    ),
  );
  // Live's chroma hop at the Worker's 48 kHz (LiveChroma's default, as LiveListener makes it).
  const hopMs = (new LiveChroma(48000).hop * 1000) / 48000;
  const rows: { step: number; frames: number; msPerRun: number; percentOfCore: number }[] = [];
  for (const step of [1, 2, 3, 4]) {
    const frames = FRAME_CONTEXT - 1 + step;
    const x = new Float32Array(frames * FRAME_FEATURES);
    for (let i = 0; i < x.length; i++) x[i] = ((i * 7919) % 1000) / 1000;
    const run = async () => {
      for (const session of sessions)
        await session.run({ features: new ort.Tensor("float32", x, [1, frames, FRAME_FEATURES]) });
    };
    for (let i = 0; i < 30; i++) await run();
    const t0 = performance.now();
    for (let i = 0; i < RUNS; i++) await run();
    const msPerRun = (performance.now() - t0) / RUNS;
    const percentOfCore = (100 * msPerRun) / (step * hopMs);
    rows.push({
      step,
      frames,
      msPerRun: Number(msPerRun.toFixed(2)),
      percentOfCore: Number(percentOfCore.toFixed(1)),
    });
    console.log(
      `step ${step}${step === FRAME_STEP ? " (FRAME_STEP)" : ""}: ${frames} frames, ${msPerRun.toFixed(2)} ms a run, ${percentOfCore.toFixed(1)} % of one core`,
    );
  }
  console.log(
    JSON.stringify({
      bench: "live-model-cost",
      runtime: "onnxruntime-web wasm, 1 thread",
      members: sessions.length,
      hopMs,
      frameStep: FRAME_STEP,
      rows,
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
