import { useEffect } from "react";
import { useSession } from "@/lib/auth";
import { syncPractice } from "./store";

/** Keep practice on the account while signed in (see {@link syncPractice}). Returns the session status. */
export function usePracticeSync(): "loading" | "signed-in" | "signed-out" {
  const { status, user } = useSession();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (status === "loading") return;
    void syncPractice(userId !== null);
  }, [status, userId]);
  return status;
}
