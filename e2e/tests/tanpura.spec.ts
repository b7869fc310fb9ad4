import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { encodeWav, makeRng } from "@tonic/analysis/testing";
import { launchWithMic } from "../support/fake-mic";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-tanpura";

/** The drone's state, read through the e2e build's hook (`apps/web/src/lib/audio/tanpura.ts`). */
interface TanpuraState {
  cents: number;
  saHz: number;
  running: boolean;
  strings: number[];
  plucks: number;
}
const tanpuraState = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __tonicTanpura?: () => TanpuraState }).__tonicTanpura?.() ?? {
        running: false,
        strings: [],
        cents: 0,
        saHz: 0,
        plucks: 0,
      },
  );

for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(`the tanpura plays Pa–Sa–Sa–Sa on the chosen Sa, retunes, and stops at ${viewport.name} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/vocal-detector");
    const panel = page.getByTestId("tanpura");
    await panel.getByLabel("Tanpura Sa").selectOption("D");
    const play = panel.getByRole("button", { name: "Play tanpura" });
    await play.click();
    await expect(panel.getByRole("button", { name: "Stop tanpura" })).toHaveAttribute("aria-pressed", "true");
    // D's middle Sa is D4 (62): Pa below (57), Sa, Sa, and the low Sa (50); the strings keep being plucked.
    await expect.poll(async () => (await tanpuraState(page)).strings).toEqual([57, 62, 62, 50]);
    await expect.poll(async () => (await tanpuraState(page)).plucks).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: `${SHOTS}/tanpura-${viewport.name}.png`, fullPage: true });

    // Ma instead of Pa, and the lower register, while it plays.
    await panel.getByLabel("First string").selectOption("Ma");
    await panel.getByLabel("Register").selectOption({ label: "Lower (most men)" });
    await expect.poll(async () => (await tanpuraState(page)).strings).toEqual([43, 50, 50, 38]);

    // Fine tuning: 20 cents sharper raises the sounded Sa from D3 (146.83 Hz) by 2^(20/1200).
    const fine = panel.getByLabel("Fine tuning in cents");
    await fine.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
    await expect(panel.getByTestId("tanpura-cents")).toHaveText("+20 cents (sharper)");
    await expect.poll(async () => (await tanpuraState(page)).cents).toBe(20);
    const { saHz } = await tanpuraState(page);
    expect(saHz).toBeCloseTo(146.832 * 2 ** (20 / 1200), 2);

    await panel.getByRole("button", { name: "Stop tanpura" }).click();
    await expect(panel.getByRole("button", { name: "Play tanpura" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    expect((await tanpuraState(page)).running).toBe(false);
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}

test("recording while the tanpura plays asks for echo cancellation, so the drone is left out (390 px)", async ({
  baseURL,
}) => {
  // Quiet room noise is all the fake microphone hears; what matters is how the microphone was opened.
  const file = path.join(mkdtempSync(path.join(tmpdir(), "tonic-tanpura-e2e-")), "room.wav");
  const rng = makeRng(9);
  writeFileSync(
    file,
    encodeWav(
      new Float32Array(48000 * 3).map(() => 0.004 * (rng() * 2 - 1)),
      48000,
    ),
  );
  const browser = await launchWithMic(file);
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 390, height: 844 } });
    await page.addInitScript(() => {
      const w = window as unknown as { __gum: unknown[] };
      w.__gum = [];
      const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (c?: MediaStreamConstraints) => {
        w.__gum.push(c?.audio);
        return original(c);
      };
    });
    const asked = () =>
      page.evaluate(() => (window as unknown as { __gum: { echoCancellation?: boolean }[] }).__gum);
    await page.goto("/vocal-detector");
    const record = async () => {
      await page.getByRole("button", { name: "Start recording" }).click();
      await page.getByRole("button", { name: "Stop recording" }).click();
      await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
    };
    // Without the drone: the raw microphone.
    await record();
    await expect.poll(async () => (await asked()).length).toBe(1);
    expect((await asked())[0]?.echoCancellation).toBe(false);
    // With the drone playing: echo cancellation on, and the drone keeps playing.
    const panel = page.getByTestId("tanpura");
    await panel.getByRole("button", { name: "Play tanpura" }).click();
    await expect.poll(async () => (await tanpuraState(page)).running).toBe(true);
    await record();
    await expect.poll(async () => (await asked()).length).toBe(2);
    expect((await asked())[1]?.echoCancellation).toBe(true);
    expect((await tanpuraState(page)).running).toBe(true);
    await expect(panel).toContainText("the recording leaves it out");
  } finally {
    await browser.close();
  }
});
