import { ContactRequest } from "@tonic/api";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";

/** The body of `POST /api/contact` (PRODUCT §5 "Contact form"), from the API contract. */
export const ContactBody = ContactRequest;
export type ContactBody = ContactRequest;

/**
 * Stores one contact message in `contact_messages` (PRODUCT §3, §7) unless the honeypot is filled.
 * @param db the database.
 * @param body the validated form.
 * @returns `"stored"` when saved, `"discarded"` when the honeypot caught a bot (nothing is written).
 */
export async function saveContactMessage(
  db: Kysely<Database>,
  body: ContactBody,
): Promise<"stored" | "discarded"> {
  if (body.website && body.website.trim() !== "") return "discarded";
  await db
    .insertInto("contact_messages")
    .values({ name: body.name, email: body.email, subject: body.subject, message: body.message })
    .execute();
  return "stored";
}
