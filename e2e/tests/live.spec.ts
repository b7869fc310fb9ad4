import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { encodeWav, type HeldChord, renderChordSequence, sineTone } from "@tonic/analysis/testing";
import { launchWithMic } from "../support/fake-mic";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-live";
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SR = 48000;
const dir = mkdtempSync(path.join(tmpdir(), "tonic-live-e2e-"));

/** `pcm` as a WAV file for the fake microphone, scaled by `gain` (linear). */
function wav(name: string, pcm: Float32Array, gain = 1): string {
  const file = path.join(dir, `${name}.wav`);
  writeFileSync(file, encodeWav(pcm, SR, gain));
  return file;
}

/** The chord the Live screen displays ("N" for none). */
const shownChord = (page: Page) => page.getByTestId("live-chord").getAttribute("data-chord");

/**
 * Records every chord the Live screen shows, with its visible text, from now on: a state that lasts a
 * fraction of a second on a busy machine is still seen, however late the test looks.
 */
async function recordShownChords(page: Page): Promise<void> {
  await page.getByTestId("live-chord").evaluate((el) => {
    const log: { chord: string; text: string }[] = [];
    const push = () => {
      const chord = el.getAttribute("data-chord") ?? "";
      if (log.at(-1)?.chord !== chord) log.push({ chord, text: el.textContent ?? "" });
    };
    push();
    new MutationObserver(push).observe(el, {
      attributes: true,
      childList: true,
      subtree: true,
      characterData: true,
    });
    Object.assign(window, { __tonicShownChords: log });
  });
}

/** The chords shown since `recordShownChords`, in order, each with the text the user saw. */
const shownChords = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __tonicShownChords?: { chord: string; text: string }[] }).__tonicShownChords ??
      [],
  );

/** Whether the screen has shown `wanted` in order since `recordShownChords` (others may come between). */
const shownInOrder = async (page: Page, wanted: readonly string[]) =>
  afterSubsequence(
    (await shownChords(page)).map((s) => s.chord),
    wanted,
  ) > 0;

/** Index just past where `wanted` occurs, in order, as a subsequence of `seen` (-1 when it does not). */
function afterSubsequence(seen: readonly string[], wanted: readonly string[]): number {
  let next = 0;
  for (let i = 0; i < seen.length; i++) {
    if (seen[i] === wanted[next]) next++;
    if (next === wanted.length) return i + 1;
  }
  return -1;
}

// Real-time audio through a fake microphone: each test listens for up to a few loops of its file.
test.describe.configure({ timeout: 150_000 });

