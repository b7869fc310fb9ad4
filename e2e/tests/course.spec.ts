import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { makePremium, signUp } from "../support/auth";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-course";
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

const DAY1 = { slug: "musical-notes-and-the-staff", title: "Musical Notes, the Keyboard and the Staff" };

interface Diagnostics {
  lastPlay: { notes: string[] } | null;
  plays: number;
  lastEffect: "correct" | "incorrect" | null;
}
const audio = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tonicAudio: () => Diagnostics }).__tonicAudio());

const dayCard = (page: Page, day: number) =>
  page
    .getByTestId("lesson-card")
    .filter({ has: page.getByRole("heading", { level: 2 }) })
    .nth(day - 1);

for (const vp of VIEWPORTS) {
  test.describe(`course at ${vp.width}px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("a PAID user completes a lesson: sections, examples, quiz, confetti, back to the course", async ({
      page,
    }) => {
      await page.goto("/");
      await signUp(page);
      await makePremium(page);

      await page.goto("/learn");
      await expect(
        page.getByRole("heading", { level: 1, name: "Learn Music Theory in 20 Days" }),
      ).toBeVisible();
      await expect(page.getByTestId("lesson-card")).toHaveCount(20);
      const day1 = dayCard(page, 1);
      await expect(day1).toContainText("Day 1");
      await expect(day1.getByRole("heading", { level: 2 })).toHaveText(DAY1.title);
      await expect(day1.getByRole("list", { name: "Sections" }).getByRole("listitem")).toHaveCount(5);
      await expect(page.getByTestId("upgrade-overlay")).toHaveCount(0);
      await expect(page.getByText("Login Required")).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/learn-paid-${vp.name}.png` });

      await day1.getByRole("link", { name: /^Start Lesson/ }).click();
      await expect(page).toHaveURL(new RegExp(`/learn/${DAY1.slug}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Day 1: ${DAY1.title}`);
      const segments = page.getByRole("list", { name: "Lesson progress" }).getByRole("listitem");
      await expect(segments).toHaveCount(5);
      await expect(segments.nth(0)).toHaveAttribute("data-state", "current");
      await expect(segments.nth(1)).toHaveAttribute("data-state", "upcoming");
      await expect(page.getByRole("heading", { level: 2, name: "The musical alphabet" })).toBeVisible();
      await expect(page.getByRole("button", { name: /Previous Section/ })).toBeDisabled();
      // Paragraphs are split on blank lines.
      expect(await page.getByTestId("section-body").locator("p").count()).toBeGreaterThanOrEqual(2);
      await page.screenshot({ path: `${SHOTS}/lesson-section1-${vp.name}.png` });

      await page.getByRole("button", { name: /Next Section/ }).click();
      await expect(
        page.getByRole("heading", { level: 2, name: "Finding the notes on the piano" }),
      ).toBeVisible();
      await expect(segments.nth(0)).toHaveAttribute("data-state", "done");
      await expect(segments.nth(1)).toHaveAttribute("data-state", "current");

      // The interactive piano plays the lesson's scale.
      const piano = page.getByTestId("mini-piano");
      await expect(piano).toHaveAttribute("data-example", "scale:C major");
      await expect(piano.getByRole("button", { name: "C4, root" })).toBeVisible();
      await piano.getByRole("button", { name: "Play C Major scale" }).click();
      await expect.poll(async () => (await audio(page)).lastPlay?.notes).toEqual(["C5"]);
      await piano.getByRole("button", { name: "E4, in scale" }).click();
      await expect.poll(async () => (await audio(page)).lastPlay?.notes).toEqual(["E4"]);
      await piano.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/lesson-piano-${vp.name}.png` });

      await page.getByRole("button", { name: /Previous Section/ }).click();
      await expect(page.getByRole("heading", { level: 2, name: "The musical alphabet" })).toBeVisible();
      for (let i = 0; i < 4; i++) await page.getByRole("button", { name: /Next Section/ }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Practice for today" })).toBeVisible();
      await expect(page.getByRole("button", { name: /Next Section/ })).toHaveCount(0);

      // Quiz on the last section: a wrong and a right answer, each with its sound.
      const q1 = page.getByTestId("quiz-question").first();
      await q1.getByRole("button", { name: "8", exact: true }).click();
      await expect(q1.getByRole("status")).toContainText("Not quite.");
      await expect.poll(async () => (await audio(page)).lastEffect).toBe("incorrect");
      await q1.getByRole("button", { name: "Try again" }).click();
      await q1.getByRole("button", { name: "12", exact: true }).click();
      await expect(q1.getByRole("status")).toContainText("Correct!");
      await expect.poll(async () => (await audio(page)).lastEffect).toBe("correct");
      await q1.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/lesson-quiz-${vp.name}.png` });

      const saved = page.waitForResponse(
        (r) => r.url().endsWith(`/api/learn/${DAY1.slug}/progress`) && r.request().method() === "PUT",
      );
      await page.getByRole("button", { name: "Complete Lesson" }).click();
      expect((await saved).status()).toBe(200);
      const dialog = page.getByRole("dialog", { name: "Congratulations!" });
      await expect(dialog).toContainText(`You've successfully completed Day 1: ${DAY1.title}`);
      // canvas-confetti draws on its own full-screen canvas.
      await expect(page.locator("body > canvas")).toHaveCount(1);
      await page.screenshot({ path: `${SHOTS}/lesson-complete-${vp.name}.png` });

      await expect(page).toHaveURL(/\/learn$/, { timeout: 6000 });
      await expect(dialog).toHaveCount(0);
      await expect(dayCard(page, 1).getByRole("link", { name: /^Review Lesson/ })).toBeVisible();
      await expect(dayCard(page, 1)).toContainText("Completed");
      await expect(dayCard(page, 2).getByRole("link", { name: /^Start Lesson/ })).toBeVisible();
      await expect(page.getByTestId("course-progress")).toContainText("1 of 20 days completed");

      // Leaving the lesson removes the confetti canvas.
      await expect(page.locator("body > canvas")).toHaveCount(0);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      ).toEqual([]);
    });

    test("a FREE user sees the Upgrade to Premium overlay and lessons send them to /premium", async ({
      page,
    }) => {
      await page.goto("/");
      await signUp(page);
      await page.goto("/learn");
      const overlay = page.getByRole("dialog", { name: "Upgrade to Premium" });
      await expect(overlay).toContainText("Please upgrade to Premium to access learning content");
      await expect(overlay.getByRole("button", { name: "View Premium Plans" })).toBeFocused();
      await page.screenshot({ path: `${SHOTS}/learn-free-${vp.name}.png` });
      await overlay.getByRole("button", { name: "Maybe Later" }).click();
      await expect(overlay).toHaveCount(0);
      await expect(page.getByTestId("lesson-card")).toHaveCount(20);

      await page.reload();
      await page.getByRole("button", { name: "View Premium Plans" }).click();
      await expect(page).toHaveURL(/\/premium$/);

      await page.goto(`/learn/${DAY1.slug}`);
      await expect(page).toHaveURL(/\/premium$/);
    });
  });
}

