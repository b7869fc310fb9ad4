import { randomBytes } from "node:crypto";
import {
  CreatedOrder,
  CreateSubscriptionRequest,
  PaymentsConfig,
  PlanCatalogue,
  TestPayRequest,
  TestPayResponse,
  VerifyPaymentRequest,
  VerifyPaymentResponse,
} from "@tonic/api";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { AccountsContext } from "../auth/accounts.js";
import { requireSessionUser } from "../auth/session.js";
import { HttpError } from "../lib/errors.js";
import { serialize } from "../lib/http.js";
import { devToolsVisible, requireLocalRequest } from "../security/local-mode.js";
import { PLAN_CATALOGUE } from "./plans.js";
import { activatePayment, createOrder, type OrdersApi, razorpayOrdersApi, verifyPayment } from "./service.js";
import { checkoutSignature, signaturesMatch, webhookSignature } from "./signature.js";

const SIGN_IN_TO_SUBSCRIBE = "Please sign in to subscribe";

const WebhookEvent = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z
        .object({ entity: z.object({ id: z.string(), order_id: z.string().nullable().optional() }) })
        .optional(),
    })
    .optional(),
});

/**
 * Plans and payments (PRODUCT §4 "Payment", §7 "Product API", §9):
 * - `GET /api/plans` → the plan catalogue (single source of truth for prices);
 * - `GET /api/payments/config` → `{ mode: "razorpay" | "test" | "disabled", key_id, test_checkout_url }`
 *   (`test_checkout_url` only for a browser on this machine that opened the development tools' URL);
 * - `POST /api/create-subscription` `{ plan_id, currency }` → order (`id`, server-computed `amount`);
 * - `POST /api/verify-payment` `{ razorpay_payment_id, razorpay_order_id, razorpay_signature }` →
 *   `{ success: true, subscription_end_date }`;
 * - `POST /api/razorpay/webhook` (header `X-Razorpay-Signature`) → activates on `payment.captured`/`order.paid`;
 * - `POST /dev/<token>/test-checkout/pay` `{ order_id }` → a correctly signed test payment (test mode,
 *   which needs the development tools: `DEV_TOOLS=1`, never in production; only for requests from this
 *   machine).
 */
export const paymentRoutes: FastifyPluginAsync<{ ctx: AccountsContext; orders?: OrdersApi }> = async (
  app,
  { ctx, orders },
) => {
  const settings = ctx.payments;
  const ordersApi: OrdersApi | null =
    orders ??
    (settings.mode === "razorpay"
      ? razorpayOrdersApi(settings.keyId, settings.keySecret, settings.apiUrl)
      : null);

  app.get("/api/plans", async () => serialize(PlanCatalogue, PLAN_CATALOGUE));

  const testCheckoutUrl =
    settings.mode === "test" && ctx.devTools ? `${ctx.devTools.prefix}/test-checkout/pay` : null;

  app.get("/api/payments/config", async (request, reply) => {
    reply.header("cache-control", "no-store");
    return serialize(PaymentsConfig, {
      mode: settings.mode,
      key_id: settings.mode === "disabled" ? null : settings.keyId,
      test_checkout_url: testCheckoutUrl && devToolsVisible(request, ctx.devTools) ? testCheckoutUrl : null,
    });
  });

  app.post("/api/create-subscription", async (request) => {
    const user = await requireSessionUser(request, SIGN_IN_TO_SUBSCRIBE);
    const body = CreateSubscriptionRequest.parse(request.body ?? {});
    if (body.user_id && body.user_id !== user.id)
      throw new HttpError(403, "You can only subscribe for yourself");
    return serialize(
      CreatedOrder,
      await createOrder(ctx.db, settings, ordersApi, user.id, body.plan_id, body.currency),
    );
  });

  app.post("/api/verify-payment", async (request) => {
    const user = await requireSessionUser(request, SIGN_IN_TO_SUBSCRIBE);
    const body = VerifyPaymentRequest.parse(request.body ?? {});
    const res = await verifyPayment(ctx.db, settings, user.id, body);
    return serialize(VerifyPaymentResponse, {
      success: true,
      subscription_end_date: res.subscription_end_date,
      applied: res.applied,
    });
  });

  if (testCheckoutUrl && settings.mode === "test") {
    const keySecret = settings.keySecret;
    app.post(testCheckoutUrl, async (request) => {
      requireLocalRequest(request);
      const user = await requireSessionUser(request, SIGN_IN_TO_SUBSCRIBE);
      const body = TestPayRequest.parse(request.body ?? {});
      const order = await ctx.db
        .selectFrom("payment_orders")
        .select(["user_id", "mode"])
        .where("order_id", "=", body.order_id)
        .executeTakeFirst();
      if (!order || order.user_id !== user.id || order.mode !== "test")
        throw new HttpError(404, "Unknown order");
      const paymentId = `pay_test_${randomBytes(9).toString("hex")}`;
      return serialize(TestPayResponse, {
        razorpay_payment_id: paymentId,
        razorpay_order_id: body.order_id,
        razorpay_signature: checkoutSignature(body.order_id, paymentId, keySecret),
      });
    });
  }

  // The webhook needs the exact bytes Razorpay signed, so JSON is kept raw in this scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) =>
      done(null, body),
    );
    scope.post("/api/razorpay/webhook", async (request, reply) => {
      const secret = settings.mode === "disabled" ? null : settings.webhookSecret;
      if (!secret)
        throw new HttpError(503, "The Razorpay webhook is not configured (RAZORPAY_WEBHOOK_SECRET)");
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body ?? ""));
      const received = request.headers["x-razorpay-signature"];
      if (typeof received !== "string" || !signaturesMatch(webhookSignature(raw, secret), received)) {
        throw new HttpError(400, "Invalid webhook signature");
      }
      let event: z.infer<typeof WebhookEvent>;
      try {
        event = WebhookEvent.parse(JSON.parse(raw.toString("utf8")));
      } catch {
        throw new HttpError(400, "Invalid webhook body");
      }
      const payment = event.payload?.payment?.entity;
      if (!["payment.captured", "order.paid"].includes(event.event) || !payment?.order_id) {
        return reply.send({ ok: true, ignored: true });
      }
      const known = await ctx.db
        .selectFrom("payment_orders")
        .select("order_id")
        .where("order_id", "=", payment.order_id)
        .executeTakeFirst();
      if (!known) return reply.send({ ok: true, ignored: true });
      const res = await activatePayment(ctx.db, payment.id, payment.order_id, "webhook");
      return reply.send({ ok: true, applied: res.applied, subscription_end_date: res.subscription_end_date });
    });
  });
};
