// Analysis Worker bench (`npm run bench:worker`, after `npm run build`): starts the built server on a fresh
// embedded database and, in Debian's chromium,
//  1. loads Home and lists what it fetched: the ONNX runtime's WebAssembly and the models must not be among
//     them (they load only in the analysis Worker);
//  2. uploads a 4-minute song (a rendered chord progression at 44.1 kHz, 96 BPM, drums) on /search and
//     times it from the file being chosen to "View Analysis" (decode in the page + the Worker's analysis,
//     learned key model included), three times in fresh browser contexts (the first pays the WebAssembly
//     compile);
//  3. reports the bytes the Worker fetched for the models (runtime + model files, compressed on the wire).
// Target (engine issue): ≤ 8 s for the 4-minute song on this 2-core machine. Env: BENCH_PORT (default 3298),
// CHROME_PATH (default /usr/bin/chromium). Prints a table and a one-line JSON summary.
import { encodeWav, renderProgression } from "@tonic/analysis/testing";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, startServer } from "./server.mjs";

const port = Number(process.env.BENCH_PORT ?? 3298);
const base = `http://localhost:${port}`;
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const MODEL_FILE = /(ort-wasm[^/]*\.wasm|\.onnx)$/;

const server = await startServer(port);
const browser = await chromium.launch({
  executablePath: chromePath,
  args: CHROMIUM_ARGS,
});
try {
  // 1. Home: nothing of the models.
  const home = await browser.newPage();
  const homeFetched = [];
  home.on("request", (r) => homeFetched.push(r.url()));
  await home.goto(`${base}/`, { waitUntil: "networkidle" });
  const homeModelRequests = homeFetched.filter((u) => MODEL_FILE.test(u));
  await home.close();

  // 2. A 4-minute song through the Worker.
  const sampleRate = 44100;
  const pcm = renderProgression({
    chords: ["C", "Am", "F", "G"],
    bpm: 96,
    beatsPerChord: 4,
    repeats: 24,
    sampleRate,
  });
  const wav = Buffer.from(encodeWav(pcm, sampleRate));
  const seconds = pcm.length / sampleRate;
  const runs = [];
  let modelBytes = 0;
  let key = null;
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on("response", async (res) => {
      if (i === 0 && MODEL_FILE.test(res.url())) {
        const len = Number(res.headers()["content-length"] ?? (await res.body()).length);
        modelBytes += len;
      }
    });
    await page.goto(`${base}/search`);
    await page.getByRole("heading", { name: "Analyze your own audio file" }).waitFor();
    const t0 = Date.now();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "four-minutes.wav", mimeType: "audio/wav", buffer: wav });
    await page.getByRole("button", { name: "View Analysis" }).waitFor({ timeout: 120_000 });
    runs.push((Date.now() - t0) / 1000);
    await page.getByRole("button", { name: "View Analysis" }).click();
    key = await page.getByTestId("song-key").textContent();
    await context.close();
  }
  const summary = {
    songSeconds: Math.round(seconds),
    secondsFirst: runs[0],
    secondsWarm: Math.min(...runs.slice(1)),
    key,
    homeModelRequests: homeModelRequests.length,
    modelBytesOnWire: modelBytes,
  };
  console.log(
    `4-minute song (${summary.songSeconds} s) through the analysis Worker: ${runs.map((r) => `${r.toFixed(1)} s`).join(", ")} (target ≤ 8 s); key ${key}`,
  );
  console.log(
    `Home fetched ${homeModelRequests.length} model files; the Worker fetched ${(modelBytes / 2 ** 20).toFixed(2)} MiB of runtime and models`,
  );
  console.log(JSON.stringify(summary));
} finally {
  await browser.close();
  server.kill();
}
