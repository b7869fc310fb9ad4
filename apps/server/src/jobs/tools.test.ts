import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { downloadAudio, killAllToolGroups, liveToolGroups, type ToolPaths } from "./tools.js";

/**
 * A fake yt-dlp that starts a helper (as the real one starts ffmpeg), writes both pids to
 * `<dir>/pids` and waits for the helper: it never finishes on its own.
 */
function hangingYtDlp(): { tools: ToolPaths; pidFile: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "tonic-fake-ytdlp-"));
  const pidFile = path.join(dir, "pids");
  const file = path.join(dir, "yt-dlp");
  writeFileSync(
    file,
    `#!/bin/sh\nsleep 300 &\necho "$$ $!" > "${pidFile}.tmp"\nmv "${pidFile}.tmp" "${pidFile}"\nwait\n`,
  );
  chmodSync(file, 0o755);
  return { tools: { ytDlp: file, ffmpeg: file }, pidFile };
}

/** Whether a process exists and is not a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the state follows the command name in parentheses: "Z" (zombie) and "X" (dead) are gone
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

/** Polls `check` every 20 ms until it holds or `ms` pass; returns whether it held. */
async function eventually(check: () => boolean, ms = 10_000): Promise<boolean> {
  for (let waited = 0; waited <= ms; waited += 20) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

async function startedPids(pidFile: string): Promise<number[]> {
  expect(await eventually(() => existsSync(pidFile))).toBe(true);
  const pids = readFileSync(pidFile, "utf8").trim().split(/\s+/).map(Number);
  expect(pids).toHaveLength(2);
  for (const pid of pids) expect(alive(pid)).toBe(true);
  return pids;
}

describe("yt-dlp and ffmpeg run in their own process group", () => {
  it("an aborted download kills the tool and every process it started", async () => {
    const { tools, pidFile } = hangingYtDlp();
    const dir = mkdtempSync(path.join(tmpdir(), "tonic-job-test-"));
    const controller = new AbortController();
    const download = downloadAudio(tools, "https://www.youtube.com/watch?v=dQw4w9WgXcQ", dir, {
      signal: controller.signal,
    });
    const outcome = download.then(
      () => "resolved",
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
    const pids = await startedPids(pidFile);
    controller.abort(new Error("timeout"));
    expect(await outcome).toBe("timeout");
    expect(await eventually(() => pids.every((pid) => !alive(pid)))).toBe(true);
    expect(liveToolGroups()).toBe(0);
  });

  it("killAllToolGroups (process exit, SIGTERM/SIGINT shutdown) stops running tools and their helpers", async () => {
    const { tools, pidFile } = hangingYtDlp();
    const dir = mkdtempSync(path.join(tmpdir(), "tonic-job-test-"));
    const download = downloadAudio(tools, "https://www.youtube.com/watch?v=dQw4w9WgXcQ", dir).catch(
      (err: unknown) => err,
    );
    const pids = await startedPids(pidFile);
    expect(liveToolGroups()).toBe(1);
    killAllToolGroups();
    expect(await download).toBeInstanceOf(Error);
    expect(await eventually(() => pids.every((pid) => !alive(pid)))).toBe(true);
    expect(process.listeners("exit")).toContain(killAllToolGroups);
  });
});