test("a visitor sees Login Required and lessons redirect to /auth", async ({ page }) => {
  const lesson = page.waitForResponse((r) => r.url().includes(`/api/learn/${DAY1.slug}`));
  await page.goto(`/learn/${DAY1.slug}`);
  expect((await lesson).status()).toBe(401);
  await expect(page).toHaveURL(/\/auth$/);

  await page.goto("/learn");
  await expect(page.getByRole("heading", { name: "Login Required" })).toBeVisible();
  await expect(page.getByText("Please log in to access learning content")).toBeVisible();
  await expect(page.getByTestId("upgrade-overlay")).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/learn-visitor.png` });
  await page.getByRole("link", { name: "Log In" }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("an unknown lesson says Topic not found with Go Back; the fretboard example plays", async ({ page }) => {
  await page.goto("/");
  await signUp(page);
  await makePremium(page);
  await page.goto("/learn");
  await page.goto("/learn/no-such-lesson");
  await expect(page.getByRole("heading", { name: "Topic not found" })).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/learn$/);

  await page.goto("/learn/guitar-fretboard-and-pentatonic");
  await page.getByRole("button", { name: /Next Section/ }).click();
  const board = page.getByTestId("mini-fretboard");
  await expect(board).toHaveAttribute("data-example", "scale:G major");
  await board.getByRole("button", { name: "Play G Major scale" }).click();
  await expect.poll(async () => (await audio(page)).lastPlay?.notes).toEqual(["G4"]);
  await board.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/lesson-fretboard.png` });
});

test("Reset Progress in Settings clears completed days", async ({ page }) => {
  await page.goto("/");
  await signUp(page);
  await makePremium(page);
  const put = await page.request.put(`/api/learn/${DAY1.slug}/progress`);
  expect(put.ok()).toBe(true);
  await page.goto("/learn");
  await expect(dayCard(page, 1).getByRole("link", { name: /^Review Lesson/ })).toBeVisible();

  await page.goto("/settings");
  page.once("dialog", (d) => void d.accept());
  await page.getByRole("button", { name: "Reset Progress" }).click();
  await expect(page.getByText("Progress reset")).toBeVisible();
  await page.goto("/learn");
  await expect(dayCard(page, 1).getByRole("link", { name: /^Start Lesson/ })).toBeVisible();
  await expect(page.getByTestId("course-progress")).toContainText("0 of 20 days completed");
});

test("a failed progress save is only logged and does not block completion", async ({ page }) => {
  await page.goto("/");
  await signUp(page);
  await makePremium(page);
  await page.route("**/api/learn/*/progress", (route) =>
    route.fulfill({ status: 500, json: { error: "Internal server error" } }),
  );
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto("/learn/intervals");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Day 2: Intervals");
  while (await page.getByRole("button", { name: /Next Section/ }).count()) {
    await page.getByRole("button", { name: /Next Section/ }).click();
  }
  await page.getByRole("button", { name: "Complete Lesson" }).click();
  await expect(page.getByRole("dialog", { name: "Congratulations!" })).toContainText(
    "You've successfully completed Day 2: Intervals",
  );
  await expect.poll(() => errors.some((e) => e.includes("Failed to save course progress"))).toBe(true);
  await expect(page).toHaveURL(/\/learn$/, { timeout: 6000 });
});
