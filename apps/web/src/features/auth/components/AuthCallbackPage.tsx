import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { useSession } from "@/lib/auth";
import { sectionAfterSignIn } from "@/lib/auth/routing";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";

/**
 * /auth/callback: the redirect target after Google sign-in (PRODUCT §2). Reads the session once more; on
 * success returns to the remembered section, otherwise shows PRODUCT §8 "Failed to authenticate with Google"
 * (or the provider's message) / "Authentication failed".
 */
export function AuthCallbackPage() {
  useSeo(ROUTE_SEO.authCallback);
  const [params] = useSearchParams();
  const session = useSession();
  const providerError = params.get("error");
  const [checked, setChecked] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || providerError) return;
    started.current = true;
    void session.refresh().finally(() => setChecked(true));
  }, [providerError, session]);

  if (!providerError && session.status === "signed-in") {
    let remembered: string | null = null;
    try {
      remembered = localStorage.getItem("lastVisitedSection");
    } catch {
      remembered = null;
    }
    return <Navigate to={sectionAfterSignIn(remembered)} replace />;
  }

  const failed = providerError || (checked && session.status === "signed-out");
  const message = providerError
    ? providerError === "access_denied" || /^[a-z_]+$/.test(providerError)
      ? "Failed to authenticate with Google"
      : providerError
    : "Authentication failed";

  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      {failed ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight">Sign-in failed</h1>
          <p
            role="alert"
            className="mt-4 rounded-xl bg-red-50 p-4 text-red-700 dark:bg-red-900/30 dark:text-red-200"
          >
            {message}
          </p>
          <Link
            to="/auth"
            className="mt-6 inline-flex min-h-11 items-center rounded-xl bg-violet-600 px-5 font-semibold text-white hover:bg-violet-700"
          >
            Try again
          </Link>
        </>
      ) : (
        <div role="status" className="flex flex-col items-center gap-4">
          <span
            className="h-10 w-10 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600"
            aria-hidden="true"
          />
          <p className="text-lg font-semibold">Signing you in...</p>
        </div>
      )}
    </section>
  );
}
