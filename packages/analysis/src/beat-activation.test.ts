import { clickTrack, renderMeter, renderProgression, sine } from "@tonic/analysis/testing";
import { describe, expect, it } from "vitest";
import { beatFMeasure } from "../testing/metrics.js";
import { analyzeAudio } from "./analyze.js";
import {
  BEAT_BANDS,
  BEAT_FMAX,
  BEAT_FMIN,
  BEAT_FRAME_RATE,
  BeatBands,
  beatModelInput,
  trackActivationBeats,
} from "./beat-activation.js";
import { BEAT_MODEL_FILE, createOnnxBeatModel, type OnnxSessionLike } from "./key-model.js";
import { loadNodeModels, modelPath } from "./onnx-node.js";
import { decimateSignal, learnedBeatStage, onsetAndBeatBands, onsetStage, tempoStage } from "./stages.js";
import { AnalysisError, type BeatModelInput } from "./types.js";

/** The band whose edges contain `f` Hz. */
const bandOf = (f: number) =>
  Math.floor((BEAT_BANDS * Math.log(f / BEAT_FMIN)) / Math.log(BEAT_FMAX / BEAT_FMIN));

/** A beat activation: a narrow peak (σ = 1.5 frames) at each time, at BEAT_FRAME_RATE. */
function pulses(times: readonly number[], seconds: number): Float32Array {
  const a = new Float32Array(Math.floor(seconds * BEAT_FRAME_RATE) + 1);
  for (const t of times) {
    const c = t * BEAT_FRAME_RATE;
    for (let f = Math.max(0, Math.floor(c - 6)); f <= Math.min(a.length - 1, Math.ceil(c + 6)); f++)
      a[f] = Math.max(a[f] as number, Math.exp(-0.5 * ((f - c) / 1.5) ** 2));
  }
  return a;
}

describe("BeatBands", () => {
  it("puts a 1 kHz tone in its band at the same level whatever the sample rate and FFT size", () => {
    const level = (rate: number) => {
      const { bands } = onsetAndBeatBands(decimateSignal(sine(1000, 2, rate, 0.5), rate));
      const mid = Math.floor(bands.frames / 2) * BEAT_BANDS;
      const row = [...bands.data.subarray(mid, mid + BEAT_BANDS)];
      return { loudest: row.indexOf(Math.max(...row)), value: Math.max(...row), rate: bands.frameRate };
    };
    const a = level(22050); // analysed at 11,025 Hz: 512-point FFT, 86.1 frames a second
    const b = level(16000); // 1,024-point FFT, 62.5 frames a second
    expect(a.rate).toBeCloseTo(BEAT_FRAME_RATE, 6);
    expect(b.rate).toBeCloseTo(62.5, 6);
    expect(a.loudest).toBe(bandOf(1000));
    expect(b.loudest).toBe(bandOf(1000));
    // ln of the band's mean amplitude: comparable across FFT sizes (within a factor e^0.7 ≈ 2).
    expect(Math.abs(a.value - b.value)).toBeLessThan(0.7);
    expect(a.value).toBeGreaterThan(Math.log(0.02));
  });

  it("gives every band a value, even those narrower than one bin", () => {
    const bands = new BeatBands(512, 11025, 128, 3);
    const mag = new Float32Array(257).fill(1);
    for (let t = 0; t < 3; t++) bands.addFrame(mag);
    const { data, frames } = bands.finish();
    expect(frames).toBe(3);
    // A flat unit magnitude spectrum reads 4/n in every band, narrow or wide.
    for (const v of data) expect(v).toBeCloseTo(Math.log(1e-5 + 4 / 512), 5);
  });
});

