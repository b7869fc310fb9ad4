import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { E2E_DEV_TOOLS_TOKEN } from "./support/dev-tools";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
/** The fake YouTube Data API of the songs tests listens here. */
const fakeYouTubePort = port + 1000;
/** Every run gets a fresh embedded database. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "tonic-e2e-"));

export default defineConfig({
  testDir: "./tests",
  outputDir: "./.artifacts/results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    // The PWA's service worker would bypass page.route() mocks; pwa.spec.ts opts back in.
    serviceWorkers: "block",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--autoplay-policy=no-user-gesture-required",
      ],
    },
  },
  webServer: [
    {
      // A fake YouTube Data API (songs.spec.ts); the server below uses it through YOUTUBE_API_BASE_URL.
      command: `node --import tsx e2e/fake-youtube.mjs ${fakeYouTubePort}`,
      cwd: root,
      url: `http://127.0.0.1:${fakeYouTubePort}/youtube/v3/search`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node apps/server/dist/main.js",
      cwd: root,
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        // The outbox and the test checkout, at a fixed URL for the tests (a normal start draws a random one).
        DEV_TOOLS: "1",
        DEV_TOOLS_TOKEN: E2E_DEV_TOOLS_TOKEN,
        // Contact form limit per client: high enough for every spec sharing 127.0.0.1 (unit tests cover the 429).
        CONTACT_RATE_LIMIT_MAX: "200",
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        // Songs: the spent key fails, so every search also exercises the switch to the backup key.
        YOUTUBE_API_KEYS: "e2e-spent-key,e2e-key",
        YOUTUBE_API_BASE_URL: `http://127.0.0.1:${fakeYouTubePort}/youtube/v3`,
      },
    },
  ],
});
