import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeWav, renderProgression, sine } from "@tonic/analysis/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "./cli.js";
import { AudioDecodeError, analyzeFile, decodeAudioFile } from "./node.js";
import { AnalysisInputError } from "./types.js";

const dir = mkdtempSync(join(tmpdir(), "tonic-analysis-"));

describe("decodeAudioFile", () => {
  it("decodes a 16-bit WAV file", async () => {
    const x = sine(440, 0.5, 16000);
    const bytes = encodeWav(x, 16000);
    const d = await decodeAudioFile(bytes);
    expect(d.sampleRate).toBe(16000);
    expect(d.channels).toBe(1);
    expect(d.samples.length).toBe(x.length);
    expect(d.durationSeconds).toBeCloseTo(0.5, 3);
    expect(d.samples[100]).toBeCloseTo(x[100] as number, 3);
  });

  it.each([
    ["empty input", new Uint8Array(0)],
    ["random bytes", Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)],
    ["a WAV cut inside its header", encodeWav(sine(440, 0.5, 8000), 8000).slice(0, 30)],
    ["a WAV cut inside its data", encodeWav(sine(440, 0.5, 8000), 8000).slice(0, 1000)],
  ])("throws AudioDecodeError for %s", async (_name, bytes) => {
    await expect(decodeAudioFile(bytes)).rejects.toThrow(AudioDecodeError);
    await expect(decodeAudioFile(bytes)).rejects.toThrow("Unsupported or corrupt audio file");
  });

  it("reads a WAV file from disk in 64 KiB pieces and gets the same samples as from memory", async () => {
    // 3 s at 44.1 kHz: 264,644 bytes, so sample frames straddle the pieces' edges.
    const x = sine(220, 3, 44100);
    const bytes = encodeWav(x, 44100);
    const path = join(dir, "long.wav");
    writeFileSync(path, bytes);
    const fromDisk = await decodeAudioFile(path);
    const fromMemory = await decodeAudioFile(bytes);
    expect(fromDisk.samples.length).toBe(x.length);
    expect(fromDisk.samples).toEqual(fromMemory.samples);
    // The same file cut short on disk is refused, as in memory.
    writeFileSync(join(dir, "cut.wav"), bytes.slice(0, 100_000));
    await expect(decodeAudioFile(join(dir, "cut.wav"))).rejects.toThrow("Unsupported or corrupt audio file");
  });

  it("refuses a file longer than maxSeconds with AnalysisInputError naming the limit, not as corrupt", async () => {
    const path = join(dir, "three-seconds.wav");
    writeFileSync(path, encodeWav(sine(220, 3, 44100), 44100));
    const refused = analyzeFile(path, { maxSeconds: 1, models: {} });
    await expect(refused).rejects.toThrow(AnalysisInputError);
    await expect(analyzeFile(path, { maxSeconds: 1, models: {} })).rejects.toThrow(
      "the recording is too long to analyse (the limit is 1 second)",
    );
    // Within the limit the same file is analysed.
    const r = await analyzeFile(path, { maxSeconds: 3, models: {} });
    expect(r.durationSeconds).toBeCloseTo(3, 2);
  });

  it("throws AudioDecodeError for a missing file", async () => {
    await expect(decodeAudioFile(join(dir, "nope.mp3"))).rejects.toThrow(AudioDecodeError);
  });

  it("analyses a file end to end", async () => {
    const path = join(dir, "prog.wav");
    writeFileSync(
      path,
      encodeWav(renderProgression({ chords: ["A", "D", "E", "A"], bpm: 100, repeats: 2 }), 22050),
    );
    const r = await analyzeFile(path);
    expect(r.key).toBe("A Major");
    expect(r.durationSeconds).toBeGreaterThan(19);
  });

  it("passes the options' learned key model to the engine", async () => {
    const path = join(dir, "prog-model.wav");
    writeFileSync(
      path,
      encodeWav(renderProgression({ chords: ["A", "D", "E", "A"], bpm: 100, repeats: 1 }), 22050),
    );
    let calls = 0;
    const p = new Float32Array(24);
    p[12 + 6] = 0.9; // F# minor
    p[9] = 0.1; // A major
    const r = await analyzeFile(path, {
      models: {
        key: {
          predict: async () => {
            calls++;
            return p;
          },
        },
      },
    });
    expect(calls).toBe(1);
    expect(r.key).toBe("F# Minor");
    expect(r.keyConfidence).toBe(0.9);
    expect(r.keyRunnerUp).toEqual({ key: "A Major", confidence: 0.1 });
  });
});