describe("beatModelInput", () => {
  it("resamples to BEAT_FRAME_RATE and removes each band's mean", () => {
    const frames = 126; // 2 s at 62.5 frames a second
    const data = new Float32Array(frames * BEAT_BANDS);
    for (let t = 0; t < frames; t++)
      for (let b = 0; b < BEAT_BANDS; b++) data[t * BEAT_BANDS + b] = b + t / 62.5;
    const input = beatModelInput({ data, frames, frameRate: 62.5 });
    expect(input.frames).toBe(Math.floor((125 / 62.5) * BEAT_FRAME_RATE) + 1);
    for (let b = 0; b < BEAT_BANDS; b++) {
      let m = 0;
      for (let t = 0; t < input.frames; t++) m += input.features[t * BEAT_BANDS + b] as number;
      expect(m / input.frames).toBeCloseTo(0, 4);
    }
    // The ramp (1 per second) survives the resampling: one second apart, one apart.
    const at = (t: number) => input.features[Math.round(t * BEAT_FRAME_RATE) * BEAT_BANDS + 5] as number;
    expect(at(1.5) - at(0.5)).toBeCloseTo(1, 1);
  });

  it("is all zeros for a steady sound and one zero frame for an empty one", () => {
    const data = new Float32Array(10 * BEAT_BANDS).fill(-3);
    expect(
      [...beatModelInput({ data, frames: 10, frameRate: BEAT_FRAME_RATE }).features].every((v) => v === 0),
    ).toBe(true);
    expect(beatModelInput({ data: new Float32Array(0), frames: 0, frameRate: BEAT_FRAME_RATE })).toEqual({
      frames: 1,
      features: new Float32Array(BEAT_BANDS),
    });
  });
});

describe("trackActivationBeats", () => {
  it("reads 120 BPM and a beat on every peak of an activation peaking every 0.5 s", () => {
    const truth = Array.from({ length: 40 }, (_, i) => 0.25 + 0.5 * i);
    const { bpm, beats } = trackActivationBeats(pulses(truth, 20.5), BEAT_FRAME_RATE, 400);
    expect(bpm).toBeGreaterThan(115);
    expect(bpm).toBeLessThan(125);
    expect(beatFMeasure(truth, beats, 0.03, 0)).toBeGreaterThan(0.95);
  });

  it("reads a period that falls between two whole frames (150 BPM: 34.45 frames)", () => {
    const truth = Array.from({ length: 75 }, (_, i) => 0.2 + 0.4 * i);
    const { bpm, beats } = trackActivationBeats(pulses(truth, 30.5), BEAT_FRAME_RATE, 100);
    expect(Math.abs(bpm - 150)).toBeLessThan(2);
    expect(beatFMeasure(truth, beats, 0.03, 0)).toBeGreaterThan(0.95);
  });

  it("finds no tempo and no beats in a flat activation", () => {
    expect(trackActivationBeats(new Float32Array(1000), BEAT_FRAME_RATE, 400)).toEqual({ bpm: 0, beats: [] });
  });
});

describe("learnedBeatStage", () => {
  it("places the beats on the activation's peaks, not on the onsets between them", () => {
    // Clicks at 120 BPM, but an activation peaking halfway between them: the network decides.
    const signal = decimateSignal(clickTrack(120, 12, 22050), 22050);
    const onset = onsetStage(signal);
    const offbeats = Array.from({ length: 23 }, (_, i) => 0.25 + 0.5 * i);
    const track = learnedBeatStage(onset, tempoStage(onset), pulses(offbeats, 12));
    expect(beatFMeasure(offbeats, track.beats, 0.03, 0)).toBeGreaterThan(0.9);
    expect(track.confidence).toBeGreaterThan(0.5);
    expect(track.frames).toEqual(track.beats.map((t) => Math.round(t * onset.frameRate)));
  });

  it("gives no beats where the onsets have no periodicity", () => {
    const signal = decimateSignal(new Float32Array(22050 * 5), 22050);
    const onset = onsetStage(signal);
    const track = learnedBeatStage(onset, { bpm: null }, pulses([1, 2, 3, 4], 5));
    expect(track.beats).toEqual([]);
    expect(track.confidence).toBe(0);
  });
});

type Tensor = { data: unknown; dims: readonly number[] };
const tensor = (data: Float32Array, dims: readonly number[]): Tensor => ({ data, dims });
const frames = (T: number): BeatModelInput => ({ frames: T, features: new Float32Array(T * BEAT_BANDS) });

