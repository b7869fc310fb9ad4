import { MOBILE_BREAKPOINT_PX } from "@tonic/theory/constants";
import { useCallback, useSyncExternalStore } from "react";

/** Live result of a CSS media query; re-evaluated whenever the viewport changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** True below the 768 px mobile breakpoint (PRODUCT §9). */
export function useIsNarrow(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
}

/**
 * True where the visualizers take the whole screen with their compact top bar (FullScreenLandscape):
 * below the 768 px breakpoint, and on a phone held landscape (844×390), which is wider than the breakpoint
 * but too short for the page layout: there the piano or fretboard would start below the fold.
 */
export function useIsInstrumentCompact(): boolean {
  const narrow = useIsNarrow();
  const shortLandscape = useMediaQuery("(orientation: landscape) and (max-height: 500px)");
  return narrow || shortLandscape;
}
