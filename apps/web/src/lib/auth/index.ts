import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MeResponse, type Profile as SessionProfile, type SessionUser } from "@tonic/api";
import { useCallback } from "react";
import * as z from "zod/mini";
import { api } from "@/lib/api";

export type { MeResponse, Profile as SessionProfile, SessionUser } from "@tonic/api";

export interface Session {
  status: "loading" | "signed-in" | "signed-out";
  user: SessionUser | null;
  profile: SessionProfile | null;
  /** Re-reads the session from the server (after sign-in, sign-out, payment or a username change). */
  refresh(): Promise<void>;
}

/** TanStack Query key of the session; invalidate it to re-read `/api/me`. */
export const SESSION_QUERY_KEY = ["session", "me"] as const;

/** Reads the session once: `GET /api/me`. */
export function fetchMe(): Promise<MeResponse> {
  return api("/api/me", MeResponse, { cache: "no-store" });
}

/**
 * The current session (PRODUCT §3 "Session", §4 "Auth routing"), shared by every component through
 * TanStack Query. `status` is "loading" until the server answered (the splash screen shows meanwhile);
 * a failed request counts as signed out.
 */
export function useSession(): Session {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchMe,
    staleTime: 5 * 60_000,
    retry: 1,
  });
  const refresh = useCallback(async () => {
    await qc.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    await qc.refetchQueries({ queryKey: SESSION_QUERY_KEY });
  }, [qc]);
  if (q.isPending) return { status: "loading", user: null, profile: null, refresh };
  const data = q.data;
  if (!data?.user) return { status: "signed-out", user: null, profile: null, refresh };
  return { status: "signed-in", user: data.user, profile: data.profile, refresh };
}

/**
 * The avatar to show: the sign-in provider's picture takes priority over the stored one (PRODUCT §2
 * Settings → Account).
 * @returns an image URL or null (show initials).
 */
export function avatarUrl(user: SessionUser | null, profile: SessionProfile | null): string | null {
  return user?.image || profile?.profile_picture_url || null;
}

/**
 * True when the profile is PAID with an end date after today (UTC) — what the server enforces (PRODUCT §6).
 * @param today `yyyy-mm-dd` (default: today's UTC date).
 */
export function isPremium(
  profile: SessionProfile | null,
  today = new Date().toISOString().slice(0, 10),
): boolean {
  return (
    profile?.user_type === "PAID" &&
    profile.subscription_end_date !== null &&
    profile.subscription_end_date > today
  );
}

/** Signs out (better-auth) and clears the remembered section (PRODUCT §4 "Auth routing"). */
export async function signOut(): Promise<void> {
  await api("/api/auth/sign-out", z.unknown(), { method: "POST", json: {} });
  try {
    localStorage.removeItem("lastVisitedSection");
  } catch {
    /* storage unavailable */
  }
}