test.describe("Live chord and key", () => {
  let browser: Browser;
  test.beforeAll(async () => {
    // C, G, Am, F on a piano, 3 s each, then silence: the fake microphone loops it.
    const seq: HeldChord[] = [
      ...["C", "G", "Am", "F"].map((chord) => ({ chord, seconds: 3 })),
      { chord: "N", seconds: 3 },
    ];
    browser = await launchWithMic(
      wav("progression", renderChordSequence(seq, { timbre: "piano", sampleRate: SR })),
    );
  });
  test.afterAll(async () => {
    await browser.close();
  });

  test("shows the chord being played, the history and the key, and stops cleanly (1280 px)", async ({
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, viewport: DESKTOP });
    const requested: string[] = [];
    context.on("request", (r) => requested.push(r.url()));
    const page = await context.newPage();
    // The live Worker warns in the console when a learned model cannot load or run.
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning" && m.text().startsWith("Tonic:")) warnings.push(m.text());
    });
    await page.goto("/live");
    await expect(page.getByRole("heading", { name: "Live", exact: true })).toBeVisible();
    // Live's key model, the engine's chord model, Live's frame model and their runtime load only once
    // listening starts, in the live Worker.
    const modelFiles = () =>
      requested.filter((u) =>
        /\/(key|live-key|chords|live-chords)-[^/]*\.onnx$|ort-wasm[^/]*\.wasm$/.test(u),
      );
    expect(modelFiles()).toEqual([]);
    // The Recorder section of the navigation is active on /live.
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Recorder" }),
    ).toHaveClass(/bg-violet-100/);
    await page.getByRole("button", { name: "Start listening" }).click();
    await expect(page.getByTestId("live-status")).toHaveText("Listening");
    await recordShownChords(page);
    // The display follows the sequence in order, then silence shows the rest mark (the file loops).
    const order = ["C", "G", "Am", "F", "N"];
    await expect.poll(() => shownInOrder(page, order.slice(0, 2)), { timeout: 40_000 }).toBe(true);
    await page.screenshot({ path: `${SHOTS}/live-chord-1280.png`, fullPage: true });
    await expect(page.getByTestId("live-chord-diagram")).toBeVisible();
    await expect.poll(() => shownInOrder(page, order), { timeout: 40_000 }).toBe(true);
    // Silence after F: the rest mark, never the letter N.
    const seen = await shownChords(page);
    const rest =
      seen[
        afterSubsequence(
          seen.map((s) => s.chord),
          order,
        ) - 1
      ];
    expect(rest?.text).toContain("No chord");
    expect(rest?.text).not.toMatch(/\bN\b/);
    // The history holds the four chords in order (a passing chord between two is allowed).
    const history = await page.getByTestId("chord-history").getByRole("listitem").allTextContents();
    let next = 0;
    for (const c of history) if (c === ["C", "G", "Am", "F"][next]) next++;
    expect(next, history.join(" ")).toBe(4);
    await expect(page.getByTestId("live-key")).toHaveText("C Major");
    await expect(page.getByRole("heading", { name: "Key of the last 30 seconds" })).toBeVisible();
    // The three models and the runtime were fetched once listening started, and none failed; the key model
    // is Live's own, not the offline engine's.
    expect(modelFiles().filter((u) => /\/key-[^/]*\.onnx$/.test(u))).toEqual([]);
    for (const file of [
      /\/live-key-[^/]*\.onnx$/,
      /\/chords-[^/]*\.onnx$/,
      /\/live-chords-[^/]*\.onnx$/,
      /ort-wasm[^/]*\.wasm$/,
    ])
      expect(
        modelFiles().some((u) => file.test(u)),
        String(file),
      ).toBe(true);
    expect(warnings).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/live-key-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Reset key" }).click();
    await expect(page.getByTestId("live-key")).toHaveText("—");

    // The shared piano's unlit key labels (components/instruments) fail colour contrast on their own;
    // they are left to the shared chord diagrams that replace them.
    const axe = await new AxeBuilder({ page })
      .include("main")
      .exclude('[data-testid="mini-piano"]')
      .analyze();
    expect(
      axe.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary}`).join(", ")}`,
      ),
    ).toEqual([]);

    await page.getByRole("button", { name: "Stop listening" }).click();
    await expect(page.getByTestId("live-status")).toHaveText("Not listening");
    await context.close();
  });

  test("fits a phone and stops the microphone when the tab is hidden (390 px)", async ({ baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto("/live");
    await page.getByRole("button", { name: "Start listening" }).click();
    await expect.poll(() => shownChord(page), { timeout: 20_000 }).not.toBe("N");
    // Played at a normal level, the piano raises no "too quiet" hint.
    await expect(page.getByTestId("live-quiet")).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/live-chord-390.png`, fullPage: true });
    // Hide the tab: the microphone stops.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect(page.getByTestId("live-status")).toHaveText("Not listening");
    await expect(page.getByRole("button", { name: "Start listening" })).toBeVisible();
    await context.close();
  });
});

test.describe("Live chord on an instrument tuned flat", () => {
  let browser: Browser;
  test.beforeAll(async () => {
    // A piano 40 cents flat (A4 ≈ 430 Hz): its partials lie near the boundaries between pitches.
    const seq: HeldChord[] = [
      ...["C", "F", "G"].map((chord) => ({ chord, seconds: 3 })),
      { chord: "N", seconds: 1 },
    ];
    const pcm = renderChordSequence(seq, {
      timbre: "piano",
      sampleRate: SR,
      tuningHz: 440 * 2 ** (-40 / 1200),
    });
    browser = await launchWithMic(wav("flat", pcm));
  });
  test.afterAll(async () => {
    await browser.close();
  });

  test("names the chords and says how far the tuning is from A4 (1280 and 390 px)", async ({ baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: DESKTOP });
    const page = await context.newPage();
    await page.goto("/live");
    await page.getByRole("button", { name: "Start listening" }).click();
    await expect(page.getByTestId("live-status")).toHaveText("Listening");
    await recordShownChords(page);
    await expect.poll(() => shownInOrder(page, ["C", "F", "G"]), { timeout: 40_000 }).toBe(true);
    await expect(page.getByTestId("live-tuning")).toHaveText(
      /^Tuned (3[5-9]|4[0-5]) cents flat of A4 = 440 Hz\. Tonic follows it\.$/,
    );
    await page.screenshot({ path: `${SHOTS}/live-tuned-1280.png`, fullPage: true });
    // On a phone the line wraps under the chord, and the page, with the key's scale shown, fits.
    const phone = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
    const small = await phone.newPage();
    await small.goto("/live");
    await small.getByRole("button", { name: "Start listening" }).click();
    await expect(small.getByTestId("live-tuning")).toBeVisible({ timeout: 20_000 });
    await expect(small.getByTestId("live-key")).not.toHaveText("—", { timeout: 30_000 });
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await small.screenshot({ path: `${SHOTS}/live-tuned-390.png`, fullPage: true });
    await phone.close();
    await page.getByRole("button", { name: "Stop listening" }).click();
    await expect(page.getByTestId("live-tuning")).toHaveCount(0);
    await context.close();
  });
});

test.describe("Live with a quiet microphone", () => {
  let browser: Browser;
  test.beforeAll(async () => {
    // A piano 45 dB under full scale at its peaks: an instrument far from a laptop's microphone.
    const seq: HeldChord[] = [
      ...["C", "G"].map((chord) => ({ chord, seconds: 3 })),
      { chord: "N", seconds: 1 },
    ];
    const pcm = renderChordSequence(seq, { timbre: "piano", sampleRate: SR });
    const peak = pcm.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    browser = await launchWithMic(wav("quiet", pcm, 10 ** (-45 / 20) / peak));
  });
  test.afterAll(async () => {
    await browser.close();
  });

  test("asks for the microphone to come closer, and the hint goes when listening stops (1280 and 390 px)", async ({
    baseURL,
  }) => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      await page.goto("/live");
      await page.getByRole("button", { name: "Start listening" }).click();
      const hint = page.getByTestId("live-quiet");
      await expect(hint).toHaveText(
        "Your instrument sounds very quiet. Move the microphone closer or turn up its input level, so Tonic can follow your chords.",
        { timeout: 20_000 },
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.screenshot({ path: `${SHOTS}/live-quiet-${viewport.width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Stop listening" }).click();
      await expect(hint).toHaveCount(0);
      await context.close();
    }
  });
});

