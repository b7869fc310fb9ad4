import { expect, test } from "@playwright/test";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-h8";

/**
 * Ear training names a question's key by the one spelling rule of @tonic/theory, accidentals typeset
 * (issue 26 §3): the pitch class A# is the key of B♭ major, F# the key of F♯ major, never "A# major".
 * Math.random is fixed so that the drill draws that key.
 */
for (const viewport of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
]) {
  for (const drill of [
    { tab: "Scale degrees", random: 0.85, key: "B♭ major" },
    { tab: "Progressions", random: 0.55, key: "F♯ major" },
  ]) {
    test(`${drill.tab} at ${viewport.name} px: the key of ${drill.key}`, async ({ page }) => {
      await page.addInitScript((value: number) => {
        Math.random = () => value;
      }, drill.random);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto("/learn/ear-training");
      await page.getByRole("tab", { name: drill.tab }).click();
      const panel = page.getByTestId("drill");
      await panel.getByRole("button", { name: "Start" }).click();
      const question = panel.getByTestId("question");
      await expect(question).toContainText(`Key of ${drill.key}`);
      await expect(question).not.toContainText("#");
      await panel.screenshot({ path: `${SHOTS}/ear-${drill.tab.replace(" ", "-")}-${viewport.name}.png` });
    });
  }
}