describe("tonic-analyze CLI", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const capture = () => {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((s) => out.push(String(s)) > 0);
    vi.spyOn(process.stderr, "write").mockImplementation((s) => err.push(String(s)) > 0);
    return { out, err };
  };

  it("prints help", async () => {
    const { out } = capture();
    expect(await main(["--help"])).toBe(0);
    expect(out.join("")).toContain("Usage: tonic-analyze");
  });

  it("prints one error line and exits 1 for a corrupt or missing file", async () => {
    const bad = join(dir, "bad.mp3");
    writeFileSync(
      bad,
      Uint8Array.from({ length: 3000 }, (_, i) => (i * 31) % 256),
    );
    for (const f of [bad, join(dir, "missing.wav")]) {
      const { out, err } = capture();
      expect(await main([f])).toBe(1);
      expect(out).toEqual([]);
      expect(err.join("").trim().split("\n")).toHaveLength(1);
      vi.restoreAllMocks();
    }
  });

  it("--max-minutes: a longer recording gets one error line naming the limit; a bad value is a usage error", async () => {
    const path = join(dir, "cli-long.wav");
    writeFileSync(path, encodeWav(sine(220, 3, 8000), 8000));
    let c = capture();
    expect(await main(["--max-minutes", "0.01", path])).toBe(1);
    expect(c.out).toEqual([]);
    expect(c.err.join("")).toBe(
      "tonic-analyze: the recording is too long to analyse (the limit is 0.6 seconds)\n",
    );
    vi.restoreAllMocks();
    for (const bad of ["0", "-2", "x", ""]) {
      c = capture();
      expect(await main(["--max-minutes", bad, path])).toBe(1);
      expect(c.err.join("")).toContain("--max-minutes needs a positive number of minutes");
      vi.restoreAllMocks();
    }
  });

  it("prints key, BPM and chords, or JSON with --json", async () => {
    const path = join(dir, "cli.wav");
    writeFileSync(
      path,
      encodeWav(renderProgression({ chords: ["C", "F", "G7", "C"], bpm: 120, repeats: 2 }), 22050),
    );
    let c = capture();
    expect(await main([path])).toBe(0);
    const text = c.out.join("");
    expect(text).toMatch(/Key:\s+C Major/);
    expect(text).toMatch(/BPM:\s+\d+\.\d/);
    expect(text).toMatch(/0:00\.00\s+\w/);
    vi.restoreAllMocks();
    c = capture();
    expect(await main(["--json", path])).toBe(0);
    const parsed = JSON.parse(c.out.join("")) as { key: string; chords: unknown[] };
    expect(parsed.key).toBe("C Major");
    expect(parsed.chords.length).toBeGreaterThan(0);
  });

  it("prints MIREX .lab lines with --format lab and beat times with --beats", async () => {
    const path = join(dir, "lab.wav");
    writeFileSync(path, encodeWav(renderProgression({ chords: ["A", "D"], bpm: 120, repeats: 2 }), 22050));
    let c = capture();
    expect(await main(["--format", "lab", path])).toBe(0);
    const lines = c.out.join("").trim().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l).toMatch(/^\d+\.\d{3}\t\d+\.\d{3}\t(N|[A-G][b#]?:\w+)$/);
    expect(lines[0]?.startsWith("0.000\t")).toBe(true);
    vi.restoreAllMocks();
    c = capture();
    expect(await main(["--beats", path])).toBe(0);
    const beats = c.out.join("").trim().split("\n").map(Number);
    expect(beats.length).toBeGreaterThan(10);
    for (let i = 1; i < beats.length; i++) expect(beats[i]).toBeGreaterThan(beats[i - 1] as number);
    vi.restoreAllMocks();
    c = capture();
    expect(await main(["--format", "xml", path])).toBe(1);
  });

  it("analyses a folder in batch mode, one JSON per audio file", async () => {
    const folder = mkdtempSync(join(tmpdir(), "tonic-batch-"));
    const outDir = mkdtempSync(join(tmpdir(), "tonic-batch-out-"));
    writeFileSync(
      join(folder, "a.wav"),
      encodeWav(renderProgression({ chords: ["C", "G"], repeats: 1 }), 22050),
    );
    writeFileSync(
      join(folder, "b.wav"),
      encodeWav(renderProgression({ chords: ["Am", "E"], repeats: 1 }), 22050),
    );
    writeFileSync(join(folder, "notes.txt"), "not audio");
    capture();
    expect(await main([folder, "--out", outDir])).toBe(0);
    expect(readdirSync(outDir).sort()).toEqual(["a.json", "b.json"]);
    const a = JSON.parse(readFileSync(join(outDir, "a.json"), "utf8")) as {
      key: string;
      keySegments: unknown[];
    };
    expect(a.key).toMatch(/Major|Minor/);
    expect(Array.isArray(a.keySegments)).toBe(true);
    vi.restoreAllMocks();
    writeFileSync(
      join(folder, "c.mp3"),
      Uint8Array.from({ length: 3000 }, (_, i) => (i * 31) % 256),
    );
    const c = capture();
    expect(await main([folder, "--out", outDir])).toBe(1);
    expect(c.err.join("")).toContain("c.mp3");
  });
});
