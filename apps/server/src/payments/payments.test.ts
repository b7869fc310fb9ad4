import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devToolsPath, signUpVerified, TEST_ORIGIN, testAccountsOptions } from "../../test/accounts.js";
import { testDatabases } from "../../test/databases.js";
import { startFakeRazorpay } from "../../test/fake-razorpay.js";
import { buildApp } from "../app.js";
import type { DatabaseHandle } from "../db/index.js";
import { PLAN_CATALOGUE } from "./plans.js";
import { activatePayment } from "./service.js";
import { checkoutSignature, signaturesMatch, webhookSignature } from "./signature.js";

const origin = { origin: TEST_ORIGIN };

describe("signatures", () => {
  const good = checkoutSignature("order_1", "pay_1", "secret");
  it("accepts the exact signature, in either case", () => {
    expect(signaturesMatch(good, good)).toBe(true);
    expect(signaturesMatch(good, good.toUpperCase())).toBe(true);
  });
  it("rejects wrong, truncated, empty and non-hex signatures", () => {
    expect(signaturesMatch(good, checkoutSignature("order_1", "pay_1", "other"))).toBe(false);
    expect(signaturesMatch(good, checkoutSignature("order_1", "pay_2", "secret"))).toBe(false);
    expect(signaturesMatch(good, good.slice(0, 63))).toBe(false);
    expect(signaturesMatch(good, good.slice(0, 32))).toBe(false);
    expect(signaturesMatch(good, "")).toBe(false);
    expect(signaturesMatch(good, `${good.slice(0, 62)}zz`)).toBe(false);
  });
});

/** The test checkout's signing secret in these tests (a server makes a random one per process). */
const TEST_CHECKOUT_SECRET = "unit-test-checkout-secret";

describe("plan catalogue", () => {
  it("holds the PRODUCT §9 prices, savings and badges", () => {
    const [inr, usd] = PLAN_CATALOGUE.currencies;
    expect(inr?.plans.map((p) => [p.id, p.price, p.originalPrice, p.savings, p.badge])).toEqual([
      ["monthly", 99, null, null, null],
      ["yearly", 399, 1188, 66, "BEST VALUE"],
    ]);
    expect(usd?.plans.map((p) => [p.id, p.price, p.originalPrice, p.savings, p.badge])).toEqual([
      ["monthly", 2, null, null, null],
      ["yearly", 8, 24, 67, "RECOMMENDED"],
    ]);
    for (const c of PLAN_CATALOGUE.currencies) {
      for (const p of c.plans) {
        if (p.originalPrice && p.savings)
          expect(Math.round((1 - p.price / p.originalPrice) * 100)).toBe(p.savings);
      }
    }
  });
});