describe("createOnnxBeatModel", () => {
  const ok: OnnxSessionLike<Tensor> = {
    inputNames: ["bands"],
    outputNames: ["activation"],
    run: async (feeds) => {
      expect(feeds.bands?.dims).toEqual([1, 3, BEAT_BANDS]);
      return { activation: tensor(Float32Array.of(0.1, 0.9, 0.2), [1, 3]) };
    },
  };

  it("feeds [1, T, 48] and returns the T activations", async () => {
    expect([...(await createOnnxBeatModel(ok, tensor).predict(frames(3)))]).toEqual([
      Math.fround(0.1),
      Math.fround(0.9),
      Math.fround(0.2),
    ]);
  });

  it("refuses a session without the model's input or output, bad shapes and bad outputs", async () => {
    expect(() => createOnnxBeatModel({ ...ok, inputNames: ["x"] }, tensor)).toThrow(/bands/);
    expect(() => createOnnxBeatModel({ ...ok, outputNames: ["y"] }, tensor)).toThrow(/activation/);
    const model = createOnnxBeatModel(ok, tensor);
    await expect(model.predict(frames(0))).rejects.toThrow(AnalysisError);
    await expect(model.predict({ frames: 3, features: new Float32Array(10) })).rejects.toThrow(/48 bands/);
    const short = createOnnxBeatModel(
      { ...ok, run: async () => ({ activation: tensor(new Float32Array(2), [1, 2]) }) },
      tensor,
    );
    await expect(short.predict(frames(3))).rejects.toThrow(/3 float32 activations/);
    const nan = createOnnxBeatModel(
      { ...ok, run: async () => ({ activation: tensor(Float32Array.of(0.1, Number.NaN, 0.3), [1, 3]) }) },
      tensor,
    );
    await expect(nan.predict(frames(3))).rejects.toThrow(/outside 0..1/);
  });

  it("turns a runtime failure into an AnalysisError with the cause", async () => {
    const boom = new Error("ORT session run failed");
    const failing = createOnnxBeatModel(
      {
        ...ok,
        run: async () => {
          throw boom;
        },
      },
      tensor,
    );
    const err = await failing.predict(frames(3)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).cause).toBe(boom);
  });
});

describe("analyzeAudio with the shipped beat model", () => {
  it("is in the package's models folder", () => {
    expect(modelPath(BEAT_MODEL_FILE)).toMatch(/packages\/analysis\/models\/beats\.onnx$/);
  });

  it("tracks the beats of a rendered progression with drums, at 44.1, 48 and 16 kHz", async () => {
    const { beats } = await loadNodeModels();
    if (!beats) throw new Error("no beat model");
    for (const rate of [44100, 48000, 16000]) {
      const pcm = renderProgression({
        chords: ["C", "Am", "F", "G"],
        bpm: 100,
        repeats: 3,
        sampleRate: rate,
      });
      const r = await analyzeAudio(pcm, rate, { models: { beats } });
      const truth = Array.from({ length: 48 }, (_, i) => i * 0.6);
      expect(r.bpm).not.toBeNull();
      expect(Math.abs((r.bpm ?? 0) - 100)).toBeLessThan(3);
      expect(beatFMeasure(truth, r.beats)).toBeGreaterThan(0.9);
    }
  });

  it("counts a 6/8 accompaniment at 76 BPM in dotted quarters (6/8), not its eighths as 3/4 at 228", async () => {
    const { beats } = await loadNodeModels();
    if (!beats) throw new Error("no beat model");
    const sr = 22050;
    const chords = ["C", "Am", "F", "G", "Em", "Dm", "G7", "C"];
    const r = await analyzeAudio(
      renderMeter({ meter: "6/8", bpm: 76, chords, bars: 16, sampleRate: sr }),
      sr,
      {
        models: { beats },
      },
    );
    expect(r.timeSignature).toBe("6/8");
    expect(Math.abs((r.bpm ?? 0) - 76)).toBeLessThanOrEqual(0.04 * 76);
  });

  it("still reports no tempo for silence, and a failing model rejects with an AnalysisError", async () => {
    const { beats } = await loadNodeModels();
    const silent = await analyzeAudio(new Float32Array(22050 * 3), 22050, { models: { beats } });
    expect(silent.bpm).toBeNull();
    expect(silent.beats).toEqual([]);
    const boom = new Error("ORT failed");
    const pcm = renderProgression({ chords: ["C", "G"], bpm: 100, repeats: 2, sampleRate: 22050 });
    const err = await analyzeAudio(pcm, 22050, {
      models: {
        beats: {
          predict: async () => {
            throw boom;
          },
        },
      },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AnalysisError);
    expect((err as AnalysisError).message).toMatch(/beat model failed/);
    expect((err as AnalysisError).cause).toBe(boom);
  });
});
