import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** Versions of the system tools the analysis workers need (null when missing). */
export interface ToolStatus {
  ytDlp: string | null;
  ffmpeg: string | null;
}

/** Paths of the system tools. */
export interface ToolPaths {
  ytDlp: string;
  ffmpeg: string;
}

/** A failure of a job step whose `message` is fit for users (PRODUCT §8 "Failed to analyze audio: …"). */
export class JobError extends Error {
  override name = "JobError";
}

interface RunResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Process groups of the tools this process started that have not exited yet. Each tool runs in its
 * own group (yt-dlp starts ffmpeg and other helpers), so one `kill(-pgid)` stops all of them.
 */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

/**
 * Kills a tool's whole process group (the tool and every process it started).
 * @param pgid the group's id: the pid of the tool, which leads its group (spawned `detached`).
 */
export function killToolGroup(pgid: number, signal: NodeJS.Signals = "SIGKILL"): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
}

/**
 * Kills every tool group this process started that is still running. Called on the process's `exit`
 * (installed with the first tool started) and by the shutdown handlers of the server and the worker,
 * so a stopped or restarted process leaves no download running.
 */
export function killAllToolGroups(): void {
  for (const pgid of liveGroups) killToolGroup(pgid);
  liveGroups.clear();
}

/**
 * File in a job's scratch folder listing the tool groups started for the job, one `<pgid> <command>` a
 * line: a process killed with SIGKILL runs no exit handler, so the next server or worker to start kills
 * what it left running (`removeOrphanJobDirs`) before removing the folder.
 */
export const TOOL_GROUPS_FILE = "tool-groups";

/** The number of tool groups started by this process still running (tests). */
export function liveToolGroups(): number {
  return liveGroups.size;
}

/**
 * Runs a command in its own process group, collecting stdout (bytes) and stderr (text); kills the
 * whole group when `signal` aborts or this process exits.
 */
function run(
  cmd: string,
  args: string[],
  opts: { signal?: AbortSignal; onStdoutLine?: (line: string) => void; groupFile?: string } = {},
): Promise<RunResult> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on("exit", killAllToolGroups);
  }
  return new Promise((resolve, reject) => {
    // detached: the child leads a new process group (its pid is the group id), so aborting kills
    // what it started too; the parent still waits on it (no unref).
    const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    const pgid = child.pid;
    if (pgid !== undefined) {
      liveGroups.add(pgid);
      if (opts.groupFile) {
        try {
          appendFileSync(opts.groupFile, `${pgid} ${path.basename(cmd)}\n`);
        } catch {
          // the scratch folder is gone: nothing to record
        }
      }
    }
    const out: Buffer[] = [];
    let err = "";
    let partial = "";
    child.stdout.on("data", (b: Buffer) => {
      out.push(b);
      if (opts.onStdoutLine) {
        partial += b.toString("utf8");
        const lines = partial.split(/\r?\n|\r/);
        partial = lines.pop() ?? "";
        for (const l of lines) opts.onStdoutLine(l);
      }
    });
    child.stderr.on("data", (b: Buffer) => {
      if (err.length < 20_000) err += b.toString("utf8");
    });
    const onAbort = () => {
      if (pgid === undefined) child.kill("SIGKILL");
      else killToolGroup(pgid);
    };
    if (opts.signal?.aborted) onAbort();
    else opts.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (e) => {
      opts.signal?.removeEventListener("abort", onAbort);
      if (pgid !== undefined) liveGroups.delete(pgid);
      reject(e);
    });
    child.on("close", (code) => {
      opts.signal?.removeEventListener("abort", onAbort);
      if (pgid !== undefined) {
        // whatever the tool left running in its group (a helper that outlived it) ends with it
        killToolGroup(pgid);
        liveGroups.delete(pgid);
      }
      resolve({ code, stdout: Buffer.concat(out), stderr: err });
    });
  });
}

async function version(cmd: string, args: string[]): Promise<string | null> {
  try {
    const r = await run(cmd, args, { signal: AbortSignal.timeout(10_000) });
    if (r.code !== 0) return null;
    return r.stdout.toString("utf8").split("\n")[0]?.trim() || "unknown";
  } catch {
    return null;
  }
}

/**
 * Checks that yt-dlp and ffmpeg can be started (once per process; later calls share the answer).
 * @returns their first version line, or null for each missing tool.
 */
export function checkTools(paths: ToolPaths): Promise<ToolStatus> {
  const key = `${paths.ytDlp}\0${paths.ffmpeg}`;
  let p = checked.get(key);
  if (!p) {
    p = Promise.all([version(paths.ytDlp, ["--version"]), version(paths.ffmpeg, ["-version"])]).then(
      ([ytDlp, ffmpeg]) => ({ ytDlp, ffmpeg }),
    );
    checked.set(key, p);
  }
  return p;
}

/** One check per process and tool paths (the tools do not come and go while the server runs). */
const checked = new Map<string, Promise<ToolStatus>>();

