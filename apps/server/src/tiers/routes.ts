import { UsageResponse } from "@tonic/api";
import type { FastifyPluginAsync } from "fastify";
import type { AccountsContext } from "../auth/accounts.js";
import { getSessionUser } from "../auth/session.js";
import { serialize } from "../lib/http.js";
import { usageToday } from "./gate.js";

/**
 * `GET /api/usage` → today's analysis usage of the signed-in user:
 * `{ user_type, count, limit, remaining, expired }` (`limit`/`remaining` null for PAID), or
 * `{ user_type: null }` for visitors. Applies the expiry downgrade of PRODUCT §4 like the gate does.
 */
export const tierRoutes: FastifyPluginAsync<{ ctx: AccountsContext; now?: () => Date }> = async (
  app,
  { ctx, now = () => new Date() },
) => {
  app.get("/api/usage", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const user = await getSessionUser(request);
    if (!user) return { user_type: null, count: 0, limit: null, remaining: null, expired: false };
    const usage = await usageToday(ctx.db, user.id, now());
    if (!usage) return { user_type: null, count: 0, limit: null, remaining: null, expired: false };
    return serialize(UsageResponse, {
      user_type: usage.tier.userType,
      count: usage.count,
      limit: usage.limit,
      remaining: usage.limit === null ? null : Math.max(0, usage.limit - usage.count),
      expired: usage.tier.expired,
    });
  });
};
