import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { PwaPrompts } from "@/components/pwa";
import { SplashScreen } from "@/components/SplashScreen";
import { startAnalytics } from "@/lib/analytics";
import { useSession } from "@/lib/auth";
import { type AuthHashState, parseAuthHash } from "@/lib/auth/routing";
import { useApplyDarkMode } from "@/stores/settings";
import { routes } from "./routes";

const queryClient = new QueryClient({
  // networkMode "always": offline, queries still run so the service worker can answer from its cache
  // (the PWA works offline) instead of pausing forever behind the splash screen.
  defaultOptions: {
    queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false, networkMode: "always" },
  },
});

const router = createBrowserRouter(routes);
// Page views on load, hash change and navigation (PRODUCT §7 "Other").
startAnalytics(router);

export function App() {
  useApplyDarkMode();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthRoot />
      <PwaPrompts />
    </QueryClientProvider>
  );
}

const ResetPasswordScreen = lazy(async () => ({
  default: (await import("@/features/auth")).ResetPasswordScreen,
}));
const VerifyEmailScreen = lazy(async () => ({
  default: (await import("@/features/auth")).VerifyEmailScreen,
}));

/**
 * PRODUCT §4 "Auth routing": a mail link's hash (`#type=recovery&token=…` or `#type=email_verification&token=…`)
 * shows the reset-password or verify-email screen; otherwise the "Loading Music Theory..." splash shows
 * until the session is known, then the app.
 */
function AuthRoot() {
  const session = useSession();
  const [hashState, setHashState] = useState<AuthHashState | null>(() => parseAuthHash(window.location.hash));
  useEffect(() => {
    const onHash = () => setHashState(parseAuthHash(window.location.hash));
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const done = useCallback((to: string) => {
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    setHashState(null);
    void router.navigate(to, { replace: true });
  }, []);
  if (hashState) {
    return (
      <Suspense fallback={<SplashScreen />}>
        {hashState.type === "recovery" ? (
          <ResetPasswordScreen key={hashState.token ?? ""} token={hashState.token} onDone={done} />
        ) : (
          <VerifyEmailScreen key={hashState.token ?? ""} token={hashState.token} onDone={done} />
        )}
      </Suspense>
    );
  }
  if (session.status === "loading") return <SplashScreen />;
  return <RouterProvider router={router} />;
}
