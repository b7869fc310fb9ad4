// Web performance bench (`npm run bench:web`): starts the built server on a fresh embedded database, then
// measures with Debian's chromium (never a downloaded browser):
//  1. the first-load JavaScript of Home, compressed (gzip and brotli) — target < 200 KB;
//  2. PWA installability (Chrome DevTools Protocol Page.getInstallabilityErrors);
//  3. Lighthouse scores (Performance, Accessibility, Best Practices, SEO) for Home, the Scale explorer and
//     a blog post when the `lighthouse` package is installed; otherwise Performance proxies: FCP, LCP, TBT
//     and CLS on a simulated mid-range phone (4x CPU slowdown, 1.6 Mbps / 150 ms RTT network).
// Needs `npm run build` first. Env: WEB_DIST_DIR (default apps/web/dist), BENCH_PORT (default 3299),
// CHROME_PATH (default /usr/bin/chromium). Prints a table and a one-line JSON summary.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startServer } from "./server.mjs";

const port = Number(process.env.BENCH_PORT ?? 3299);
const base = `http://localhost:${port}`;
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const HOME_JS_BUDGET = 200 * 1024;

/** A blog post path from the sitemap, when the database has posts. */
async function blogPostPath() {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  const m = xml.match(/<loc>[^<]*?(\/blog\/[^<]+)<\/loc>/);
  return m ? m[1] : undefined;
}

/** Every script the page loads on first visit (service worker excluded), with compressed sizes. */
async function firstLoadJs(browser, url) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const bodies = [];
  page.on("response", async (res) => {
    if (res.request().resourceType() !== "script") return;
    try {
      bodies.push({ url: res.url(), body: await res.body() });
    } catch {
      // redirected or aborted
    }
  });
  const encodings = new Set();
  page.on("response", (res) => {
    if (res.request().resourceType() === "script")
      encodings.add(res.headers()["content-encoding"] ?? "identity");
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await context.close();
  const files = bodies.map(({ url: u, body }) => ({
    file: new URL(u).pathname,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }));
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  return { files, raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli"), encodings: [...encodings] };
}

/** Chrome's own installability verdict for the page (a persistent profile: incognito is never installable). */
async function installability() {
  const context = await chromium.launchPersistentContext(
    mkdtempSync(path.join(tmpdir(), "tonic-bench-profile-")),
    {
      executablePath: chromePath,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
    },
  );
  try {
    const page = await context.newPage();
    await page.goto(base, { waitUntil: "networkidle" });
    await page.evaluate(async () => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    return installabilityErrors.map((e) => e.errorId);
  } finally {
    await context.close();
  }
}

/** FCP, LCP, TBT and CLS of one cold load under mobile CPU and network throttling. */
async function perfProxies(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const w = window;
    w.__perf = { lcp: 0, cls: 0, tbt: 0 };
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__perf.lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) if (!e.hadRecentInput) w.__perf.cls += e.value;
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.__perf.tbt += Math.max(0, e.duration - 50);
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(url, { waitUntil: "networkidle", timeout: 120_000 });
  await page.waitForTimeout(1000);
  const result = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const w = window;
    return { fcp, lcp: w.__perf.lcp, tbt: w.__perf.tbt, cls: w.__perf.cls };
  });
  await context.close();
  return result;
}

/** Lighthouse category scores (0-100), or undefined when the package is not installed. */
async function lighthouseScores(url) {
  let lighthouse;
  let launcher;
  try {
    lighthouse = (await import("lighthouse")).default;
    launcher = await import("chrome-launcher");
  } catch {
    return undefined;
  }
  const chrome = await launcher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  try {
    const run = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      formFactor: "mobile",
      throttlingMethod: "simulate",
    });
    const c = run.lhr.categories;
    const pct = (x) => Math.round((x?.score ?? 0) * 100);
    return {
      performance: pct(c.performance),
      accessibility: pct(c.accessibility),
      bestPractices: pct(c["best-practices"]),
      seo: pct(c.seo),
    };
  } finally {
    await chrome.kill();
  }
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const server = await startServer(
  port,
  process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {},
);
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const summary = { homeJs: {}, installabilityErrors: [], pages: {} };
  const js = await firstLoadJs(browser, `${base}/`);
  console.log(`Scripts served with content-encoding: ${js.encodings.join(", ")}`);
  summary.homeJs = {
    files: js.files.length,
    raw: js.raw,
    gzip: js.gzip,
    brotli: js.brotli,
    budget: HOME_JS_BUDGET,
  };
  console.log(
    `Home first-load JS: ${js.files.length} files, ${kb(js.raw)} raw, ${kb(js.gzip)} gzip, ${kb(js.brotli)} brotli (budget ${kb(HOME_JS_BUDGET)} compressed): ${js.gzip < HOME_JS_BUDGET ? "PASS" : "FAIL"}`,
  );
  for (const f of js.files.sort((a, b) => b.gzip - a.gzip))
    console.log(`  ${f.file.padEnd(48)} ${kb(f.gzip).padStart(10)} gzip`);

  summary.installabilityErrors = await installability();
  console.log(
    `PWA installability: ${summary.installabilityErrors.length ? `FAIL ${summary.installabilityErrors.join(", ")}` : "PASS"}`,
  );

  const post = await blogPostPath();
  const targets = [
    ["Home", "/"],
    ["Scale explorer", "/scale-explorer"],
    ...(post ? [["Blog post", post]] : [["Blog list (no posts in the database)", "/blog"]]),
  ];
  const haveLighthouse = await import("lighthouse").then(
    () => true,
    () => false,
  );
  console.log(
    haveLighthouse
      ? "\nLighthouse (mobile, simulated throttling):"
      : "\nLighthouse not installed; performance proxies (4x CPU, 1.6 Mbps, 150 ms RTT, cold load, median of 3):",
  );
  for (const [name, p] of targets) {
    if (haveLighthouse) {
      const scores = await lighthouseScores(`${base}${p}`);
      summary.pages[name] = { path: p, ...scores };
      console.log(
        `  ${name.padEnd(36)} perf ${scores.performance}  a11y ${scores.accessibility}  best ${scores.bestPractices}  seo ${scores.seo}`,
      );
    } else {
      const runs = [];
      for (let i = 0; i < 3; i++) runs.push(await perfProxies(browser, `${base}${p}`));
      const median = (k) => runs.map((r) => r[k]).sort((a, b) => a - b)[1];
      const m = {
        fcp: Math.round(median("fcp")),
        lcp: Math.round(median("lcp")),
        tbt: Math.round(median("tbt")),
        cls: Number(median("cls").toFixed(3)),
      };
      summary.pages[name] = { path: p, ...m };
      console.log(`  ${name.padEnd(36)} FCP ${m.fcp} ms  LCP ${m.lcp} ms  TBT ${m.tbt} ms  CLS ${m.cls}`);
    }
  }
  console.log(JSON.stringify(summary));
} finally {
  await browser.close();
  server.kill("SIGTERM");
}
