import { type ChildProcess, spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, test } from "@playwright/test";
import { signUp } from "../support/auth";
import { E2E_DEV_TOOLS_TOKEN } from "../support/dev-tools";

const SHOTS = "/tmp/shots-accounts";

async function payWithTestCheckout(page: Page, planName: "Monthly" | "Annual", price: string) {
  const card = page.getByRole("article", { name: `${planName} plan` });
  await card.getByRole("button", { name: "Get Started Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Test Checkout" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Test mode · no real money")).toBeVisible();
  await expect(dialog.getByTestId("test-checkout-amount")).toContainText(price);
  const alerts = recordNativeDialogs(page);
  await dialog.getByRole("button", { name: `Pay ${price} (test)` }).click();
  await expectPaymentToast(page);
  expect(alerts).toEqual([]);
}

/** Records every native dialog (`alert()`); payments must never use one. */
function recordNativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (d) => {
    seen.push(d.message());
    void d.accept();
  });
  return seen;
}

/** The in-page success toast, on the page the payment was made from (no reload). */
async function expectPaymentToast(page: Page) {
  const toast = page.getByTestId("toast").filter({ hasText: "Payment successful!" });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("role", "status");
  await expect(toast).toContainText("Your subscription is valid until");
  const box = await toast.boundingBox();
  const vp = page.viewportSize();
  expect(box && vp && box.x >= 0 && box.x + box.width <= vp.width && box.y + box.height <= vp.height).toBe(
    true,
  );
  await page.screenshot({ path: `${SHOTS}/payment-toast-${vp?.width ?? 0}.png` });
}

test.describe("payments", () => {
  test("visitor is asked to sign in", async ({ page }) => {
    await page.goto("/premium");
    await page.getByRole("radio", { name: "India (₹)" }).check({ force: true });
    await page
      .getByRole("article", { name: "Monthly plan" })
      .getByRole("button", { name: "Get Started Now" })
      .click();
    await expect(page.getByRole("alert")).toContainText("Please sign in to subscribe");
  });

  test("pays in INR with the test checkout and becomes Premium (1280)", async ({ page }) => {
    await page.goto("/");
    await signUp(page);
    await page.goto("/premium");
    await expect(page.getByRole("heading", { name: "Choose Your Plan", level: 1 })).toBeVisible();
    await page.getByText("India (₹)").click();
    const annual = page.getByRole("article", { name: "Annual plan" });
    await expect(annual).toContainText("₹399");
    await expect(annual.locator("s")).toContainText("₹1188");
    await expect(annual).toContainText("Save 66%");
    await expect(annual).toContainText("BEST VALUE");
    await expect(page.getByRole("article", { name: "Monthly plan" })).toContainText("₹99");
    await expect(page.getByText("7-day money-back guarantee")).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact our support team" })).toHaveAttribute(
      "href",
      "/contactform",
    );
    for (const b of ["Secure Payment", "Cancel Anytime", "24/7 Support"]) {
      await expect(page.getByText(b, { exact: true })).toBeVisible();
    }
    await page.screenshot({ path: `${SHOTS}/premium-inr-1280.png`, fullPage: true });

    // dismissing the checkout ends processing
    const monthly = page.getByRole("article", { name: "Monthly plan" });
    await monthly.getByRole("button", { name: "Get Started Now" }).click();
    await expect(page.getByRole("dialog", { name: "Test Checkout" })).toBeVisible();
    await expect(monthly.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/test-checkout-1280.png` });
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(monthly.getByRole("button", { name: "Get Started Now" })).toBeEnabled();

    await payWithTestCheckout(page, "Monthly", "₹99");
    await page.goto("/settings?tab=account");
    await expect(page.getByText("Premium Member")).toBeVisible();
    await expect(page.getByText(/^Valid until: /)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/premium-member-1280.png` });
  });

  test("pays in USD from Settings → Premium and becomes Premium (390)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await signUp(page);
    await page.goto("/settings?tab=premium");
    await page.getByText("International ($)").click();
    const annual = page.getByRole("article", { name: "Annual plan" });
    await expect(annual).toContainText("$8");
    await expect(annual.locator("s")).toContainText("$24");
    await expect(annual).toContainText("Save 67%");
    await expect(annual).toContainText("RECOMMENDED");
    await expect(page.getByRole("article", { name: "Monthly plan" })).toContainText("$2");
    await page.screenshot({ path: `${SHOTS}/premium-usd-390.png`, fullPage: true });
    await payWithTestCheckout(page, "Annual", "$8");
    await page.goto("/settings?tab=account");
    await expect(page.getByText("Premium Member")).toBeVisible();
    const valid = (await page.getByText(/^Valid until: /).textContent()) ?? "";
    const nextYear = String(new Date().getUTCFullYear() + 1);
    expect(valid).toContain(nextYear);
    await page.screenshot({ path: `${SHOTS}/premium-member-390.png`, fullPage: true });
  });

  test("retries a failed verification 2 s apart and then succeeds", async ({ page }) => {
    await page.goto("/");
    await signUp(page);
    let failures = 0;
    await page.route("**/api/verify-payment", async (route) => {
      if (failures < 2) {
        failures += 1;
        await route.fulfill({
          status: 502,
          contentType: "application/json",
          body: '{"error":"Bad gateway"}',
        });
      } else {
        await route.continue();
      }
    });
    await page.goto("/premium");
    await page.getByText("India (₹)").click();
    await page
      .getByRole("article", { name: "Monthly plan" })
      .getByRole("button", { name: "Get Started Now" })
      .click();
    const alerts = recordNativeDialogs(page);
    await page
      .getByRole("dialog", { name: "Test Checkout" })
      .getByRole("button", { name: "Pay ₹99 (test)" })
      .click();
    await expect(page.getByRole("alert")).toContainText("Payment verification failed");
    await expect(page.getByRole("alert")).toContainText("Retrying... Attempt 2 of 3");
    await page.screenshot({ path: `${SHOTS}/verify-retry-1280.png` });
    await expect(page.getByRole("alert")).toContainText("Retrying... Attempt 3 of 3");
    await expectPaymentToast(page);
    expect(alerts).toEqual([]);
    expect(failures).toBe(2);
    await page.goto("/settings?tab=account");
    await expect(page.getByText("Premium Member")).toBeVisible();
  });
});

