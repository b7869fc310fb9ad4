import * as z from "zod/mini";
import { IsoDate, IsoTime } from "./common.js";
import { USER_TYPES } from "./constants.js";

/** The signed-in user (from the sign-in provider). `image` is the provider's avatar. */
export const SessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** PRODUCT §3 profiles as the API returns them. */
export const Profile = z.object({
  username: z.string(),
  user_type: z.enum(USER_TYPES),
  subscription_end_date: z.nullable(IsoDate),
  created_at: IsoTime,
  profile_picture_url: z.nullable(z.string()),
});
export type Profile = z.infer<typeof Profile>;

/** `GET /api/me` (both null when signed out; PRODUCT §7 "Get current user"). */
export const MeResponse = z.object({ user: z.nullable(SessionUser), profile: z.nullable(Profile) });
export type MeResponse = z.infer<typeof MeResponse>;

/** `GET /api/auth-config`: which sign-in methods are enabled. */
export const AuthConfig = z.object({
  google: z.boolean(),
  emailPassword: z.boolean(),
  mail: z.enum(["smtp", "outbox"]),
  devOutbox: z.nullable(z.string()),
});
export type AuthConfig = z.infer<typeof AuthConfig>;

/** `GET /api/usage`: today's analysis usage (`user_type` null for visitors; limit/remaining null for PAID). */
export const UsageResponse = z.object({
  user_type: z.nullable(z.enum(USER_TYPES)),
  count: z.number().check(z.int(), z.nonnegative()),
  limit: z.nullable(z.number().check(z.int(), z.positive())),
  remaining: z.nullable(z.number().check(z.int(), z.nonnegative())),
  expired: z.boolean(),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

/** `PATCH /api/profile` body and response (PRODUCT §4 "Username edit"). */
export const UpdateProfileRequest = z.object({ username: z.string().check(z.maxLength(200)) });
export const UpdateProfileResponse = z.object({ username: z.string() });
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponse>;
