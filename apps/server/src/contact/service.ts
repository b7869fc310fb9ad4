import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.js";

/** Text that is non-empty once trimmed (SPEC §5: every contact field is required, no length bounds). */
const requiredText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` });

/**
 * The body of `POST /api/contact` (SPEC §5 "Contact form"). `website` is a honeypot: the form hides it
 * from people, so any value means a bot filled the form in.
 */
export const ContactBody = z.object({
  name: requiredText("Name"),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { error: "Email is required" })
    .pipe(z.email({ error: "Email must be a valid e-mail address" })),
  subject: requiredText("Subject"),
  message: requiredText("Message"),
  website: z.string().optional(),
});
export type ContactBody = z.infer<typeof ContactBody>;

/**
 * Stores one contact message in `contact_messages` (SPEC §3, §7) unless the honeypot is filled.
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
