// Renders the PWA icons (PNG) from public/favicon.svg with Debian's chromium through playwright-core.
// Run once after changing the logo: `node apps/web/scripts/gen-icons.mjs`; the PNGs are committed.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = fileURLToPath(new URL("../public/", import.meta.url));
const svg = readFileSync(`${publicDir}favicon.svg`, "utf8");
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

/** name, size in px, and padding: maskable icons keep the logo inside the 80% safe zone. */
const icons = [
  { file: "icons/icon-192.png", size: 192, maskable: false },
  { file: "icons/icon-512.png", size: 512, maskable: false },
  { file: "icons/maskable-512.png", size: 512, maskable: true },
  { file: "icons/maskable-192.png", size: 192, maskable: true },
  { file: "apple-touch-icon.png", size: 180, maskable: true },
  { file: "icons/favicon-48.png", size: 48, maskable: false },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const inner = icon.maskable ? Math.round(icon.size * 0.72) : icon.size;
    // Maskable/apple icons: square violet background, logo scaled into the safe zone.
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:flex;align-items:center;justify-content:center;background:${icon.maskable ? "#7c3aed" : "transparent"}">
        <img src="${dataUrl}" width="${inner}" height="${inner}"></body></html>`,
    );
    await page.screenshot({
      path: `${publicDir}${icon.file}`,
      omitBackground: !icon.maskable,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
