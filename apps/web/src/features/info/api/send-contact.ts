import { type ContactRequest, OkResponse } from "@tonic/api";
import { api } from "@/lib/api";

/**
 * Sends the contact form (`POST /api/contact`, PRODUCT §5).
 * @throws {ApiError} 400 for a missing field or a bad e-mail, 429 when too many messages were sent.
 */
export function sendContact(body: ContactRequest): Promise<OkResponse> {
  return api("/api/contact", OkResponse, { method: "POST", json: body });
}
