import { addRoom, makeRng, pinkNoise, renderChordSequence, renderSpeech } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import {
  createOnnxLiveChordModel,
  LIVE_CHORD_CLASSES,
  LIVE_CHORD_MODEL_FILE,
  LIVE_CHORD_MODEL_FILES,
  type OnnxSessionLike,
} from "./key-model.js";
import { type ChromaFrame, LiveChroma } from "./live/chroma.js";
import { FRAME_FEATURES, FRAME_FEATURES_WITH_CONTEXT, frameFeatures } from "./live/frame-features.js";
import { FRAME_CONTEXT } from "./live/frame-model.js";
import { LIVE_BLOCK, LiveListener } from "./live/index.js";
import { loadNodeLiveChordModel, modelPath } from "./onnx-node.js";
import { AnalysisError, type LiveChordModel } from "./types.js";

type Tensor = { data: unknown; dims: readonly number[] };
const tensor = (data: Float32Array, dims: readonly number[]): Tensor => ({ data, dims });
const SR = 48000;

describe("createOnnxLiveChordModel", () => {
  const ok: OnnxSessionLike<Tensor> = {
    inputNames: ["features"],
    outputNames: ["log_probabilities"],
    run: async (feeds) => {
      const T = feeds.features?.dims[1] ?? 0;
      expect(feeds.features?.dims).toEqual([1, T, FRAME_FEATURES]);
      return {
        log_probabilities: tensor(new Float32Array(T * LIVE_CHORD_CLASSES).fill(-Math.log(61)), [1, T, 61]),
      };
    },
  };
  const input = (frames: number) => ({ frames, features: new Float32Array(frames * FRAME_FEATURES) });

  it("feeds [1, T, 53] and returns T × 61 log-probabilities", async () => {
    const lp = await createOnnxLiveChordModel(ok, tensor).predict(input(3));
    expect(lp).toHaveLength(3 * 61);
    expect(lp[100]).toBeCloseTo(-Math.log(61), 6);
  });

  it("feeds [1, T, 65] to a model that reads the tonal context, and refuses other widths", async () => {
    const dims: (readonly number[])[] = [];
    const recording = createOnnxLiveChordModel(
      {
        ...ok,
        run: async (feeds) => {
          dims.push(feeds.features?.dims ?? []);
          return { log_probabilities: tensor(new Float32Array(2 * 61).fill(-Math.log(61)), [1, 2, 61]) };
        },
      },
      tensor,
    );
    await recording.predict({ frames: 2, features: new Float32Array(2 * FRAME_FEATURES_WITH_CONTEXT) });
    expect(dims).toEqual([[1, 2, 65]]);
    await expect(recording.predict({ frames: 2, features: new Float32Array(2 * 54) })).rejects.toThrow(
      AnalysisError,
    );
  });

  it("refuses a session without the model's input or output", () => {
    expect(() => createOnnxLiveChordModel({ ...ok, inputNames: ["x"] }, tensor)).toThrow(/"features" input/);
    expect(() => createOnnxLiveChordModel({ ...ok, outputNames: ["y"] }, tensor)).toThrow(
      /log_probabilities/,
    );
  });

  it("turns a runtime failure into an AnalysisError with the cause and rejects bad shapes", async () => {
    const boom = new Error("ORT session run failed");
    const failing = createOnnxLiveChordModel({ ...ok, run: () => Promise.reject(boom) }, tensor);
    const err = await failing.predict(input(2)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).cause).toBe(boom);
    const model = createOnnxLiveChordModel(ok, tensor);
    await expect(model.predict({ frames: 0, features: new Float32Array(0) })).rejects.toThrow(/T ≥ 1/);
    await expect(model.predict({ frames: 2, features: new Float32Array(53) })).rejects.toThrow(AnalysisError);
    const positive = createOnnxLiveChordModel(
      { ...ok, run: async () => ({ log_probabilities: tensor(new Float32Array(61).fill(0.5), [1, 1, 61]) }) },
      tensor,
    );
    await expect(positive.predict(input(1))).rejects.toThrow(/positive/);
  });
});

