import { expect, test } from "@playwright/test";

const SHOTS = "/tmp/shots-songs";

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
]) {
  test(`song explorer filters and opens a song (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/song-explorer");
    await expect(page.getByRole("heading", { name: "Explore Songs with the Same Scale" })).toBeVisible();
    const cards = page.getByRole("list", { name: "Songs" }).getByRole("listitem");
    await expect(cards).toHaveCount(7);
    await page.screenshot({ path: `${SHOTS}/explorer-${viewport.name}.png`, fullPage: true });

    await page.getByLabel("Type").selectOption("minor");
    await expect(cards).toHaveCount(3);
    for (const text of await cards.allTextContents()) expect(text).toContain("Minor");

    await page.getByLabel("Key").selectOption("C");
    await expect(page.getByText("No songs found matching your criteria")).toBeVisible();
    await expect(page).toHaveURL(/key=C/);

    await page.getByLabel("Type").selectOption("major");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Demo: Sunrise Pop");

    await page.getByLabel("Key").selectOption("");
    await page.getByLabel("Type").selectOption("");
    await page.getByLabel("Language").selectOption("ko");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Korean");
    await cards.first().getByRole("button").click();
    await expect(page).toHaveURL(/\/search\?v=demo-f-major-lullaby$/);
    await expect(page.getByTestId("song-key")).toHaveText("F Major");
  });
}
