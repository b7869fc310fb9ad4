import { useQuery } from "@tanstack/react-query";
import { AuthConfig } from "@tonic/api";
import { api } from "@/lib/api";

/** Which sign-in methods the server offers (`GET /api/auth-config`). */
export function getAuthConfig(): Promise<AuthConfig> {
  return api("/api/auth-config", AuthConfig);
}

/**
 * {@link getAuthConfig} as a query, shared by every screen that offers sign-in (the auth screen's Google
 * button, the song screen's "create a free account" invitation, the terms' account wording).
 */
export function useAuthConfig() {
  return useQuery({ queryKey: ["auth-config"], queryFn: getAuthConfig, staleTime: 5 * 60_000 });
}
