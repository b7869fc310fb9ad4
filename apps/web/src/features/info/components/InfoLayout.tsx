import type { ReactNode } from "react";
import { POLICY } from "./policies";

/** Page frame of the information pages: heading, lead paragraph, optional "last updated" line. */
export function InfoLayout({
  title,
  lead,
  updated = false,
  children,
  wide = false,
}: {
  title: string;
  lead?: ReactNode;
  updated?: boolean;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <article className={`mx-auto px-5 py-10 md:px-6 md:py-14 ${wide ? "max-w-6xl" : "max-w-3xl"}`}>
      <header className="border-b border-slate-200 pb-6 dark:border-slate-800">
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{title}</h1>
        {lead && <p className="mt-3 text-lg text-slate-600 dark:text-slate-400">{lead}</p>}
        {updated && (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Last updated: {POLICY.updated}</p>
        )}
      </header>
      <div className="pb-6">{children}</div>
    </article>
  );
}
