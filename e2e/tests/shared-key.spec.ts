import { expect, test } from "@playwright/test";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-h8";

/**
 * The key chosen on the piano is the Scale Explorer's key when the user goes back there (issue 26 §3):
 * both read the settings store's current note and scale.
 */
for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  test(`a key picked on the piano is shown on the Scale Explorer at ${viewport.name} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/scale-explorer");
    await expect(page.getByTestId("scale-name")).toHaveText("C Major");
    await page.getByRole("link", { name: "View Scales on Piano" }).click();
    await expect(page).toHaveURL(/\/piano-visualizer\?key=C&scale=major$/);

    await page.getByLabel("Key").selectOption("A#");
    await page.getByLabel("Scale Type").selectOption("minor");
    await expect(page).toHaveURL(/\/piano-visualizer\?key=A%23&scale=minor$/);
    await expect(page.getByTestId("piano")).toBeVisible();

    // Back: the phone's rotated top bar has its own Back button; on a desktop the browser's.
    if (viewport.width < 640) await page.getByRole("button", { name: "Back" }).click();
    else await page.goBack();
    await expect(page).toHaveURL(/\/scale-explorer$/);
    await expect(page.getByTestId("scale-name")).toHaveText("B♭ Minor");
    await expect(page.getByLabel("Root Note")).toHaveValue("A#");
    await expect(page.getByLabel("Scale Type")).toHaveValue("minor");
    await page.screenshot({ path: `${SHOTS}/shared-key-${viewport.name}.png` });

    // A fresh visit keeps it too (the store is saved), and the piano opened from here shows it.
    await page.reload();
    await expect(page.getByTestId("scale-name")).toHaveText("B♭ Minor");
    await page.getByRole("link", { name: "View Scales on Piano" }).click();
    await expect(page.getByLabel("Key")).toHaveValue("A#");
    await expect(page.getByLabel("Scale Type")).toHaveValue("minor");
  });
}
