import { expect, type Page, test } from "@playwright/test";
import { signUp } from "../support/auth";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots";
const KEY = "music-theory-storage";

interface Diagnostics {
  masterGain: number | null;
  lastPlay: { notes: string[]; instrument: string; gain: number } | null;
}
const audio = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tonicAudio: () => Diagnostics }).__tonicAudio());

const stored = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as { state: Record<string, unknown> },
    KEY,
  );

test.describe("Settings → General", () => {
  // /settings shows the sign-in screen to visitors (PRODUCT §2); every test here starts signed in.
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await signUp(page);
  });

  test("tabs, defaults, and every control persists across a reload", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveText(["General", "Account", "Premium", "Contact Us", "Info"]);
    await expect(page.getByRole("tab", { name: "General" })).toHaveAttribute("aria-selected", "true");

    const volume = page.getByRole("slider", { name: "Volume" });
    await expect(volume).toHaveAttribute("min", "0");
    await expect(volume).toHaveAttribute("max", "1");
    await expect(volume).toHaveAttribute("step", "0.1");
    await expect(volume).toHaveValue("0.7");
    await expect(page.getByRole("radio", { name: "Piano" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "By key" })).toBeChecked();
    const labels = page.getByRole("switch", { name: "Show Fretboard Labels" });
    const autoPlay = page.getByRole("switch", { name: "Auto-Play Sounds" });
    const push = page.getByRole("switch", { name: "Push Notifications" });
    const dark = page.getByRole("switch", { name: "Dark Mode" });
    await expect(labels).toHaveAttribute("aria-checked", "true");
    await expect(autoPlay).toHaveAttribute("aria-checked", "true");
    await expect(push).toHaveAttribute("aria-checked", "false");
    await expect(dark).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("button", { name: "Reset Progress" })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });

    await volume.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("volume-value")).toHaveText("40%");
    await page.getByText("Guitar", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Guitar" })).toBeChecked();
    await page.getByText("Sharps only", { exact: true }).click();
    await expect(page.getByRole("radio", { name: "Sharps only" })).toBeChecked();
    await labels.click();
    await autoPlay.click();
    await dark.click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const a4 = page.getByLabel("Tuner reference (A4)");
    await expect(a4).toHaveValue("440");
    await a4.fill("442");

    const saved = await stored(page);
    expect(Object.keys(saved.state).sort()).toEqual([
      "currentNote",
      "currentScale",
      "darkMode",
      "settings",
      "soundEnabled",
    ]);
    expect(saved.state.settings).toEqual({
      volume: 0.4,
      instrument: "guitar",
      showFretboardLabels: false,
      autoPlay: false,
      notifications: false,
      theme: "system",
      noteNaming: "sharps",
      songView: "grid",
      referenceA4: 442,
      sa: "C",
    });

    await page.reload();
    await expect(volume).toHaveValue("0.4");
    await expect(a4).toHaveValue("442");
    await expect(page.getByRole("radio", { name: "Guitar" })).toBeChecked();
    await expect(page.getByRole("radio", { name: "Sharps only" })).toBeChecked();
    await expect(labels).toHaveAttribute("aria-checked", "false");
    await expect(autoPlay).toHaveAttribute("aria-checked", "false");
    await expect(dark).toHaveAttribute("aria-checked", "true");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.screenshot({ path: `${SHOTS}/settings-1280-dark.png`, fullPage: true });

    // Dark mode applies to the whole app, not just this screen.
    await page.goto("/scale-explorer");
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    const bg = await page
      .getByTestId("panel-scale-explorer")
      .evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(bg).not.toBe("rgb(255, 255, 255)");
    await page.screenshot({ path: `${SHOTS}/scale-explorer-1280-dark.png`, fullPage: true });
    await page.goto("/settings");
    await dark.click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  });

  test("dark mode applies to every screen after a reload, Home included", async ({ page }) => {
    // Needs useApplyDarkMode() (from @/stores/settings) called in the App root so the store
    // loads on screens that do not use it themselves.
    await page.goto("/settings");
    await page.getByRole("switch", { name: "Dark Mode" }).click();
    for (const path of ["/", "/learn", "/piano-visualizer"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    }
  });

  test("volume and instrument really change the sound engine", async ({ page }) => {
    await page.goto("/settings");
    await page.getByRole("button", { name: "Test note" }).click();
    await expect.poll(async () => (await audio(page)).masterGain).toBeCloseTo(0.7, 2);
    expect((await audio(page)).lastPlay).toMatchObject({ notes: ["A4"], instrument: "piano", gain: 0.7 });

    const volume = page.getByRole("slider", { name: "Volume" });
    await volume.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowLeft");
    await expect(page.getByTestId("volume-value")).toHaveText("20%");
    // The master gain node ramps to the new volume (loudness changes live).
    await expect.poll(async () => (await audio(page)).masterGain).toBeCloseTo(0.2, 2);

    await page.getByText("Guitar", { exact: true }).click();
    await page.getByRole("button", { name: "Test chord" }).click();
    expect((await audio(page)).lastPlay).toMatchObject({
      notes: ["C4", "E4", "G4"],
      instrument: "guitar",
      gain: 0.2,
    });

    for (let i = 0; i < 2; i++) await volume.press("ArrowLeft");
    await expect(page.getByTestId("volume-value")).toHaveText("0%");
    await expect.poll(async () => (await audio(page)).masterGain).toBeCloseTo(0, 3);
  });

  test("push notifications stay off when the browser refuses", async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto("/settings");
    await page.evaluate(() => {
      Object.defineProperty(Notification, "requestPermission", {
        value: () => Promise.resolve("denied" as NotificationPermission),
      });
    });
    const push = page.getByRole("switch", { name: "Push Notifications" });
    await push.click();
    await expect(page.getByText(/Notifications were not allowed/)).toBeVisible();
    await expect(push).toHaveAttribute("aria-checked", "false");
  });

  test("push notifications turn on only when granted, and off without asking", async ({ page, context }) => {
    await context.grantPermissions(["notifications"]);
    await page.goto("/settings");
    const push = page.getByRole("switch", { name: "Push Notifications" });
    await push.click();
    await expect(push).toHaveAttribute("aria-checked", "true");
    expect(((await stored(page)).state.settings as { notifications: boolean }).notifications).toBe(true);
    await push.click();
    await expect(push).toHaveAttribute("aria-checked", "false");
  });

  test("arrow keys move between tabs; Info shows the version", async ({ page }) => {
    await page.goto("/settings");
    await page.getByRole("tab", { name: "General" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("tab", { name: "Account" })).toBeFocused();
    await expect(page.getByRole("tab", { name: "Account" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Member since")).toBeVisible();
    await page.getByRole("tab", { name: "Info" }).click();
    await expect(page).toHaveURL(/\/settings\?tab=info$/);
    await page.getByRole("button", { name: /^Build Version/ }).click();
    await expect(page.getByText("1.0.0").first()).toBeVisible();
  });

  test("phone: settings are usable at 390 px with 44 px controls", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/settings");
    await expect(page.getByRole("tab")).toHaveCount(5);
    for (const tab of await page.getByRole("tab").all()) await expect(tab).toBeInViewport();
    const sizes = await page
      .getByRole("switch")
      .evaluateAll((els) =>
        els.map((e) => Math.min(e.getBoundingClientRect().width, e.getBoundingClientRect().height)),
      );
    for (const s of sizes) expect(s).toBeGreaterThanOrEqual(44);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/settings-390.png`, fullPage: true });
  });
});
