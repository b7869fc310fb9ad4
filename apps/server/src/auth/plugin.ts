import fp from "fastify-plugin";
import type { AccountsContext } from "./accounts.js";
import { authRoutes } from "./routes.js";

/**
 * Sign-in: decorates the root app with the better-auth instance (so every route's
 * `getSessionUser(request)` reaches it; `fastify-plugin` keeps the decoration unencapsulated) and
 * registers better-auth under `/api/auth`, `/api/me` and `/api/auth-config`.
 */
export const authPlugin = fp<{ ctx: AccountsContext }>(
  async (app, { ctx }) => {
    app.decorate("tonicAuth", ctx.auth);
    await app.register(authRoutes, { ctx });
  },
  { name: "tonic-auth", fastify: "5.x" },
);
