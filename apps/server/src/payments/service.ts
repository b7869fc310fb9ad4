import { randomBytes } from "node:crypto";
import { type Kysely, sql } from "kysely";
import Razorpay from "razorpay";
import type { Database, PlanCurrency, PlanId } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { utcDate } from "../tiers/gate.js";
import { amountInMinorUnits, findPlan, type Plan } from "./plans.js";
import type { PaymentSettings } from "./settings.js";
import { checkoutSignature, signaturesMatch } from "./signature.js";

/** What `POST /api/create-subscription` returns: enough to open the checkout window. */
export interface CreatedOrder {
  /** The order id (PRODUCT §7 "Response read: id"). */
  id: string;
  /** Minor units (price × 100), computed by the server. */
  amount: number;
  currency: PlanCurrency;
  plan_id: PlanId;
  /** Public key for the checkout window. */
  key_id: string;
  mode: "razorpay" | "test";
}

/** Creates Razorpay orders. An interface so tests can count calls; production uses the SDK. */
export interface OrdersApi {
  create(params: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<{ id: string; amount: number | string; currency: string }>;
}

/**
 * The official `razorpay` SDK's Orders API. `apiUrl` replaces `https://api.razorpay.com` (the SDK has
 * no option for it, so the axios instance's base URL is changed); tests point it at a fake server.
 */
export function razorpayOrdersApi(keyId: string, keySecret: string, apiUrl?: string): OrdersApi {
  const rzp = new Razorpay({ key_id: keyId, key_secret: keySecret });
  if (apiUrl) {
    const internal = rzp as unknown as { api: { rq: { defaults: { baseURL?: string } } } };
    internal.api.rq.defaults.baseURL = apiUrl.replace(/\/+$/, "");
  }
  return {
    async create(params) {
      const order = await rzp.orders.create(params);
      return { id: order.id, amount: order.amount, currency: order.currency };
    },
  };
}

/**
 * Creates an order for a plan (PRODUCT §7 "create-subscription"). The amount comes from the plan
 * catalogue: whatever amount the client sent is ignored (issue 5).
 * @throws {HttpError} 400 unknown plan or currency; 503 payments disabled; 502 "Failed to create order"
 *   when Razorpay fails.
 */
export async function createOrder(
  db: Kysely<Database>,
  settings: PaymentSettings,
  orders: OrdersApi | null,
  userId: string,
  planId: string,
  currency: string,
): Promise<CreatedOrder> {
  if (settings.mode === "disabled") throw new HttpError(503, settings.reason);
  const plan = findPlan(planId, currency);
  if (!plan) throw new HttpError(400, `Unknown plan ${planId} in ${currency}`);
  const amount = amountInMinorUnits(plan);
  const cur = currency as PlanCurrency;
  let orderId: string;
  if (settings.mode === "razorpay") {
    if (!orders) throw new HttpError(503, "Payments are not configured on this server");
    try {
      const order = await orders.create({
        amount,
        currency: cur,
        receipt: `tonic_${randomBytes(8).toString("hex")}`,
        notes: { user_id: userId, plan_id: plan.id },
      });
      if (!order.id) throw new Error("no order id");
      orderId = order.id;
    } catch {
      throw new HttpError(502, "Failed to create order");
    }
  } else {
    orderId = `order_test_${randomBytes(9).toString("hex")}`;
  }
  await db
    .insertInto("payment_orders")
    .values({
      order_id: orderId,
      user_id: userId,
      plan_id: plan.id,
      currency: cur,
      amount,
      mode: settings.mode,
    })
    .execute();
  return {
    id: orderId,
    amount,
    currency: cur,
    plan_id: plan.id,
    key_id: settings.keyId,
    mode: settings.mode,
  };
}

/** The result of activating a payment. */
export interface Activation {
  /** False when this payment had already been applied (idempotent replay). */
  applied: boolean;
  subscription_end_date: string;
}

class AlreadyApplied extends Error {}

/**
 * Applies a verified payment: PAID, with `subscription_end_date` = the later of today (UTC) and the
 * current end date, plus one month or one year (issue 5). Idempotent: the payment id (and the order id)
 * can be applied once; a replay returns the stored end date and changes nothing.
 * @param source "verify" (browser) or "webhook" (Razorpay).
 * @throws {HttpError} 404 when the order is unknown.
 */
export async function activatePayment(
  db: Kysely<Database>,
  paymentId: string,
  orderId: string,
  source: "verify" | "webhook",
  now: Date = new Date(),
): Promise<Activation> {
  const order = await db
    .selectFrom("payment_orders")
    .selectAll()
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  if (!order) throw new HttpError(404, "Unknown order");
  const existing = async () => {
    const row = await db
      .selectFrom("payments")
      .select(sql<string>`to_char(subscription_end_date, 'YYYY-MM-DD')`.as("end_date"))
      .where((eb) => eb.or([eb("payment_id", "=", paymentId), eb("order_id", "=", orderId)]))
      .executeTakeFirst();
    return row?.end_date;
  };
  const before = await existing();
  if (before) return { applied: false, subscription_end_date: before };
  const today = utcDate(now);
  const step = order.plan_id === "yearly" ? sql`interval '1 year'` : sql`interval '1 month'`;
  try {
    return await db.transaction().execute(async (trx) => {
      const updated = await sql<{ end_date: string }>`
        update profiles
        set user_type = 'PAID',
            subscription_end_date = (greatest(coalesce(subscription_end_date, ${today}::date), ${today}::date) + ${step})::date
        where id = ${order.user_id}
        returning to_char(subscription_end_date, 'YYYY-MM-DD') as end_date`.execute(trx);
      const endDate = updated.rows[0]?.end_date;
      if (!endDate) throw new HttpError(404, "Unknown user");
      const inserted = await trx
        .insertInto("payments")
        .values({
          payment_id: paymentId,
          order_id: orderId,
          user_id: order.user_id,
          plan_id: order.plan_id,
          currency: order.currency,
          amount: order.amount,
          source,
          subscription_end_date: endDate,
        })
        .onConflict((oc) => oc.doNothing())
        .returning("payment_id")
        .executeTakeFirst();
      if (!inserted) throw new AlreadyApplied(); // roll the profile change back
      return { applied: true, subscription_end_date: endDate };
    });
  } catch (err) {
    if (err instanceof AlreadyApplied) {
      const after = await existing();
      if (after) return { applied: false, subscription_end_date: after };
    }
    throw err;
  }
}

/** Body of `POST /api/verify-payment` (PRODUCT §7). */
export interface VerifyInput {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

/**
 * Checks the checkout signature in constant time and activates the subscription (PRODUCT §7
 * "verify-payment"). The order must belong to the signed-in user.
 * @throws {HttpError} 400 "Payment verification failed" for a wrong/truncated signature or a foreign
 *   or unknown order; 503 when payments are disabled.
 */
export async function verifyPayment(
  db: Kysely<Database>,
  settings: PaymentSettings,
  userId: string,
  input: VerifyInput,
  now: Date = new Date(),
): Promise<Activation> {
  if (settings.mode === "disabled") throw new HttpError(503, settings.reason);
  const expected = checkoutSignature(input.razorpay_order_id, input.razorpay_payment_id, settings.keySecret);
  if (!signaturesMatch(expected, input.razorpay_signature))
    throw new HttpError(400, "Payment verification failed");
  const order = await db
    .selectFrom("payment_orders")
    .select(["user_id", "mode"])
    .where("order_id", "=", input.razorpay_order_id)
    .executeTakeFirst();
  if (!order || order.user_id !== userId || order.mode !== settings.mode) {
    throw new HttpError(400, "Payment verification failed");
  }
  return activatePayment(db, input.razorpay_payment_id, input.razorpay_order_id, "verify", now);
}

/** Re-exported for the routes' price check. */
export type { Plan };
