import { useCallback } from "react";
import { useNavigate } from "react-router-dom";

/**
 * One step back in history (PRODUCT §2 visualizer back button). When the page was opened
 * directly (no earlier entry in this app), go to `fallback` instead of leaving the app.
 */
export function useBack(fallback = "/scale-explorer"): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const state: unknown = window.history.state;
    const idx = typeof state === "object" && state !== null && "idx" in state ? Number(state.idx) : 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
