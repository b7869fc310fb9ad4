import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { encodeWav } from "@tonic/analysis/testing";
import { signUp } from "../support/auth";

/**
 * Issue 26 §2: a new user's first steps from the home page (a pasted link as a visitor, no search keys,
 * no network, a failed download, a silent file), each at 1280 and 390 px.
 */

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-first-steps";
mkdirSync(SHOTS, { recursive: true });
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Fails the test on any native dialog (`alert()`, `confirm()`): the app speaks in the page. */
function refuseNativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (d) => {
    seen.push(d.message());
    void d.dismiss();
  });
  return seen;
}

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

for (const vp of VIEWPORTS) {
  test.describe(`first steps at ${vp.width} px`, () => {
    test.use({ viewport: vp });

    test("a visitor who pastes a YouTube link is invited to create a free account, calmly", async ({
      page,
    }) => {
      const dialogs = refuseNativeDialogs(page);
      await page.goto("/");
      await page
        .getByRole("searchbox", { name: "Search or paste YouTube URL" })
        .fill("https://youtu.be/e2eVisitor1");
      await page.getByRole("button", { name: "Search Songs" }).click();
      await expect(page).toHaveURL(/\/search\?v=e2eVisitor1$/);
      const invite = page.getByTestId("create-account-to-analyse");
      await expect(
        invite.getByRole("heading", {
          name: "Create a free account — 5 analyses a day — to analyse this song",
        }),
      ).toBeVisible();
      // Google is not configured on this server: sign-up by e-mail.
      await expect(invite).toContainText("Sign up with your e-mail address");
      await expect(invite).not.toContainText("Google");
      await expect(invite.getByRole("link", { name: "Sign up with e-mail" })).toHaveAttribute(
        "href",
        "/auth?mode=sign-up",
      );
      await expect(invite.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
      // Nothing failed and nothing played: no failure, no 100 % bar, no "keep listening" modal.
      await expect(page.getByRole("progressbar", { name: "Analysis progress" })).toHaveCount(0);
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.locator("main")).not.toContainText(/Analysis failed|keep listening/);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/visitor-link-${vp.width}.png` });

      await invite.getByRole("link", { name: "Sign up with e-mail" }).click();
      await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
      expect(dialogs).toEqual([]);
    });

    test("without search keys the search boxes point to links and files", async ({ page }) => {
      await page.route("**/api/songs/capabilities", (route) =>
        route.fulfill({ json: { search: false, linkAnalysis: true } }),
      );
      await page.goto("/");
      const home = page.getByRole("searchbox", { name: "Search or paste YouTube URL" });
      await expect(home).toHaveAttribute("placeholder", "Paste a YouTube link or analyse your own file");
      await home.fill("sunrise");
      await page.getByRole("button", { name: "Search Songs" }).click();
      const note = page
        .getByRole("status")
        .filter({ hasText: "Searching songs by name isn't available here" });
      await expect(note).toContainText("Paste a YouTube link, or analyse your own audio file");
      await expect(page.getByRole("alert")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/no-search-keys-home-${vp.width}.png` });
      await note.getByRole("link", { name: "Analyse a file" }).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(
        page.getByRole("searchbox", { name: "Search songs or paste YouTube URL" }),
      ).toHaveAttribute("placeholder", "Paste a YouTube link or analyse your own file");
      await page.goto("/search?q=sunrise");
      await expect(
        page
          .getByRole("status")
          .filter({ hasText: "Paste a YouTube link, or analyse your own audio file below." }),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/no-search-keys-search-${vp.width}.png` });
    });

    test("offline, the search boxes say so and point to the file analyser", async ({ page, context }) => {
      // Open the song screen once online, as the installed app's cache would hold it (tests run without
      // the service worker), then go Home.
      await page.goto("/search");
      await expect(page.getByRole("button", { name: "Choose audio file" })).toBeVisible();
      await page.getByRole("link", { name: "Home", exact: true }).click();
      const home = page.getByRole("searchbox", { name: "Search or paste YouTube URL" });
      await expect(home).toHaveAttribute("placeholder", "Search or paste YouTube URL...");
      await context.setOffline(true);
      await expect(home).toHaveAttribute("placeholder", "You're offline: analyse your own file");
      await home.fill("sunrise");
      await page.getByRole("button", { name: "Search Songs" }).click();
      await expect(page.getByRole("status").filter({ hasText: "You're offline" })).toContainText(
        "You can still analyse your own audio file: it never leaves your device.",
      );
      await page.screenshot({ path: `${SHOTS}/offline-home-${vp.width}.png` });
      await page.getByRole("link", { name: "Analyse a file" }).click();
      await expect(
        page.getByRole("searchbox", { name: "Search songs or paste YouTube URL" }),
      ).toHaveAttribute("placeholder", "You're offline: analyse your own file");
      await expect(page.getByRole("button", { name: "Choose audio file" })).toBeVisible();
      await context.setOffline(false);
    });

    test("a failed download says today's count was given back and offers the file upload", async ({
      page,
    }) => {
      await page.goto("/");
      await signUp(page);
      // The download fails for real (an unknown video; no network in CI), which refunds the count.
      await page.goto("/search?v=e2eNoVideo1");
      await expect(page.getByRole("alert")).toContainText("Failed to analyze audio", { timeout: 45_000 });
      await expect(page.getByRole("heading", { name: "We couldn't analyse this song" })).toBeVisible();
      await expect(page.getByTestId("count-refunded")).toHaveText(
        "This didn't use one of today's analyses: failed analyses are given back.",
      );
      const usage = await (await page.request.get("/api/usage")).json();
      expect(usage).toMatchObject({ count: 0 });
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/download-failed-${vp.width}.png` });
      await page.getByRole("button", { name: "Analyse your own audio file instead" }).click();
      await expect(page.getByRole("button", { name: "Choose audio file" })).toBeFocused();
      await expect(page.getByRole("button", { name: "Choose audio file" })).toBeInViewport();
    });

    test("a silent file: 'We couldn't hear music in this file', and it is not kept in My songs", async ({
      page,
    }) => {
      const rate = 22_050;
      const buffer = Buffer.from(encodeWav(new Float32Array(rate * 8), rate));
      await page.goto("/search");
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: "silence.wav", mimeType: "audio/wav", buffer });
      await expect(page.getByRole("alert")).toHaveText(
        "silence.wav: We couldn't hear music in this file. Try a recording with singing or instruments in it.",
        { timeout: 90_000 },
      );
      await expect(page.getByRole("button", { name: "View Analysis" })).toHaveCount(0);
      await expect(page.getByRole("heading", { name: "My songs" })).toHaveCount(0);
      await expectNoSidewaysScroll(page);
      await page.getByRole("alert").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/silent-file-${vp.width}.png` });
      await page.reload();
      await expect(page.getByRole("heading", { name: "Analyze your own audio file" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "My songs" })).toHaveCount(0);
    });
  });
}
