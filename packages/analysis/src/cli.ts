/**
 * `tonic-analyze` command line: analyse an audio file and print key, BPM and chords.
 *
 *   tonic-analyze song.mp3          readable summary
 *   tonic-analyze --json song.mp3   the whole AnalysisResult as JSON
 *
 * Errors (missing, unsupported or corrupt file) print one line on stderr and exit with code 1.
 */
import { analyzeFile } from "./node.js";

const HELP = `Usage: tonic-analyze [--json] <audio-file>

Analyse an audio file (MP3, WAV, FLAC, OGG, ...) and print its key, tempo (BPM) and chords.

Options:
  --json      print the whole analysis result as JSON
  -h, --help  show this help
`;

function formatTime(t: number): string {
  const m = Math.floor(t / 60);
  const s = t - 60 * m;
  return `${m}:${s.toFixed(2).padStart(5, "0")}`;
}

/** Run the CLI with the given arguments; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith("-"));
  const flags = new Set(argv.filter((a) => a.startsWith("-")));
  if (flags.has("-h") || flags.has("--help")) {
    process.stdout.write(HELP);
    return 0;
  }
  const unknown = [...flags].filter((f) => f !== "--json");
  if (unknown.length > 0 || args.length !== 1) {
    process.stderr.write(
      unknown.length > 0
        ? `tonic-analyze: unknown option ${unknown[0]}\n`
        : "tonic-analyze: expected one audio file (see --help)\n",
    );
    return 1;
  }
  const file = args[0] as string;
  try {
    const r = await analyzeFile(file);
    if (flags.has("--json")) {
      process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
      return 0;
    }
    const lines = [
      `File:      ${file}`,
      `Duration:  ${formatTime(r.durationSeconds)}`,
      `Key:       ${r.key} (confidence ${r.keyConfidence.toFixed(2)}${r.keyRunnerUp ? `; runner-up ${r.keyRunnerUp.key}` : ""})`,
      `BPM:       ${r.bpm.toFixed(1)}  (${r.timeSignature})`,
      `Tuning:    A4 = ${r.tuningHz.toFixed(1)} Hz`,
      `Chords (${r.chords.length}):`,
      ...r.chords.map((c) => `  ${formatTime(c.time)}  ${c.chord}`),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    return 0;
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`tonic-analyze: ${msg.split("\n")[0]}\n`);
    return 1;
  }
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
