import { createAuthClient } from "better-auth/react";

/**
 * better-auth's own client for its routes under `/api/auth` on this origin (sign-in, sign-up, password
 * reset, e-mail verification). Its calls answer `{ data, error }`; {@link authResult} turns that into a
 * value or an {@link AuthError}.
 */
export const authClient = createAuthClient({
  ...(typeof window !== "undefined" ? { baseURL: window.location.origin } : {}),
  basePath: "/api/auth",
  fetchOptions: { credentials: "include" },
});

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

/** What an {@link authClient} call settles with. */
interface AuthClientResult<T> {
  data: T | null;
  error: { message?: string | undefined; status: number; code?: string | undefined; error?: unknown } | null;
}

/**
 * Awaits an {@link authClient} call.
 * @returns its data (better-auth's JSON answer).
 * @throws {AuthError} with better-auth's message (its errors carry `message`, not `error`), or a generic
 *   one for network failures.
 */
export async function authResult<T>(call: Promise<AuthClientResult<T>>): Promise<T | null> {
  let res: AuthClientResult<T>;
  try {
    res = await call;
  } catch {
    throw new AuthError("Network error. Please check your connection and try again.", 0);
  }
  const { error } = res;
  if (error) {
    const message =
      typeof error.message === "string" && error.message
        ? error.message
        : typeof error.error === "string"
          ? error.error
          : `Request failed (${error.status})`;
    throw new AuthError(message, error.status, typeof error.code === "string" ? error.code : undefined);
  }
  return res.data;
}

/** What `GET /api/auth-config` answers. */
export type { AuthConfig } from "@tonic/api";

/** Minimum password length (PRODUCT §9). */
export const MIN_PASSWORD = 6;

/**
 * PRODUCT §5 "Reset password" rules (also used for sign-up).
 * @returns the first error message, or null when valid.
 */
export function passwordProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return "Please fill in both fields";
  if (password !== confirm) return "Passwords do not match";
  if (password.length < MIN_PASSWORD) return "Password must be at least 6 characters";
  return null;
}
