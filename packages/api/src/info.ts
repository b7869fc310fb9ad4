import { z } from "zod";

/** Text that is non-empty once trimmed (SPEC §5: every contact field is required). */
const requiredText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` });

/**
 * `POST /api/contact` body (SPEC §5 "Contact form"). `website` is a honeypot: the form hides it from
 * people, so any value means a bot filled the form in. Answer: 201 {@link OkResponse}.
 */
export const ContactRequest = z.object({
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
export type ContactRequest = z.infer<typeof ContactRequest>;

/** Event names: lower-case words joined by `_`, `-` or `:` (e.g. `pageview`, `pwa_installed`). */
const EventName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9][a-z0-9_:-]*$/, { error: "name must be lower-case letters, digits, _, - or :" });

/** A property value: short text, a finite number or a boolean. */
const PropValue = z.union([z.string().max(200), z.number().finite(), z.boolean()]);

/**
 * `POST /api/analytics` body. `path` is the page's pathname (and hash); the server drops any query
 * string. Answer: 202 {@link OkResponse}.
 */
export const AnalyticsRequest = z.object({
  name: EventName,
  path: z.string().trim().min(1).max(2048).startsWith("/"),
  referrer: z.string().max(2048).optional(),
  props: z
    .record(z.string().min(1).max(40), PropValue)
    .refine((r) => Object.keys(r).length <= 10, { error: "at most 10 props" })
    .optional(),
});
export type AnalyticsRequest = z.infer<typeof AnalyticsRequest>;

/**
 * `GET /api/health` (operator view): the database (`writable`: a write was accepted), free disk in the
 * data folder (bytes), the job queue depth, and whether link analysis tools are usable (yt-dlp's age in days).
 */
export const HealthResponse = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean(), writable: z.boolean() }),
  disk: z.object({ path: z.string(), freeBytes: z.number(), ok: z.boolean() }).nullable(),
  queue: z.object({ queued: z.number().int(), running: z.number().int() }).nullable(),
  linkAnalysis: z.object({
    usable: z.boolean(),
    ytDlp: z.object({
      version: z.string().nullable(),
      ageDays: z.number().nullable(),
      outdated: z.boolean(),
    }),
    ffmpeg: z.object({ version: z.string().nullable() }),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
