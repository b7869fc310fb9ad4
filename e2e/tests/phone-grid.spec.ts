import { expect, type Page, test } from "@playwright/test";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-h8";

/** The grid's bars as boxes, in order, and whether any chord name is cut short. */
async function layout(page: Page) {
  const grid = page.getByTestId("chord-grid");
  await expect(grid.locator("li[data-bar]").first()).toBeVisible();
  const bars = await grid
    .locator("li[data-bar]")
    .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
  const cut = await grid
    .locator("button[data-chord] > span > span:first-child")
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent));
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return { bars, cut, pageWidth };
}

/** How many bars the first row holds. */
const firstRow = (bars: readonly DOMRect[]) =>
  bars.filter((b) => Math.abs(b.top - (bars[0]?.top ?? 0)) < 2).length;

/**
 * Phone chord grid (issue 26 §3): two bars share a row at 390 px for songs in 3/4 (the demo "Garden
 * Waltz") and 4/4 ("City Groove"), the chord names whole and nothing wider than the screen.
 */
for (const song of [
  { id: "demo-d-major-waltz", beats: "3" },
  { id: "demo-b-minor-groove", beats: "4" },
]) {
  test(`${song.beats}/4: two bars a row at 390 px, names whole, no overflow; more at 1280 px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/search?v=${song.id}`);
    await expect(page.getByTestId("chord-grid")).toHaveAttribute("data-beats-per-bar", song.beats);
    const phone = await layout(page);
    const [first, second] = phone.bars;
    expect(first && second).toBeTruthy();
    if (!first || !second) return;
    expect(Math.abs(second.top - first.top)).toBeLessThan(2);
    expect(second.left).toBeGreaterThanOrEqual(first.right);
    expect(firstRow(phone.bars)).toBe(2);
    expect(phone.cut).toEqual([]);
    expect(phone.pageWidth).toBeLessThanOrEqual(390);
    await page.getByTestId("chord-grid").screenshot({ path: `${SHOTS}/grid-${song.beats}-390.png` });

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => firstRow((await layout(page)).bars)).toBeGreaterThan(2);
    const desk = await layout(page);
    expect(desk.cut).toEqual([]);
    expect(desk.pageWidth).toBeLessThanOrEqual(1280);
    await page.getByTestId("chord-grid").screenshot({ path: `${SHOTS}/grid-${song.beats}-1280.png` });

    // A 320 px phone keeps one 4/4 bar a row rather than squeezing the beats.
    if (song.beats === "4") {
      await page.setViewportSize({ width: 320, height: 700 });
      await expect.poll(async () => firstRow((await layout(page)).bars)).toBe(1);
      expect((await layout(page)).pageWidth).toBeLessThanOrEqual(320);
    }
  });
}