describe.each(testDatabases())("payments on $name (test checkout)", (tdb) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await tdb.open();
    app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions({ testCheckoutSecret: TEST_CHECKOUT_SECRET }),
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const create = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/api/create-subscription", headers: { cookie, ...origin }, payload });
  const verify = (cookie: string, payload: Record<string, unknown>) =>
    app.inject({ method: "POST", url: "/api/verify-payment", headers: { cookie, ...origin }, payload });
  const me = async (cookie: string) =>
    (await app.inject({ url: "/api/me", headers: { cookie } })).json().profile;

  it("serves the plan catalogue at /api/plans", async () => {
    const res = await app.inject({ url: "/api/plans" });
    expect(res.json()).toEqual(PLAN_CATALOGUE);
  });

  it("asks visitors to sign in", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/create-subscription",
      headers: origin,
      payload: { plan_id: "monthly", currency: "INR" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("Please sign in to subscribe");
  });

  it("computes the amount on the server and ignores the client's", async () => {
    const { cookie } = await signUpVerified(app, "amount@example.com");
    const cases = [
      ["monthly", "INR", 9900],
      ["yearly", "INR", 39900],
      ["monthly", "USD", 200],
      ["yearly", "USD", 800],
    ] as const;
    for (const [plan_id, currency, amount] of cases) {
      const res = await create(cookie, { plan_id, currency, amount: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ amount, currency, plan_id, mode: "test" });
      const row = await database.db
        .selectFrom("payment_orders")
        .select("amount")
        .where("order_id", "=", res.json().id)
        .executeTakeFirstOrThrow();
      expect(row.amount).toBe(amount);
    }
    expect((await create(cookie, { plan_id: "weekly", currency: "INR" })).statusCode).toBe(400);
  });

  it("verifies a signed payment once (replay does not extend) and rejects bad signatures", async () => {
    const { cookie } = await signUpVerified(app, "payer@example.com");
    const order = (await create(cookie, { plan_id: "monthly", currency: "INR" })).json();
    const pay = await app.inject({
      method: "POST",
      url: devToolsPath("/test-checkout/pay"),
      headers: { cookie, ...origin },
      payload: { order_id: order.id },
    });
    const p = pay.json();
    expect(p.razorpay_signature).toBe(
      checkoutSignature(order.id, p.razorpay_payment_id, TEST_CHECKOUT_SECRET),
    );

    const wrong = await verify(cookie, { ...p, razorpay_signature: "0".repeat(64) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("Payment verification failed");
    const truncated = await verify(cookie, { ...p, razorpay_signature: p.razorpay_signature.slice(0, 40) });
    expect(truncated.statusCode).toBe(400);
    expect((await me(cookie)).user_type).toBe("FREE");

    const ok = await verify(cookie, p);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, applied: true });
    const end = ok.json().subscription_end_date;
    expect(await me(cookie)).toMatchObject({ user_type: "PAID", subscription_end_date: end });
    expect(end > new Date().toISOString().slice(0, 10)).toBe(true);

    const replay = await verify(cookie, p);
    expect(replay.json()).toMatchObject({ success: true, applied: false, subscription_end_date: end });
    expect((await me(cookie)).subscription_end_date).toBe(end);

    // someone else cannot use this payment for their account
    const other = await signUpVerified(app, "thief@example.com");
    expect((await verify(other.cookie, p)).statusCode).toBe(400);
    expect((await me(other.cookie)).user_type).toBe("FREE");
  });

  it("activates through the signed webhook, idempotently, and rejects a bad webhook signature", async () => {
    const { cookie } = await signUpVerified(app, "hook@example.com");
    const order = (await create(cookie, { plan_id: "yearly", currency: "USD" })).json();
    const body = JSON.stringify({
      event: "payment.captured",
      payload: {
        payment: { entity: { id: "pay_hook_1", order_id: order.id, amount: 800, currency: "USD" } },
      },
    });
    const send = (sig: string) =>
      app.inject({
        method: "POST",
        url: "/api/razorpay/webhook",
        headers: { "content-type": "application/json", "x-razorpay-signature": sig },
        payload: body,
      });
    expect((await send(webhookSignature(body, "wrong"))).statusCode).toBe(400);
    expect((await me(cookie)).user_type).toBe("FREE");
    const first = await send(webhookSignature(body, TEST_CHECKOUT_SECRET));
    expect(first.statusCode).toBe(200);
    expect(first.json().applied).toBe(true);
    const end = (await me(cookie)).subscription_end_date;
    const second = await send(webhookSignature(body, TEST_CHECKOUT_SECRET));
    expect(second.json()).toMatchObject({ applied: false, subscription_end_date: end });
    // the browser's verify call after the webhook does not extend again
    const sig = checkoutSignature(order.id, "pay_hook_1", TEST_CHECKOUT_SECRET);
    const v = await verify(cookie, {
      razorpay_order_id: order.id,
      razorpay_payment_id: "pay_hook_1",
      razorpay_signature: sig,
    });
    expect(v.json()).toMatchObject({ success: true, applied: false, subscription_end_date: end });
    expect((await me(cookie)).subscription_end_date).toBe(end);
  });

  it("extends from the later of today and the current end date", async () => {
    const { userId, cookie } = await signUpVerified(app, "extend@example.com");
    const now = new Date("2026-01-31T10:00:00Z");
    const o1 = (await create(cookie, { plan_id: "monthly", currency: "INR" })).json();
    const a = await activatePayment(database.db, "pay_e1", o1.id, "verify", now);
    expect(a.subscription_end_date).toBe("2026-02-28");
    const o2 = (await create(cookie, { plan_id: "yearly", currency: "INR" })).json();
    const b = await activatePayment(database.db, "pay_e2", o2.id, "verify", now);
    expect(b.subscription_end_date).toBe("2027-02-28");
    // an old, lapsed end date restarts from today
    await database.db
      .updateTable("profiles")
      .set({ subscription_end_date: "2025-05-01" })
      .where("id", "=", userId)
      .execute();
    const o3 = (await create(cookie, { plan_id: "monthly", currency: "INR" })).json();
    const c = await activatePayment(database.db, "pay_e3", o3.id, "verify", new Date("2026-06-15T00:00:00Z"));
    expect(c.subscription_end_date).toBe("2026-07-15");
  });

  it("applies parallel verifications of one payment once", async () => {
    const { cookie } = await signUpVerified(app, "parallel@example.com");
    const order = (await create(cookie, { plan_id: "monthly", currency: "INR" })).json();
    const sig = checkoutSignature(order.id, "pay_par", TEST_CHECKOUT_SECRET);
    const payload = { razorpay_order_id: order.id, razorpay_payment_id: "pay_par", razorpay_signature: sig };
    const results = await Promise.all(Array.from({ length: 5 }, () => verify(cookie, payload)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().applied)).toHaveLength(1);
    const ends = new Set(results.map((r) => r.json().subscription_end_date));
    expect(ends.size).toBe(1);
  });
});

