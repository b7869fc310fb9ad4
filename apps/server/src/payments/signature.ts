import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Razorpay's checkout signature: hex HMAC-SHA256 of `order_id|payment_id` with the key secret.
 * @returns 64 lowercase hex characters.
 */
export function checkoutSignature(orderId: string, paymentId: string, secret: string): string {
  return createHmac("sha256", secret).update(`${orderId}|${paymentId}`).digest("hex");
}

/**
 * Razorpay's webhook signature: hex HMAC-SHA256 of the raw request body with the webhook secret.
 * @returns 64 lowercase hex characters.
 */
export function webhookSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/**
 * Compares a received hex signature with the expected one in constant time.
 * @returns false for any difference, including a different length (truncated) or non-hex input.
 */
export function signaturesMatch(expectedHex: string, receivedHex: string): boolean {
  if (!/^[0-9a-f]+$/i.test(receivedHex)) return false;
  const a = Buffer.from(expectedHex, "hex");
  const b = Buffer.from(receivedHex.toLowerCase(), "hex");
  if (a.length !== b.length || a.length === 0) return false;
  return timingSafeEqual(a, b);
}