test("tuner reads a 440 Hz tone as A4 within 2 cents (1280 and 390 px)", async ({ baseURL }) => {
  const browser = await launchWithMic(wav("a440", sineTone(440, 4, SR, 0.3)));
  try {
    const page = await browser.newPage({ baseURL, viewport: DESKTOP });
    await page.goto("/live");
    await page.getByRole("tab", { name: "Tuner" }).click();
    await page.getByText("Chromatic", { exact: true }).click();
    await page.getByRole("button", { name: "Start listening" }).click();
    await expect(page.getByTestId("tuner-note")).toHaveText("A4", { timeout: 20_000 });
    // The needle settles within 2 cents (the first readings may come while the audio clock settles).
    await expect
      .poll(
        async () => {
          const cents = await page.getByTestId("tuner-cents").getAttribute("data-cents");
          return cents ? Math.abs(Number(cents)) : Number.POSITIVE_INFINITY;
        },
        { timeout: 20_000 },
      )
      .toBeLessThanOrEqual(2);
    await expect(page.getByRole("status").filter({ hasText: "In tune" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/live-tuner-1280.png`, fullPage: true });
    // Guitar preset: 440 Hz is 5 semitones above the nearest string (E4): not a string out of tune, so
    // the tuner shows the note it hears and says so instead of "loosen the string".
    await page.getByText("Guitar", { exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "A4 — not near a guitar string" })).toBeVisible();
    await expect(page.getByTestId("tuner-note")).toHaveText("A4");
    await expect(page.getByTestId("tuner-nearest")).toHaveText("Nearest string: E4 (+500 cents)");
    await expect(page.getByText("loosen the string")).toHaveCount(0);
    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SHOTS}/live-tuner-390.png`, fullPage: true });
  } finally {
    await browser.close();
  }
});

/**
 * The demo song "Sunrise Pop" is C G Am F at 100 BPM, one bar (2.4 s) each. A take is that many bars of
 * strummed guitar chords from t = 0.
 */
function take(chords: readonly string[]): string {
  const seq = [...chords, ...chords].map((chord) => ({ chord, seconds: 2.4 }));
  return wav(`take-${chords.join("-")}`, renderChordSequence(seq, { timbre: "guitar", sampleRate: SR }));
}

async function playAlong(
  browser: Browser,
  baseURL: string | undefined,
  viewport: typeof DESKTOP,
  shot: string,
) {
  const page = await browser.newPage({ baseURL, viewport });
  await page.goto("/live");
  await page.getByRole("tab", { name: "Play along" }).click();
  await page.getByLabel("Song").selectOption("demo-c-major-pop");
  await expect(page.getByTestId("playalong-bars").getByRole("listitem").first()).toContainText("C");
  await page.getByRole("button", { name: "Start play-along" }).click();
  await expect(page.getByTestId("live-status")).toHaveText("Listening");
  // Play six bars (14.4 s of song time), then finish.
  await expect
    .poll(async () => Number.parseFloat((await page.getByTestId("playalong-time").textContent()) ?? "0"), {
      timeout: 40_000,
      intervals: [500],
    })
    .toBeGreaterThan(14.5);
  await page.getByRole("button", { name: "Finish and score" }).click();
  const score = Number(await page.getByTestId("playalong-score").getAttribute("data-score"));
  await page.screenshot({ path: `${SHOTS}/${shot}`, fullPage: true });
  await page.close();
  return score;
}

test("play-along scores a correct take above 90 % (1280 px)", async ({ baseURL }) => {
  const browser = await launchWithMic(take(["C", "G", "Am", "F"]));
  try {
    expect(await playAlong(browser, baseURL, DESKTOP, "live-playalong-1280.png")).toBeGreaterThan(0.9);
  } finally {
    await browser.close();
  }
});

test("play-along scores a wrong take below 30 % (390 px)", async ({ baseURL }) => {
  const browser = await launchWithMic(take(["F#", "C#", "D#m", "B"]));
  try {
    expect(await playAlong(browser, baseURL, PHONE, "live-playalong-wrong-390.png")).toBeLessThan(0.3);
  } finally {
    await browser.close();
  }
});

test("microphone denied and no microphone show clear messages (1280 and 390 px)", async ({ page }) => {
  for (const [error, message] of [
    ["NotAllowedError", /Allow microphone access/],
    ["NotFoundError", /No microphone found/],
  ] as const) {
    await page.addInitScript((name) => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("nope", name));
    }, error);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto("/live");
      await page.getByRole("button", { name: "Start listening" }).click();
      await expect(page.getByRole("alert")).toHaveText(message);
      await expect(page.getByRole("button", { name: "Start listening" })).toBeEnabled();
      await page.screenshot({ path: `${SHOTS}/live-${error}-${viewport.width}.png`, fullPage: true });
    }
  }
});
