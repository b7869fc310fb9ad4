import { ErrorBody } from "@tonic/api";
import * as z4 from "zod/v4/core";

/** An error answered by the Tonic API (`{ error }` body) or a network failure, with a message fit for users. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed JSON body, when there was one (e.g. `{ error, reason }`). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** What users read when the server's answer breaks the `@tonic/api` contract. */
export const UNEXPECTED_ANSWER =
  "The server sent an unexpected answer. Please reload the page and try again.";

/**
 * Calls the Tonic API with cookies and JSON and parses the answer with its `@tonic/api` schema.
 *
 * @param path   the API path, e.g. `/api/songs`.
 * @param schema the zod schema of the success body (from `@tonic/api`).
 * @param init   fetch options; `json` is sent as a JSON body.
 * @returns the parsed, typed body.
 * @throws {ApiError} with the server's `error` message for a non-2xx answer; status 0 for a network
 *   failure; {@link UNEXPECTED_ANSWER} (with the HTTP status) when a 2xx body does not match `schema`
 *   (the zod issues go to the console for developers).
 */
export async function api<S extends z4.$ZodType>(
  path: string,
  schema: S,
  init: RequestInit & { json?: unknown } = {},
): Promise<z4.output<S>> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: "include",
      ...rest,
      headers: {
        ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
        Accept: "application/json",
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
  } catch {
    throw new ApiError("Network error. Please check your connection and try again.", 0);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const err = ErrorBody.safeParse(body);
    throw new ApiError(err.success ? err.data.error : `Request failed (${res.status})`, res.status, body);
  }
  const parsed = z4.safeParse(schema, body);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${path}`, parsed.error.issues);
    throw new ApiError(UNEXPECTED_ANSWER, res.status, body);
  }
  return parsed.data;
}
