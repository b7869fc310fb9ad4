/** Calls to better-auth under /api/auth (its errors carry `message`, not `error`). */

/** An auth call's failure with a message fit for users. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
    this.name = "AuthError";
  }
}

/**
 * POSTs (or GETs) JSON to `/api/auth{path}` with cookies.
 * @returns better-auth's JSON answer, unchecked: callers that read it parse it with a schema.
 * @throws {AuthError} with better-auth's message (or a generic one for network failures).
 */
export async function authCall(
  path: string,
  body?: unknown,
  method: "GET" | "POST" = "POST",
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`/api/auth${path}`, {
      method,
      credentials: "include",
      headers: {
        Accept: "application/json",
        ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    throw new AuthError("Network error. Please check your connection and try again.", 0);
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const obj = (data && typeof data === "object" ? data : {}) as {
      message?: unknown;
      code?: unknown;
      error?: unknown;
    };
    const message =
      typeof obj.message === "string" && obj.message
        ? obj.message
        : typeof obj.error === "string"
          ? obj.error
          : `Request failed (${res.status})`;
    throw new AuthError(message, res.status, typeof obj.code === "string" ? obj.code : undefined);
  }
  return data;
}

/** What `GET /api/auth-config` answers. */
export type { AuthConfig } from "@tonic/api";

/** Minimum password length (SPEC §9). */
export const MIN_PASSWORD = 6;

/**
 * SPEC §5 "Reset password" rules (also used for sign-up).
 * @returns the first error message, or null when valid.
 */
export function passwordProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return "Please fill in both fields";
  if (password !== confirm) return "Passwords do not match";
  if (password.length < MIN_PASSWORD) return "Password must be at least 6 characters";
  return null;
}