/**
 * Razorpay mode: a second app server with RAZORPAY_KEY_ID/SECRET whose SDK talks to a local fake Orders
 * API; the checkout script (checkout.razorpay.com) is served by the test: blocked (→ "Razorpay SDK failed
 * to load") or a stand-in that records the options and lets the test play Razorpay's success handler.
 */
test.describe("payments with Razorpay keys", () => {
  // one app server per describe: run its tests in one worker
  test.describe.configure({ mode: "serial" });
  const port = Number(process.env.E2E_PORT ?? 3100) + 51;
  const base = `http://localhost:${port}`;
  const KEY_ID = "rzp_test_e2e";
  const KEY_SECRET = "e2e-razorpay-secret";
  let fake: Server;
  let server: ChildProcess;
  const orders: Record<string, unknown>[] = [];

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    fake = createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => {
        const body = JSON.parse(raw || "{}") as Record<string, unknown>;
        orders.push(body);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ id: `order_e2e${orders.length}`, entity: "order", status: "created", ...body }),
        );
      });
    });
    await new Promise<void>((r) => fake.listen(0, "127.0.0.1", () => r()));
    const apiUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    server = spawn(process.execPath, ["apps/server/dist/main.js"], {
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      stdio: "ignore",
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "tonic-e2e-rzp-")),
        LOG_LEVEL: "warn",
        NODE_ENV: "test",
        // the outbox of the development tools, for signUp (payments go through Razorpay's fake here)
        DEV_TOOLS: "1",
        DEV_TOOLS_TOKEN: E2E_DEV_TOOLS_TOKEN,
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_API_URL: apiUrl,
      },
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${base}/api/health`)).ok;
          } catch {
            return false;
          }
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  });

  test.afterAll(async () => {
    server?.kill("SIGTERM");
    await new Promise<void>((r) => (fake ? fake.close(() => r()) : r()));
  });

  test("shows 'Razorpay SDK failed to load' when the checkout script cannot load", async ({ page }) => {
    await page.route("https://checkout.razorpay.com/**", (route) => route.abort());
    await page.goto(`${base}/`);
    await signUp(page);
    await page.goto(`${base}/premium`);
    await page.getByText("India (₹)").click();
    await page
      .getByRole("article", { name: "Monthly plan" })
      .getByRole("button", { name: "Get Started Now" })
      .click();
    await expect(page.getByRole("alert")).toContainText("Razorpay SDK failed to load");
    await expect(
      page.getByRole("article", { name: "Monthly plan" }).getByRole("button", { name: "Get Started Now" }),
    ).toBeEnabled();
  });

  test("opens Razorpay's checkout with the server's order and activates on its signed response", async ({
    page,
  }) => {
    await page.route("https://checkout.razorpay.com/**", (route) =>
      route.fulfill({
        contentType: "application/javascript",
        body: "window.Razorpay = function (o) { this.open = function () { window.__rzp = o; }; };",
      }),
    );
    await page.goto(`${base}/`);
    const account = await signUp(page);
    await page.goto(`${base}/premium`);
    await page.getByText("International ($)").click();
    await page
      .getByRole("article", { name: "Annual plan" })
      .getByRole("button", { name: "Get Started Now" })
      .click();
    await expect.poll(() => page.evaluate(() => Boolean((window as { __rzp?: unknown }).__rzp))).toBe(true);
    const opts = await page.evaluate(() => {
      const o = (window as unknown as { __rzp: Record<string, unknown> }).__rzp;
      return { key: o.key, amount: o.amount, currency: o.currency, order_id: o.order_id, prefill: o.prefill };
    });
    expect(opts).toMatchObject({
      key: KEY_ID,
      amount: 800,
      currency: "USD",
      prefill: { email: account.email },
    });
    expect(orders.at(-1)).toMatchObject({ amount: 800, currency: "USD" });
    const orderId = String(opts.order_id);
    const signature = createHmac("sha256", KEY_SECRET).update(`${orderId}|pay_e2e_1`).digest("hex");
    const alerts = recordNativeDialogs(page);
    await page.evaluate(
      ([order_id, sig]) => {
        const o = (window as unknown as { __rzp: { handler: (r: Record<string, string>) => void } }).__rzp;
        o.handler({ razorpay_payment_id: "pay_e2e_1", razorpay_order_id: order_id, razorpay_signature: sig });
      },
      [orderId, signature] as const,
    );
    await expectPaymentToast(page);
    expect(alerts).toEqual([]);
    await page.goto(`${base}/settings?tab=account`);
    await expect(page.getByText("Premium Member")).toBeVisible();
  });
});
