import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../lib/errors.js";
import type { Auth } from "./auth.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The better-auth instance, decorated on the root app by the accounts plugin (`auth/plugin.ts`). */
    tonicAuth?: Auth;
  }
  interface FastifyRequest {
    /** Memo of {@link getSessionUser} for this request (undefined = not looked up yet). */
    tonicSessionUser?: SessionUser | null;
  }
}

/** The signed-in user as other server areas see it. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** The sign-in provider's avatar (takes priority over the profile's stored picture). */
  image: string | null;
}

/**
 * Reads the better-auth session cookie of a request.
 *
 * Works for any route of the app (and in `app.inject` tests) as long as the accounts plugin is
 * registered; the result is memoised on the request.
 * @param request any Fastify request.
 * @returns the signed-in user, or null when signed out, the session expired, or auth is not set up.
 */
export async function getSessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  if (request.tonicSessionUser !== undefined) return request.tonicSessionUser;
  const auth = request.server.tonicAuth;
  let user: SessionUser | null = null;
  if (auth && (request.headers.cookie || request.headers.authorization)) {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (session) {
      user = {
        id: session.user.id,
        email: session.user.email,
        name: session.user.name,
        image: session.user.image ?? null,
      };
    }
  }
  request.tonicSessionUser = user;
  return user;
}

/**
 * Like {@link getSessionUser} but for routes that need a signed-in user.
 * @param message the 401 message (e.g. PRODUCT §8 "Please sign in to subscribe").
 * @throws {HttpError} 401 when signed out.
 */
export async function requireSessionUser(
  request: FastifyRequest,
  message = "Please sign in to continue",
): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw new HttpError(401, message);
  return user;
}
