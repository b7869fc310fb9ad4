import { expect, test } from "@playwright/test";
import { barChanges } from "../support/chord-grid";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-meter";

/**
 * The demo "Garden Waltz" (apps/server/src/seed/demo-songs.ts) plays D – Bm – G – A, one chord per bar of
 * three beats. The seed stores what the engine hears, so this fails when the engine reads the waltz in
 * 4/4 (its chords would then straddle the bar lines).
 */
for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(`the demo waltz is shown in bars of three with one chord a bar at ${viewport.name} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/search?v=demo-d-major-waltz");
    await expect(page.getByTestId("song-key")).toHaveText(/^D major$/i);
    const grid = page.getByTestId("chord-grid");
    await expect(grid).toHaveAttribute("data-beats-per-bar", "3");
    await expect(page.getByTestId("song-bpm").locator("xpath=..")).toContainText("3/4");

    // Per bar: the chords named in it and the beat (1-based) each one starts on.
    const bars = await barChanges(grid);
    // Whole bars between the first and the last (the song may start or end on a part of one).
    const inner = bars.slice(1, -1);
    expect(inner.length).toBeGreaterThanOrEqual(20);
    const changes = inner.flat();
    // Every change falls on a bar's first beat and the bars cycle through the progression.
    expect(changes.filter((c) => c.beat !== 1)).toEqual([]);
    const names = changes.map((c) => c.chord);
    const cycle = ["D", "Bm", "G", "A"];
    const offset = cycle.indexOf(names[0] ?? "");
    expect(offset).toBeGreaterThanOrEqual(0);
    expect(names).toEqual(names.map((_, i) => cycle[(offset + i) % 4]));
    await page.screenshot({ path: `${SHOTS}/waltz-${viewport.name}.png`, fullPage: true });
  });
}
