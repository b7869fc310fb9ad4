import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** A free TCP port on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const addr = s.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Builds the workspace packages the server imports when their `dist` is missing (tsx runs the server's sources). */
export function ensurePackagesBuilt(): void {
  const need = [
    "packages/theory/dist/index.js",
    "packages/youtube/dist/index.js",
    "packages/analysis/dist/index.js",
  ];
  if (need.every((f) => existsSync(`${REPO_ROOT}${f}`))) return;
  execFileSync("npx", ["tsc", "-b", "packages/theory", "packages/youtube", "packages/analysis"], {
    cwd: REPO_ROOT,
    stdio: "ignore",
  });
}

/** A real server process (its own process group, so `kill -9` also takes its yt-dlp children). */
export interface ServerProcess {
  child: ChildProcess;
  base: string;
  log: () => string;
  /** `kill -9` of the whole process group; resolves when the server has exited. */
  kill9(): Promise<void>;
  /** SIGTERM (graceful) and wait for exit. */
  stop(): Promise<void>;
}

/**
 * Starts `apps/server/src/main.ts` (through tsx) on 127.0.0.1 and waits until `/api/health` answers.
 * @param env extra environment (DATA_DIR, TMPDIR, tool paths, …); DATABASE_URL is always removed
 *   (the embedded database in DATA_DIR is what survives the crash).
 * @throws when the server exits or is not healthy within `timeoutMs`.
 */
export async function startServer(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1" };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: childEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (b: Buffer) => {
    output += b.toString();
  });
  child.stderr?.on("data", (b: Buffer) => {
    output += b.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive) throw new Error(`server exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      process.kill(-(child.pid as number), "SIGKILL");
      throw new Error(`server not healthy in time:\n${output}`);
    }
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    base,
    log: () => output,
    async kill9() {
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {
        // already gone
      }
      await exited;
    },
    async stop() {
      if (alive) child.kill("SIGTERM");
      await exited;
      try {
        process.kill(-(child.pid as number), "SIGKILL");
      } catch {
        // group already gone
      }
    },
  };
}
