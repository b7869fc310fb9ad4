import { Suspense } from "react";
import { Outlet, useLocation } from "react-router-dom";
import { Toaster } from "@/components/toast";
import { useSession } from "@/lib/auth";
import { useAuthRouting } from "@/lib/auth/routing";
import { useUiStore } from "@/stores/ui";
import { Footer } from "./Footer";
import { BottomBar, TopBar } from "./Navigation";

function RouteFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/** App frame: top bar (desktop), bottom bar (mobile), page outlet, footer on "/" only, toasts. */
export function Layout() {
  const { pathname } = useLocation();
  const navHidden = useUiStore((s) => s.navHidden);
  useAuthRouting();
  const signedIn = useSession().status === "signed-in";
  const isHome = pathname === "/";
  return (
    <div className="flex min-h-dvh flex-col">
      {!navHidden && <TopBar signedIn={signedIn} />}
      <main id="main" className={`flex-1 ${navHidden ? "" : "pb-20 md:pb-0"}`}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {isHome && !navHidden && (
        <div className="pb-16 md:pb-0">
          <Footer />
        </div>
      )}
      {!navHidden && <BottomBar signedIn={signedIn} />}
      <Toaster />
    </div>
  );
}
