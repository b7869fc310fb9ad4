import { useSyncExternalStore } from "react";
import { currentToasts, dismissToast, subscribeToasts } from "./store";

/**
 * Where toasts appear: bottom centre, above the phone's bottom bar, never covering the page's own
 * controls for long. Mounted once in the app frame; show one with `showToast`.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-[60] flex flex-col items-center gap-2 px-4 md:bottom-6"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role="status"
          data-testid="toast"
          data-tone={t.tone}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl px-4 py-3 text-sm font-medium shadow-lg ring-1 ${
            t.tone === "success"
              ? "bg-emerald-700 text-white ring-emerald-800"
              : "bg-slate-900 text-white ring-slate-700 dark:bg-slate-100 dark:text-slate-900 dark:ring-slate-300"
          }`}
        >
          <p className="flex-1 break-words">{t.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            aria-label="Close notification"
            className="-my-1 -mr-2 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-lg leading-none hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
