import { expect, type Locator, test } from "@playwright/test";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-h8";
const LANDSCAPE = { width: 844, height: 390 };

/** The element's box lies wholly inside the 844×390 viewport, top and bottom. */
async function expectInView(el: Locator) {
  await expect(el).toBeVisible();
  const box = await el.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeLessThan(LANDSCAPE.height);
  expect(box.y + box.height).toBeLessThanOrEqual(LANDSCAPE.height);
}

/**
 * A phone held landscape (844×390) is wider than the 768 px breakpoint but too short for the page layout:
 * the piano and fretboard take the whole screen under the rotated layout's top bar, not below the fold
 * (issue 26 §3).
 */
for (const screen of [
  { path: "/piano-visualizer", instrument: "piano", name: "Piano Scale Explorer" },
  { path: "/guitar-visualizer", instrument: "fretboard", name: "Guitar Fretboard" },
]) {
  test(`${screen.instrument} at 844×390: the instrument is on screen without scrolling`, async ({ page }) => {
    await page.setViewportSize(LANDSCAPE);
    await page.goto(screen.path);
    const stage = page.getByTestId("landscape-stage");
    await expect(stage).toHaveAttribute("data-rotated", "false");
    await expect(stage).toHaveAccessibleName(screen.name);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
    await expectInView(page.getByRole("button", { name: "Back" }));
    await expectInView(page.getByLabel("Key"));
    await expectInView(page.getByTestId(screen.instrument));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/landscape-${screen.instrument}-844x390.png` });

    // Picking a key works there, and a desktop window keeps the page layout.
    await page.getByLabel("Key").selectOption("D");
    await expect(page).toHaveURL(/key=D/);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(stage).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
}