/** The frame model's input rows of `frames`, oldest first. */
function featuresOf(frames: readonly ChromaFrame[]): Float32Array {
  const out = new Float32Array(frames.length * FRAME_FEATURES);
  for (const [i, f] of frames.entries()) frameFeatures(f, out, i * FRAME_FEATURES);
  return out;
}

/** The live chroma frames of `pcm` (48 kHz), as Live computes them. */
function chromaFrames(pcm: Float32Array) {
  const chroma = new LiveChroma(SR, { tuningHz: 440 });
  const frames: ChromaFrame[] = [];
  for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK)
    frames.push(...chroma.push(pcm.subarray(s, s + LIVE_BLOCK)));
  return frames;
}

/** All of it on C major, as the key model's 24 probabilities. */
const cMajor = Float32Array.from({ length: 24 }, (_, k) => (k === 0 ? 1 : 0));

/**
 * A frame model whose every frame cannot tell A (class 1 + 9) from Am (1 + 12 + 9), 0.46 against 0.44,
 * or, while `clearD()` holds, hears a clear D (class 1 + 2).
 */
function aOrAmModel(clearD: () => boolean): LiveChordModel {
  return {
    predict: (input) => {
      const lp = new Float32Array(input.frames * LIVE_CHORD_CLASSES).fill(Math.log(0.1 / 59));
      for (let t = 0; t < input.frames; t++) {
        if (clearD()) lp[t * LIVE_CHORD_CLASSES + 3] = Math.log(0.9);
        else {
          lp[t * LIVE_CHORD_CLASSES + 10] = Math.log(0.46);
          lp[t * LIVE_CHORD_CLASSES + 22] = Math.log(0.44);
        }
      }
      return Promise.resolve(lp);
    },
  };
}

