import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/** Screenshots for people to look at (outside the repository). */
const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-indian-lessons";

interface AudioDiagnostics {
  plays: number;
  recent: string[][];
  lastEffect: "correct" | "incorrect" | null;
}
interface TanpuraState {
  running: boolean;
  strings: number[];
  plucks: number;
}
const audio = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tonicAudio: () => AudioDiagnostics }).__tonicAudio());
const tanpuraState = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __tonicTanpura?: () => TanpuraState }).__tonicTanpura?.() ?? {
        running: false,
        strings: [],
        plucks: 0,
      },
  );

const NOTE = /^([A-G])(#?)(-?\d+)$/;
const STEPS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
function midi(n: string): number {
  const m = NOTE.exec(n);
  if (!m) throw new Error(`not a note: ${n}`);
  return 12 * (Number(m[3]) + 1) + (STEPS[m[1] ?? "C"] ?? 0) + (m[2] ? 1 : 0);
}
/** The sargam names by semitone above Sa (PRODUCT §12). */
const SARGAM = ["Sa", "re", "Re", "ga", "Ga", "Ma", "Ma′", "Pa", "dha", "Dha", "ni", "Ni"];

/** Wait for the question's swara to sound and name it from Sa (MIDI, default C4), as the learner would by ear. */
async function hearSwara(page: Page, playsBefore: number, saMidi = 60): Promise<string> {
  await expect
    .poll(async () => (await audio(page)).plays - playsBefore, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
  const { recent } = await audio(page);
  const played = recent.at(-1)?.[0] ?? "";
  const name = SARGAM[midi(played) - saMidi];
  if (!name) throw new Error(`swara out of the middle octave: ${played}`);
  return name;
}

const noSideScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

for (const vp of [
  { name: "1280", width: 1280, height: 900 },
  { name: "390", width: 390, height: 844 },
] as const) {
  test.describe(`Indian music basics at ${vp.name} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test("a visitor opens the free path from Learn, reads staff and sargam, and answers the quiz", async ({
      page,
    }) => {
      await page.goto("/learn");
      await page.getByRole("link", { name: /Indian music basics/ }).click();
      const path = page.getByRole("region", { name: "Indian music basics" });
      await expect(path).toBeInViewport();
      await expect(path.getByTestId("path-lesson-card")).toHaveCount(6);
      await expect(path).toContainText("Free for everyone");
      await page.screenshot({ path: `${SHOTS}/learn-path-${vp.name}.png` });
      await noSideScroll(page, vp.width);
      const axe = await new AxeBuilder({ page }).include("#indian-basics").analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);

      await path.getByRole("link", { name: "Start Lesson: Lesson 1, Swaras and the Three Saptaks" }).click();
      await expect(page).toHaveURL(/\/learn\/indian-swaras-and-saptak$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Lesson 1: Swaras and the Three Saptaks",
      );
      await expect(page.getByRole("link", { name: /Back to Indian music basics/ })).toBeVisible();

      // Staff and sargam side by side: the notes drawn, each with its swara and letter name.
      const staff = page.getByTestId("staff").first();
      await expect(staff).toHaveAttribute("data-state", "ready");
      await expect(staff).toHaveAttribute("data-notes", "8");
      await expect(staff).toContainText("On the staff and in sargam");
      const row = staff.getByTestId("sargam-row").getByRole("listitem");
      await expect(row).toHaveCount(8);
      await expect(row.nth(0)).toHaveText("SaC");
      await expect(row.nth(1)).toHaveText("ReD");
      await expect(row.nth(6)).toHaveText("NiB");
      // abcjs writes the sargam names under the notes as lyrics.
      await expect(staff.getByRole("img", { name: "Sheet Music" })).toContainText("Dha");
      await staff.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/lesson-staff-sargam-${vp.name}.png`, fullPage: true });
      await noSideScroll(page, vp.width);
      const axeLesson = await new AxeBuilder({ page }).include("main").analyze();
      expect(axeLesson.violations.map((v) => v.id)).toEqual([]);

      // Komal and tivra: all twelve swaras, komal as flats and tivra Ma as F♯.
      await page.getByRole("button", { name: /Next Section/ }).click();
      await expect(page.getByRole("heading", { level: 2, name: "Komal and tivra" })).toBeVisible();
      const twelve = page.getByTestId("staff").first();
      await expect(twelve).toHaveAttribute("data-state", "ready");
      await expect(twelve.getByTestId("sargam-row").getByRole("listitem").nth(6)).toHaveText("Ma′F♯");
      await page.screenshot({ path: `${SHOTS}/lesson-twelve-${vp.name}.png`, fullPage: true });
      await noSideScroll(page, vp.width);

      await page.getByRole("button", { name: /Next Section/ }).click();
      await expect(page.getByRole("heading", { level: 2, name: "The three saptaks" })).toBeVisible();
      const q1 = page.getByTestId("quiz-question").first();
      await q1.getByRole("button", { name: "Re and Ga", exact: true }).click();
      await expect(q1.getByRole("status")).toContainText("Not quite.");
      await q1.getByRole("button", { name: "Try again" }).click();
      await q1.getByRole("button", { name: "Sa and Pa", exact: true }).click();
      await expect(q1.getByRole("status")).toContainText("Correct!");
      const q2 = page.getByTestId("quiz-question").nth(1);
      await q2.getByRole("button", { name: "E♭", exact: true }).click();
      await expect(q2.getByRole("status")).toContainText("Correct!");
      await q2.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/lesson-quiz-${vp.name}.png` });
      await noSideScroll(page, vp.width);

      // A visitor's completion is celebrated but not stored.
      let put = false;
      page.on("request", (r) => {
        if (r.method() === "PUT" && r.url().includes("/api/learn/")) put = true;
      });
      await page.getByRole("button", { name: "Complete Lesson" }).click();
      await expect(page.getByRole("dialog", { name: "Congratulations!" })).toContainText(
        "You've successfully completed Lesson 1: Swaras and the Three Saptaks",
      );
      await expect(page).toHaveURL(/\/learn#indian-basics$/, { timeout: 6000 });
      expect(put).toBe(false);
    });

    test("a swara round over the tanpura: named by ear, the drone stops when the round ends", async ({
      page,
    }) => {
      await page.goto("/learn/ear-training?mode=swaras");
      await expect(page.getByRole("tab", { name: "Swaras" })).toHaveAttribute("aria-selected", "true");
      const drill = page.getByTestId("drill");
      await expect(drill).toContainText("komal");
      expect((await tanpuraState(page)).running).toBe(false);

      let before = (await audio(page)).plays;
      await drill.getByRole("button", { name: "Start drone and round" }).click();
      // The drone: Pa below Sa = C4, Sa, Sa and the low Sa, plucked over and over.
      await expect.poll(async () => (await tanpuraState(page)).strings).toEqual([55, 60, 60, 48]);
      await expect.poll(async () => (await tanpuraState(page)).plucks).toBeGreaterThanOrEqual(2);
      await expect(drill.getByTestId("drone")).toHaveAttribute("data-on", "true");
      let heard = await hearSwara(page, before);
      await expect(drill.getByRole("button", { name: "Sa", exact: true })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/swaras-question-${vp.name}.png`, fullPage: true });
      await noSideScroll(page, vp.width);
      await drill.getByRole("button", { name: heard, exact: true }).click();
      await expect(drill.getByTestId("feedback")).toContainText("Correct!");
      expect((await tanpuraState(page)).running).toBe(true);

      for (let i = 1; i < 10; i++) {
        before = (await audio(page)).plays;
        await drill.getByRole("button", { name: /Next question/ }).click();
        heard = await hearSwara(page, before);
        await drill.getByRole("button", { name: heard, exact: true }).click();
        await expect(drill.getByTestId("feedback")).toContainText("Correct!");
      }
      await expect(drill.getByTestId("score")).toHaveText("10 / 10 right");
      await expect(drill.getByTestId("round-over")).toHaveText("Round over: 10 of 10 swaras right.");
      await expect.poll(async () => (await tanpuraState(page)).running).toBe(false);
      await expect(drill.getByTestId("drone")).toHaveAttribute("data-on", "false");
      await page.screenshot({ path: `${SHOTS}/swaras-round-over-${vp.name}.png`, fullPage: true });
      await noSideScroll(page, vp.width);

      // A new round starts the drone again; leaving the page stops it.
      await drill.getByRole("button", { name: "New round" }).click();
      await drill.getByRole("button", { name: "Start drone and round" }).click();
      await expect.poll(async () => (await tanpuraState(page)).running).toBe(true);
      await page.getByRole("link", { name: /Back to Course/ }).click();
      await expect(page).toHaveURL(/\/learn$/);
      await expect.poll(async () => (await tanpuraState(page)).running).toBe(false);
    });

    test("the swara drill follows your Sa: pick D, the drone and the swaras move to it", async ({ page }) => {
      await page.goto("/learn/ear-training?mode=swaras");
      const drill = page.getByTestId("drill");
      await drill.getByLabel("Your Sa").selectOption("D");
      await expect(drill.getByTestId("drone")).toContainText("Tanpura drone on Sa = D");
      let before = (await audio(page)).plays;
      await drill.getByRole("button", { name: "Start drone and round" }).click();
      // Pa below Sa = D4, Sa, Sa and the low Sa.
      await expect.poll(async () => (await tanpuraState(page)).strings).toEqual([57, 62, 62, 50]);
      await expect(drill.getByTestId("question")).toContainText("Sa = D:");
      for (let i = 0; i < 3; i++) {
        if (i > 0) {
          before = (await audio(page)).plays;
          await drill.getByRole("button", { name: /Next question/ }).click();
        }
        const heard = await hearSwara(page, before, 62);
        await drill.getByRole("button", { name: heard, exact: true }).click();
        await expect(drill.getByTestId("feedback")).toContainText("Correct!");
      }
      await page.screenshot({ path: `${SHOTS}/swaras-sa-d-${vp.name}.png`, fullPage: true });
      await noSideScroll(page, vp.width);
      // It is saved as "Your Sa" (the setting the vocal detector and Settings use): kept after a reload.
      await page.reload();
      await expect(page.getByTestId("drill").getByLabel("Your Sa")).toHaveValue("D");
      await expect(page.getByTestId("drone")).toContainText("Tanpura drone on Sa = D");
    });
  });
}
