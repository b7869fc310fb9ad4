import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { encodeWav, scaleMelody, synthesizeVoice } from "@tonic/analysis/testing";
import { signUp } from "../support/auth";
import { launchWithMic } from "../support/fake-mic";

/**
 * Issue 29 items 1–2: note names in sargam (Settings → Note names, relative to Sa, with octave marks) and
 * the Indian scales (thaats, melakartas, ragas) beside Major and Minor on the scale tools. Expected texts
 * are written out here, not computed with @tonic/theory.
 */

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-indian";
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

const DOT_BELOW = "\u0323";
const DOT_ABOVE = "\u0307";

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Settings → Note names (Settings needs an account; the choice itself is kept on the device). */
async function chooseSargam(page: Page, label = "Sargam (Hindustani)") {
  await page.goto("/settings");
  await page.getByText(label, { exact: true }).click();
  await expect(page.getByRole("radio", { name: label })).toBeChecked();
}

for (const vp of VIEWPORTS) {
  test.describe(`at ${vp.name} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
    });

    test("Settings → Sargam: a Sa picker and a legend, then sargam names on the piano", async ({ page }) => {
      await signUp(page);
      await chooseSargam(page);
      await expect(page.getByLabel("Your Sa")).toHaveValue("C");
      await expect(page.getByTestId("swara-legend")).toContainText("komal (flat)");
      await expect(page.getByText("chords have no sargam names")).toBeVisible();
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/settings-sargam-${vp.name}.png`, fullPage: true });

      // D major on the piano: D is Sa; keys show swaras with their saptak marks.
      await page.goto("/piano-visualizer?key=D&scale=major");
      const piano = page.getByTestId("piano");
      await expect(piano.locator('[data-note="D4"]')).toHaveText("Sa");
      await expect(piano.locator('[data-note="F#4"]')).toHaveText("Ga");
      await expect(piano.locator('[data-note="C#4"]')).toHaveText(`N${DOT_BELOW}i`);
      await expect(piano.locator('[data-note="D5"]')).toHaveText(`S${DOT_ABOVE}a`);
      // A key outside the scale has no label (no Western "C4" mixed into the swaras).
      await expect(piano.locator('[data-note="C4"]')).toHaveText("");
      if (vp.width >= 768) {
        await expect(page.getByTestId("scale-notes").locator("li")).toHaveText([
          "Sa",
          "Re",
          "Ga",
          "Ma",
          "Pa",
          "Dha",
          "Ni",
          "Sa",
        ]);
        await expect(page.getByTestId("swara-legend")).toContainText("Sa = D");
      }
      await page.screenshot({ path: `${SHOTS}/piano-sargam-${vp.name}.png` });

      // Carnatic: subscript numbers.
      await chooseSargam(page, "Carnatic");
      await page.goto("/piano-visualizer?key=C&scale=minor");
      await expect(page.getByTestId("piano").locator('[data-note="D#4"]')).toHaveText("G₂");
      await expect(page.getByTestId("piano").locator('[data-note="A#4"]')).toHaveText("N₂");
    });

    test("a thaat on the fretboard: Kafi lights its notes and says Dorian", async ({ page }) => {
      await page.goto("/guitar-visualizer?key=D&scale=major");
      const picker = page.getByLabel("Scale Type");
      await expect(picker.locator("optgroup")).toHaveCount(5);
      await expect(picker.locator('optgroup[label^="Thaat"] option')).toHaveCount(10);
      await expect(picker.locator('optgroup[label^="Melakarta"] option')).toHaveCount(72);
      await picker.selectOption({ label: "Kafi — Dorian" });
      await expect(page).toHaveURL(/scale=thaat-kafi/);
      await expect(page.getByTestId("scale-mode")).toContainText("Dorian");
      await expect(page.getByTestId("scale-name")).toHaveText("D Kafi");
      // D Kafi = D E F G A B C: F natural lit, F♯ not; C natural lit.
      const fret = (note: string) => page.locator(`[data-testid="fretboard"] [aria-label^="${note}"]`);
      await expect(fret("F3,").first()).toBeVisible();
      await expect(fret("C4,").first()).toBeVisible();
      await expect(fret("F#3,")).toHaveCount(0);
      if (vp.width < 768) {
        await page.getByRole("button", { name: "Scale info" }).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.getByTestId("info-notes").locator("li")).toHaveText([
          "D",
          "E",
          "F",
          "G",
          "A",
          "B",
          "C",
        ]);
        await expect(dialog.getByTestId("western-mode")).toContainText("Western Dorian mode");
        await page.screenshot({ path: `${SHOTS}/fretboard-kafi-info-${vp.name}.png` });
        await dialog.getByRole("button", { name: /close/i }).click();
      } else {
        await expect(page.getByTestId("scale-notes").locator("li")).toHaveText([
          "D",
          "E",
          "F",
          "G",
          "A",
          "B",
          "C",
        ]);
        await expect(page.getByTestId("western-mode")).toContainText("Western Dorian mode");
        await noSidewaysScroll(page);
      }
      await page.screenshot({ path: `${SHOTS}/fretboard-kafi-${vp.name}.png` });
    });

    test("a raga on the scale explorer: aroha, avaroha, vadi, samvadi and pakad in sargam", async ({
      page,
    }) => {
      await page.goto("/scale-explorer");
      await page.getByLabel("Root Note").selectOption("C");
      await page.getByLabel("Scale Type").selectOption({ label: "Yaman" });
      await expect(page.getByTestId("scale-name")).toHaveText("C Yaman");
      await expect(page.getByTestId("scale-notes").locator("li")).toHaveText([
        "C",
        "D",
        "E",
        "F♯",
        "G",
        "A",
        "B",
      ]);
      await expect(page.getByTestId("raga-aroha")).toHaveText(
        `N${DOT_BELOW}i Re Ga Ma′ Dha Ni S${DOT_ABOVE}a`,
      );
      await expect(page.getByTestId("raga-avaroha")).toHaveText(`S${DOT_ABOVE}a Ni Dha Pa Ma′ Ga Re Sa`);
      await expect(page.getByTestId("raga-vadi")).toHaveText("Ga");
      await expect(page.getByTestId("raga-samvadi")).toHaveText("Ni");
      await expect(page.getByTestId("raga-pakad")).toContainText("Ga Re – Pa Re");
      await expect(page.getByTestId("raga-parent")).toContainText("Kalyan thaat");
      await expect(page.getByText("(the way up)")).toBeVisible();
      // Chords are Major and Minor's: a raga shows none.
      await expect(page.getByTestId("chords")).toHaveCount(0);
      await noSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/scale-explorer-yaman-${vp.name}.png`, fullPage: true });

      // A melakarta with a Western name, and back to Major keeps the old panels.
      await page.getByLabel("Scale Type").selectOption({ label: "22 Kharaharapriya — Dorian" });
      await expect(page.getByTestId("scale-formula")).toHaveText("S R₂ G₂ M₁ P D₂ N₂");
      await page.getByLabel("Scale Type").selectOption("major");
      await expect(page.getByTestId("scale-name")).toHaveText("C Major");
      await expect(page.getByTestId("chords")).toBeVisible();
    });
  });
}

/** A sung D major scale, D4 up to D5 and down (as in vocal.spec.ts), then silence. */
function melodyWav(): string {
  const SR = 48000;
  const notes = scaleMelody(62, "major", [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0], 0.45, 0.05, 0.3);
  const pcm = synthesizeVoice({ notes, sampleRate: SR, duration: 25, vowel: "a", amplitude: 0.5, seed: 11 });
  const file = path.join(mkdtempSync(path.join(tmpdir(), "tonic-indian-e2e-")), "melody.wav");
  writeFileSync(file, encodeWav(pcm, SR));
  return file;
}

test("the vocal detector writes the range in swaras from your Sa (1280 and 390 px)", async ({ baseURL }) => {
  // Ten seconds of singing, then the analysis on a shared machine: more than the default minute.
  test.setTimeout(150_000);
  const browser = await launchWithMic(melodyWav());
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    // Settings → Note names "Sargam (Hindustani)", Your Sa = D (kept on the device, as the Settings screen does).
    await context.addInitScript(() => {
      localStorage.setItem(
        "music-theory-storage",
        JSON.stringify({ state: { settings: { noteNaming: "sargam", sa: "D" } }, version: 0 }),
      );
    });
    const page = await context.newPage();
    await page.goto("/vocal-detector");
    const bar = page.getByRole("progressbar", { name: "Recording time left" });
    await page.getByRole("button", { name: "Start recording" }).click();
    await expect
      .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 30_000 })
      .toBeLessThanOrEqual(20);
    await page.getByRole("button", { name: "Stop recording" }).click();
    await expect(page.getByTestId("vocal-key")).toHaveText("D Major", { timeout: 30_000 });
    // D4 is madhya Sa (Sa = D), D5 taar Sa with a dot above; the letters beside; chords stay letters.
    await expect(page.getByTestId("vocal-range")).toHaveText(`Sa – S${DOT_ABOVE}a`);
    await expect(page.getByTestId("vocal-range-letters")).toContainText("D4 – D5, Sa = D");
    await expect(page.getByTestId("vocal-scale-notes").locator("li")).toHaveText([
      "Sa",
      "Re",
      "Ga",
      "Ma",
      "Pa",
      "Dha",
      "Ni",
    ]);
    await expect(page.getByTestId("vocal-chords").getByRole("button").first()).toHaveText("D");
    await expect(page.getByTestId("swara-legend")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/vocal-sargam-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(page);
    await page.getByTestId("vocal-range").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/vocal-sargam-390.png` });
    await context.close();
  } finally {
    await browser.close();
  }
});
