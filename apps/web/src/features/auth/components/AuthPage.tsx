import { useRef } from "react";
import { Navigate } from "react-router-dom";
import { useSession } from "@/lib/auth";
import { sectionAfterSignIn } from "@/lib/auth/routing";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { AuthScreen } from "./AuthScreen";

/**
 * /auth: the sign-in screen when signed out; the search screen when a signed-in user opens it
 * (PRODUCT §2 route table). Signing in on this screen returns to the section visited before (PRODUCT §4).
 */
export function AuthPage() {
  useSeo(ROUTE_SEO.auth);
  const { status } = useSession();
  // Whether the first known state was signed out: only then did the user sign in here.
  const firstStatus = useRef<"signed-in" | "signed-out" | null>(null);
  if (firstStatus.current === null && status !== "loading") firstStatus.current = status;
  if (status === "signed-in") {
    if (firstStatus.current === "signed-in") return <Navigate to="/search" replace />;
    let remembered: string | null = null;
    try {
      remembered = localStorage.getItem("lastVisitedSection");
    } catch {
      remembered = null;
    }
    return <Navigate to={sectionAfterSignIn(remembered)} replace />;
  }
  return <AuthScreen />;
}
