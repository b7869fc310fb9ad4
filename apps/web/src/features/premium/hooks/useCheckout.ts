import { useQueryClient } from "@tanstack/react-query";
import type { CreatedOrder, Plan, PlanCurrency } from "@tonic/api";
import { useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "@/components/toast";
import { useSession } from "@/lib/auth";
import {
  type CheckoutResult,
  createSubscription,
  getPaymentsConfig,
  payTestOrder,
  verifyPayment,
} from "../api/checkout";

export type { CheckoutResult };

interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { email?: string };
  theme: { color: string };
  handler: (res: CheckoutResult) => void;
  modal: { ondismiss: () => void };
}

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => { open(): void };
  }
}

/** Razorpay's checkout script, loaded on demand (PRODUCT §7). */
export const RAZORPAY_SCRIPT = "https://checkout.razorpay.com/v1/checkout.js";
/** PRODUCT §9 "Payment retry: max 3 attempts, 2 s delay". */
export const VERIFY_RETRIES = 3;
export const VERIFY_RETRY_DELAY_MS = 2000;

/**
 * Shown when the server offers only the test checkout but this browser has not opened the development
 * tools' address the server printed at start (the test checkout's address is secret: it changes at every start).
 */
export const TEST_CHECKOUT_HIDDEN =
  "This server takes test payments only. Open the development tools' address printed in the server's console in this browser, then try again.";

let scriptPromise: Promise<boolean> | null = null;

/** Loads the checkout script once; resolves false when it cannot be loaded. */
function loadRazorpay(): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  scriptPromise ??= new Promise<boolean>((resolve) => {
    const s = document.createElement("script");
    s.src = RAZORPAY_SCRIPT;
    s.async = true;
    s.onload = () => resolve(Boolean(window.Razorpay));
    s.onerror = () => {
      scriptPromise = null;
      resolve(false);
    };
    document.body.appendChild(s);
  });
  return scriptPromise;
}

export interface CheckoutState {
  /** The plan id being bought while processing ("Processing..." on its button), else null. */
  processing: Plan["id"] | null;
  /** The error to show (e.g. "Please sign in to subscribe", "Failed to create order"). */
  error: string | null;
  /** True when `error` came from creating the order (shown under "Payment Error"). */
  orderError: boolean;
  /** "Retrying... Attempt n of 3" while verification is retried. */
  retrying: string | null;
  /** The order waiting in the local test checkout (and where its "Pay" posts), or null. */
  testOrder: (CreatedOrder & { plan: Plan; payUrl: string }) | null;
}

/**
 * The payment flow of PRODUCT §4 "Payment": idle → processing ("Processing...", disabled) → checkout
 * window (Razorpay's, or the local test checkout when the server has no Razorpay keys) → verify on the
 * server → a success toast (no native alert) and every query read again, so the page shows the new plan
 * without a reload. Dismissing ends processing; a failed verification shows the error and retries after
 * 2 s, up to 3 times ("Retrying... Attempt n of 3").
 */
export function useCheckout() {
  const session = useSession();
  const queryClient = useQueryClient();
  const [state, setState] = useState<CheckoutState>({
    processing: null,
    error: null,
    orderError: false,
    retrying: null,
    testOrder: null,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const verify = useCallback(
    async (result: CheckoutResult, plan: Plan, attempt: number): Promise<void> => {
      try {
        const res = await verifyPayment({ ...result, plan_id: plan.id });
        setState((s) => ({ ...s, processing: null, retrying: null, error: null, testOrder: null }));
        showToast(
          `Payment successful! Welcome to Tonic Premium. Your subscription is valid until ${res.subscription_end_date}.`,
          "success",
        );
        // Re-read the session, usage and everything else the plan changes, without leaving the page.
        await queryClient.invalidateQueries();
      } catch {
        if (attempt >= VERIFY_RETRIES) {
          setState((s) => ({ ...s, processing: null, retrying: null, error: "Payment verification failed" }));
          return;
        }
        const next = attempt + 1;
        setState((s) => ({
          ...s,
          error: "Payment verification failed",
          retrying: `Retrying... Attempt ${next} of ${VERIFY_RETRIES}`,
        }));
        await new Promise<void>((r) => {
          timer.current = setTimeout(r, VERIFY_RETRY_DELAY_MS);
        });
        await verify(result, plan, next);
      }
    },
    [queryClient],
  );

  /** Starts buying `plan` in `currency`. */
  const start = useCallback(
    async (plan: Plan, currency: PlanCurrency) => {
      if (session.status !== "signed-in" || !session.user) {
        setState((s) => ({ ...s, error: "Please sign in to subscribe", orderError: false }));
        return;
      }
      setState({ processing: plan.id, error: null, orderError: false, retrying: null, testOrder: null });
      let config: Awaited<ReturnType<typeof getPaymentsConfig>>;
      try {
        config = await getPaymentsConfig();
      } catch (err) {
        setState((s) => ({
          ...s,
          processing: null,
          error: err instanceof Error ? err.message : "Payment error",
        }));
        return;
      }
      if (config.mode === "test" && !config.test_checkout_url) {
        setState((s) => ({ ...s, processing: null, error: TEST_CHECKOUT_HIDDEN }));
        return;
      }
      if (config.mode === "razorpay" && !(await loadRazorpay())) {
        setState((s) => ({ ...s, processing: null, error: "Razorpay SDK failed to load" }));
        return;
      }
      let order: CreatedOrder;
      try {
        order = await createSubscription({
          plan_id: plan.id,
          user_id: session.user.id,
          amount: plan.price,
          currency,
        });
      } catch {
        setState((s) => ({ ...s, processing: null, error: "Failed to create order", orderError: true }));
        return;
      }
      if (order.mode === "test") {
        const payUrl = config.test_checkout_url;
        if (!payUrl) {
          setState((s) => ({ ...s, processing: null, error: TEST_CHECKOUT_HIDDEN }));
          return;
        }
        setState((s) => ({ ...s, testOrder: { ...order, plan, payUrl } }));
        return;
      }
      const Rzp = window.Razorpay;
      if (!Rzp) {
        setState((s) => ({ ...s, processing: null, error: "Razorpay SDK failed to load" }));
        return;
      }
      new Rzp({
        key: order.key_id,
        amount: order.amount,
        currency: order.currency,
        order_id: order.id,
        name: "Tonic",
        description: `Tonic Premium · ${plan.name}`,
        prefill: { email: session.user.email },
        theme: { color: "#7c3aed" },
        handler: (res) => void verify(res, plan, 1),
        modal: { ondismiss: () => setState((s) => ({ ...s, processing: null })) },
      }).open();
    },
    [session.status, session.user, verify],
  );

  /** The test checkout's "Pay" button: asks the server for a correctly signed test payment, then verifies it. */
  const payTest = useCallback(async () => {
    const order = state.testOrder;
    if (!order) return;
    setState((s) => ({ ...s, testOrder: null }));
    try {
      await verify(await payTestOrder(order.payUrl, order.id), order.plan, 1);
    } catch (err) {
      setState((s) => ({
        ...s,
        processing: null,
        error: err instanceof Error ? err.message : "Payment failed",
      }));
    }
  }, [state.testOrder, verify]);

  /** Closing a checkout window without paying (PRODUCT §4: processing ends). */
  const dismiss = useCallback(() => setState((s) => ({ ...s, testOrder: null, processing: null })), []);

  return { state, start, payTest, dismiss };
}
