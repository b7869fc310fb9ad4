import { randomBytes } from "node:crypto";

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

/** The payment part of the accounts options (see `.env.example`). */
export interface PaymentOptions {
  razorpay?: { keyId: string; keySecret: string; webhookSecret?: string; apiUrl?: string };
  /** Webhook secret when Razorpay keys are not set (test checkout mode). */
  webhookSecret?: string;
  /** Signing secret of the local test checkout (tests); default: random per process. */
  testCheckoutSecret?: string;
}

interface WarnLogger {
  warn(msg: string): void;
}

/**
 * Chooses the payment mode: Razorpay when keys are set; otherwise the local test checkout when the
 * development tools are on (never in production); otherwise disabled (a production server never fakes
 * payments).
 * @param mode.testCheckout the development tools are on (`DEV_TOOLS=1`), which serve the test checkout.
 */
export function paymentSettings(
  opts: PaymentOptions,
  mode: { production: boolean; testCheckout: boolean },
  log: WarnLogger,
): PaymentSettings {
  const { production } = mode;
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
  if (!mode.testCheckout) {
    log.warn("RAZORPAY_KEY_ID is not set and DEV_TOOLS is off: payments are disabled");
    return { mode: "disabled", reason: "Payments are not configured on this server" };
  }
  log.warn(
    "RAZORPAY_KEY_ID is not set: using the local TEST checkout of the development tools (no real payments)",
  );
  // Random per process (tests may fix it): a public constant would let anyone sign their own payment.
  const secret = opts.testCheckoutSecret ?? randomBytes(32).toString("hex");
  return {
    mode: "test",
    keyId: TEST_CHECKOUT_KEY_ID,
    keySecret: secret,
    webhookSecret: opts.webhookSecret ?? secret,
  };
}
