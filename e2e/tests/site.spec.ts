import { expect, type Page, test } from "@playwright/test";
import { jsonLdProblems, readSeo, SHOTS, stubMap } from "./site-helpers";

const CONTACT_SUCCESS = "Message sent successfully! We'll get back to you soon.";
const CONTACT_FAILURE = "Failed to send message. Please try again or contact us directly.";

const pages = [
  { path: "/about", h1: "Music theory you can see, hear and play", title: "About Tonic", type: "AboutPage" },
  { path: "/privacy-policy", h1: "Privacy Policy", title: "Privacy Policy | Tonic", type: "WebPage" },
  { path: "/terms", h1: "Terms & Conditions", title: "Terms & Conditions | Tonic", type: "WebPage" },
  { path: "/pricing-policy", h1: "Pricing Policy", title: "Pricing Policy | Tonic", type: "WebPage" },
  {
    path: "/cancellation-policy",
    h1: "Cancellation & Refund Policy",
    title: "Cancellation & Refund Policy | Tonic",
    type: "WebPage",
  },
  { path: "/shipping-policy", h1: "Shipping Policy", title: "Shipping Policy | Tonic", type: "WebPage" },
  { path: "/contactform", h1: "Get in Touch", title: "Contact Us | Tonic", type: "ContactPage" },
  { path: "/acknowledgments", h1: "Acknowledgments", title: "Acknowledgments | Tonic", type: "WebPage" },
];

const widths = [
  { name: "1280", width: 1280, height: 800 },
  { name: "390", width: 390, height: 844 },
];

test.beforeEach(async ({ page }) => {
  await stubMap(page);
});

for (const vp of widths) {
  test.describe(`information pages at ${vp.name} px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });
    for (const p of pages) {
      test(`${p.path}: heading, SEO tags and valid JSON-LD`, async ({ page, baseURL }) => {
        await page.goto(p.path);
        await expect(page.getByRole("heading", { level: 1, name: p.h1 })).toBeVisible();
        await expect(page.getByText("This page is being built")).toHaveCount(0);
        await expect(page).toHaveTitle(p.title);
        const seo = await readSeo(page);
        expect(seo.description?.length ?? 0).toBeGreaterThan(50);
        expect(seo.canonical).toBe(`${baseURL}${p.path}`);
        expect(seo.ogUrl).toBe(`${baseURL}${p.path}`);
        expect(seo.ogTitle).toBe(p.title);
        expect(seo.ogDescription).toBe(seo.description);
        expect(seo.ogImage).toMatch(/^http.*\/icons\/icon-512\.png$/);
        expect(seo.jsonLd.map((n) => n["@type"])).toContain(p.type);
        expect(jsonLdProblems(seo.jsonLd)).toEqual([]);
        // Nothing overflows sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (p.path === "/about") {
          const counters = page.getByTestId("about-counters");
          await counters.scrollIntoViewIfNeeded();
          // The counters finish on their PRODUCT §2 targets before the picture.
          await expect(counters).toContainText("95%");
        }
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SHOTS}${p.path}-${vp.name}.png`, fullPage: true });
      });
    }
  });
}

test.describe("About", () => {
  test("team of two with roles, bios and social links; counters count up to the product's numbers", async ({
    page,
  }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: "Our mission" })).toBeVisible();
    const team = page.getByRole("heading", { name: "Meet the team" }).locator("xpath=../..");
    await expect(team.getByText("Founder & CEO")).toBeVisible();
    await expect(team.getByText("CTO", { exact: true })).toBeVisible();
    await expect(team.getByRole("link", { name: /LinkedIn/ })).toHaveCount(2);
    const counters = page.getByTestId("about-counters");
    await counters.scrollIntoViewIfNeeded();
    // While animating the visible numbers are below the target…
    const early = await counters.locator('dd span[aria-hidden="true"]').first().textContent();
    expect(Number.parseInt(early ?? "0", 10)).toBeLessThan(50);
    // …and after about 2 s they show the product's values.
    const expected: [string, string][] = [
      ["Active Students", "50+"],
      ["Learning Modules", "20+"],
      ["Learner Satisfaction", "95%"],
    ];
    for (const [label, value] of expected) {
      const item = counters.locator("div", { has: page.getByText(label, { exact: true }) });
      await expect(item.locator('dd span[aria-hidden="true"]')).toHaveText(value, {
        timeout: 4000,
      });
    }
  });

  test("reduced motion shows the final numbers at once", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/about");
    const first = page.getByTestId("about-counters").locator('dd span[aria-hidden="true"]').first();
    await expect(first).toBeVisible();
    // No counting: the very first rendered value is already the final one.
    expect(await first.textContent()).toBe("50+");
    await context.close();
  });
});

