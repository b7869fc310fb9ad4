import * as z from "zod/mini";
import { IsoDate } from "./common.js";
import { PLAN_CURRENCIES, PLAN_IDS } from "./constants.js";

/** PRODUCT §3 "Subscription plan"; prices in major units (₹ / $). */
export const Plan = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  price: z.number().check(z.positive()),
  interval: z.enum(["month", "year"]),
  /** The struck-through price, or null. */
  originalPrice: z.nullable(z.number()),
  /** Savings in percent against `originalPrice`, or null. */
  savings: z.nullable(z.number()),
  badge: z.nullable(z.string()),
  popular: z.boolean(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof Plan>;

/** The plans of one currency, with display helpers. */
export const PlanCatalogueEntry = z.object({
  currency: z.enum(PLAN_CURRENCIES),
  /** "₹" or "$". */
  symbol: z.string(),
  /** Switch label: "India (₹)" / "International ($)". */
  label: z.string(),
  plans: z.array(Plan),
});
export type PlanCatalogueEntry = z.infer<typeof PlanCatalogueEntry>;

/** `GET /api/plans`: the single source of truth for prices (PRODUCT §9). */
export const PlanCatalogue = z.object({
  currencies: z.array(PlanCatalogueEntry),
  premiumFeatures: z.array(z.string()),
  freeFeatures: z.array(z.string()),
  freeDailyLimit: z.number().check(z.int(), z.positive()),
  refundDays: z.number().check(z.int(), z.positive()),
});
export type PlanCatalogue = z.infer<typeof PlanCatalogue>;

/**
 * `GET /api/payments/config`. `test_checkout_url`: where the test checkout's "Pay" posts (test mode);
 * the server tells it only to a browser on its own machine that opened the development tools' URL.
 */
export const PaymentsConfig = z.object({
  mode: z.enum(["razorpay", "test", "disabled"]),
  key_id: z.nullable(z.string()),
  test_checkout_url: z.nullable(z.string()),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** `POST /api/create-subscription` body; `amount` is accepted for PRODUCT §7 compatibility and ignored. */
export const CreateSubscriptionRequest = z.object({
  plan_id: z.enum(PLAN_IDS),
  currency: z._default(z.enum(PLAN_CURRENCIES), "INR"),
  user_id: z.optional(z.string()),
  amount: z.optional(z.unknown()),
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;

/** `POST /api/create-subscription` response: enough to open the checkout window. */
export const CreatedOrder = z.object({
  id: z.string(),
  /** Minor units (price × 100), computed by the server. */
  amount: z.number().check(z.int(), z.positive()),
  currency: z.enum(PLAN_CURRENCIES),
  plan_id: z.enum(PLAN_IDS),
  key_id: z.string(),
  mode: z.enum(["razorpay", "test"]),
});
export type CreatedOrder = z.infer<typeof CreatedOrder>;

/** What Razorpay's checkout (or the test checkout) hands back. */
export const VerifyPaymentRequest = z.object({
  razorpay_payment_id: z.string().check(z.minLength(1), z.maxLength(100)),
  razorpay_order_id: z.string().check(z.minLength(1), z.maxLength(100)),
  razorpay_signature: z.string().check(z.minLength(1), z.maxLength(200)),
  user_id: z.optional(z.string()),
  plan_id: z.optional(z.string()),
});
export type VerifyPaymentRequest = z.infer<typeof VerifyPaymentRequest>;

/** `POST /api/verify-payment` response. */
export const VerifyPaymentResponse = z.object({
  success: z.literal(true),
  subscription_end_date: IsoDate,
  applied: z.boolean(),
});
export type VerifyPaymentResponse = z.infer<typeof VerifyPaymentResponse>;

/** `POST /dev/<token>/test-checkout/pay` body (test mode, development tools only). */
export const TestPayRequest = z.object({ order_id: z.string().check(z.minLength(1), z.maxLength(100)) });
/** `POST /dev/<token>/test-checkout/pay` response: a correctly signed test payment. */
export const TestPayResponse = z.pick(VerifyPaymentRequest, {
  razorpay_payment_id: true,
  razorpay_order_id: true,
  razorpay_signature: true,
});
export type TestPayRequest = z.infer<typeof TestPayRequest>;
export type TestPayResponse = z.infer<typeof TestPayResponse>;
