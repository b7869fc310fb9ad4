import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { isAuthPath, LAST_SECTION_KEY, sectionAfterSignIn, sectionPath } from "./hash";
import { useSession } from "./index";

export {
  type AuthHashState,
  isAuthPath,
  LAST_SECTION_KEY,
  parseAuthHash,
  sectionAfterSignIn,
  sectionPath,
} from "./hash";

function read(): string | null {
  try {
    return localStorage.getItem(LAST_SECTION_KEY);
  } catch {
    return null;
  }
}

function write(value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(LAST_SECTION_KEY);
    else localStorage.setItem(LAST_SECTION_KEY, value);
  } catch {
    /* storage unavailable */
  }
}

/**
 * PRODUCT §4 "Auth routing", inside the router:
 * - remembers the last visited section (path + query) in `lastVisitedSection` ("auth" for the auth screen
 *   when nothing else was remembered);
 * - on a change to signed-in (a sign-in in this tab, or landing on /auth while signed in) returns to it;
 * - clears it on sign-out;
 * - when the page becomes visible again and the user is signed in, restores it (e.g. another tab moved on);
 * - a bare hash change (`#search`) navigates to that section.
 */
export function useAuthRouting(): void {
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const prev = useRef(status);

  // remember the section
  useEffect(() => {
    const { pathname, search } = location;
    if (isAuthPath(pathname)) {
      if (!read()) write("auth");
      return;
    }
    write(`${pathname}${search}`);
  }, [location]);

  // react to session changes
  useEffect(() => {
    const before = prev.current;
    prev.current = status;
    if (status === "signed-out" && before === "signed-in") {
      write(null);
      return;
    }
    if (status !== "signed-in" || before === "signed-in") return;
    // a sign-in happened in this tab, or the app started signed in on the auth screen
    if (before === "signed-out" || isAuthPath(location.pathname)) {
      navigate(sectionAfterSignIn(read()), { replace: true });
    }
  }, [status, location.pathname, navigate]);

  // restore when visible again
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== "visible" || status !== "signed-in") return;
      const target = sectionAfterSignIn(read());
      const here = `${window.location.pathname}${window.location.search}`;
      if (read() && target !== here) navigate(target, { replace: true });
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [status, navigate]);

  // bare section hashes
  useEffect(() => {
    const onHash = () => {
      const path = sectionPath(window.location.hash);
      if (path) navigate(path);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [navigate]);
}
