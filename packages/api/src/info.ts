import * as z from "zod/mini";

/** Text that is non-empty once trimmed (PRODUCT §5: every contact field is required). */
const requiredText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(z.trim(), z.minLength(1, { error: `${field} is required` }));

/**
 * `POST /api/contact` body (PRODUCT §5 "Contact form"). `website` is a honeypot: the form hides it from
 * people, so any value means a bot filled the form in. Answer: 201 {@link OkResponse}.
 */
export const ContactRequest = z.object({
  name: requiredText("Name"),
  email: z.pipe(
    z.string({ error: "Email is required" }).check(z.trim(), z.minLength(1, { error: "Email is required" })),
    z.email({ error: "Email must be a valid e-mail address" }),
  ),
  subject: requiredText("Subject"),
  message: requiredText("Message"),
  website: z.optional(z.string()),
});
export type ContactRequest = z.infer<typeof ContactRequest>;

/** Event names: lower-case words joined by `_`, `-` or `:` (e.g. `pageview`, `pwa_installed`). */
const EventName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(64),
    z.regex(/^[a-z0-9][a-z0-9_:-]*$/, { error: "name must be lower-case letters, digits, _, - or :" }),
  );

/** A property value: short text, a finite number or a boolean. */
const PropValue = z.union([z.string().check(z.maxLength(200)), z.number(), z.boolean()]);

/**
 * `POST /api/analytics` body. `path` is the page's pathname (and hash); the server drops any query
 * string. Answer: 202 {@link OkResponse}.
 */
export const AnalyticsRequest = z.object({
  name: EventName,
  path: z.string().check(z.trim(), z.minLength(1), z.maxLength(2048), z.startsWith("/")),
  referrer: z.optional(z.string().check(z.maxLength(2048))),
  props: z.optional(
    z
      .record(z.string().check(z.minLength(1), z.maxLength(40)), PropValue)
      .check(z.refine((r) => Object.keys(r).length <= 10, { error: "at most 10 props" })),
  ),
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
  disk: z.nullable(z.object({ path: z.string(), freeBytes: z.number(), ok: z.boolean() })),
  queue: z.nullable(z.object({ queued: z.number().check(z.int()), running: z.number().check(z.int()) })),
  linkAnalysis: z.object({
    usable: z.boolean(),
    ytDlp: z.object({
      version: z.nullable(z.string()),
      ageDays: z.nullable(z.number()),
      outdated: z.boolean(),
    }),
    ffmpeg: z.object({ version: z.nullable(z.string()) }),
  }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
