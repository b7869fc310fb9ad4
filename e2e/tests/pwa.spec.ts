import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, devices, expect, type Page, test } from "@playwright/test";
import { SHOTS } from "./site-helpers";

const UPDATE_MESSAGE = "New version available! Click OK to update.";
const webDist = process.env.WEB_DIST_DIR ?? fileURLToPath(new URL("../../apps/web/dist", import.meta.url));

/** Width and height of a PNG, read from its IHDR chunk. */
function pngSize(buf: Buffer): { width: number; height: number } {
  expect(buf.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

/** Waits for the service worker to be active and reloads so that it controls the page. */
async function controlledBySw(page: Page): Promise<string> {
  const script = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? "",
  );
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return script;
}

/** Dispatches a synthetic `beforeinstallprompt` whose prompt() counts calls and resolves with `outcome`. */
async function fireInstallPrompt(page: Page, outcome: "accepted" | "dismissed") {
  await page.evaluate((o) => {
    const w = window as unknown as { __prompted: number };
    w.__prompted ??= 0;
    const e = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(e, {
      prompt: async () => {
        w.__prompted++;
      },
      userChoice: Promise.resolve({ outcome: o, platform: "web" }),
    });
    window.dispatchEvent(e);
  }, outcome);
}

test.describe("installable PWA", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ serviceWorkers: "allow" });

  test("manifest: name, standalone, theme colour and PNG icons in every required size", async ({
    request,
  }) => {
    const res = await request.get("/manifest.webmanifest");
    expect(res.ok()).toBe(true);
    const m = await res.json();
    expect(m.name).toContain("Tonic");
    expect(m.short_name).toBe("Tonic");
    expect(m.display).toBe("standalone");
    expect(m.start_url).toBe("/");
    expect(m.theme_color).toBe("#7c3aed");
    expect(m.background_color).toBeTruthy();
    const icons = m.icons as { src: string; sizes: string; purpose?: string }[];
    for (const [size, purpose] of [
      ["192x192", "any"],
      ["512x512", "any"],
      ["192x192", "maskable"],
      ["512x512", "maskable"],
    ]) {
      expect(icons.some((i) => i.sizes === size && (i.purpose ?? "any") === purpose)).toBe(true);
    }
    for (const icon of [...icons, { src: "/apple-touch-icon.png", sizes: "180x180" }]) {
      const png = await request.get(icon.src);
      expect(png.headers()["content-type"]).toBe("image/png");
      const { width, height } = pngSize(await png.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
  });

  test("the service worker registers at /sw.js and serves the app offline", async ({ page, context }) => {
    await page.goto("/");
    expect(await controlledBySw(page)).toMatch(/\/sw\.js$/);
    // A visited API response (plan catalogue, like a visited lesson) is kept for offline use.
    const online = await page.evaluate(() => fetch("/api/plans").then((r) => r.json()));
    // A visited blog post (seeded content) stays readable offline.
    const sitemap = await (await page.request.get("/sitemap.xml")).text();
    const post = sitemap.match(/<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/)?.[1];
    let postTitle = "";
    if (post) {
      await page.goto(post);
      postTitle = (await page.getByRole("heading", { level: 1 }).first().textContent()) ?? "";
      expect(postTitle.length).toBeGreaterThan(0);
    }
    await context.setOffline(true);
    try {
      const offline = await page.evaluate(() => fetch("/api/plans").then((r) => r.json()));
      expect(offline).toEqual(online);
      for (const route of [
        "/scale-explorer",
        "/piano-visualizer",
        "/guitar-visualizer",
        "/search",
        "/about",
        "/terms",
      ]) {
        await page.goto(route);
        await expect(page.getByRole("heading", { level: 1 }).first(), route).toBeVisible();
      }
      if (post) {
        await page.goto(post);
        await expect(page.getByRole("heading", { level: 1, name: postTitle })).toBeVisible();
      }
      // Local-file analysis works without a network: its worker chunk is precached.
      await page.goto("/search");
      await expect(page.locator('input[type="file"]').first()).toBeAttached();
      const workers = await page.evaluate(async () => {
        const cache = await caches.open((await caches.keys()).find((k) => k.includes("precache")) ?? "");
        return (await cache.keys()).map((r) => r.url).filter((u) => /analysis\.worker/.test(u));
      });
      expect(workers.length).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/offline-search-1280.png` });
    } finally {
      await context.setOffline(false);
    }
  });

  test("Install Tonic dialog: Install Now prompts and sends pwa_installed", async ({ page }) => {
    await page.goto("/");
    const events: { name: string }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/analytics")) events.push(JSON.parse(r.postData() ?? "{}"));
    });
    await fireInstallPrompt(page, "accepted");
    const dialog = page.getByRole("dialog", { name: "Install Tonic" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Maybe Later" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Install Now" })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/install-dialog-1280.png` });
    await dialog.getByRole("button", { name: "Install Now" }).click();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
    await expect.poll(() => events.map((e) => e.name)).toContain("pwa_installed");
  });

  test("Install Tonic dialog: Maybe Later hides it for the visit (390 px)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await fireInstallPrompt(page, "dismissed");
    const dialog = page.getByRole("dialog", { name: "Install Tonic" });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/install-dialog-390.png` });
    await dialog.getByRole("button", { name: "Maybe Later" }).click();
    await expect(dialog).toBeHidden();
    await fireInstallPrompt(page, "dismissed");
    // Two rendered frames after the event: any state change it caused is on screen.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(0);
  });

  test("iOS outside standalone mode: Add to Home Screen instructions with Maybe Later", async ({
    browser,
  }) => {
    const context: BrowserContext = await browser.newContext({
      ...devices["iPhone 13"],
      defaultBrowserType: undefined,
    } as Parameters<typeof browser.newContext>[0]);
    try {
      const page = await context.newPage();
      await page.goto("/");
      const dialog = page.getByRole("dialog", { name: "Add to Home Screen" });
      await expect(dialog).toBeVisible({ timeout: 10_000 });
      await expect(dialog.getByRole("listitem")).toHaveText([
        /Tap the Share button/,
        /Add to Home Screen/,
        /Tap Add/,
      ]);
      await page.screenshot({ path: `${SHOTS}/ios-dialog-390.png` });
      await dialog.getByRole("button", { name: "Maybe Later" }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test("a waiting service worker asks to update; OK activates it and the page reloads", async ({ page }) => {
    await page.goto("/");
    await controlledBySw(page);
    const swFile = path.join(webDist, "sw.js");
    const original = readFileSync(swFile, "utf8");
    try {
      await page.evaluate(() => {
        (window as unknown as { __beforeUpdate: boolean }).__beforeUpdate = true;
      });
      const oldScript = await page.evaluate(
        async () => (await navigator.serviceWorker.ready).active?.scriptURL,
      );
      writeFileSync(swFile, `${original}\n// new version ${Date.now()}\n`);
      const dialogSeen = page.waitForEvent("dialog");
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const dialog = await dialogSeen;
      expect(dialog.type()).toBe("confirm");
      expect(dialog.message()).toBe(UPDATE_MESSAGE);
      const reloaded = page.waitForEvent("load", { timeout: 20_000 });
      await dialog.accept();
      // The new worker takes control and the page reloads (the marker is gone).
      await reloaded;
      expect(
        await page.evaluate(
          () => (window as unknown as { __beforeUpdate?: boolean }).__beforeUpdate ?? false,
        ),
      ).toBe(false);
      const state = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: reg?.waiting !== null, active: reg?.active?.scriptURL };
      });
      expect(state).toEqual({ waiting: false, active: oldScript });
    } finally {
      writeFileSync(swFile, original);
    }
  });
});
