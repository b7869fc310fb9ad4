import { sharePost } from "../lib/share";

function ShareIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={18}
      height={18}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

/** Share a post (Web Share API, else copy the link and say "Link copied to clipboard!" in a toast). */
export function ShareButton({ title, slug, compact }: { title: string; slug: string; compact?: boolean }) {
  const onClick = () => {
    void sharePost({ title, text: title, url: new URL(`/blog/${slug}`, window.location.origin).toString() });
  };
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={compact ? `Share "${title}"` : undefined}
      className="relative z-10 inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-xl border border-slate-200 px-3 text-sm font-semibold text-slate-700 hover:border-violet-300 hover:bg-violet-50 hover:text-violet-700 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
    >
      <ShareIcon />
      {!compact && <span>Share</span>}
    </button>
  );
}
