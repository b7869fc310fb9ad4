import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { ROUTE_SEO } from "../../apps/web/src/lib/seo/routes";
import { outboxLink, signOut, signUp } from "../support/auth";

/**
 * Issue 26 §3: rough edges a new user meets (document titles, account wording, currency headings, the
 * footer's social links, the contact map, where a password reset leads), each at 1280 and 390 px. Toasts: blog.spec.ts and
 * payments.spec.ts; the vocal detector: vocal.spec.ts; ear training: ear-training.spec.ts.
 */

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-first-steps";
mkdirSync(SHOTS, { recursive: true });
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

for (const vp of VIEWPORTS) {
  test.describe(`screens at ${vp.width} px`, () => {
    test.use({ viewport: vp });

    test("/live and the song screen have titles of their own", async ({ page }) => {
      await page.goto("/live");
      await expect(page).toHaveTitle(`${ROUTE_SEO.live.title} | Tonic`);
      await page.goto("/search?v=demo-c-major-pop");
      await expect(page.getByTestId("chord-grid")).toBeVisible();
      await expect(page).toHaveTitle("Demo: Sunrise Pop: chords, key and tempo | Tonic");
      await page.goto("/search");
      await expect(page).toHaveTitle(`${ROUTE_SEO.search.title} | Tonic`);
    });

    test("the terms describe e-mail accounts, not only Google ones", async ({ page }) => {
      await page.goto("/terms");
      const accounts = page.locator("#user-accounts");
      await expect(accounts).toContainText("You sign in with your e-mail address and password");
      await expect(accounts).not.toContainText("You sign in with your Google account.");
      await page.goto("/privacy-policy");
      await expect(page.locator("#what-we-collect")).toContainText(
        "Your e-mail address and name when you create an account",
      );
      await page.locator("#user-accounts, #what-we-collect").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/privacy-accounts-${vp.width}.png` });
    });

    test("plan prices name each currency once", async ({ page }) => {
      await page.goto("/pricing-policy");
      const captions = page.locator("caption");
      await expect(captions).toHaveText(["India (₹)", "International ($)"]);
      await expect(page.locator("main")).not.toContainText("(INR)");
      await captions.first().scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/pricing-captions-${vp.width}.png` });
    });

    test("the footer links no social network's home page", async ({ page }) => {
      await page.goto("/");
      const footer = page.locator("footer");
      await expect(footer.getByRole("navigation", { name: "Footer" })).toBeVisible();
      // This build configures no profiles (VITE_SOCIAL_*_URL), so none are shown.
      await expect(footer.getByRole("list", { name: "Social links" })).toHaveCount(0);
      const hrefs = await footer
        .locator("a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
      expect(
        hrefs.filter((h) => /^https?:\/\/(www\.)?(youtube|instagram|x|twitter)\.com\/?$/.test(h)),
      ).toEqual([]);
      await footer.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/footer-${vp.width}.png` });
    });

    test("the contact map is drawn in the page: no blocked frame, a link to the address", async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      await page.goto("/contactform");
      const map = page.getByTestId("office-map");
      await map.scrollIntoViewIfNeeded();
      await expect(map).toBeVisible();
      await expect(map).toHaveAttribute("title", "Map of our office in Bengaluru");
      await expect(map).toHaveAttribute("href", /openstreetmap\.org\/\?mlat=12\.9719&mlon=77\.6412/);
      await expect(page.getByRole("link", { name: /Open .*Bengaluru.* on OpenStreetMap/ })).toBeVisible();
      await expect(page.locator("iframe")).toHaveCount(0);
      const box = await map.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(200);
      await expectNoSidewaysScroll(page);
      expect(
        await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
      ).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/contact-map-${vp.width}.png` });
    });

    test("a password reset says it goes to the login page, and does", async ({ page }) => {
      await page.goto("/");
      const account = await signUp(page);
      await signOut(page);
      const origin = new URL(page.url()).origin;
      const asked = await page.request.post(`${origin}/api/auth/request-password-reset`, {
        headers: { origin },
        data: { email: account.email, redirectTo: "/" },
      });
      expect(asked.ok()).toBe(true);
      await page.goto(await outboxLink(page, account.email, "recovery"));
      await page.getByLabel("New Password").fill("another-pass");
      await page.getByLabel("Confirm Password").fill("another-pass");
      await page.getByRole("button", { name: "Reset Password" }).click();
      await expect(page.getByText("Redirecting to login page...")).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/reset-done-${vp.width}.png` });
      await expect(page).toHaveURL(/\/auth$/, { timeout: 10_000 });
      await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill("another-pass");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).not.toHaveURL(/\/auth$/);
    });
  });
}
