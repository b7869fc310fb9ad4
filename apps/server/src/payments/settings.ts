import type { AccountsOptions } from "../auth/plugin.js";

/**
 * Secret of the local test checkout (used only when RAZORPAY_KEY_ID is not set and NODE_ENV is not
 * production). It is public on purpose: test payments grant nothing outside a local set-up.
 */
export const TEST_CHECKOUT_SECRET = "tonic-local-test-checkout-secret";
/** The key id the web app is given in test checkout mode. */
export const TEST_CHECKOUT_KEY_ID = "rzp_test_tonic_local";

/** How payments run. */
export type PaymentSettings =
  | {
      mode: "razorpay";
      keyId: string;
      keySecret: string;
      /** null: the webhook is disabled (answers 503). */
      webhookSecret: string | null;
      apiUrl?: string;
    }
  | { mode: "test"; keyId: string; keySecret: string; webhookSecret: string }
  | { mode: "disabled"; reason: string };

interface WarnLogger {
  warn(msg: string): void;
}

/**
 * Chooses the payment mode: Razorpay when keys are set; otherwise the local test checkout outside
 * production; otherwise disabled (a production server never fakes payments).
 */
export function paymentSettings(
  opts: AccountsOptions,
  production: boolean,
  log: WarnLogger,
): PaymentSettings {
  if (opts.razorpay) {
    return {
      mode: "razorpay",
      keyId: opts.razorpay.keyId,
      keySecret: opts.razorpay.keySecret,
      webhookSecret: opts.razorpay.webhookSecret ?? null,
      apiUrl: opts.razorpay.apiUrl,
    };
  }
  if (production) {
    log.warn("RAZORPAY_KEY_ID is not set: payments are disabled in production");
    return { mode: "disabled", reason: "Payments are not configured on this server" };
  }
  log.warn("RAZORPAY_KEY_ID is not set: using the local TEST checkout (no real payments)");
  return {
    mode: "test",
    keyId: TEST_CHECKOUT_KEY_ID,
    keySecret: TEST_CHECKOUT_SECRET,
    webhookSecret: opts.webhookSecret ?? TEST_CHECKOUT_SECRET,
  };
}
