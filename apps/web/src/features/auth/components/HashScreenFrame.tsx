import type { ReactNode } from "react";
import { LogoMark } from "@/components/icons";

/** Full-page frame of the mail-link screens (reset password, verify e-mail). */
export function HashScreenFrame({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-violet-50 to-slate-100 px-4 py-10 dark:from-slate-950 dark:to-slate-900">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-900/50 dark:text-violet-200">
          <LogoMark />
        </span>
        {children}
      </div>
    </main>
  );
}

/** PRODUCT §9 "Redirect delay 3000 ms after verification, reset". */
export const REDIRECT_DELAY_MS = 3000;
