import { expect, type Page } from "@playwright/test";
import { devToolsPath } from "./dev-tools";

/** A test account. */
export interface TestAccount {
  email: string;
  password: string;
}

let counter = 0;

/** A unique e-mail address for one test (parallel workers never collide). */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

function originOf(page: Page): string {
  const url = page.url();
  if (url.startsWith("http")) return new URL(url).origin;
  return `http://localhost:${process.env.E2E_PORT ?? 3100}`;
}

/**
 * The newest link of a kind in the dev outbox (`/dev/<token>/outbox.json`) for `email`. Like every
 * page of the development tools, it gives the page's browser context the tools' cookie, so the app then
 * links to the outbox and offers the test checkout.
 * @param type "email_verification" or "recovery".
 */
export async function outboxLink(
  page: Page,
  email: string,
  type: "email_verification" | "recovery",
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(
        `${originOf(page)}${devToolsPath(`/outbox.json?to=${encodeURIComponent(email)}`)}`,
      );
      const { mails } = (await res.json()) as { mails: { link?: string }[] };
      link = mails.find((m) => m.link?.includes(`type=${type}`))?.link;
      return Boolean(link);
    })
    .toBe(true);
  return link as string;
}

/**
 * Signs a new user up by e-mail through the API, verifies the address with the link from the dev outbox
 * and ends signed in (the session cookie lives in the page's browser context). Fast; for tests that just
 * need a signed-in user. The browser is not navigated; call it after a first `page.goto` (the server is
 * the page's origin, else the configured E2E port).
 * @returns the account (a unique e-mail unless given).
 */
export async function signUp(page: Page, account: Partial<TestAccount> = {}): Promise<TestAccount> {
  const email = account.email ?? uniqueEmail();
  const password = account.password ?? "secret123";
  const origin = originOf(page);
  const up = await page.request.post(`${origin}/api/auth/sign-up/email`, {
    headers: { origin },
    data: { email, password, name: email.split("@")[0] },
  });
  expect(up.ok(), await up.text()).toBe(true);
  const link = await outboxLink(page, email, "email_verification");
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token") ?? "";
  const verify = await page.request.get(`${origin}/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(verify.ok(), await verify.text()).toBe(true);
  const me = await page.request.get(`${origin}/api/me`);
  expect(((await me.json()) as { user: unknown }).user).not.toBeNull();
  return { email, password };
}

/**
 * Makes the signed-in user PAID through the real test-checkout API flow (create-subscription →
 * test-checkout/pay → verify-payment), as the browser's test checkout does.
 * @returns the new subscription end date (`yyyy-mm-dd`).
 */
export async function makePremium(
  page: Page,
  opts: { plan?: "monthly" | "yearly"; currency?: "INR" | "USD" } = {},
): Promise<string> {
  const origin = originOf(page);
  const headers = { origin };
  const order = await page.request.post(`${origin}/api/create-subscription`, {
    headers,
    data: { plan_id: opts.plan ?? "monthly", currency: opts.currency ?? "INR" },
  });
  expect(order.ok(), await order.text()).toBe(true);
  const { id } = (await order.json()) as { id: string };
  const pay = await page.request.post(`${origin}${devToolsPath("/test-checkout/pay")}`, {
    headers,
    data: { order_id: id },
  });
  expect(pay.ok(), await pay.text()).toBe(true);
  const verify = await page.request.post(`${origin}/api/verify-payment`, { headers, data: await pay.json() });
  expect(verify.ok(), await verify.text()).toBe(true);
  return ((await verify.json()) as { subscription_end_date: string }).subscription_end_date;
}

/** Signs the page's context out (API). */
export async function signOut(page: Page): Promise<void> {
  const origin = originOf(page);
  await page.request.post(`${origin}/api/auth/sign-out`, { headers: { origin }, data: {} });
}
