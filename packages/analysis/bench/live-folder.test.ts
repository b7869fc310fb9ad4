import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { modelPath } from "../src/onnx-node.js";
import { AnalysisError } from "../src/types.js";
import { addHiss, micBand, renderChordSequence } from "../testing/index.js";
import { keyWeightedScore } from "../testing/metrics.js";
import {
  encodeWav,
  type FalseChange,
  falseChangeKind,
  folderSummary,
  formatFalseChange,
  gainArg,
  KEY_OVER_TIME_FROM,
  keyOverTime,
  LATENCY_CAP_SECONDS,
  micBandArg,
  noiseArg,
  pool,
  runFolder,
  scoreLive,
  settleMasked,
  shownTimeline,
  summarize,
  toLiveRate,
  withModels,
} from "./live-folder.js";

const iv = (start: number, end: number, label: string) => ({ start, end, label });

describe("toLiveRate", () => {
  it("upsamples by an integer factor as the old live-real bench did, and by any ratio", () => {
    const x = Float32Array.from([0, 1, 0, -1]);
    expect([...toLiveRate(x, 16000)].slice(0, 4)).toEqual([0, 1 / 3, 2 / 3, 1].map(Math.fround));
    expect(toLiveRate(x, 16000).length).toBe(12);
    const y = toLiveRate(new Float32Array(44100).fill(0.5), 44100);
    expect(Math.abs(y.length - 48000)).toBeLessThanOrEqual(1);
    expect(y.every((v) => v === 0.5)).toBe(true);
    const same = new Float32Array(10);
    expect(toLiveRate(same, 48000)).toBe(same);
  });
});

