import { type ReactNode, useId, useRef } from "react";
import { useModalFocus } from "@/lib/hooks/useModalFocus";

/**
 * A modal overlay dialog that covers its positioned parent (so it rotates with the landscape
 * stage). Focus moves in on open, Tab stays inside, Escape or Close dismisses, and focus
 * returns to the opener.
 */
export function Overlay({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  const onKeyDown = useModalFocus(panel, { initialFocus: () => close.current, onEscape: onClose });

  return (
    <div className="absolute inset-0 z-30 flex items-center justify-center bg-slate-950/70 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="flex max-h-full w-full max-w-2xl flex-col overflow-hidden rounded-2xl bg-white shadow-2xl dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
          <h2 id={titleId} className="text-lg font-bold tracking-tight">
            {title}
          </h2>
          <button
            ref={close}
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-lg bg-violet-600 px-4 text-sm font-semibold text-white hover:bg-violet-700"
          >
            Close
          </button>
        </div>
        <div className="@container overflow-y-auto px-5 py-4">{children}</div>
      </div>
    </div>
  );
}
