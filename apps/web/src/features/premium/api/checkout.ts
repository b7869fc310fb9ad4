import {
  CreatedOrder,
  PaymentsConfig,
  type PlanCurrency,
  type PlanId,
  TestPayResponse,
  type VerifyPaymentRequest,
  VerifyPaymentResponse,
} from "@tonic/api";
import type * as z from "zod/mini";
import { api } from "@/lib/api";

/** How the server takes payments (`GET /api/payments/config`). */
export function getPaymentsConfig(): Promise<PaymentsConfig> {
  return api("/api/payments/config", PaymentsConfig);
}

/**
 * Creates the order of a plan (`POST /api/create-subscription`). `amount` is sent for PRODUCT §7
 * compatibility; the server ignores it and computes its own.
 */
export function createSubscription(body: {
  plan_id: PlanId;
  currency: PlanCurrency;
  user_id: string;
  amount: number;
}): Promise<CreatedOrder> {
  return api("/api/create-subscription", CreatedOrder, { method: "POST", json: body });
}

/** Verifies a checkout's signed payment on the server (`POST /api/verify-payment`). */
export function verifyPayment(body: VerifyPaymentRequest): Promise<VerifyPaymentResponse> {
  return api("/api/verify-payment", VerifyPaymentResponse, { method: "POST", json: body });
}

/** The checkout window's success payload (Razorpay's handler response). */
export type CheckoutResult = z.infer<typeof TestPayResponse>;

/**
 * The local test checkout's "Pay": a correctly signed test payment.
 * @param url the test checkout's address of this server start (`PaymentsConfig.test_checkout_url`).
 */
export function payTestOrder(url: string, orderId: string): Promise<CheckoutResult> {
  return api(url, TestPayResponse, { method: "POST", json: { order_id: orderId } });
}
