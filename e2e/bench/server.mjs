// The benches' shared start-up: the built server on a fresh embedded database, and Debian's chromium flags.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Flags for headless Debian chromium on a closed network (no background connections). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Starts `apps/server/dist/main.js` (NODE_ENV=test: no production secrets; static serving and caching
 * headers as in production) on `port` with a fresh data folder, and resolves once /api/health answers.
 * @param env extra environment variables.
 * @returns the child process (kill it when done).
 * @throws Error when the server does not answer within 120 s.
 */
export async function startServer(port, env = {}) {
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["apps/server/dist/main.js"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "tonic-bench-")),
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.on("exit", () => {
    exited = true;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error("server did not start within 120 s");
}
