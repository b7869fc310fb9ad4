// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { Plan } from "@tonic/api";
import { HttpResponse, http } from "msw";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentToasts } from "@/components/toast/store";
import { server } from "@/test/msw";
import { TEST_CHECKOUT_HIDDEN, useCheckout } from "./useCheckout";

const plan: Plan = {
  id: "yearly",
  name: "Annual",
  price: 399,
  interval: "year",
  originalPrice: 1188,
  savings: 66,
  badge: "BEST VALUE",
  popular: true,
  features: [],
};

const me = http.get("*/api/me", () =>
  HttpResponse.json({
    user: { id: "u1", email: "a@example.com", name: "A", image: null },
    profile: {
      username: "a",
      user_type: "FREE",
      subscription_end_date: null,
      created_at: "2026-01-01T00:00:00.000Z",
      profile_picture_url: null,
    },
  }),
);
const testMode = http.get("*/api/payments/config", () =>
  HttpResponse.json({
    mode: "test",
    key_id: "rzp_test_tonic_local",
    test_checkout_url: "/dev/0123456789abcdef0123456789abcdef/test-checkout/pay",
  }),
);

function wrapper({ children }: { children: ReactNode }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

async function signedIn() {
  const hook = renderHook(() => useCheckout(), { wrapper });
  // the session loads from /api/me before a checkout can start
  await waitFor(() => expect(hook.result.current.state.error).toBeNull());
  return hook;
}

describe("useCheckout (test checkout mode)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("creates the order, pays in the test checkout, verifies on the server and welcomes the user", async () => {
    const bodies: Record<string, unknown> = {};
    server.use(
      me,
      testMode,
      http.post("*/api/create-subscription", async ({ request }) => {
        bodies.create = await request.json();
        return HttpResponse.json({
          id: "order_test_1",
          amount: 39900,
          currency: "INR",
          plan_id: "yearly",
          key_id: "rzp_test_tonic_local",
          mode: "test",
        });
      }),
      http.post("*/dev/0123456789abcdef0123456789abcdef/test-checkout/pay", async ({ request }) => {
        bodies.pay = await request.json();
        return HttpResponse.json({
          razorpay_payment_id: "pay_1",
          razorpay_order_id: "order_test_1",
          razorpay_signature: "sig",
        });
      }),
      http.post("*/api/verify-payment", async ({ request }) => {
        bodies.verify = await request.json();
        return HttpResponse.json({ success: true, subscription_end_date: "2027-01-01", applied: true });
      }),
    );
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const { result } = await signedIn();
    await waitFor(() => expect(result.current.state.testOrder).toBeNull());
    await act(() => result.current.start(plan, "INR"));
    // The session may still be loading on the first click: wait for the order either way.
    await waitFor(async () => {
      if (!result.current.state.testOrder) await act(() => result.current.start(plan, "INR"));
      expect(result.current.state.testOrder).toMatchObject({ id: "order_test_1", amount: 39900 });
    });
    expect(result.current.state.processing).toBe("yearly");
    expect(bodies.create).toMatchObject({ plan_id: "yearly", currency: "INR", user_id: "u1" });
    await act(() => result.current.payTest());
    await waitFor(() => expect(currentToasts()).toHaveLength(1));
    expect(bodies.pay).toEqual({ order_id: "order_test_1" });
    expect(bodies.verify).toMatchObject({ razorpay_payment_id: "pay_1", plan_id: "yearly" });
    expect(currentToasts()[0]).toMatchObject({ tone: "success" });
    expect(currentToasts()[0]?.message).toContain("Payment successful!");
    expect(currentToasts()[0]?.message).toContain("valid until 2027-01-01");
    // No native alert, and the checkout is finished on the page itself.
    expect(alert).not.toHaveBeenCalled();
    expect(result.current.state).toMatchObject({ processing: null, testOrder: null, error: null });
  });

  it("shows 'Failed to create order' when the server refuses the order", async () => {
    server.use(
      me,
      testMode,
      http.post("*/api/create-subscription", () =>
        HttpResponse.json({ error: "Payments are not configured" }, { status: 503 }),
      ),
    );
    const { result } = await signedIn();
    await waitFor(async () => {
      await act(() => result.current.start(plan, "INR"));
      expect(result.current.state.error).toBe("Failed to create order");
    });
    expect(result.current.state).toMatchObject({ processing: null, orderError: true });
  });

  it("asks for the development tools' address when the server hides the test checkout from this browser", async () => {
    let orders = 0;
    server.use(
      me,
      http.get("*/api/payments/config", () =>
        HttpResponse.json({ mode: "test", key_id: "rzp_test_tonic_local", test_checkout_url: null }),
      ),
      http.post("*/api/create-subscription", () => {
        orders++;
        return HttpResponse.json({ error: "unexpected" }, { status: 500 });
      }),
    );
    const { result } = await signedIn();
    await waitFor(async () => {
      await act(() => result.current.start(plan, "INR"));
      expect(result.current.state.error).toBe(TEST_CHECKOUT_HIDDEN);
    });
    expect(result.current.state).toMatchObject({ processing: null, testOrder: null });
    expect(orders).toBe(0);
  });
});
