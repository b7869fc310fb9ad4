import { UpdateProfileRequest, UpdateProfileResponse } from "@tonic/api";
import type { FastifyPluginAsync } from "fastify";
import type { AccountsContext } from "../auth/accounts.js";
import { requireSessionUser } from "../auth/session.js";
import { serialize } from "../lib/http.js";
import { updateUsername } from "./service.js";

/**
 * `PATCH /api/profile` `{ username }` → `{ username }` (PRODUCT §4 "Username edit", §8 "Username").
 * Errors: 400 "Username cannot be empty", 409 "Username already taken", 500 "Error updating username",
 * 401 when signed out, 403 from a foreign origin.
 */
export const profileRoutes: FastifyPluginAsync<{ ctx: AccountsContext }> = async (app, { ctx }) => {
  app.patch("/api/profile", async (request) => {
    const user = await requireSessionUser(request);
    const body = UpdateProfileRequest.parse(request.body ?? {});
    const username = await updateUsername(ctx.db, user.id, body.username);
    return serialize(UpdateProfileResponse, { username });
  });
};
