import { useEffect } from "react";
import { useUiStore } from "@/stores/ui";

/** Hide the global top and bottom bars while `hidden` is true; always restore them on unmount (PRODUCT §2). */
export function useHideGlobalNav(hidden: boolean): void {
  const setNavHidden = useUiStore((s) => s.setNavHidden);
  useEffect(() => {
    setNavHidden(hidden);
    return () => setNavHidden(false);
  }, [hidden, setNavHidden]);
}
