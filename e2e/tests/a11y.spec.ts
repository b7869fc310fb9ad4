import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { stubMap } from "./site-helpers";

/** Every route of PRODUCT §2's route table (parameterised ones with a sample slug) plus the acknowledgments view. */
const routes = [
  "/",
  "/auth",
  "/scale-explorer",
  "/settings",
  "/search",
  "/vocal-detector",
  "/learn",
  "/learn/day-1",
  "/piano-visualizer",
  "/guitar-visualizer",
  "/premium",
  "/song-explorer",
  "/blog",
  "/blog/sample-post",
  "/about",
  "/privacy-policy",
  "/terms",
  "/pricing-policy",
  "/cancellation-policy",
  "/shipping-policy",
  "/contactform",
  "/acknowledgments",
  "/auth/callback",
];

for (const width of [1280, 390]) {
  test.describe(`axe-core at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });
    for (const route of routes) {
      test(`${route} has no serious or critical violations`, async ({ page }) => {
        await stubMap(page);
        await page.goto(route);
        await page.waitForLoadState("networkidle");
        await expect(page.locator("#root")).not.toBeEmpty();
        const results = await new AxeBuilder({ page })
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
          .exclude("iframe")
          .analyze();
        const bad = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map(
            (v) =>
              `${v.impact} ${v.id}: ${v.help} — ${v.nodes
                .map((n) => n.target.join(" "))
                .slice(0, 3)
                .join(", ")}`,
          );
        expect(bad, `${route} at ${width}px`).toEqual([]);
      });
    }
  });
}