/** The user-facing message for missing tools, or null when both are present. */
export function missingToolsMessage(status: ToolStatus): string | null {
  const missing = [status.ytDlp ? null : "yt-dlp", status.ffmpeg ? null : "ffmpeg"].filter(Boolean);
  if (missing.length === 0) return null;
  return `Link analysis is unavailable on this server: ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not installed (Debian: apt-get install -y yt-dlp ffmpeg). You can still analyze your own audio files.`;
}

/** Metadata yt-dlp reports about what it downloaded (its info JSON). */
export interface DownloadInfo {
  title: string | null;
  thumbnail: string | null;
  /** Seconds. */
  duration: number | null;
  language: string | null;
}

/**
 * Maps yt-dlp's error output to a user-facing reason (private, deleted, unavailable, too large, the
 * server's disk is full).
 * @param stderr yt-dlp's error output.
 */
export function downloadFailureReason(stderr: string): string {
  const s = stderr.toLowerCase();
  if (s.includes("no space left on device")) return "the server is out of disk space; try again later";
  if (s.includes("private video")) return "this video is private";
  if (s.includes("has been removed") || s.includes("video unavailable") || s.includes("does not exist"))
    return "this video is unavailable (it may have been deleted)";
  if (s.includes("sign in to confirm your age") || s.includes("age-restricted"))
    return "this video is age-restricted";
  if (s.includes("max-filesize") || s.includes("file is larger than max-filesize"))
    return "the audio of this video is too large";
  if (s.includes("http error 404") || s.includes("404")) return "the video could not be found";
  return "the audio of this video could not be downloaded";
}

/**
 * Downloads the best audio stream of `url` into `dir` with yt-dlp (plus its info JSON).
 * @param onProgress download fraction 0..1, from yt-dlp's progress lines.
 * @returns the downloaded file's path and the info yt-dlp reported.
 * @throws {JobError} with a user-facing reason when the download fails; the abort reason when `signal` fires.
 */
export async function downloadAudio(
  tools: ToolPaths,
  url: string,
  dir: string,
  opts: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<{ file: string; info: DownloadInfo }> {
  const args = [
    "--no-playlist",
    "--newline",
    "--no-colors",
    "--no-warnings",
    "--socket-timeout",
    "20",
    "-f",
    "bestaudio/best",
    "--max-filesize",
    "80M",
    "--write-info-json",
    "-o",
    path.join(dir, "audio.%(ext)s"),
    url,
  ];
  let r: RunResult;
  try {
    r = await run(tools.ytDlp, args, {
      signal: opts.signal,
      groupFile: path.join(dir, TOOL_GROUPS_FILE),
      onStdoutLine: (line) => {
        const m = /^\[download\]\s+([\d.]+)%/.exec(line);
        if (m) opts.onProgress?.(Math.min(1, Number(m[1]) / 100));
      },
    });
  } catch {
    throw new JobError("yt-dlp is not installed on this server");
  }
  if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("aborted");
  const files = await readdir(dir);
  const media = files.find((f) => f.startsWith("audio.") && !f.endsWith(".json") && !f.endsWith(".part"));
  if (r.code !== 0 || !media) throw new JobError(downloadFailureReason(r.stderr));
  let info: DownloadInfo = { title: null, thumbnail: null, duration: null, language: null };
  const infoFile = files.find((f) => f.endsWith(".info.json"));
  if (infoFile) {
    try {
      const raw = JSON.parse(await readFile(path.join(dir, infoFile), "utf8")) as Record<string, unknown>;
      const str = (v: unknown) => (typeof v === "string" && v ? v : null);
      info = {
        title: str(raw.title),
        thumbnail: str(raw.thumbnail),
        duration: typeof raw.duration === "number" ? raw.duration : null,
        language: str(raw.language),
      };
    } catch {
      // keep the defaults
    }
  }
  return { file: path.join(dir, media), info };
}

/**
 * Decodes any audio/video file to mono 32-bit float PCM with ffmpeg.
 * @param sampleRate output rate, Hz.
 * @param maxSeconds decode at most this much (longer input is cut; the caller checks the length).
 * @returns the samples.
 * @throws {JobError} when ffmpeg is missing or cannot decode the file.
 */
export async function decodeWithFfmpeg(
  tools: ToolPaths,
  file: string,
  sampleRate: number,
  maxSeconds: number,
  signal?: AbortSignal,
): Promise<Float32Array> {
  let r: RunResult;
  try {
    r = await run(
      tools.ffmpeg,
      [
        "-v",
        "error",
        "-nostdin",
        "-i",
        file,
        "-vn",
        "-ac",
        "1",
        "-ar",
        String(sampleRate),
        "-t",
        String(maxSeconds),
        "-f",
        "f32le",
        "pipe:1",
      ],
      { signal, groupFile: path.join(path.dirname(file), TOOL_GROUPS_FILE) },
    );
  } catch {
    throw new JobError("ffmpeg is not installed on this server");
  }
  if (signal?.aborted) throw signal.reason ?? new Error("aborted");
  if (r.code !== 0 || r.stdout.length < 4) throw new JobError("the downloaded audio could not be decoded");
  const n = Math.floor(r.stdout.length / 4);
  const copy = new Float32Array(n);
  for (let i = 0; i < n; i++) copy[i] = r.stdout.readFloatLE(i * 4);
  return copy;
}
