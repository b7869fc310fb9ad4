import { expect, test } from "@playwright/test";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-h8";

/**
 * Guitar diagrams put the chord's root lowest (issue 26 §3): the demo "City Groove" plays Bm – G – Em – F♯,
 * and B minor is the A-string barre x24432 (low E muted), not a six-string barre with F♯ in the bass.
 */
for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(`B minor's guitar diagram is x24432 at ${viewport.name} px`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/search?v=demo-b-minor-groove");
    await expect(page.getByTestId("song-key")).toHaveText(/^B minor$/i);
    const panel = page.getByTestId("chord-diagrams");
    await panel.getByRole("button", { name: "Guitar", exact: true }).click();
    const set = panel.getByRole("list", { name: "Chord set" });
    const bm = set.locator('[data-testid="chord-diagram"][data-chord="Bm"]');
    await expect(bm).toHaveAttribute("aria-label", "Bm chord diagram, guitar: frets x 2 4 4 3 2");
    // The A-string barre: the low E string is marked muted and the other chords keep their bass too.
    await expect(bm.locator("svg text").first()).toHaveText("×");
    await expect(set.locator('[data-chord="G"]')).toHaveAttribute("aria-label", /frets 3 2 0 0 0 3$/);
    await expect(set.locator('[data-chord="F#"]')).toHaveAttribute("aria-label", /frets 2 4 4 3 2 2$/);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `${SHOTS}/bm-guitar-${viewport.name}.png` });
  });
}
