/**
 * `npm run bench:memory`: the engine's peak memory on a 10-minute song, as the CLI analyses it (issue 24's
 * target: ≤ 300 MB). Each file is analysed by the built CLI (`dist/cli.js`, four learned models) in a
 * fresh Node process, `--runs` times (default 3); the peak is the process's maximum resident set size
 * (`process.resourceUsage().maxRSS`, what `/usr/bin/time -v` reports), and the median of the runs is
 * compared with the target, since single runs on this kind of machine vary by about ±15 MB.
 *
 * Inputs: a synthetic 10-minute song (`renderProgression`, 44.1 kHz) as a mono 16-bit WAV and, when
 * `ffmpeg` is on the PATH, as a 192 kbit/s stereo MP3; `--file F` (repeatable) measures other files too.
 *
 *   npm run build:packages && npm run bench:memory [-- --runs N] [--file F]... [--json out.json]
 *
 * The last line of the output is a JSON summary.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median } from "../src/dsp.js";
import { encodeWav } from "../src/wav.js";
import { renderProgression } from "../testing/index.js";

/** Issue 24's memory target for a 10-minute song, MB (10^6 bytes). */
export const MEMORY_TARGET_MB = 300;

/** One file's peaks over its runs. */
export interface MemoryRow {
  file: string;
  /** Peak resident set size of each run, MB (10^6 bytes). */
  runsMB: number[];
  /** Median of `runsMB` (the mean of the middle two for an even count). */
  medianMB: number;
}

/**
 * Summarise the runs of each file against {@link MEMORY_TARGET_MB}.
 * @param runs per file, the peak of each run in MB (at least one run per file).
 * @returns the rows and whether every file's median is within the target.
 * @throws {RangeError} for a file without runs.
 */
export function memorySummary(runs: ReadonlyMap<string, readonly number[]>): {
  rows: MemoryRow[];
  met: boolean;
} {
  const rows = [...runs].map(([file, peaks]) => {
    if (peaks.length === 0) throw new RangeError(`no runs for ${file}`);
    return { file, runsMB: [...peaks], medianMB: median(peaks) };
  });
  return { rows, met: rows.every((r) => r.medianMB <= MEMORY_TARGET_MB) };
}

/** Peak RSS (MB) of one CLI run on `file`; throws when the CLI fails. */
function peakOfRun(cliUrl: string, file: string): number {
  const script = `const { main } = await import(${JSON.stringify(cliUrl)});
const code = await main([${JSON.stringify(file)}, "--json"]);
process.stderr.write("MAXRSS_KIB " + process.resourceUsage().maxRSS + "\\n");
process.exitCode = code;`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
  });
  const m = /MAXRSS_KIB (\d+)/.exec(r.stderr ?? "");
  if (r.status !== 0 || !m) throw new Error(`the CLI failed on ${file}: ${r.stderr}`);
  return Math.round((Number(m[1]) * 1024) / 1e5) / 10;
}

async function cli(argv: readonly string[]): Promise<void> {
  let runs = 3;
  let json: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if ((a === "--runs" || a === "--file" || a === "--json") && v === undefined)
      throw new Error(`${a} needs a value`);
    if (a === "--runs" && v) runs = Math.max(1, Number.parseInt(v, 10) || 1);
    else if (a === "--file" && v) files.push(resolve(v));
    else if (a === "--json" && v) json = resolve(v);
    else throw new Error(`unknown argument ${a} (--runs N, --file F, --json out.json)`);
    i++;
  }
  const dist = join(dirname(fileURLToPath(import.meta.url)), "../dist/cli.js");
  if (!existsSync(dist)) throw new Error("dist/cli.js is missing: run `npm run build:packages` first");
  const tmp = mkdtempSync(join(tmpdir(), "tonic-memory-"));
  try {
    // 63 × 16 beats at 100 BPM: 605 s.
    const song = renderProgression({
      chords: ["C", "Am", "F", "G"],
      bpm: 100,
      repeats: 63,
      sampleRate: 44100,
    });
    const wav = join(tmp, "ten-minutes-mono.wav");
    writeFileSync(wav, encodeWav(song, 44100));
    const inputs = [wav];
    const mp3 = join(tmp, "ten-minutes-stereo.mp3");
    const ff = spawnSync("ffmpeg", ["-v", "error", "-y", "-i", wav, "-ac", "2", "-b:a", "192k", mp3]);
    if (ff.status === 0) inputs.push(mp3);
    else process.stdout.write("ffmpeg not found: the MP3 is skipped\n");
    inputs.push(...files);
    const peaks = new Map<string, number[]>();
    for (const f of inputs) {
      const name = basename(f);
      const list: number[] = [];
      for (let k = 0; k < runs; k++) list.push(peakOfRun(pathToFileURL(dist).href, f));
      peaks.set(name, list);
      process.stdout.write(`${name.padEnd(28)} ${list.map((p) => p.toFixed(0).padStart(4)).join(" ")} MB\n`);
    }
    const summary = memorySummary(peaks);
    const line = JSON.stringify({ targetMB: MEMORY_TARGET_MB, runs, ...summary });
    if (json) writeFileSync(json, `${line}\n`);
    process.stdout.write(
      `median peak per file (MB): ${summary.rows.map((r) => `${r.file} ${r.medianMB.toFixed(0)}`).join(", ")}; target ≤ ${MEMORY_TARGET_MB}: ${summary.met ? "met" : "NOT met"}\n${line}\n`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await cli(process.argv.slice(2));
