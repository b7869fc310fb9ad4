import type { ReactNode } from "react";

/** A titled section of a policy text, with an anchor id so `#id` links land on it. */
export function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="mt-10 text-xl font-semibold tracking-tight md:text-2xl">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-7 text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}

/** A bulleted list with comfortable spacing. */
export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6 marker:text-violet-500">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text in a fixed order.
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}

export const linkClass =
  "font-medium text-violet-700 underline underline-offset-2 hover:text-violet-900 dark:text-violet-300 dark:hover:text-violet-200";
