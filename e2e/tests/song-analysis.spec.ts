import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { type AnalysisResult, analyzeFile, decodeAudioFile } from "@tonic/analysis/node";
import { encodeWav, renderProgression } from "@tonic/analysis/testing";
import { prettyAccidentals, spellChord, spellKey } from "@tonic/theory";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots";

const here = path.dirname(fileURLToPath(import.meta.url));
const evalDev = path.resolve(here, "../../../shared/eval/dev");

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.goto("/search");
  await expect(page.getByRole("heading", { name: "Analyze your own audio file" })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

/** Shows the one-second Chord Timeline (the chord grid is the default view). */
async function showTimeline(page: Page) {
  await page.getByRole("button", { name: "Timeline", exact: true }).click();
  await expect(page.getByTestId("chord-timeline")).toBeVisible();
}

async function slotChords(page: Page): Promise<string[]> {
  return page.getByTestId("chord-timeline").locator("button > span:first-child").allTextContents();
}

test.describe("Analyze your own audio file", () => {
  test("a generated progression shows its key, BPM and chords; a slot click seeks", async ({ page }) => {
    // C – G – Am – F at 100 BPM, one bar each, four times: 38.4 s, key C Major.
    const sampleRate = 22050;
    const pcm = renderProgression({
      chords: ["C", "G", "Am", "F"],
      bpm: 100,
      beatsPerChord: 4,
      repeats: 4,
      sampleRate,
    });
    await upload(page, "progression.wav", "audio/wav", Buffer.from(encodeWav(pcm, sampleRate)));

    await expect(page.getByRole("progressbar", { name: "Analysis progress" })).toBeVisible();
    await page.getByRole("button", { name: "View Analysis" }).click({ timeout: 60_000 });

    await expect(page.getByTestId("song-key")).toHaveText("C Major");
    const bpm = Number(await page.getByTestId("song-bpm").textContent());
    expect(bpm).toBeGreaterThanOrEqual(99);
    expect(bpm).toBeLessThanOrEqual(101);

    await showTimeline(page);
    const slots = await slotChords(page);
    expect(slots).toHaveLength(38);
    // Each chord lasts 2.4 s; take the slot in the middle of each chord of the second pass.
    const mid = (bar: number) => slots[Math.floor(bar * 2.4 + 1.2)];
    expect([mid(4), mid(5), mid(6), mid(7)]).toEqual(["C", "G", "Am", "F"]);

    // Transpose +2: C → D, Am → Bm; the key follows.
    await page.getByRole("button", { name: "Transpose up one semitone" }).click();
    await page.getByRole("button", { name: "Transpose up one semitone" }).click();
    await expect(page.getByTestId("transpose-value")).toHaveText("+2");
    await expect(page.getByTestId("song-key")).toHaveText("D Major");
    const up = await slotChords(page);
    expect(up[Math.floor(6 * 2.4 + 1.2)]).toBe("Bm");
    await page.getByRole("button", { name: "Transpose down one semitone" }).click();
    await page.getByRole("button", { name: "Transpose down one semitone" }).click();

    // Clicking a slot seeks the player; the slot becomes current.
    const target = page.getByTestId("chord-timeline").locator('button[data-slot="20"]');
    await target.click();
    await expect
      .poll(() => page.getByTestId("audio-player").evaluate((el) => (el as HTMLAudioElement).currentTime))
      .toBeCloseTo(20, 0);
    await expect(target).toHaveAttribute("aria-current", "true");

    // Playing moves the highlight forward with the player.
    await page.getByTestId("audio-player").evaluate((el) => (el as HTMLAudioElement).play());
    await expect(page.getByTestId("chord-timeline").locator('button[data-slot="21"]')).toHaveAttribute(
      "aria-current",
      "true",
      { timeout: 5000 },
    );
    await page.screenshot({ path: `${SHOTS}/analysis-1280.png`, fullPage: true });
  });

  test("a file that cannot be decoded shows a clear message and the page stays usable", async ({ page }) => {
    await upload(page, "broken.mp3", "audio/mpeg", Buffer.from("this is not audio at all".repeat(50)));
    await expect(page.getByRole("alert")).toContainText("We couldn't read this file");
    await expect(page.getByRole("button", { name: "Choose audio file" })).toBeEnabled();
    // A good file afterwards still works.
    const pcm = renderProgression({ chords: ["G", "D", "Em", "C"], bpm: 120, repeats: 2, sampleRate: 22050 });
    await page.locator('input[type="file"]').setInputFiles({
      name: "ok.wav",
      mimeType: "audio/wav",
      buffer: Buffer.from(encodeWav(pcm, 22050)),
    });
    await page.getByRole("button", { name: "View Analysis" }).click({ timeout: 60_000 });
    await expect(page.getByTestId("song-key")).toHaveText("G Major");
  });

  test("phone width: the analysis screen fits", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pcm = renderProgression({ chords: ["Am", "F", "C", "G"], bpm: 90, repeats: 2, sampleRate: 22050 });
    await upload(page, "phone.wav", "audio/wav", Buffer.from(encodeWav(pcm, 22050)));
    await page.getByRole("button", { name: "View Analysis" }).click({ timeout: 60_000 });
    await expect(page.getByTestId("song-key")).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/analysis-390.png`, fullPage: true });
  });
});

/** What the page sent to the analysis Worker (samples' count and sum, per channel) and what it got back. */
interface WorkerTrace {
  sent: { sampleRate: number; channels: { length: number; sum: number }[] }[];
  results: AnalysisResult[];
}

test.describe("The browser Worker and Node: one engine", () => {
  test("golden: on the same PCM the Worker (onnxruntime-web) gives Node's result (onnxruntime-node)", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Record the Worker's traffic as the page sees it: a Worker subclass installed before the app loads.
    await page.addInitScript(() => {
      const trace = { sent: [], results: [] } as {
        sent: { sampleRate: number; channels: { length: number; sum: number }[] }[];
        results: unknown[];
      };
      (window as unknown as { __workerTrace: typeof trace }).__workerTrace = trace;
      const Base = window.Worker;
      window.Worker = class extends Base {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          this.addEventListener("message", (e: MessageEvent) => {
            const msg = e.data as { type?: string; result?: unknown };
            if (msg?.type === "result") trace.results.push(msg.result);
          });
        }
        override postMessage(message: unknown, transfer?: unknown) {
          const m = message as { type?: string; sampleRate?: number; channels?: Float32Array[] };
          if (m?.type === "analyze" && m.channels) {
            trace.sent.push({
              sampleRate: m.sampleRate ?? 0,
              channels: m.channels.map((c) => ({ length: c.length, sum: c.reduce((a, b) => a + b, 0) })),
            });
          }
          super.postMessage(message, transfer as Transferable[]);
        }
      };
    });
    // A 44.1 kHz 16-bit WAV: Web Audio decodes it at its own rate, sample for sample as Node does.
    const sampleRate = 44_100;
    const pcm = renderProgression({ chords: ["Am", "F", "C", "G"], bpm: 112, repeats: 3, sampleRate });
    const file = path.join(mkdtempSync(path.join(tmpdir(), "tonic-golden-")), "golden.wav");
    writeFileSync(file, encodeWav(pcm, sampleRate));
    const decoded = await decodeAudioFile(file);
    const node = await analyzeFile(file);

    await upload(page, "golden.wav", "audio/wav", readFileSync(file));
    await page.getByRole("button", { name: "View Analysis" }).click({ timeout: 90_000 });
    const trace = await page.evaluate(
      () => (window as unknown as { __workerTrace: WorkerTrace }).__workerTrace,
    );

    // The same PCM went in: one channel, the same rate, length and sum of samples.
    expect(trace.sent).toHaveLength(1);
    expect(trace.sent[0]?.sampleRate).toBe(decoded.sampleRate);
    expect(trace.sent[0]?.channels).toHaveLength(1);
    expect(trace.sent[0]?.channels[0]?.length).toBe(decoded.samples.length);
    const nodeSum = decoded.samples.reduce((a, b) => a + b, 0);
    expect(Math.abs((trace.sent[0]?.channels[0]?.sum ?? Number.NaN) - nodeSum)).toBeLessThan(1e-3);

    // And the same result came out, up to the last digits of the two runtimes' arithmetic.
    expect(trace.results).toHaveLength(1);
    const web = trace.results[0] as AnalysisResult;
    expect(node.key).not.toBeNull();
    expect(web.key).toBe(node.key);
    expect(web.keyConfidence).toBeCloseTo(node.keyConfidence, 2);
    expect(web.keyRunnerUp?.key).toBe(node.keyRunnerUp?.key);
    expect(web.keySegments.map((k) => k.key)).toEqual(node.keySegments.map((k) => k.key));
    expect(web.bpm).toBe(node.bpm);
    expect(web.timeSignature).toBe(node.timeSignature);
    expect(web.tuningHz).toBeCloseTo(node.tuningHz, 1);
    expect(web.durationSeconds).toBeCloseTo(node.durationSeconds, 3);
    expect(web.beats.length).toBe(node.beats.length);
    expect(Math.max(...web.beats.map((b, i) => Math.abs(b - (node.beats[i] ?? Number.NaN))))).toBeLessThan(
      0.002,
    );
    expect(web.downbeats.length).toBe(node.downbeats.length);
    expect(web.chords.map((c) => c.chord)).toEqual(node.chords.map((c) => c.chord));
    expect(
      Math.max(...web.chords.map((c, i) => Math.abs(c.time - (node.chords[i]?.time ?? Number.NaN)))),
    ).toBeLessThan(0.002);
    // The screen shows that result.
    await expect(page.getByTestId("song-key")).toHaveText(prettyAccidentals(spellKey(node.key) ?? "—"));
  });
});

// The annotated set lives beside the repository (../shared/eval); it exists in CI, not necessarily elsewhere.
test.describe("Analyze a song from the annotated set", () => {
  if (!existsSync(evalDev)) return;
  test("song_000: the browser worker shows what the Node engine finds; the timeline covers the song", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const dir = path.join(evalDev, "song_000");
    const truth = JSON.parse(readFileSync(path.join(dir, "truth.json"), "utf8")) as {
      bpm: number;
      duration: number;
    };
    const node = await analyzeFile(path.join(dir, "audio.mp3"));

    await upload(page, "song_000.mp3", "audio/mpeg", readFileSync(path.join(dir, "audio.mp3")));
    await page.getByRole("button", { name: "View Analysis" }).click({ timeout: 90_000 });

    // Same engine, same song: the same key and tempo as in Node (decoders may differ by rounding only),
    // spelled the way the key is written.
    await expect(page.getByTestId("song-key")).toHaveText(prettyAccidentals(spellKey(node.key) ?? "—"));
    const bpm = Number(await page.getByTestId("song-bpm").textContent());
    expect(node.bpm).not.toBeNull();
    expect(Math.abs(bpm - (node.bpm ?? Number.NaN))).toBeLessThanOrEqual(1);
    // And the tempo is the annotated one (Acc2: within 4 % up to an octave error).
    expect([0.5, 1, 2].some((k) => Math.abs(bpm - truth.bpm * k) <= 0.04 * truth.bpm * k)).toBe(true);

    await showTimeline(page);
    const slots = await slotChords(page);
    expect(slots.length).toBe(Math.floor(truth.duration));
    const sorted = [...node.chords].sort((a, b) => a.time - b.time);
    // No chord is a rest mark (no text); chords are spelled by the key.
    const shown = (c: string | undefined) =>
      !c || c === "N" ? "" : prettyAccidentals(spellChord(c, node.key));
    const expected = slots.map((_, s) => shown(sorted.filter((c) => c.time <= s + 0.01).at(-1)?.chord));
    const same = slots.filter((c, i) => c === expected[i]).length;
    expect(same / slots.length).toBeGreaterThanOrEqual(0.9);

    await page.getByTestId("chord-timeline").locator('button[data-slot="30"]').click();
    await expect
      .poll(() => page.getByTestId("audio-player").evaluate((el) => (el as HTMLAudioElement).currentTime))
      .toBeCloseTo(30, 0);
  });
});
