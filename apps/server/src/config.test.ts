import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ensurePackagesBuilt, REPO_ROOT } from "../test/server-process.js";
import { ConfigError, loadConfig } from "./config.js";

/** Runs the server's entry point until it exits; collects stdout and stderr. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (b: Buffer) => {
    output += b.toString();
  });
  child.stderr.on("data", (b: Buffer) => {
    output += b.toString();
  });
  return new Promise((resolve) => child.once("close", (code) => resolve({ code, output })));
}

describe("LOG_LEVEL", () => {
  it("an invalid level stops start-up with one line naming the allowed levels", async () => {
    ensurePackagesBuilt();
    const { code, output } = await runServer({ LOG_LEVEL: "verbose", PORT: "0", HOST: "127.0.0.1" });
    expect(code).toBe(1);
    const lines = output.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent");
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);
});

describe("AUTH_SECRET in production", () => {
  const prod = (secret: string) => () => loadConfig({ NODE_ENV: "production", AUTH_SECRET: secret });

  it("refuses a short secret, saying how to make one", () => {
    expect(prod("abc")).toThrow(ConfigError);
    expect(prod("abc")).toThrow(/at least 32 characters.*openssl rand -hex 32/);
  });

  it("refuses a long but trivially repeated secret", () => {
    expect(prod("abcabcabcabcabcabcabcabcabcabcabcabc")).toThrow(/repeated pattern.*openssl rand -hex 32/);
    expect(prod("0".repeat(64))).toThrow(ConfigError);
  });

  it("checks the older name BETTER_AUTH_SECRET too", () => {
    expect(() => loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: "short" })).toThrow(/at least 32/);
  });

  it("accepts a random 32-byte secret, and any secret outside production", () => {
    const good = "3f1c9a7e5b2d8046c1e9f3a7b5d20864e1c3a5f7092b4d6e8a0c2e4f6a8b0d2c";
    expect(prod(good)().AUTH_SECRET).toBe(good);
    expect(loadConfig({ AUTH_SECRET: "abc" }).AUTH_SECRET).toBe("abc");
  });
});