describe("the shipped Live frame model on onnxruntime-node", () => {
  it("is in the package's models folder", () => {
    expect(modelPath(LIVE_CHORD_MODEL_FILE)).toMatch(/packages\/analysis\/models\/live-chords\.onnx$/);
    expect(LIVE_CHORD_MODEL_FILES[0]).toBe(LIVE_CHORD_MODEL_FILE);
  });

  it("is by default the mean of its members' probabilities, as Live runs it", async () => {
    const pcm = renderChordSequence(
      ["G", "Em"].map((chord) => ({ chord, seconds: 1 })),
      { timbre: "piano", sampleRate: SR },
    );
    const frames = chromaFrames(pcm);
    const input = { frames: frames.length, features: featuresOf(frames) };
    const ensemble = await (await loadNodeLiveChordModel()).predict(input);
    const members = await Promise.all(
      LIVE_CHORD_MODEL_FILES.map(async (f) => (await loadNodeLiveChordModel(modelPath(f))).predict(input)),
    );
    expect(members).toHaveLength(3);
    // The members differ (three seeds), and the default is their mean in probability.
    expect(members[1]).not.toEqual(members[0]);
    for (const i of [0, 61 * 20 + 5, ensemble.length - 1]) {
      const mean = members.reduce((sum, m) => sum + Math.exp(m[i] as number), 0) / members.length;
      expect(Math.exp(ensemble[i] as number)).toBeCloseTo(mean, 5);
    }
  });

  it("answers on the stream exactly as on the whole recording (its receptive field fits FRAME_CONTEXT)", async () => {
    const model = await loadNodeLiveChordModel();
    const pcm = renderChordSequence(
      ["C", "Am", "F", "G"].map((chord) => ({ chord, seconds: 1.5 })),
      { timbre: "piano", sampleRate: SR },
    );
    const frames = chromaFrames(pcm);
    // All frames at once: the model reads them with no more than its own padding.
    const reference = await model.predict({ frames: frames.length, features: featuresOf(frames) });
    // Frame by frame, with FRAME_CONTEXT − 1 frames of context.
    const check = [FRAME_CONTEXT + 5, Math.floor(frames.length / 2), frames.length - 1];
    for (const t of check) {
      const from = Math.max(0, t - FRAME_CONTEXT + 1);
      const lp = await model.predict({
        frames: t - from + 1,
        features: featuresOf(frames.slice(from, t + 1)),
      });
      const last = lp.subarray((t - from) * 61, (t - from + 1) * 61);
      const ref = reference.subarray(t * 61, (t + 1) * 61);
      for (let c = 0; c < 61; c++) expect(last[c]).toBeCloseTo(ref[c] as number, 4);
    }
  });

  it("names a piano's C, Am, F and G as Live plays them", async () => {
    const listener = new LiveListener(SR, { liveChordModel: await loadNodeLiveChordModel() });
    const chords = ["C", "Am", "F", "G"];
    const pcm = renderChordSequence(
      chords.map((chord) => ({ chord, seconds: 2 })),
      { timbre: "piano", sampleRate: SR },
    );
    const shown: { time: number; chord: string }[] = [];
    for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
      for (const f of listener.push(pcm.subarray(s, s + LIVE_BLOCK)).chords)
        shown.push({ time: f.time, chord: f.chord });
      expect(await listener.refreshFrames()).toBeTypeOf("boolean");
    }
    // Each chord is what is shown over most of its second half-second onwards.
    for (const [i, chord] of chords.entries()) {
      const held = shown.filter((s) => s.time >= i * 2 + 0.5 && s.time < i * 2 + 2);
      const right = held.filter((s) => s.chord === chord).length;
      expect(right / held.length).toBeGreaterThan(0.9);
    }
  });

  it("shows no chord on room noise after the music stops, on loud noise and on speech", async () => {
    const play = async (pcm: Float32Array) => {
      const listener = new LiveListener(SR, { liveChordModel: await loadNodeLiveChordModel() });
      const shown: { time: number; chord: string }[] = [];
      for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
        for (const f of listener.push(pcm.subarray(s, s + LIVE_BLOCK)).chords)
          shown.push({ time: f.time, chord: f.chord });
        await listener.refreshFrames();
      }
      return shown;
    };
    const music = await play(
      addRoom(
        renderChordSequence(
          [
            { chord: "Am", seconds: 2 },
            { chord: "N", seconds: 3 },
          ],
          { timbre: "piano", sampleRate: SR },
        ),
        SR,
      ),
    );
    expect(music.filter((s) => s.time > 0.5 && s.time < 2).every((s) => s.chord === "Am")).toBe(true);
    expect(new Set(music.filter((s) => s.time > 2.5).map((s) => s.chord))).toEqual(new Set(["N"]));
    const { samples, meanSquare } = pinkNoise(4 * SR, makeRng(3));
    const noise = samples.map((v) => (0.05 * v) / Math.sqrt(meanSquare)); // −26 dBFS, far above silence
    expect(new Set((await play(noise)).map((s) => s.chord))).toEqual(new Set(["N"]));
    const speech = await play(renderSpeech({ seconds: 4, sampleRate: SR }));
    expect(new Set(speech.filter((s) => s.time > 1).map((s) => s.chord))).toEqual(new Set(["N"]));
  });

  it("runs the model once every frameStep new frames, on the frames it has not read", async () => {
    const calls: number[] = [];
    const model: LiveChordModel = {
      predict: (input) => {
        calls.push(input.frames);
        // Every frame sure of C major (class 1 + 0·12 + 0).
        const lp = new Float32Array(input.frames * LIVE_CHORD_CLASSES).fill(Math.log(0.1 / 60));
        for (let t = 0; t < input.frames; t++) lp[t * LIVE_CHORD_CLASSES + 1] = Math.log(0.9);
        return Promise.resolve(lp);
      },
    };
    const pcm = renderChordSequence([{ chord: "C", seconds: 2 }], { timbre: "piano", sampleRate: SR });
    const runs = async (frameStep: number) => {
      calls.length = 0;
      const listener = new LiveListener(SR, { liveChordModel: model, frameStep });
      let frames = 0;
      for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
        frames += listener.push(pcm.subarray(s, s + LIVE_BLOCK)).chords.length;
        await listener.refreshFrames();
      }
      return { runs: calls.length, frames };
    };
    const one = await runs(1);
    const two = await runs(2);
    expect(one.runs).toBe(one.frames);
    expect(two.runs).toBe(Math.floor(two.frames / 2));
    expect(() => new LiveListener(SR, { frameStep: 0 })).toThrow(RangeError);
  });

  it("falls back to the template recogniser when the model fails", async () => {
    const boom = new AnalysisError("Live's chord model failed to run: x");
    const listener = new LiveListener(SR, { liveChordModel: { predict: () => Promise.reject(boom) } });
    const pcm = renderChordSequence([{ chord: "C", seconds: 2 }], { timbre: "piano", sampleRate: SR });
    listener.push(pcm.subarray(0, LIVE_BLOCK * 8));
    await expect(listener.refreshFrames()).rejects.toBe(boom);
    // From then on the templates decide: the model is not asked again and C is still named.
    expect(await listener.refreshFrames()).toBe(false);
    let last = "N";
    for (let s = LIVE_BLOCK * 8; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
      const u = listener.push(pcm.subarray(s, s + LIVE_BLOCK));
      last = u.chords.at(-1)?.chord ?? last;
    }
    expect(last).toBe("C");
  });
  it("weighs the frame model's chords by the key model's answer when frameKeyPrior is set", async () => {
    // Every frame cannot tell A from Am: the third not struck, a lean to major.
    const model = aOrAmModel(() => false);
    const pcm = renderChordSequence([{ chord: "Am", seconds: 8 }], { timbre: "piano", sampleRate: SR });
    const last = async (frameKeyPrior: number) => {
      let keyRuns = 0;
      const listener = new LiveListener(SR, {
        liveChordModel: model,
        frameKeyPrior,
        keyModel: {
          predict: () => {
            keyRuns++;
            return Promise.resolve(cMajor);
          },
        },
      });
      let chord = "N";
      for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
        chord = listener.push(pcm.subarray(s, s + LIVE_BLOCK)).chords.at(-1)?.chord ?? chord;
        await listener.refreshKey();
        await listener.refreshFrames();
      }
      expect(keyRuns).toBeGreaterThan(0);
      return chord;
    };
    expect(await last(0)).toBe("A");
    expect(await last(0.5)).toBe("Am");
    expect(() => new LiveListener(SR, { frameKeyPrior: -1 })).toThrow(RangeError);
  });
  it("drops the key's prior over the chords when the key model fails", async () => {
    // Frames that cannot tell A from Am, then a clear D, then A-or-Am again. The key model answers C major
    // until 5 s and fails after: the A-or-Am after the D is heard without the key, as A.
    let phase: "ambiguous" | "D" = "ambiguous";
    const model = aOrAmModel(() => phase === "D");
    const pcm = renderChordSequence([{ chord: "Am", seconds: 12 }], { timbre: "piano", sampleRate: SR });
    const last = async (keyFailsAfter: number) => {
      let failures = 0;
      let sawD = false;
      const listener = new LiveListener(SR, {
        liveChordModel: model,
        frameKeyPrior: 0.5,
        keyModel: {
          predict: () => {
            if (phase === "ambiguous" && failures === 0 && !sawD) return Promise.resolve(cMajor);
            return Promise.reject(new AnalysisError("the key model failed"));
          },
        },
      });
      let chord = "N";
      for (let s = 0; s + LIVE_BLOCK <= pcm.length; s += LIVE_BLOCK) {
        const t = s / SR;
        phase = t >= 5 && t < 7 ? "D" : "ambiguous";
        sawD ||= phase === "D";
        chord = listener.push(pcm.subarray(s, s + LIVE_BLOCK)).chords.at(-1)?.chord ?? chord;
        if (t >= keyFailsAfter || !sawD) {
          await listener.refreshKey().catch(() => {
            failures++;
          });
        }
        await listener.refreshFrames();
        if (t < 5 && t > 4.5) expect(chord).toBe("Am");
      }
      return { chord, failures };
    };
    // The key model is not asked after the D: its C major stays and weighs A-or-Am to Am.
    expect(await last(Number.POSITIVE_INFINITY)).toEqual({ chord: "Am", failures: 0 });
    // It is asked after the D and fails once: the prior goes with it.
    expect(await last(0)).toEqual({ chord: "A", failures: 1 });
  });
});
