/** The server's sign-in methods: shared with other screens, so the query lives in `@/lib/auth/config`. */
export { getAuthConfig, useAuthConfig } from "@/lib/auth/config";
