import { expect, type Page, test } from "@playwright/test";
import { makePremium, signUp } from "../support/auth";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-learn";
const DAY1 = "/learn/musical-notes-and-the-staff";
const DAY5 = "/learn/keys-and-the-circle-of-fifths";

interface Diagnostics {
  lastPlay: { notes: string[] } | null;
  plays: number;
}
const audio = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tonicAudio: () => Diagnostics }).__tonicAudio());

for (const vp of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const) {
  test.describe(`staff notation at ${vp.width}px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("a lesson draws its scale on the staff and plays it, lighting each note", async ({ page }) => {
      await page.goto("/");
      await signUp(page);
      await makePremium(page);
      await page.goto(DAY1);
      await page.getByRole("button", { name: /Next Section/ }).click();
      const staff = page.getByTestId("staff").first();
      await expect(staff).toHaveAttribute("data-state", "ready");
      await expect(staff).toContainText("C Major scale");
      // C D E F G A B C: eight note heads drawn as SVG.
      await expect(staff.locator(".tonic-staff > svg")).toHaveCount(1);
      await expect(staff.locator(".tonic-staff svg .abcjs-note")).toHaveCount(8);
      await expect(staff).toHaveAttribute("data-notes", "8");
      await staff.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/lesson-staff-${vp.name}.png` });

      const before = (await audio(page)).plays;
      await staff.getByRole("button", { name: "Play C Major scale" }).click();
      await expect(staff).toHaveAttribute("data-playing", "true");
      // Notes are lit on the staff as they sound.
      await expect(staff.locator(".tonic-staff svg .tonic-staff-playing").first()).toBeAttached();
      await expect.poll(async () => (await audio(page)).lastPlay?.notes).toEqual(["C5"]);
      await expect(staff).toHaveAttribute("data-playing", "false", { timeout: 20_000 });
      expect((await audio(page)).plays - before).toBe(8);
    });

    test("key signatures are spelled by key: B♭ major has two flats and no accidentals on its notes", async ({
      page,
    }) => {
      await page.goto("/");
      await signUp(page);
      await makePremium(page);
      await page.goto(DAY5);
      await page.getByRole("button", { name: /Next Section/ }).click();
      const bFlat = page.getByTestId("staff").filter({ hasText: "B♭ Major scale" });
      await expect(bFlat).toHaveAttribute("data-state", "ready");
      await expect(bFlat.locator("svg .abcjs-note")).toHaveCount(8);
      // Two flats in the key signature, no accidental written beside any note.
      await expect(bFlat.locator("svg .abcjs-key-signature path")).toHaveCount(2);
      await expect(bFlat.locator("svg .abcjs-note [data-name^='accidentals']")).toHaveCount(0);
      await bFlat.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/lesson-keysig-${vp.name}.png` });
    });
  });
}

test("a lesson whose front matter names a video embeds it on the first section only; others show no frame", async ({
  page,
}) => {
  await page.route("https://www.youtube.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>video</title>" }),
  );
  await page.goto("/");
  await signUp(page);
  await makePremium(page);
  // Day 1 has no video: no iframe, no empty frame.
  await page.goto(DAY1);
  await expect(page.getByRole("heading", { level: 2, name: "The musical alphabet" })).toBeVisible();
  await expect(page.locator("iframe")).toHaveCount(0);
  await expect(page.locator(".aspect-video")).toHaveCount(0);

  // The same lesson served with video front matter (as the seeder stores it) embeds the PRODUCT §7 URL.
  await page.route("**/api/learn/musical-notes-and-the-staff", async (route) => {
    const res = await route.fetch();
    const lesson = { ...(await res.json()), video_provider: "youtube", video_provider_id: "abcDEF12345" };
    await route.fulfill({ response: res, json: lesson });
  });
  await page.goto(DAY1);
  const frame = page.locator("iframe");
  await expect(frame).toHaveAttribute("src", "https://www.youtube.com/embed/abcDEF12345");
  await expect(frame).toHaveAttribute("title", /Day 1 video/);
  await page.getByRole("button", { name: /Next Section/ }).click();
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("day 1 draws the grand staff: five treble-line and five bass-line notes", async ({ page }) => {
  await page.goto("/");
  await signUp(page);
  await makePremium(page);
  await page.goto(DAY1);
  for (let n = 0; n < 3; n++) await page.getByRole("button", { name: /Next Section/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Reading notes on the staff" })).toBeVisible();
  const grand = page.getByTestId("staff").first();
  await expect(grand).toHaveAttribute("data-state", "ready");
  await expect(grand).toContainText("The lines of the treble and bass staves");
  await expect(grand.locator(".tonic-staff svg .abcjs-note")).toHaveCount(10);
  await grand.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/lesson-grand-staff.png` });
});
