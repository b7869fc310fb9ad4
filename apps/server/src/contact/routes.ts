import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { HttpError } from "../lib/errors.js";
import { ContactBody, saveContactMessage } from "./service.js";

export interface ContactRoutesOptions {
  db: Kysely<Database>;
  /** Messages one client (IP address) may send per window; default 5. */
  rateLimitMax?: number;
  /** Length of the rate-limit window in milliseconds; default 10 minutes. */
  rateLimitWindowMs?: number;
}

/**
 * `POST /api/contact` (PRODUCT §7 contact_messages insert): JSON `{ name, email, subject, message, website? }`.
 * Responds 201 `{ ok: true }`; 400 `{ error }` for missing fields or a bad e-mail; 429 `{ error }` when the
 * client sent too many messages. A filled honeypot (`website`) gets the same 201 but nothing is stored.
 * The rate limiter is registered inside this plugin, so it only applies to this route.
 */
export async function contactRoutes(app: FastifyInstance, opts: ContactRoutesOptions) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many messages. Please try again in ${ctx.after}.`),
  });
  app.post(
    "/api/contact",
    {
      config: {
        rateLimit: {
          max: opts.rateLimitMax ?? 5,
          timeWindow: opts.rateLimitWindowMs ?? 10 * 60_000,
        },
      },
    },
    async (request, reply) => {
      const body = ContactBody.parse(request.body ?? {});
      await saveContactMessage(opts.db, body);
      return reply.status(201).send({ ok: true });
    },
  );
}
