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

/**
 * Calls the Tonic API with cookies and JSON. Resolves with the parsed body; rejects with {@link ApiError}
 * carrying the server's `error` message (or a generic one for network failures).
 */
export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
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
    const msg =
      body && typeof body === "object" && "error" in body && typeof body.error === "string"
        ? body.error
        : `Request failed (${res.status})`;
    throw new ApiError(msg, res.status, body);
  }
  return body as T;
}
