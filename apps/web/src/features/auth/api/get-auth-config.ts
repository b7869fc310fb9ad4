import { useQuery } from "@tanstack/react-query";
import { AuthConfig } from "@tonic/api";
import { api } from "@/lib/api";

/** Which sign-in methods the server offers (`GET /api/auth-config`). */
export function getAuthConfig(): Promise<AuthConfig> {
  return api("/api/auth-config", AuthConfig);
}

/** {@link getAuthConfig} as a query (the Google button and the dev outbox link). */
export function useAuthConfig() {
  return useQuery({ queryKey: ["auth-config"], queryFn: getAuthConfig });
}
