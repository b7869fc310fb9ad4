import { expect, type Locator, type Page, test } from "@playwright/test";
import { makePremium, signUp } from "../support/auth";

const SHOTS = process.env.SHOTS_DIR ?? "/tmp/shots-learn";
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** WCAG 2.x contrast ratio of two element colours, as the browser paints them (any CSS colour syntax). */
async function contrast(el: Locator, fg: string, bgEl: Locator, bg: string): Promise<number> {
  const paint = async (loc: Locator, prop: string) =>
    loc.evaluate((node, p) => {
      const colour = getComputedStyle(node).getPropertyValue(p);
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no canvas");
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
    }, prop);
  const lum = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const a = lum(await paint(el, fg));
  const b = lum(await paint(bgEl, bg));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

async function darkMode(page: Page) {
  await page.addInitScript(() => {
    const key = "music-theory-storage";
    const saved = JSON.parse(localStorage.getItem(key) ?? "null") ?? { state: {}, version: 0 };
    saved.state.darkMode = true;
    localStorage.setItem(key, JSON.stringify(saved));
  });
}

test("Sign Up Free opens the sign-up form; /auth when signed in shows the search screen", async ({
  page,
}) => {
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(vp);
    await page.goto("/");
    await page.getByRole("link", { name: "Sign Up Free" }).click();
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expect(page.getByLabel("Confirm Password")).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/signup-free-${vp.width}.png` });
  }
  await signUp(page);
  await page.goto("/scale-explorer");
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByPlaceholder("Search songs or paste YouTube URL...")).toBeVisible();
});

test("/premium and Settings → Premium recognise a PAID user", async ({ page }) => {
  await page.goto("/");
  await signUp(page);
  const end = await makePremium(page);
  const shown = new Date(`${end}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(vp);
    await page.goto("/premium");
    await expect(page.getByTestId("premium-member")).toContainText(`You're a Premium member until ${shown}`);
    await expect(page.getByRole("button", { name: "Get Started Now" })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/premium-member-${vp.width}.png`, fullPage: true });
  }
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Premium" }).click();
  await expect(page.getByTestId("premium-member")).toContainText("You're a Premium member until");
  await expect(page.getByRole("button", { name: "Get Started Now" })).toHaveCount(0);
});

test("a FREE user still sees the plans with Get Started Now", async ({ page }) => {
  await page.goto("/");
  await signUp(page);
  await page.goto("/premium");
  await expect(page.getByRole("button", { name: "Get Started Now" }).first()).toBeVisible();
  await expect(page.getByTestId("premium-member")).toHaveCount(0);
});

test("scale explorer at 390 px: the chord table needs no sideways scrolling, chips never leave one alone", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/scale-explorer");
  for (const [root, type] of [
    ["C#", "Minor"],
    ["A#", "Major"],
    ["F#", "Minor"],
  ] as const) {
    await page.getByLabel("Root Note").selectOption(root);
    await page.getByLabel("Scale Type").selectOption(type);
    const region = page.getByRole("region", { name: "Chords of the scale" });
    const { scroll, client } = await region.evaluate((el) => ({
      scroll: el.scrollWidth,
      client: el.clientWidth,
    }));
    expect(scroll, `${root} ${type}`).toBeLessThanOrEqual(client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const id of ["relative-selected-notes", "relative-scale-notes"]) {
      const tops = await page
        .getByTestId(id)
        .locator("li")
        .evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)));
      const perLine = new Map<number, number>();
      for (const t of tops) perLine.set(t, (perLine.get(t) ?? 0) + 1);
      expect(
        [...perLine.values()].every((n) => n > 1),
        `${id}: ${JSON.stringify([...perLine])}`,
      ).toBe(true);
    }
  }
  await page.getByRole("region", { name: "Chords of the scale" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/scale-chords-390.png` });
  await page.getByTestId("panel-relative-scale").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/scale-relative-390.png` });
});

test("blog card excerpts stop at the ellipsis", async ({ page }) => {
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(vp);
    await page.goto("/blog");
    const excerpts = page.getByTestId("excerpt");
    await expect(excerpts.first()).toBeVisible();
    const boxes = await excerpts.evaluateAll((ps) =>
      ps.map((p) => {
        const lineHeight = Number.parseFloat(getComputedStyle(p).lineHeight);
        const box = p.getBoundingClientRect();
        const clip = p.parentElement?.getBoundingClientRect();
        return {
          height: box.height,
          lines: box.height / lineHeight,
          parentTaller: (clip?.height ?? 0) >= box.height,
        };
      }),
    );
    for (const b of boxes) {
      // At most three lines are painted; nothing of a clamped paragraph shows below its "…".
      expect(b.lines).toBeLessThanOrEqual(3.05);
      expect(b.parentTaller).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}/blog-cards-${vp.width}.png` });
  }
});