describe.each(testDatabases())("payments on $name (Razorpay SDK against a fake Orders API)", (tdb) => {
  it("creates the order through the SDK with the server's amount", async () => {
    const fake = await startFakeRazorpay({ keyId: "rzp_test_abc", keySecret: "shh" });
    const database = await tdb.open();
    const app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions({
        razorpay: { keyId: "rzp_test_abc", keySecret: "shh", webhookSecret: "whsec", apiUrl: fake.url },
      }),
    });
    try {
      const { cookie } = await signUpVerified(app, "sdk@example.com");
      const res = await app.inject({
        method: "POST",
        url: "/api/create-subscription",
        headers: { cookie, ...origin },
        payload: { plan_id: "yearly", currency: "INR", amount: 100 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: "order_fake0000000001",
        amount: 39900,
        mode: "razorpay",
        key_id: "rzp_test_abc",
      });
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]?.body).toMatchObject({ amount: 39900, currency: "INR" });
      // the test checkout is off when Razorpay is configured
      const tc = await app.inject({
        method: "POST",
        url: devToolsPath("/test-checkout/pay"),
        headers: { cookie, ...origin },
        payload: { order_id: res.json().id },
      });
      expect(tc.statusCode).toBe(404);
      // a payment signed with the real secret verifies
      const sig = checkoutSignature(res.json().id, "pay_real_1", "shh");
      const v = await app.inject({
        method: "POST",
        url: "/api/verify-payment",
        headers: { cookie, ...origin },
        payload: {
          razorpay_order_id: res.json().id,
          razorpay_payment_id: "pay_real_1",
          razorpay_signature: sig,
        },
      });
      expect(v.json()).toMatchObject({ success: true, applied: true });
    } finally {
      await app.close();
      await database.close();
      await fake.close();
    }
  });

  it("answers 'Failed to create order' when Razorpay fails", async () => {
    const fake = await startFakeRazorpay({ keyId: "rzp_test_abc", keySecret: "shh", fail: true });
    const database = await tdb.open();
    const app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions({
        razorpay: { keyId: "rzp_test_abc", keySecret: "shh", apiUrl: fake.url },
      }),
    });
    try {
      const { cookie } = await signUpVerified(app, "fail@example.com");
      const res = await app.inject({
        method: "POST",
        url: "/api/create-subscription",
        headers: { cookie, ...origin },
        payload: { plan_id: "monthly", currency: "USD" },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toBe("Failed to create order");
      const orders = await database.db.selectFrom("payment_orders").selectAll().execute();
      expect(orders).toHaveLength(0);
    } finally {
      await app.close();
      await database.close();
      await fake.close();
    }
  });

  it("never runs the test checkout in production", async () => {
    const database = await tdb.open();
    const app = await buildApp({
      database,
      webDistDir: "/nonexistent",
      accounts: testAccountsOptions({ nodeEnv: "production" }),
    });
    try {
      expect((await app.inject({ url: "/api/payments/config" })).json()).toEqual({
        mode: "disabled",
        key_id: null,
        test_checkout_url: null,
      });
      expect((await app.inject({ url: "/dev/outbox" })).statusCode).toBe(404);
      expect((await app.inject({ url: devToolsPath("/outbox") })).statusCode).toBe(404);
      const res = await app.inject({
        method: "POST",
        url: devToolsPath("/test-checkout/pay"),
        payload: { order_id: "x" },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
