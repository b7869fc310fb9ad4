import { type ReactNode, useEffect, useRef, useState } from "react";
import {
  AboutCounters,
  AboutMission,
  AboutTeam,
  AcknowledgmentsList,
  CancellationPolicyText,
  PricingPolicyText,
  PrivacyPolicyText,
  SpecialThanks,
  TermsText,
} from "./policies";

/** PRODUCT §9 "version 1.0.0". */
export const APP_VERSION = "1.0.0";

type PageId = "about" | "pricing" | "privacy" | "cancellation" | "terms" | "acknowledgments" | "version";

function BuildVersion() {
  const today = new Date().toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800">
        <dt className="text-sm text-slate-500 dark:text-slate-400">Version</dt>
        <dd className="mt-1 text-2xl font-bold" data-testid="build-version">
          {APP_VERSION}
        </dd>
      </div>
      <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800">
        <dt className="text-sm text-slate-500 dark:text-slate-400">Date</dt>
        <dd className="mt-1 text-2xl font-bold" data-testid="build-date">
          {today}
        </dd>
      </div>
    </dl>
  );
}

const PAGES: { id: PageId; label: string; render: () => ReactNode }[] = [
  {
    id: "about",
    label: "About",
    render: () => (
      <div className="space-y-8">
        <AboutMission />
        <AboutCounters />
        <AboutTeam />
      </div>
    ),
  },
  { id: "pricing", label: "Pricing Policy", render: () => <PricingPolicyText /> },
  { id: "privacy", label: "Privacy Policy", render: () => <PrivacyPolicyText /> },
  { id: "cancellation", label: "Cancellation & Refund Policy", render: () => <CancellationPolicyText /> },
  { id: "terms", label: "Terms & Conditions", render: () => <TermsText /> },
  {
    id: "acknowledgments",
    label: "Acknowledgments",
    render: () => (
      <div className="space-y-8">
        <AcknowledgmentsList />
        <SpecialThanks />
      </div>
    ),
  },
  { id: "version", label: "Build Version", render: () => <BuildVersion /> },
];

/**
 * Settings → Info (PRODUCT §2): About, Pricing Policy, Privacy Policy, Cancellation & Refund Policy,
 * Terms & Conditions, Acknowledgments and Build Version (1.0.0 and today's date); each opens a
 * sub-page with a Back button.
 */
export function InfoTab() {
  const [open, setOpen] = useState<PageId | null>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<Partial<Record<PageId, HTMLButtonElement | null>>>({});
  const last = useRef<PageId | null>(null);

  useEffect(() => {
    if (open) backRef.current?.focus();
    else if (last.current) listRef.current[last.current]?.focus();
  }, [open]);

  const page = PAGES.find((p) => p.id === open);
  if (page) {
    return (
      <section
        aria-labelledby="info-page-title"
        className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <button
          ref={backRef}
          type="button"
          onClick={() => setOpen(null)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 font-semibold text-violet-700 hover:bg-violet-50 dark:text-violet-300 dark:hover:bg-violet-900/40"
        >
          <span aria-hidden="true">←</span> Back
        </button>
        <h2 id="info-page-title" className="mt-4 text-2xl font-bold tracking-tight">
          {page.label}
        </h2>
        <div className="mt-6">{page.render()}</div>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="info-title"
      className="rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="info-title" className="sr-only">
        Info
      </h2>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {PAGES.map((p) => (
          <li key={p.id}>
            <button
              ref={(el) => {
                listRef.current[p.id] = el;
              }}
              type="button"
              onClick={() => {
                last.current = p.id;
                setOpen(p.id);
              }}
              className="flex min-h-14 w-full items-center justify-between rounded-lg px-4 text-left font-medium hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <span>{p.label}</span>
              <span className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
                {p.id === "version" && APP_VERSION}
                <span aria-hidden="true">›</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