describe("scoreLive", () => {
  it("masks 0.5 s after each change (a leading N is no change; a leading chord is)", () => {
    expect(settleMasked([iv(0, 2, "C:maj"), iv(2, 3, "N")])).toEqual([
      iv(0, 0.5, "X"),
      iv(0.5, 2, "C:maj"),
      iv(2, 2.5, "X"),
      iv(2.5, 3, "N"),
    ]);
    expect(settleMasked([iv(0, 2, "N"), iv(2, 6, "C:maj"), iv(6, 10, "G:maj")])).toEqual([
      iv(0, 2, "N"),
      iv(2, 2.5, "X"),
      iv(2.5, 6, "C:maj"),
      iv(6, 6.5, "X"),
      iv(6.5, 10, "G:maj"),
    ]);
  });

  it("scores a hand-made display with known accuracy, latency, false changes and no-chord time", () => {
    const truth = [iv(0, 2, "N"), iv(2, 6, "C:maj"), iv(6, 10, "G:maj")];
    // C shown 0.2 s late, a flicker to A:min for 1 s inside C, G:7 at 6.1 s (right in majmin, not in
    // sevenths), then "N" from 9 s.
    const shown = [
      iv(0, 2.2, "N"),
      iv(2.2, 3, "C:maj"),
      iv(3, 4, "A:min"),
      iv(4, 6.1, "C:maj"),
      iv(6.1, 9, "G:7"),
      iv(9, 10, "N"),
    ];
    const s = scoreLive(truth, shown, 10);
    // Scored time: 0–2 (N, right), 2.5–6 (C: wrong 3–4), 6.5–10 (G: wrong 9–10).
    expect(s.majmin.of).toBeCloseTo(2 + 3.5 + 3.5, 9);
    expect(s.majmin.right).toBeCloseTo(2 + 2.5 + 2.5, 9);
    expect(s.sevenths.right).toBeCloseTo(2 + 2.5, 9);
    expect(s.latencies.map((v) => Number(v.toFixed(6)))).toEqual([0.2, 0.1]);
    expect(s.missed).toBe(0);
    // Held C from 2.2 to 6: two changes (to A:min and back); held G from 6.1 to 10: one change (to N).
    expect(s.falseChanges).toBe(3);
    expect(s.falseChangeList.map((f) => [f.chord, f.shown, f.kind])).toEqual([
      ["C:maj", "A:min", "otherRoot"],
      ["C:maj", "C:maj", "back"],
      ["G:maj", "N", "noChord"],
    ]);
    // A:min 1 s after C began, for 1 s; C again at 2 s, to C's end; N 3 s after G began, to G's end.
    expect(s.falseChangeList.map((f) => [f.after, f.seconds])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    // What each replaced, and since when: C from 0.2 s into C, A:min from 1 s into C, G:7 from 0.1 s into G.
    expect(s.falseChangeList.map((f) => [f.before, Number(f.beforeAfter.toFixed(6))])).toEqual([
      ["C:maj", 0.2],
      ["A:min", 1],
      ["G:7", 0.1],
    ]);
    expect(summarize(s).falseChangesByKind).toEqual({
      back: 1,
      quality: 0,
      parallel: 0,
      otherTriad: 0,
      otherRoot: 1,
      noChord: 1,
    });
    expect(s.heldSeconds).toBeCloseTo(3.8 + 3.9, 9);
    // "N" during chords: 2–2.2 and 9–10 of 8 s of chords.
    expect(s.noChordSeconds).toBeCloseTo(1.2, 9);
    expect(s.chordSeconds).toBeCloseTo(8, 9);
  });

  it("names what each false change showed against the held chord", () => {
    expect(falseChangeKind("C:maj", "C:min", "C:maj")).toBe("parallel");
    expect(falseChangeKind("A:min7", "A:7", "A:min7")).toBe("parallel");
    expect(falseChangeKind("C:maj", "C:7", "C:maj")).toBe("quality");
    expect(falseChangeKind("C:maj", "C:maj", "C:min")).toBe("back");
    expect(falseChangeKind("C:maj", "C:sus4", "C:maj")).toBe("otherTriad");
    expect(falseChangeKind("C:maj", "C:dim", "C:maj")).toBe("otherTriad");
    expect(falseChangeKind("C:maj", "G:maj", "C:maj")).toBe("otherRoot");
    expect(falseChangeKind("C:maj", "N", "C:maj")).toBe("noChord");
    const truth = [iv(0, 4, "G:maj")];
    const s = scoreLive(
      truth,
      [iv(0, 1, "G:maj"), iv(1, 1.5, "G:min"), iv(1.5, 3, "G:maj"), iv(3, 4, "G:7")],
      4,
    );
    expect(s.falseChangeList.map((f) => f.kind)).toEqual(["parallel", "back", "quality"]);
    expect(formatFalseChange(s.falseChangeList[0] as FalseChange)).toBe(
      "G:maj from 0.00 s: G:min shown at +1.00 s for 0.50 s after G:maj (shown from +0.00 s) (parallel)",
    );
    // A chord shown before its true start: what replaces it names it with a negative "shown from".
    const early = scoreLive(
      [iv(0, 1, "N"), iv(1, 3, "C:maj")],
      [iv(0, 0.5, "N"), iv(0.5, 2, "C:maj"), iv(2, 3, "A:min")],
      3,
    );
    expect(formatFalseChange(early.falseChangeList[0] as FalseChange)).toBe(
      "C:maj from 1.00 s: A:min shown at +1.00 s for 1.00 s after C:maj (shown from -0.50 s) (otherRoot)",
    );
  });

  it("caps the latency of a chord never shown right and counts it as missed", () => {
    const s = scoreLive([iv(0, 3, "C:maj"), iv(3, 4, "D:min")], [iv(0, 4, "C:maj")], 4);
    expect(s.latencies).toEqual([0, LATENCY_CAP_SECONDS]);
    expect(s.missed).toBe(1);
    // The display at the start of the stream is "N" until the first frame.
    expect(scoreLive([iv(0, 2, "C:maj")], [iv(0.3, 2, "C:maj")], 2).noChordSeconds).toBeCloseTo(0.3, 9);
  });

  it("counts the latency from the moment the chord's root and third have sounded, where the truth gives it", () => {
    // An arpeggio's A minor can be named at 2.75 s (its C struck then), shown at 2.9; a strummed F at 4.0,
    // shown at 4.2; the G without an identifiable moment is left out of these measures.
    const truth = [
      iv(0, 2, "N"),
      { ...iv(2, 4, "A:min"), identifiable: 2.75 },
      { ...iv(4, 6, "F:maj"), identifiable: 4 },
      iv(6, 8, "G:maj"),
    ];
    const shown = [iv(0, 2.9, "N"), iv(2.9, 4.2, "A:min"), iv(4.2, 6.1, "F:maj"), iv(6.1, 8, "G:maj")];
    const s = scoreLive(truth, shown, 8);
    expect(s.latencies.map((v) => Number(v.toFixed(6)))).toEqual([0.9, 0.2, 0.1]);
    expect(s.identifiableDelays.map((v) => Number(v.toFixed(6)))).toEqual([0.75, 0]);
    expect(s.afterIdentifiable.map((v) => Number(v.toFixed(6)))).toEqual([0.15, 0.2]);
    const m = summarize(s);
    expect(m.identifiableP95Ms).toBe(750);
    expect(m.afterIdentifiableP95Ms).toBe(200);
    // A chord shown before its notes could name it (a guess from context) counts 0, a chord never shown
    // right counts the cap; a truth without the moment adds no such fields.
    const early = scoreLive([{ ...iv(0, 3, "C:maj"), identifiable: 1 }], [iv(0.5, 3, "C:maj")], 3);
    expect(early.afterIdentifiable).toEqual([0]);
    const never = scoreLive([{ ...iv(0, 3, "C:maj"), identifiable: 1 }], [iv(0, 3, "D:min")], 3);
    expect(never.afterIdentifiable).toEqual([LATENCY_CAP_SECONDS]);
    expect("identifiableP95Ms" in summarize(scoreLive([iv(0, 2, "C:maj")], [iv(0, 2, "C:maj")], 2))).toBe(
      false,
    );
  });

  it("builds the shown timeline from each block's last frame at the block's end, merging repeats", () => {
    const frames = [
      { time: 0.0, blockEnd: 0.01, chord: "N" },
      { time: 0.005, blockEnd: 0.02, chord: "G" },
      { time: 0.01, blockEnd: 0.02, chord: "C" },
      { time: 0.02, blockEnd: 0.03, chord: "C" },
      { time: 0.03, blockEnd: 0.04, chord: "Am7" },
    ];
    expect(shownTimeline(frames, 1)).toEqual([
      iv(0.01, 0.02, "N"),
      iv(0.02, 0.04, "C:maj"),
      iv(0.04, 1, "A:min7"),
    ]);
  });
});

describe("keyOverTime", () => {
  it("averages the MIREX score of the key on screen from the tenth second to the end", () => {
    const changes = [
      { time: 0.5, key: null },
      { time: 4, key: "C major" },
      { time: 20, key: "G major" },
      { time: 25, key: null },
      { time: 26, key: "A minor" },
    ];
    // 10–20 s C major (1), 20–25 s its fifth (0.5), 25–26 s nothing (0), 26–30 s its relative (0.3).
    expect(KEY_OVER_TIME_FROM).toBe(10);
    expect(keyOverTime("C major", changes, 30)).toBeCloseTo((10 * 1 + 5 * 0.5 + 4 * 0.3) / 20, 9);
    // Nothing shown scores 0; a wrong key throughout scores 0.
    expect(keyOverTime("C major", [], 30)).toBe(0);
    expect(keyOverTime("F# major", [{ time: 1, key: "C major" }], 30)).toBe(0);
    // From another moment, and an item too short to score.
    expect(keyOverTime("C major", changes, 30, 0)).toBeCloseTo((16 + 2.5 + 1.2) / 30, 9);
    expect(keyOverTime("C major", changes, 10)).toBeNull();
  });
});

describe("gainArg", () => {
  it("reads --gain-db within −60..20 dB, 0 when absent, and rejects anything else", () => {
    expect(gainArg(undefined)).toBe(0);
    expect(gainArg("-20")).toBe(-20);
    expect(() => gainArg("-61")).toThrow(RangeError);
    expect(() => gainArg("loud")).toThrow(RangeError);
  });
});

describe("micBandArg and micBand", () => {
  it("reads --mic-band as two cut-offs in Hz, nothing when absent, and rejects anything else", () => {
    expect(micBandArg(undefined)).toBeUndefined();
    expect(micBandArg("200,4000")).toEqual({ lowCutHz: 200, highCutHz: 4000 });
    expect(micBandArg("200,0")).toEqual({ lowCutHz: 200, highCutHz: 0 });
    for (const bad of ["200", "4000,200", "10,4000", "200,30000", "low,high", "200,4000,8000"])
      expect(() => micBandArg(bad)).toThrow(RangeError);
  });

  it("passes the band and cuts outside it as a 2nd-order Butterworth does", () => {
    const rate = 48000;
    const rms = (x: Float32Array, from: number) => {
      let e = 0;
      for (let i = from; i < x.length; i++) e += (x[i] as number) ** 2;
      return Math.sqrt(e / (x.length - from));
    };
    // A sine's gain after the filters settle (the first half second left out), against |H| of a
    // 2nd-order Butterworth through the bilinear transform: 1 / √(1 + (w / wc)^±4), w = tan(π f / rate).
    const gain = (hz: number, low: number, high: number) => {
      const x = new Float32Array(2 * rate).map((_, i) => Math.sin((2 * Math.PI * hz * i) / rate));
      return rms(micBand(x, rate, low, high), rate / 2) / Math.SQRT1_2;
    };
    const w = (hz: number) => Math.tan((Math.PI * hz) / rate);
    const butterworth = (hz: number, low: number, high: number) =>
      (low ? 1 / Math.sqrt(1 + (w(low) / w(hz)) ** 4) : 1) *
      (high ? 1 / Math.sqrt(1 + (w(hz) / w(high)) ** 4) : 1);
    for (const hz of [82.41, 200, 1000, 4000, 8000])
      expect(gain(hz, 200, 4000)).toBeCloseTo(butterworth(hz, 200, 4000), 2);
    // The low E string's fundamental is cut by more than 15 dB, 1 kHz passes within 0.1 dB.
    expect(20 * Math.log10(gain(82.41, 200, 0))).toBeLessThan(-15);
    expect(Math.abs(20 * Math.log10(gain(1000, 200, 4000)))).toBeLessThan(0.1);
    // 0, 0 leaves the signal as it was; a cut-off at or past Nyquist is refused.
    const x = new Float32Array([0.5, -0.25, 0.125]);
    expect(micBand(x.slice(), rate, 0, 0)).toEqual(x);
    expect(() => micBand(x.slice(), rate, 24000, 0)).toThrow(RangeError);
  });
});

describe("noiseArg and addHiss", () => {
  it("reads --noise-dbfs within −90..0 dBFS, nothing when absent, and rejects anything else", () => {
    expect(noiseArg(undefined)).toBeUndefined();
    expect(noiseArg("-30")).toBe(-30);
    expect(() => noiseArg("-91")).toThrow(RangeError);
    expect(() => noiseArg("3")).toThrow(RangeError);
    expect(() => noiseArg("hiss")).toThrow(RangeError);
  });

  it("adds pink noise at the asked RMS level, the same for the same seed and different for another", () => {
    const n = 48000;
    const tone = new Float32Array(n).map((_, i) => 0.1 * Math.sin((2 * Math.PI * 440 * i) / 48000));
    const a = addHiss(tone.slice(), -40, 7);
    const b = addHiss(tone.slice(), -40, 7);
    const c = addHiss(tone.slice(), -40, 8);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
    // What was added is the noise alone: its RMS is −40 dBFS.
    let e = 0;
    for (let i = 0; i < n; i++) e += ((a[i] as number) - (tone[i] as number)) ** 2;
    expect(10 * Math.log10(e / n)).toBeCloseTo(-40, 1);
    // Pink, not white: most of its power passes a two-sample average, a gentle low-pass (white noise: half).
    const d = a.map((v, i) => v - (tone[i] as number));
    let low = 0;
    let all = 0;
    for (let i = 1; i < n; i++) {
      const smooth = ((d[i] as number) + (d[i - 1] as number)) / 2;
      low += smooth * smooth;
      all += (d[i] as number) ** 2;
    }
    expect(low / all).toBeGreaterThan(0.6);
    expect(() => addHiss(tone.slice(), Number.NaN, 1)).toThrow(RangeError);
  });
});

describe("runFolder on a tiny folder with a known answer", () => {
  const dir = mkdtempSync(join(tmpdir(), "live-folder-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("scores the right truth as right and a wrong truth as wrong, at 48 and 16 kHz", async () => {
    const seq = [
      { chord: "N", seconds: 1 },
      { chord: "C", seconds: 4 },
      { chord: "G", seconds: 4 },
    ];
    const write = (name: string, sr: number, labels: [string, string], group: string, key: string) => {
      mkdirSync(join(dir, name));
      writeFileSync(
        join(dir, name, "audio.wav"),
        encodeWav(renderChordSequence(seq, { timbre: "organ", sampleRate: sr }), sr),
      );
      writeFileSync(
        join(dir, name, "truth.json"),
        JSON.stringify({
          group,
          key,
          chords: [iv(0, 1, "N"), iv(1, 5, labels[0]), iv(5, 9, labels[1])],
        }),
      );
    };
    write("a-right", 48000, ["C:maj", "G:maj"], "right", "C major");
    // The same chords labelled a minor third lower (A minor, E minor): every chord is wrong in majmin.
    // …and its key a tritone away: no reading of C and G (C, G, A minor, E minor) scores anything.
    write("b-wrong", 16000, ["A:min", "E:min"], "wrong", "F# minor");
    mkdirSync(join(dir, "c-no-truth"));
    const results = await runFolder(dir);
    expect(results.map((r) => r.item)).toEqual(["a-right", "b-wrong"]);
    const [a, b] = results.map((r) => r.score);
    if (!a || !b) throw new Error("two items expected");
    expect(a.seconds).toBeCloseTo(9, 2);
    expect(a.majmin.right / a.majmin.of).toBeGreaterThan(0.95);
    expect(a.latencies).toHaveLength(2);
    expect(Math.max(...a.latencies)).toBeLessThan(0.5);
    expect(a.missed).toBe(0);
    expect(a.falseChanges).toBe(0);
    expect(a.noChordSeconds / a.chordSeconds).toBeLessThan(0.1);
    // The wrong truth: only the leading "N" (0–1 s) can be right.
    expect(b.seconds).toBeCloseTo(9, 2);
    expect(b.majmin.right).toBeLessThanOrEqual(1 + 1e-6);
    expect(b.latencies).toEqual([LATENCY_CAP_SECONDS, LATENCY_CAP_SECONDS]);
    expect(b.missed).toBe(2);
    const { all, groups } = pool(results);
    expect(all.majmin.right).toBeCloseTo(a.majmin.right + b.majmin.right, 9);
    expect([...groups.keys()]).toEqual(["right", "wrong"]);
    // The key: the last one shown, scored against the truth's (8 s of chords: one is shown).
    const [ka, kb] = results.map((r) => r.key);
    if (!ka?.shown || !kb?.shown) throw new Error("a key shown for both items expected");
    expect(ka.score).toBe(keyWeightedScore("C major", ka.shown));
    expect(kb.score).toBe(0);
    // Nine seconds are too short for the key over time.
    expect(ka.overTime).toBeNull();
    // Played 60 dB quieter (under every silence floor), the right truth's chords are no longer shown.
    const [quiet] = await runFolder(dir, { only: "a-right", gainDb: -60 });
    if (!quiet) throw new Error("one item expected");
    expect(quiet.score.majmin.right / quiet.score.majmin.of).toBeLessThan(0.5);
    // Under a hiss as loud as full scale the chords are lost too: runFolder adds it.
    const [hissed] = await runFolder(dir, { only: "a-right", noiseDbfs: 0 });
    if (!hissed) throw new Error("one item expected");
    expect(hissed.score.majmin.right / hissed.score.majmin.of).toBeLessThan(0.5);
    // Heard through a band above every note (a 20 kHz high-pass), they are lost too: runFolder applies it.
    const [muffled] = await runFolder(dir, { only: "a-right", micBand: { lowCutHz: 20000, highCutHz: 0 } });
    if (!muffled) throw new Error("one item expected");
    expect(muffled.score.majmin.right / muffled.score.majmin.of).toBeLessThan(0.5);
    const summary = folderSummary(dir, results);
    expect(summary.key?.items).toBe(2);
    expect(summary.key?.weighted).toBeCloseTo(ka.score / 2, 3);
    expect(summary.key?.overTime).toBeNull();
    expect(summary.items).toBe(2);
    expect(summary.pooled.latencyP95Ms).toBe(2000);
    expect(summary.groups?.right?.majmin).toBeGreaterThan(0.95);
  });
});

describe("withModels", () => {
  it("gives Live its own key model, another one with --key-model, or none with --hand-written-key", async () => {
    const live = await withModels({}, []);
    expect(live.keyModel).toBeDefined();
    const same = await withModels({ keyWindowSeconds: 20 }, ["--key-model", modelPath("live-key.onnx")]);
    expect(same.keyWindowSeconds).toBe(20);
    expect(same.keyModel).toBeDefined();
    expect(same.keyModel).not.toBe(live.keyModel);
    const offline = await withModels({}, ["--key-model", modelPath("key.onnx")]);
    // The default is Live's file, models/live-key.onnx: the same file gives the same answer, the offline
    // engine's models/key.onnx another.
    const input = {
      beats: 2,
      features: Float32Array.from({ length: 48 }, (_, i) =>
        [0, 4, 7].includes(i % 24) ? 1 / 3 : i % 24 === 12 ? 1 : 0,
      ),
      weights: Float32Array.from([0.5, 0.5]),
    };
    const [a, b, c] = await Promise.all([
      live.keyModel?.predict(input),
      same.keyModel?.predict(input),
      offline.keyModel?.predict(input),
    ]);
    expect(a?.length).toBe(24);
    expect(Array.from(b ?? [])).toEqual(Array.from(a ?? []));
    expect(c?.length).toBe(24);
    expect(Array.from(c ?? [])).not.toEqual(Array.from(a ?? []));
    expect((await withModels({}, ["--hand-written-key"])).keyModel).toBeUndefined();
    await expect(withModels({}, ["--key-model", "/nonexistent/key.onnx"])).rejects.toBeInstanceOf(
      AnalysisError,
    );
    // A model of another signature (Live's frame model) is refused when loaded.
    await expect(withModels({}, ["--key-model", modelPath("live-chords.onnx")])).rejects.toThrow(/key model/);
  });
});