test.describe("Policies", () => {
  test("Terms has the six sections of PRODUCT.md in order and prices from the plan catalogue", async ({
    page,
  }) => {
    // A changed catalogue proves the texts read prices from it instead of hard-coding them.
    const real = await (await page.request.get("/api/plans")).json();
    const changed = JSON.parse(JSON.stringify(real));
    changed.currencies[0].plans[0].price = 123;
    await page.route("**/api/plans", (route) => route.fulfill({ json: changed }));
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 2 })).toHaveText([
      "Terms of Use",
      "User Accounts",
      "Subscription Terms",
      "Free vs Premium Features",
      "Data Usage and Privacy",
      "Content Usage",
    ]);
    const symbol = changed.currencies[0].symbol as string;
    await expect(page.getByRole("cell", { name: new RegExp(`^\\${symbol}123 per`) })).toBeVisible();
    await page.getByRole("link", { name: "Content Usage" }).click();
    await expect(page).toHaveURL(/#content-usage$/);
  });

  test("Pricing policy lists every plan of the catalogue and the 30-day price notice", async ({ page }) => {
    const catalogue = await (await page.request.get("/api/plans")).json();
    await page.goto("/pricing-policy");
    for (const c of catalogue.currencies) {
      for (const plan of c.plans) {
        await expect(page.getByText(`${c.symbol}${plan.price}`, { exact: true }).first()).toBeVisible();
      }
    }
    await expect(page.getByText(/at least 30 days in advance/)).toBeVisible();
  });

  test("Cancellation policy: refund window, processing time, retention and an FAQ", async ({ page }) => {
    await page.goto("/cancellation-policy");
    await expect(page.getByText("7-day money-back guarantee for new subscriptions.")).toBeVisible();
    await expect(
      page.getByText(
        "Approved refunds are processed within 5-7 business days to the original payment method.",
      ),
    ).toBeVisible();
    await expect(
      page.getByText("Your data is kept for 30 days after cancellation, then deleted."),
    ).toBeVisible();
    const seo = await readSeo(page);
    const faq = seo.jsonLd.find((n) => n["@type"] === "FAQPage") as { mainEntity: { name: string }[] };
    expect(faq.mainEntity).toHaveLength(3);
    for (const q of faq.mainEntity) await expect(page.getByText(q.name)).toBeVisible();
  });

  test("Shipping policy states the points of PRODUCT.md", async ({ page }) => {
    await page.goto("/shipping-policy");
    for (const text of [
      /We sell no physical goods/,
      /available instantly after a successful payment/,
      /A modern web browser/,
      /A stable internet connection/,
      /An audio device/,
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "contact form" })).toHaveAttribute("href", "/contactform");
    await expect(page.getByRole("link", { name: "support@tonic.example" })).toBeVisible();
  });

  test("Acknowledgments lists the shipped libraries with licences from the build", async ({ page }) => {
    const data = await (await page.request.get("/acknowledgments.json")).json();
    expect(data.libraries.length).toBeGreaterThan(20);
    const names = data.libraries.map((l: { name: string }) => l.name);
    for (const lib of ["react", "react-dom", "react-router", "tone", "zustand", "workbox-window"]) {
      expect(names).toContain(lib);
    }
    expect(names.some((n: string) => n.startsWith("@types/"))).toBe(false);
    await page.goto("/acknowledgments");
    const list = page.getByRole("list", { name: "Open-source libraries" });
    await expect(list.getByRole("listitem")).toHaveCount(data.libraries.length);
    await page.getByLabel("Filter libraries").fill("zustand");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText("MIT", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Special thanks" })).toBeVisible();
  });
});

async function fillContact(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await page.getByLabel(label, { exact: true }).fill(value);
}
const message = { Name: "Asha Rao", Email: "asha@example.com", Subject: "Hello", Message: "Love the app!" };