test("contact form: a server-side validation error names the field; Name and Email pre-filled when signed in", async ({
  page,
}) => {
  await page.goto("/");
  const account = await signUp(page);
  await page.goto("/contactform");
  const name = page.getByLabel("Name", { exact: true });
  const email = page.getByLabel("Email", { exact: true });
  await expect(email).toHaveValue(account.email);
  await expect(name).not.toHaveValue("");
  // The browser accepts "someone@localhost" and a blank-looking subject; the server does not.
  await email.fill("someone@localhost");
  await page.getByLabel("Subject", { exact: true }).fill("   ");
  await page.getByLabel("Message", { exact: true }).fill("Hello there");
  await page.getByRole("button", { name: /Send/ }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Email must be a valid e-mail address");
  await expect(alert).toContainText("Subject is required");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Subject", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Message", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: `${SHOTS}/contact-field-error-1280.png`, fullPage: true });
});

test("vocal detector without any microphone says so, distinct from permission denied", async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Requested device not found", "NotFoundError"));
  });
  for (const vp of [DESKTOP, PHONE]) {
    await page.setViewportSize(vp);
    await page.goto("/vocal-detector");
    await page.getByRole("button", { name: "Start recording" }).click();
    await expect(page.getByRole("alert")).toContainText("No microphone found");
    await expect(page.getByRole("alert")).not.toContainText("grant permission");
    await page.screenshot({ path: `${SHOTS}/vocal-no-mic-${vp.width}.png` });
  }
});

test("Settings → General: Reset Progress help fits the signed-in state", async ({ page }) => {
  await page.goto("/settings");
  await signUp(page);
  await page.goto("/settings");
  const help = page.locator("#reset-progress-desc");
  await expect(help).toHaveText("Clears your course progress and practice history on your account.");
  await expect(help).not.toContainText("sign in first");
  await expect(page.getByRole("button", { name: "Reset Progress" })).toBeEnabled();
});

test("dark mode: timeline times and the selected instrument meet WCAG AA contrast", async ({ page }) => {
  await darkMode(page);
  await page.goto("/search?demo=1");
  // A stored song opens straight to its analysis; the one-second timeline is the second view.
  await page.getByRole("button", { name: "Timeline", exact: true }).click();
  const slot = page.getByTestId("chord-timeline").locator("button:not([aria-current])").first();
  const time = slot.locator("span").nth(1);
  await expect(time).toBeVisible();
  expect(await contrast(time, "color", slot, "background-color")).toBeGreaterThanOrEqual(4.5);
  await page.getByTestId("chord-timeline").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/dark-timeline-1280.png` });

  await page.goto("/");
  await signUp(page);
  await page.goto("/settings");
  const selected = page.locator("label:has(input[type=radio]:checked)").filter({ hasText: /Piano|Guitar/ });
  const group = selected.locator("xpath=..");
  // Text on the selected segment (AA 4.5:1) and the segment against its track (non-text 3:1).
  expect(await contrast(selected, "color", selected, "background-color")).toBeGreaterThanOrEqual(4.5);
  expect(await contrast(selected, "background-color", group, "background-color")).toBeGreaterThanOrEqual(3);
  await selected.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/dark-instrument-1280.png` });
});
