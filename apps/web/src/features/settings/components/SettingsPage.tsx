import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { useSearchParams } from "react-router-dom";
import { useSession } from "@/lib/auth";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { AccountTab } from "./AccountTab";
import { GeneralTab } from "./GeneralTab";

const TABS = [
  { id: "general", label: "General" },
  { id: "account", label: "Account" },
  { id: "premium", label: "Premium" },
  { id: "contact", label: "Contact Us" },
  { id: "info", label: "Info" },
] as const;
type TabId = (typeof TABS)[number]["id"];

const isTab = (v: string | null): v is TabId => TABS.some((t) => t.id === v);

/** What other features show inside Settings; `src/app` composes them (features never import each other). */
export interface SettingsSlots {
  /** Shown instead of the tabs when signed out (the auth screen). */
  signedOut: ReactNode;
  /** The Premium tab (the pricing plans). */
  premium: ReactNode;
  /** The Contact Us tab's form. */
  contact: ReactNode;
  /** The Info tab (policy sub-pages). */
  info: ReactNode;
}

/** /settings: left tabs General, Account, Premium, Contact Us, Info (PRODUCT §2 "Settings"). */
export function SettingsPage({ signedOut, premium, contact, info }: SettingsSlots) {
  useSeo(ROUTE_SEO.settings);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const raw = params.get("tab");
  const current: TabId = isTab(raw) ? raw : "general";
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});

  const select = (id: TabId, focus = false) => {
    setParams(id === "general" ? {} : { tab: id }, { replace: true });
    if (focus) tabRefs.current[id]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const i = TABS.findIndex((t) => t.id === current);
    const move: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
    let next: number | undefined;
    if (e.key in move) next = (i + (move[e.key] ?? 0) + TABS.length) % TABS.length;
    if (e.key === "Home") next = 0;
    if (e.key === "End") next = TABS.length - 1;
    const tab = next === undefined ? undefined : TABS[next];
    if (tab) {
      e.preventDefault();
      select(tab.id, true);
    }
  };

  const label = TABS.find((t) => t.id === current)?.label ?? "General";
  // PRODUCT §2: /settings shows the auth screen when signed out.
  if (session.status !== "signed-in") return <>{signedOut}</>;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
      <div className="mt-6 flex flex-col gap-6 md:flex-row">
        <div
          role="tablist"
          aria-label="Settings sections"
          aria-orientation="vertical"
          onKeyDown={onKeyDown}
          className="flex shrink-0 flex-wrap gap-1 md:w-52 md:flex-col md:flex-nowrap"
        >
          {TABS.map((t) => {
            const selected = t.id === current;
            return (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[t.id] = el;
                }}
                id={`tab-${t.id}`}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={`tabpanel-${t.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(t.id)}
                className={`min-h-11 whitespace-nowrap rounded-lg px-4 text-left text-sm font-semibold transition-colors ${
                  selected
                    ? "bg-violet-600 text-white shadow-sm"
                    : "text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800"
                }`}
              >
                {t.label}
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id={`tabpanel-${current}`}
          aria-labelledby={`tab-${current}`}
          className="min-w-0 flex-1"
        >
          {current === "general" && <GeneralTab />}
          {current === "account" && <AccountTab onUpgrade={() => select("premium")} />}
          {current === "premium" && premium}
          {current === "contact" && (
            <section
              aria-label={label}
              className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
            >
              {contact}
            </section>
          )}
          {current === "info" && info}
        </div>
      </div>
    </div>
  );
}
