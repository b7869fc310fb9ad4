import { z } from "zod";
import { IsoDate, IsoTime } from "./common.js";
import { USER_TYPES } from "./constants.js";

/** The signed-in user (from the sign-in provider). `image` is the provider's avatar. */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** SPEC §3 profiles as the API returns them. */
export const Profile = z.object({
  username: z.string(),
  user_type: z.enum(USER_TYPES),
  subscription_end_date: IsoDate.nullable(),
  created_at: IsoTime,
  profile_picture_url: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** `GET /api/me` (both null when signed out; SPEC §7 "Get current user"). */
export const MeResponse = z.object({ user: SessionUser.nullable(), profile: Profile.nullable() });
export type MeResponse = z.infer<typeof MeResponse>;

/** `GET /api/auth-config`: which sign-in methods are enabled. */
export const AuthConfig = z.object({
  google: z.boolean(),
  emailPassword: z.boolean(),
  mail: z.enum(["smtp", "outbox"]),
  devOutbox: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof AuthConfig>;

/** `GET /api/usage`: today's analysis usage (`user_type` null for visitors; limit/remaining null for PAID). */
export const UsageResponse = z.object({
  user_type: z.enum(USER_TYPES).nullable(),
  count: z.number().int().nonnegative(),
  limit: z.number().int().positive().nullable(),
  remaining: z.number().int().nonnegative().nullable(),
  expired: z.boolean(),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

/** `PATCH /api/profile` body and response (SPEC §4 "Username edit"). */
export const UpdateProfileRequest = z.object({ username: z.string().max(200) });
export const UpdateProfileResponse = z.object({ username: z.string() });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponse>;
