import { expect, test } from "@playwright/test";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-learn";
const TELUGU_POST = "/blog/shankarabharanam-and-the-major-scale";

test("a Telugu post renders with the bundled Noto Sans Telugu, loaded only for that script", async ({
  page,
}) => {
  const fontRequests: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(".woff2")) fontRequests.push(new URL(r.url()).pathname);
  });
  await page.goto(TELUGU_POST);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("శంకరాభరణం");
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        const loaded: string[] = [];
        document.fonts.forEach((f) => {
          if (f.family.replace(/"/g, "") === "Noto Sans Telugu" && f.status === "loaded")
            loaded.push(f.weight);
        });
        return loaded;
      }),
    )
    .not.toEqual([]);
  // The glyphs are drawn by the bundled font: the browser reports it can render Telugu with it.
  expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Telugu"', "శంకరాభరణం"))).toBe(true);
  // Self-hosted, and only the Telugu face: no other script's font was fetched.
  expect(fontRequests.length).toBeGreaterThan(0);
  for (const path of fontRequests) expect(path).toMatch(/^\/assets\/noto-sans-telugu-telugu-/);
  await page.screenshot({ path: `${SHOTS}/blog-telugu.png` });
});

test("the home page loads no Indic font", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (r) => {
    if (/\.(woff2?|ttf)$/.test(r.url())) fonts.push(r.url());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(fonts).toEqual([]);
  const css = await page.evaluate(() =>
    Array.from(document.styleSheets).flatMap((s) => {
      try {
        return Array.from(s.cssRules).map((r) => r.cssText);
      } catch {
        return [];
      }
    }),
  );
  expect(css.join("\n")).not.toContain("Noto Sans Telugu");
});
