import * as z from "zod/mini";

/** Every error answer of the API: `{ error }` plus optional details (e.g. the gate's `reason`). */
export const ErrorBody = z.looseObject({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** `{ ok: true }` acknowledgements (contact, analytics). */
export const OkResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof OkResponse>;

/** An ISO 8601 timestamp string. */
export const IsoTime = z.string().check(z.minLength(1));
/** A `yyyy-mm-dd` calendar date. */
export const IsoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
export type IsoTime = z.infer<typeof IsoTime>;
export type IsoDate = z.infer<typeof IsoDate>;