test.describe("Contact form", () => {
  for (const vp of widths) {
    test(`success clears the form (${vp.name} px)`, async ({ page }) => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      await page.goto("/contactform");
      await expect(page.getByText("Mon-Fri 9:00 AM-6:00 PM")).toBeVisible();
      await expect(page.getByText(/Bengaluru/).first()).toBeVisible();
      await expect(page.getByTitle(/Map of our office/)).toBeVisible();
      await fillContact(page, message);
      const request = page.waitForRequest((r) => r.url().endsWith("/api/contact") && r.method() === "POST");
      const response = page.waitForResponse((r) => r.url().endsWith("/api/contact"));
      await page.getByRole("button", { name: "Send Message" }).click();
      expect((await request).postDataJSON()).toMatchObject({
        name: "Asha Rao",
        email: "asha@example.com",
        subject: "Hello",
        message: "Love the app!",
        website: "",
      });
      expect((await response).status()).toBe(201);
      await expect(page.getByRole("status").filter({ hasText: CONTACT_SUCCESS })).toBeVisible();
      for (const label of Object.keys(message))
        await expect(page.getByLabel(label, { exact: true })).toHaveValue("");
      await page.screenshot({ path: `${SHOTS}/contact-success-${vp.name}.png`, fullPage: true });
    });
  }

  test("server down: the failure message, and the values are kept", async ({ page }) => {
    await page.goto("/contactform");
    await page.route("**/api/contact", (route) => route.abort("connectionrefused"));
    await fillContact(page, message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: CONTACT_FAILURE })).toBeVisible();
    for (const [label, value] of Object.entries(message)) {
      await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
    }
    await page.screenshot({ path: `${SHOTS}/contact-failure-1280.png`, fullPage: true });
  });

  test("a server error (500) also shows the failure message", async ({ page }) => {
    await page.goto("/contactform");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, json: { error: "boom" } }));
    await fillContact(page, message);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText(CONTACT_FAILURE)).toBeVisible();
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Love the app!");
  });

  test("validation: empty fields and a bad e-mail never reach the server", async ({ page }) => {
    await page.goto("/contactform");
    let posted = 0;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/contact")) posted++;
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(await page.locator("form input:invalid, form textarea:invalid").count()).toBe(4);
    await fillContact(page, { ...message, Email: "not-an-email" });
    await page.getByRole("button", { name: "Send Message" }).click();
    const typeMismatch = await page
      .getByLabel("Email", { exact: true })
      .evaluate((el) => (el as HTMLInputElement).validity.typeMismatch);
    expect(typeMismatch).toBe(true);
    expect(posted).toBe(0);
    // The server checks the e-mail too.
    const res = await page.request.post("/api/contact", {
      data: { name: "a", email: "nope", subject: "s", message: "m" },
    });
    expect(res.status()).toBe(400);
  });

  test("the honeypot field is invisible and out of the tab order", async ({ page }) => {
    await page.goto("/contactform");
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    const box = await trap.boundingBox();
    expect(box === null || box.x + box.width < 0).toBe(true);
  });

  test("offline, the map is still a link to the address on OpenStreetMap", async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/contactform");
    await expect(page.getByTitle(/Map of our office/)).toBeVisible();
    await context.setOffline(true);
    const link = page.getByRole("link", { name: /Open .*Bengaluru.* on OpenStreetMap/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute("href", /openstreetmap\.org\/\?mlat=12\.9719&mlon=77\.6412/);
    await link.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/contact-offline-390.png` });
    await context.setOffline(false);
  });
});

test.describe("Footer, SEO files and analytics", () => {
  test("every footer link on Home opens its page", async ({ page }) => {
    const targets: [string, string | RegExp][] = [
      ["About", "Music theory you can see, hear and play"],
      ["Privacy Policy", "Privacy Policy"],
      ["Terms & Conditions", "Terms & Conditions"],
      ["Pricing Policy", "Pricing Policy"],
      ["Cancellation & Refund", "Cancellation & Refund Policy"],
      ["Shipping Policy", "Shipping Policy"],
      ["Contact Us", "Get in Touch"],
    ];
    for (const [link, h1] of targets) {
      await page.goto("/");
      await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
    }
  });

  test("Home has its title, description, canonical URL and WebPage JSON-LD", async ({ page, baseURL }) => {
    await page.goto("/");
    // index.html already carries Home's title, so wait for the screen's own tags (set once React has
    // mounted it), not for the title alone.
    await expect(page.getByRole("heading", { level: 1, name: "Mastering Music Theory" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page).toHaveTitle("Tonic — Mastering Music Theory");
    const seo = await readSeo(page);
    expect(seo.canonical).toBe(`${baseURL}/`);
    expect(seo.jsonLd.map((n) => n["@type"])).toEqual(["WebPage"]);
    expect(jsonLdProblems(seo.jsonLd)).toEqual([]);
    // Leaving a page restores the defaults instead of keeping a stale title.
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveTitle("About Tonic");
  });

  test("sitemap.xml and robots.txt are served, not the app", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toMatch(/xml/);
    const body = await sitemap.text();
    for (const p of ["/", "/about", "/contactform", "/acknowledgments", "/blog", "/learn"]) {
      expect(body).toContain(`<loc>${baseURL}${p}</loc>`);
    }
    const robots = await request.get("/robots.txt");
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("page views on load and on hash change, without the query string", async ({ page }) => {
    const events: { name: string; path: string }[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/analytics") && r.method() === "POST")
        events.push(JSON.parse(r.postData() ?? "{}"));
    });
    await page.goto("/terms?utm=secret");
    await expect.poll(() => events.filter((e) => e.name === "pageview").length).toBeGreaterThanOrEqual(1);
    expect(events[0]).toMatchObject({ name: "pageview", path: "/terms" });
    await page.evaluate(() => {
      window.location.hash = "content-usage";
    });
    await expect.poll(() => events.map((e) => e.path)).toContain("/terms#content-usage");
    expect(JSON.stringify(events)).not.toContain("secret");
    const stored = await page.request.post("/api/analytics", { data: { name: "pageview", path: "/x" } });
    expect(stored.status()).toBe(202);
    expect(stored.headers()["set-cookie"]).toBeUndefined();
  });
});
