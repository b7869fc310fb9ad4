import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signUp } from "../support/auth";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-learn";

interface Diagnostics {
  plays: number;
  recent: string[][];
  lastEffect: "correct" | "incorrect" | null;
}
const audio = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tonicAudio: () => Diagnostics }).__tonicAudio());

const NOTE = /^([A-G])(#?)(-?\d+)$/;
const STEPS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
function midi(n: string): number {
  const m = NOTE.exec(n);
  if (!m) throw new Error(`not a note: ${n}`);
  return 12 * (Number(m[3]) + 1) + (STEPS[m[1] ?? "C"] ?? 0) + (m[2] ? 1 : 0);
}
/** Level-1 interval names by size (the test "listens" to the two notes the engine played). */
const LEVEL1: Record<number, string> = { 4: "Major 3rd", 7: "Perfect 5th", 12: "Octave" };

/** Wait until the question's two notes have sounded and name the interval they make. */
async function hearInterval(page: Page, playsBefore: number): Promise<string> {
  await expect
    .poll(async () => (await audio(page)).plays - playsBefore, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(2);
  const { recent, plays } = await audio(page);
  const played = recent.slice(-(plays - playsBefore)).slice(0, 2);
  const [a, b] = played.map((p) => midi(p[0] ?? ""));
  const name = LEVEL1[Math.abs((b ?? 0) - (a ?? 0))];
  if (!name) throw new Error(`unexpected level-1 interval ${JSON.stringify(played)}`);
  return name;
}

for (const vp of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const) {
  test.describe(`ear training at ${vp.width}px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("interval round: question played, answer scored, a missed interval comes back later", async ({
      page,
    }) => {
      await page.goto("/learn/ear-training");
      await expect(page.getByRole("heading", { level: 1, name: "Ear Training" })).toBeVisible();
      await expect(page.getByRole("tab", { name: "Intervals" })).toHaveAttribute("aria-selected", "true");
      const drill = page.getByTestId("drill");

      // Question 1: answer wrongly on purpose.
      let before = (await audio(page)).plays;
      await drill.getByRole("button", { name: "Start" }).click();
      const missed = await hearInterval(page, before);
      const wrong = ["Major 3rd", "Perfect 5th", "Octave"].find((n) => n !== missed) ?? "";
      before = (await audio(page)).plays;
      await drill.getByRole("button", { name: wrong, exact: true }).click();
      await expect(drill.getByTestId("feedback")).toContainText(`Not quite. It was ${missed}`);
      await expect.poll(async () => (await audio(page)).lastEffect).toBe("incorrect");
      // The right answer is played again.
      await expect.poll(async () => (await audio(page)).plays - before).toBeGreaterThanOrEqual(2);
      await expect(drill.getByTestId("score")).toHaveText("0 / 1 right");
      // The miss is counted for review at once (FSRS schedules it a minute ahead).
      const intervalsRow = page.getByTestId("progress").locator("[data-skill='intervals']");
      await expect(intervalsRow).toContainText("1 answer · 0 of 1 learned · 1 to review");
      await drill.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/ear-training-wrong-${vp.name}.png`, fullPage: true });

      // Two more questions answered by ear, correctly.
      for (let i = 0; i < 2; i++) {
        before = (await audio(page)).plays;
        await drill.getByRole("button", { name: /Next question/ }).click();
        await expect(drill.getByTestId("question")).toHaveAttribute("data-review", "false");
        const heard = await hearInterval(page, before);
        await drill.getByRole("button", { name: heard, exact: true }).click();
        await expect(drill.getByTestId("feedback")).toContainText("Correct!");
        await expect.poll(async () => (await audio(page)).lastEffect).toBe("correct");
      }
      await expect(drill.getByTestId("score")).toHaveText("2 / 3 right");

      // The missed interval comes back, marked as a review.
      before = (await audio(page)).plays;
      await drill.getByRole("button", { name: /Next question/ }).click();
      await expect(drill.getByTestId("question")).toHaveAttribute("data-review", "true");
      await expect(drill.getByText("Review: you missed this one")).toBeVisible();
      expect(await hearInterval(page, before)).toBe(missed);
      await drill.getByRole("button", { name: missed, exact: true }).click();
      await expect(drill.getByTestId("feedback")).toContainText("Correct!");
      await expect(drill.getByTestId("score")).toHaveText("3 / 4 right");

      // Progress per skill, kept on this device while signed out.
      const progress = page.getByTestId("progress");
      await expect(progress).toContainText("Saved on this device");
      const row = progress.locator("[data-skill='intervals']");
      await expect(row).toContainText("75% right");
      await expect(row).toContainText("4 answers");
      // Reviewed right: nothing left to review now.
      await expect(row).toContainText("0 to review");
      await progress.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/ear-training-progress-${vp.name}.png`, fullPage: true });
    });
  });
}

test("a signed-in learner's practice progress is kept on the account", async ({ page, browser }) => {
  await page.goto("/");
  const account = await signUp(page);
  await page.goto("/learn/ear-training");
  await expect(page.getByTestId("progress")).toContainText("Saved to your account");
  await page.getByRole("tab", { name: "Chord qualities" }).click();
  const drill = page.getByTestId("drill");
  await drill.getByRole("button", { name: "Start" }).click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith("/api/practice") && r.request().method() === "PUT",
  );
  await drill.getByRole("button", { name: "Major", exact: true }).click();
  expect((await saved).ok()).toBe(true);

  // Another device (a fresh browser context) signs in and sees the same progress.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto("/");
  const login = await page2.request.post("/api/auth/sign-in/email", {
    headers: { origin: new URL(page.url()).origin },
    data: { email: account.email, password: account.password },
  });
  expect(login.ok()).toBe(true);
  await page2.goto("/learn/ear-training");
  await expect(page2.getByTestId("progress").locator("[data-skill='chords']")).toContainText("1 answer ·");
  await other.close();
});

test("the ear-training page has no axe violations", async ({ page }) => {
  await page.goto("/learn/ear-training");
  await page.getByTestId("drill").getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("question")).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
});
