/**
 * `tonic-analyze` command line: analyse an audio file (or every audio file in a folder).
 *
 *   tonic-analyze song.mp3                 readable summary
 *   tonic-analyze --json song.mp3          the whole AnalysisResult as JSON
 *   tonic-analyze --format lab song.mp3    chord segments as MIREX .lab lines (start, end, Harte label)
 *   tonic-analyze --beats song.mp3         beat times, one per line (seconds)
 *   tonic-analyze music/ [--out results/]  batch: one <name>.json per audio file in the folder
 *
 * Errors (missing, unsupported or corrupt file; a recording under 1 s or longer than --max-minutes,
 * default 20) print one line on stderr and exit with code 1; in batch mode every file is attempted and the
 * exit code is 1 when any failed.
 */
import { readdirSync, statSync, writeFileSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { chordToHarte } from "./labels.js";
import { analyzeFile } from "./node.js";
import type { AnalysisResult, AnalyzeOptions } from "./types.js";

const HELP = `Usage: tonic-analyze [options] <audio-file | folder>

Analyse an audio file (MP3, WAV, FLAC, OGG, ...) and print its key, tempo (BPM) and chords.
Given a folder, analyse every audio file in it and write one <name>.json per file.

Options:
  --json            print the whole analysis result as JSON (same as --format json)
  --format <fmt>    text (default), json, or lab (MIREX .lab: start<TAB>end<TAB>Harte chord label)
  --beats           print the beat times in seconds, one per line
  --out <folder>    batch mode: where to write the JSON files (default: the input folder)
  --max-minutes <n> refuse recordings longer than n minutes (default 20; memory grows with length)
  -h, --help        show this help
`;

/** File extensions treated as audio in batch mode. */
const AUDIO_EXT = new Set([
  ".mp3",
  ".wav",
  ".flac",
  ".ogg",
  ".oga",
  ".opus",
  ".m4a",
  ".aac",
  ".aiff",
  ".aif",
]);

function formatTime(t: number): string {
  const m = Math.floor(t / 60);
  const s = t - 60 * m;
  return `${m}:${s.toFixed(2).padStart(5, "0")}`;
}

/** MIREX chord .lab text: one `start\tend\tlabel` line per segment (times in seconds, 3 decimals). */
export function toLab(r: AnalysisResult): string {
  return r.segments
    .map((s) => `${s.start.toFixed(3)}\t${s.end.toFixed(3)}\t${chordToHarte(s.chord)}\n`)
    .join("");
}

function toText(file: string, r: AnalysisResult): string {
  const lines = [
    `File:      ${file}`,
    `Duration:  ${formatTime(r.durationSeconds)}`,
    r.key === null
      ? "Key:       none (no harmonic content)"
      : `Key:       ${r.key} (confidence ${r.keyConfidence.toFixed(2)}${r.keyRunnerUp ? `; runner-up ${r.keyRunnerUp.key}` : ""})`,
    ...(r.keySegments.length > 1
      ? [`Key changes: ${r.keySegments.map((k) => `${formatTime(k.start)} ${k.key}`).join(", ")}`]
      : []),
    r.bpm === null
      ? "BPM:       none (no steady beat)"
      : `BPM:       ${r.bpm.toFixed(1)}  (${r.timeSignature}; confidence ${r.tempoConfidence.toFixed(2)})`,
    `Tuning:    A4 = ${r.tuningHz.toFixed(1)} Hz`,
    `Chords (${r.chords.length}):`,
    ...r.chords.map((c) => `  ${formatTime(c.time)}  ${c.chord}`),
  ];
  return `${lines.join("\n")}\n`;
}

const errLine = (e: unknown): string => (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "";

/** Run the CLI with the given arguments; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const fail = (msg: string) => {
    process.stderr.write(`tonic-analyze: ${msg}\n`);
    return 1;
  };
  const args: string[] = [];
  let format = "text";
  let beats = false;
  let out: string | undefined;
  const options: AnalyzeOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "-h" || a === "--help") {
      process.stdout.write(HELP);
      return 0;
    }
    if (a === "--json") format = "json";
    else if (a === "--beats") beats = true;
    else if (a === "--format" || a === "--out" || a === "--max-minutes") {
      const v = argv[++i];
      if (v === undefined) return fail(`${a} needs a value (see --help)`);
      if (a === "--out") out = v;
      else if (a === "--max-minutes") {
        const minutes = Number(v);
        if (!(v.trim() !== "" && Number.isFinite(minutes) && minutes > 0))
          return fail(`--max-minutes needs a positive number of minutes, got ${v}`);
        options.maxSeconds = minutes * 60;
      } else if (v === "text" || v === "json" || v === "lab") format = v;
      else return fail(`unknown format ${v} (text, json or lab)`);
    } else if (a.startsWith("-")) return fail(`unknown option ${a}`);
    else args.push(a);
  }
  if (args.length !== 1) return fail("expected one audio file or folder (see --help)");
  const input: string = args[0] ?? "";
  let isDir = false;
  try {
    isDir = statSync(input).isDirectory();
  } catch {
    // Not there: analyzeFile reports it as an unreadable file.
  }
  if (isDir) return batch(input, out ?? input, fail, options);
  try {
    const r = await analyzeFile(input, options);
    if (beats) process.stdout.write(r.beats.map((b) => `${b.toFixed(3)}\n`).join(""));
    else if (format === "json") process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
    else if (format === "lab") process.stdout.write(toLab(r));
    else process.stdout.write(toText(input, r));
    return 0;
  } catch (e) {
    return fail(errLine(e));
  }
}

/** Analyse every audio file directly inside `dir`, writing `<outDir>/<name>.json` for each. */
async function batch(
  dir: string,
  outDir: string,
  fail: (msg: string) => number,
  options: AnalyzeOptions,
): Promise<number> {
  const files = readdirSync(dir)
    .filter((f) => AUDIO_EXT.has(extname(f).toLowerCase()))
    .sort();
  if (files.length === 0) return fail(`no audio files in ${dir}`);
  let failed = 0;
  for (const f of files) {
    const target = join(outDir, `${basename(f, extname(f))}.json`);
    try {
      const r = await analyzeFile(join(dir, f), options);
      writeFileSync(target, `${JSON.stringify(r, null, 2)}\n`);
      process.stdout.write(
        `${f} -> ${target}  ${r.key ?? "no key"}, ${r.bpm === null ? "no steady beat" : `${r.bpm.toFixed(1)} BPM`}\n`,
      );
    } catch (e) {
      failed++;
      process.stderr.write(`tonic-analyze: ${f}: ${errLine(e)}\n`);
    }
  }
  return failed > 0 ? 1 : 0;
}

const isMain = (() => {
  const entry = process.argv[1] ?? "";
  return /[\\/]cli\.(js|ts)$/.test(entry);
})();
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`tonic-analyze: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
