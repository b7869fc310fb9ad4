import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-course";
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

const cards = (page: Page) => page.getByRole("list", { name: "Blog posts" }).getByRole("listitem");

for (const vp of VIEWPORTS) {
  test.describe(`blog at ${vp.width}px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("search combined with the language filter narrows the cards", async ({ page }) => {
      await page.goto("/blog");
      await expect(page.getByRole("heading", { level: 1, name: "Latest Blog Posts" })).toBeVisible();
      await expect(cards(page)).toHaveCount(16);
      // Newest first: the dates on the cards never increase.
      const dates = await page
        .locator("article time")
        .evaluateAll((ts) => ts.map((t) => t.getAttribute("datetime")));
      expect([...dates].sort().reverse()).toEqual(dates);
      await page.screenshot({ path: `${SHOTS}/blog-list-${vp.name}.png`, fullPage: vp.name === "desktop" });

      const language = page.getByRole("combobox", { name: "Language" });
      await language.selectOption("te");
      await expect(cards(page)).toHaveCount(2);
      for (const badge of await cards(page).locator("span[lang=en]").allTextContents())
        expect(badge).toBe("te");

      const search = page.getByRole("searchbox", { name: "Search blog posts" });
      await search.fill("దీక్షితుల");
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first().getByRole("link")).toContainText("శంకరాభరణం");

      // Same search in English posts finds nothing; then "all languages" with an English word.
      await language.selectOption("en");
      await expect(page.getByText("No posts match your search.")).toBeVisible();
      await language.selectOption("");
      await search.fill("AXIS OF AWESOME");
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first().getByRole("link")).toHaveText(
        "The Four-Chord Song: I–V–vi–IV Explained",
      );
      await page.screenshot({ path: `${SHOTS}/blog-search-${vp.name}.png` });

      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
    });

    test("a post in Telugu renders with its language, subject, Markdown and no raw HTML", async ({
      page,
    }) => {
      await page.goto("/blog");
      await page.getByRole("link", { name: /శంకరాభరణం రాగం/ }).click();
      await expect(page).toHaveURL(/\/blog\/shankarabharanam-and-the-major-scale$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("శంకరాభరణం రాగం");
      await expect(page.locator("article")).toHaveAttribute("lang", "te");
      await expect(page.getByTestId("post-language")).toHaveText("te");
      await expect(page.getByText("రాగాలు మరియు స్కేల్స్").first()).toBeVisible();
      await expect(page.locator("time").first()).toHaveText("20 October 2026");
      const body = page.getByTestId("post-body");
      await expect(body.getByRole("heading", { level: 2, name: "శంకరాభరణం స్వరాలు" })).toBeVisible();
      await expect(body.locator("strong").first()).toBeVisible();
      await expect(body.locator("ul > li").first()).toBeVisible();
      await expect(page.locator("iframe")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/blog-post-te-${vp.name}.png`, fullPage: vp.name === "mobile" });

      await page.getByRole("link", { name: "Return to Blog" }).first().click();
      await expect(page).toHaveURL(/\/blog$/);
    });
  });
}

test("a post with a YouTube link embeds the video", async ({ page }) => {
  await page.route("https://www.youtube.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>player</title>" }),
  );
  await page.goto("/blog/four-chord-songs");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("The Four-Chord Song");
  await expect(page.locator("iframe")).toHaveAttribute("src", "https://www.youtube.com/embed/oOlDewpCfZQ");
  await expect(page.getByTestId("post-language")).toHaveText("en");
});

for (const vp of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`share falls back to copying the link and says so in a toast, not an alert (${vp.width})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(vp);
    await page.addInitScript(() => {
      // No Web Share API; a clipboard that records what was copied (a background test page has no
      // focus, which the real clipboard requires).
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
      const copied: string[] = [];
      (window as unknown as { __copied: string[] }).__copied = copied;
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: async (t: string) => void copied.push(t) },
        configurable: true,
      });
    });
    await page.goto("/blog/circle-of-fifths-explained");
    const alerts: string[] = [];
    page.on("dialog", (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await page.getByRole("button", { name: "Share" }).first().click();
    const toast = page.getByTestId("toast");
    await expect(toast).toHaveText(/Link copied to clipboard!/);
    await expect(toast).toHaveAttribute("role", "status");
    await expect(toast).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `${SHOTS}/share-toast-${vp.width}.png` });
    expect(await page.evaluate(() => (window as unknown as { __copied: string[] }).__copied)).toEqual([
      `${baseURL}/blog/circle-of-fifths-explained`,
    ]);
    // Closing it removes it at once.
    await toast.getByRole("button", { name: "Close notification" }).click();
    await expect(toast).toHaveCount(0);
    expect(alerts).toEqual([]);
  });
}

test("share uses the Web Share API when the browser has it", async ({ page }) => {
  await page.addInitScript(() => {
    const calls: ShareData[] = [];
    (window as unknown as { __shares: ShareData[] }).__shares = calls;
    Object.defineProperty(navigator, "share", {
      value: async (d: ShareData) => {
        calls.push(d);
      },
      configurable: true,
    });
  });
  await page.goto("/blog");
  let alerted = false;
  page.on("dialog", (d) => {
    alerted = true;
    void d.dismiss();
  });
  await page.getByRole("button", { name: /^Share "Why Does Minor/ }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shares: ShareData[] }).__shares))
    .toEqual([expect.objectContaining({ url: expect.stringMatching(/\/blog\/why-minor-sounds-sad$/) })]);
  expect(alerted).toBe(false);
});

test("an unknown post says Post not found, a failing list says Failed to load blog posts", async ({
  page,
}) => {
  await page.goto("/blog/no-such-post");
  await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Blog" })).toBeVisible();

  await page.route("**/api/blog?*", (route) => route.fulfill({ status: 500, json: { error: "boom" } }));
  await page.route("**/api/blog", (route) => route.fulfill({ status: 500, json: { error: "boom" } }));
  await page.goto("/blog");
  await expect(page.getByRole("alert")).toHaveText("Failed to load blog posts", { timeout: 20_000 });
});
