import { expect, type Page, test } from "@playwright/test";
import { encodeWav, renderProgression } from "@tonic/analysis/testing";
import { signUp } from "../support/auth";

/**
 * Issue 26 §1: one spelling and one set of numerals everywhere. The expected texts are written out letter
 * by letter here (not computed with @tonic/theory), so a wrong rule in the package cannot pass unnoticed.
 */

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots";

const VIEWPORTS = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
] as const;

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const vp of VIEWPORTS) {
  test(`Scale Explorer at ${vp.name} px: B♭ major is written B♭ major everywhere`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.goto("/scale-explorer");
    const root = page.getByLabel("Root Note");
    await expect(root.locator('option[value="A#"]')).toHaveText("A♯ / B♭");
    await root.selectOption({ label: "A♯ / B♭" });
    await page.getByLabel("Scale Type").selectOption("major");
    // The stored value stays the sharp name (PRODUCT §3).
    await expect(root).toHaveValue("A#");

    await expect(page.getByTestId("scale-name")).toHaveText("B♭ Major");
    await expect(page.getByTestId("scale-notes").locator("li")).toHaveText([
      "B♭",
      "C",
      "D",
      "E♭",
      "F",
      "G",
      "A",
    ]);
    await expect(page.getByTestId("chord-symbol")).toHaveText(["B♭", "Cm", "Dm", "E♭", "F", "Gm", "Adim"]);
    await expect(page.getByTestId("chord-notes")).toHaveText([
      "B♭ – D – F",
      "C – E♭ – G",
      "D – F – A",
      "E♭ – G – B♭",
      "F – A – C",
      "G – B♭ – D",
      "A – C – E♭",
    ]);
    const arpeggios = page.getByTestId("arpeggios");
    await expect(arpeggios.getByRole("heading")).toHaveText([
      "B♭ Major Arpeggio",
      "C Minor Arpeggio",
      "D Minor Arpeggio",
      "E♭ Major Arpeggio",
      "F Major Arpeggio",
      "G Minor Arpeggio",
      "A Diminished Arpeggio",
    ]);
    await expect(page.getByTestId("arpeggio-notes").nth(1)).toHaveText("C – E♭ – G");
    await expect(page.getByTestId("progression-chords")).toHaveText([
      "B♭ – Gm – E♭ – F",
      "B♭ – E♭ – F – B♭",
      "B♭ – Gm – F",
      "B♭ – E♭ – F",
    ]);
    await expect(page.getByTestId("progression-numerals").first()).toHaveText("I – vi – IV – V");
    await expect(page.getByTestId("relative-scale-name")).toHaveText("G Minor");
    await expect(page.getByTestId("relative-scale-notes").locator("li")).toHaveText([
      "G",
      "A",
      "B♭",
      "C",
      "D",
      "E♭",
      "F",
    ]);
    // Not one sharp in any name on a B♭ major screen (only the picker's "A♯ / B♭" labels have one).
    for (const id of [
      "scale-notes",
      "arpeggios",
      "chords",
      "panel-relative-scale",
      "panel-time-signatures",
    ]) {
      await expect(page.getByTestId(id)).not.toContainText(/[♯#]/);
    }
    await noSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/spelling-scale-explorer-${vp.name}.png`, fullPage: true });

    // Minor: C minor's III, VI and VII are E♭, A♭ and B♭.
    await root.selectOption("C");
    await page.getByLabel("Scale Type").selectOption("minor");
    await expect(page.getByTestId("chord-symbol")).toHaveText(["Cm", "Ddim", "E♭", "Fm", "Gm", "A♭", "B♭"]);
    await expect(page.getByTestId("chord-formula")).toHaveText("i - ii° - III - iv - v - VI - VII");
  });

  test(`piano at ${vp.name} px: the default C minor shows E♭, A♭ and B♭ chord cards`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await page.goto("/piano-visualizer");
    await expect(page.getByLabel("Key")).toHaveValue("C");
    if (vp.width < 768) {
      await page.getByRole("button", { name: "Scale info" }).click();
      await expect(page.getByRole("dialog", { name: "C Minor" })).toBeVisible();
    } else {
      await expect(page.getByTestId("scale-name")).toHaveText("C Minor");
    }
    const cards = page.getByTestId("chord-cards");
    await expect(cards.getByTestId("chord-card-numeral")).toHaveText([
      "i",
      "ii°",
      "III",
      "iv",
      "v",
      "VI",
      "VII",
    ]);
    await expect(cards.getByTestId("chord-card-symbol")).toHaveText([
      "Cm",
      "Ddim",
      "E♭",
      "Fm",
      "Gm",
      "A♭",
      "B♭",
    ]);
    await expect(cards.getByTestId("chord-card-notes")).toHaveText([
      "C – E♭ – G",
      "D – F – A♭",
      "E♭ – G – B♭",
      "F – A♭ – C",
      "G – B♭ – D",
      "A♭ – C – E♭",
      "B♭ – D – F",
    ]);
    await expect(cards).not.toContainText("♯");
    await page.screenshot({ path: `${SHOTS}/spelling-piano-${vp.name}.png`, fullPage: true });

    // F♯ major's vii° is E♯dim; the black keys carry the key's names.
    if (vp.width < 768) await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await page.getByLabel("Key").selectOption("F#");
    await page.getByLabel("Scale Type").selectOption("major");
    await expect(page.getByLabel("Key").locator("option:checked")).toHaveText("F♯ / G♭");
    await page.screenshot({ path: `${SHOTS}/spelling-piano-f-sharp-${vp.name}.png` });
    if (vp.width < 768) await page.getByRole("button", { name: "Scale info" }).click();
    await expect(cards.getByTestId("chord-card-symbol").last()).toHaveText("E♯dim");
    await expect(cards.getByTestId("chord-card-notes").last()).toHaveText("E♯ – G♯ – B");
  });
}

test("the piano labels B♭ major with flats, F♯ major with E♯, and a key outside the scale plainly", async ({
  page,
}) => {
  await page.goto("/piano-visualizer?key=A%23&scale=major");
  await expect(page.getByTestId("scale-name")).toHaveText("B♭ Major");
  await expect(page.locator('button[data-note="A#4"]')).toHaveText("B♭");
  await expect(page.locator('button[data-note="D#4"]')).toHaveText("E♭");
  await page.screenshot({ path: `${SHOTS}/spelling-piano-b-flat-1280.png` });
  // In F♯ major, C is ♯4 by function (B♯), but the C key's octave label reads C4, never B♯3; E♯ stays.
  await page.getByLabel("Key").selectOption("F#");
  await expect(page.locator('button[data-note="C4"]')).toHaveText("C4");
  await expect(page.locator('button[data-note="F4"]')).toHaveText("E♯");
});

test("the guitar fretboard labels B♭ major with flats", async ({ page }) => {
  await page.goto("/guitar-visualizer?key=A%23&scale=major");
  await expect(page.getByTestId("scale-name")).toHaveText("B♭ Major");
  const a3 = page.getByTestId("fretboard").locator('button[data-note="A#3"]').first();
  await expect(a3.getByTestId("fret-label")).toHaveText("B♭");
  await expect(page.getByTestId("fretboard")).not.toContainText("♯");
});

test("the Song Explorer's key filter offers both names over the stored sharp values", async ({ page }) => {
  await page.goto("/song-explorer");
  const key = page.getByLabel("Key");
  await expect(key.locator('option[value="A#"]')).toHaveText("A♯ / B♭");
  await expect(key.locator('option[value="C#"]')).toHaveText("C♯ / D♭");
  await key.selectOption({ label: "A♯ / B♭" });
  await expect(page).toHaveURL(/key=A%23/);
});

test("Settings → Note names → Sharps only is honoured on every name", async ({ page }) => {
  await signUp(page);
  await page.goto("/settings");
  await page.getByText("Sharps only", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Sharps only" })).toBeChecked();
  await page.goto("/scale-explorer");
  const root = page.getByLabel("Root Note");
  await expect(root.locator('option[value="A#"]')).toHaveText("A♯");
  await root.selectOption("A#");
  await page.getByLabel("Scale Type").selectOption("major");
  await expect(page.getByTestId("scale-name")).toHaveText("A♯ Major");
  await expect(page.getByTestId("scale-notes").locator("li")).toHaveText([
    "A♯",
    "C",
    "D",
    "D♯",
    "F",
    "G",
    "A",
  ]);
  await expect(page.getByTestId("chord-symbol")).toHaveText(["A♯", "Cm", "Dm", "D♯", "F", "Gm", "Adim"]);
  await expect(page.getByTestId("progression-chords").first()).toHaveText("A♯ – Gm – D♯ – F");
  await page.goto("/piano-visualizer");
  await expect(page.getByTestId("chord-cards").getByTestId("chord-card-symbol")).toHaveText([
    "Cm",
    "Ddim",
    "D♯",
    "Fm",
    "Gm",
    "G♯",
    "A♯",
  ]);
});

test.describe("song screen", () => {
  test.describe.configure({ timeout: 180_000 });
  for (const vp of VIEWPORTS) {
    test(`numerals in a minor key read III, VI, VII at ${vp.name} px`, async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      // A minor: Am – C – F – G – E (i III VI VII V), 2.4 s each, three times.
      const sampleRate = 22050;
      const pcm = renderProgression({
        chords: ["Am", "C", "F", "G", "E"],
        bpm: 100,
        beatsPerChord: 4,
        repeats: 3,
        sampleRate,
      });
      await page.goto("/search");
      await page.locator('input[type="file"]').setInputFiles({
        name: "minor.wav",
        mimeType: "audio/wav",
        buffer: Buffer.from(encodeWav(pcm, sampleRate)),
      });
      await page.getByRole("button", { name: "View Analysis" }).click({ timeout: 90_000 });
      await expect(page.getByTestId("song-key")).toHaveText("A Minor");
      const grid = page.getByTestId("chord-grid");
      await expect(grid).toBeVisible();
      const pairs = await grid
        .locator("button[data-chord]")
        .evaluateAll((els) =>
          els
            .map((e) => [
              e.getAttribute("data-chord") ?? "",
              e.querySelector('[data-testid="numeral"]')?.textContent ?? "",
            ])
            .filter(([, n]) => n !== ""),
        );
      const byChord = new Map(pairs.map(([c, n]) => [c, n]));
      expect(Object.fromEntries(byChord)).toMatchObject({ Am: "i", C: "III", F: "VI", G: "VII", E: "V" });
      for (const [, n] of pairs) expect(n).not.toMatch(/♭|64|65|43|42/);
      await expect(page.getByTestId("progression")).toContainText("III");
      await expect(page.getByTestId("progression")).not.toContainText("♭");
      await noSidewaysScroll(page);
      await grid.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/spelling-song-${vp.name}.png` });
    });
  }
});
