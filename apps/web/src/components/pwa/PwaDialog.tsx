import { type ReactNode, useId, useRef } from "react";
import { useModalFocus } from "@/lib/hooks/useModalFocus";

/**
 * A small modal dialog for the install prompts: focus moves to the primary action, Tab stays inside,
 * Escape dismisses (same as "Maybe Later").
 */
export function PwaDialog({
  title,
  children,
  onDismiss,
  actions,
}: {
  title: string;
  children: ReactNode;
  onDismiss: () => void;
  actions: ReactNode;
}) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  // The primary action (the last button) gets focus first.
  const onKeyDown = useModalFocus(panel, {
    initialFocus: (items) => items.filter((el) => el.tagName === "BUTTON").at(-1),
    onEscape: onDismiss,
  });

  return (
    <div className="fixed inset-0 z-[60] flex items-end justify-center bg-slate-950/50 p-4 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-900"
      >
        <div className="flex items-center gap-3">
          <img src="/icons/icon-192.png" alt="" width={48} height={48} className="h-12 w-12 rounded-xl" />
          <h2 id={titleId} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
        </div>
        <div id={bodyId} className="mt-4 text-slate-600 dark:text-slate-300">
          {children}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
      </div>
    </div>
  );
}

export const secondaryButton =
  "min-h-11 rounded-xl border border-slate-300 px-5 font-semibold text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800";
export const primaryButton =
  "min-h-11 rounded-xl bg-violet-600 px-5 font-semibold text-white hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600";
