import { UpdateProfileResponse } from "@tonic/api";
import { api } from "@/lib/api";

/**
 * Changes the username (`PATCH /api/profile`, PRODUCT §4 "Username edit").
 * @throws {ApiError} 400 empty, 409 "Username already taken", 401 signed out.
 */
export function updateProfile(username: string): Promise<UpdateProfileResponse> {
  return api("/api/profile", UpdateProfileResponse, { method: "PATCH", json: { username } });
}
