import { expect, test } from "@playwright/test";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots";

const footerLinks = [
  "About",
  "Blog",
  "Privacy Policy",
  "Terms & Conditions",
  "Pricing Policy",
  "Cancellation & Refund",
  "Shipping Policy",
  "Contact Us",
];

test.describe("Home", () => {
  test("desktop: hero, cards, strip, testimonials, top bar and footer", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Mastering Music Theory" })).toBeVisible();
    await expect(page.getByText("Get Instant Scale & chords for Any Song")).toBeVisible();
    const main = page.getByRole("navigation", { name: "Main" });
    for (const label of ["Home", "Scale Explorer", "Learn", "Search", "Recorder", "Login / Sign Up"]) {
      await expect(main.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    for (const step of ["Musical Notes", "Scales & Keys", "Chords", "Progressions", "Advanced Theory"]) {
      await expect(page.getByRole("list").getByText(step, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(3);
    await expect(page.locator("figure blockquote")).toHaveCount(3);
    await expect(page.getByRole("link", { name: "Sign Up Free" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Watch Demo" })).toBeVisible();
    const footer = page.getByRole("navigation", { name: "Footer" });
    for (const label of footerLinks) await expect(footer.getByRole("link", { name: label })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-1280.png`, fullPage: true });
  });

  test("phone: six-item bottom bar, no top bar", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Mastering Music Theory" })).toBeVisible();
    const bottom = page.getByRole("navigation", { name: "Mobile" });
    await expect(bottom).toBeVisible();
    await expect(bottom.getByRole("link")).toHaveText([
      "Home",
      "Scales",
      "Learn",
      "Search",
      "Record",
      "Login",
    ]);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Footer" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/home-390.png`, fullPage: true });
  });

  test("footer shows on the home path only", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Footer" })).toHaveCount(0);
  });

  test("an unknown path shows Home", async ({ page }) => {
    const res = await page.goto("/this/path/does-not-exist?x=1");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Mastering Music Theory" })).toBeVisible();
  });

  test("a YouTube link pasted in the home search opens its analysis by video id", async ({ page }) => {
    await page.goto("/");
    await page.getByPlaceholder("Search or paste YouTube URL...").fill("https://youtu.be/dQw4w9WgXcQ?t=10");
    await page.getByRole("button", { name: "Search Songs" }).click();
    await expect(page).toHaveURL(/\/search\?v=dQw4w9WgXcQ$/);
  });
});
