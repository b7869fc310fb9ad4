import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A stand-in for yt-dlp and ffmpeg that only answers `--version`/`-version` with `version` (tests whose
 * queue never runs the tools).
 * @returns the executable's path.
 */
export function fakeToolDir(version = "2026.11.01"): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tonic-fake-tools-"));
  const file = path.join(dir, "tool");
  writeFileSync(file, `#!/bin/sh\necho ${version}\n`);
  chmodSync(file, 0o755);
  return file;
}
