import { FREE_DAILY_LIMIT } from "@tonic/api";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router-dom";

/** Which PRODUCT §4 prompt to show. */
export type PromptKind = "login" | "limit" | "expired";

const TEXT: Record<PromptKind, { title: string; body: string }> = {
  login: {
    title: "Log in to keep listening",
    body: `Visitors can preview 10 seconds of a song. Log in or create a free account to play the whole song, follow its chords and analyse new songs (${FREE_DAILY_LIMIT} a day free).`,
  },
  limit: {
    title: "Daily Limit Reached",
    body: "Free accounts can analyze 5 new songs a day. Upgrade to Premium for unlimited song analysis, or come back tomorrow. Songs already in our library stay free.",
  },
  expired: {
    title: "Your Premium subscription has expired",
    body: "Your account is now on the Free plan with 5 new song analyses a day. Subscribe again for unlimited analysis and the course.",
  },
};

/**
 * The PRODUCT §4 gating prompts: "login" (visitor after the 10-second preview), "limit" (Daily Limit
 * Reached, subscribe) and "expired" (Subscribe and Close). A modal dialog; Escape or the secondary
 * button closes it.
 */
export function GatePrompt({ kind, onClose }: { kind: PromptKind; onClose: () => void }) {
  const titleId = useId();
  const primary = useRef<HTMLAnchorElement>(null);
  useEffect(() => primary.current?.focus(), []);
  const { title, body } = TEXT[kind];
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/60 p-4 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => e.key === "Escape" && onClose()}
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl dark:bg-slate-900"
      >
        <h2 id={titleId} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{body}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-xl border border-slate-300 px-5 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {kind === "login" ? "Not now" : kind === "limit" ? "Maybe Later" : "Close"}
          </button>
          <Link
            ref={primary}
            to={kind === "login" ? "/auth" : "/premium"}
            className="inline-flex min-h-11 items-center justify-center rounded-xl bg-violet-600 px-5 font-semibold text-white hover:bg-violet-700 focus:outline-none focus:ring-4 focus:ring-violet-300"
          >
            {kind === "login" ? "Log in" : kind === "limit" ? "Upgrade to Premium" : "Subscribe"}
          </Link>
        </div>
      </div>
    </div>
  );
}
