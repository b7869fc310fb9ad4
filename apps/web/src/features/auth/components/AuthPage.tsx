import { Navigate } from "react-router-dom";
import { AuthScreen } from "@/components/auth/AuthScreen";
import { useSession } from "@/lib/auth";
import { sectionAfterSignIn } from "@/lib/auth/routing";

/** /auth: the sign-in screen when signed out; the last section (or search) when signed in (SPEC §2). */
export function AuthPage() {
  const { status } = useSession();
  if (status === "signed-in") {
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
