import { useState } from "react";
import { Link } from "react-router-dom";
import { isPremium, useSession } from "@/lib/auth";
import { type Plan, type PlanCurrency, usePlans } from "@/lib/plans";
import { useCheckout } from "../hooks/useCheckout";
import { TestCheckoutDialog } from "./TestCheckoutDialog";

/** Default currency: rupees in India (by time zone), dollars elsewhere. */
function defaultCurrency(): PlanCurrency {
  try {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return tz === "Asia/Kolkata" || tz === "Asia/Calcutta" ? "INR" : "USD";
  } catch {
    return "USD";
  }
}

function Check() {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      className="mt-0.5 shrink-0 text-violet-600 dark:text-violet-400"
    >
      <path fill="currentColor" d="M8.1 14.3 3.8 10l1.4-1.4 2.9 2.9 6.7-6.7 1.4 1.4z" />
    </svg>
  );
}

const badgeIcon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    width={20}
    height={20}
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

const badges = [
  {
    title: "Secure Payment",
    text: "Encrypted checkout by Razorpay",
    icon: badgeIcon("M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 0 1 7 0v3"),
  },
  {
    title: "Cancel Anytime",
    text: "Access until the end of your period",
    icon: badgeIcon("M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4"),
  },
  {
    title: "24/7 Support",
    text: "We're here when you need us",
    icon: badgeIcon("M3 6h18v12H3zM3 7l9 6 9-6"),
  },
];

/** "You're a Premium member until …" for a PAID user, instead of the plan cards. */
function MemberNotice({ until }: { until: string }) {
  const date = new Date(`${until}T00:00:00Z`).toLocaleDateString(undefined, {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return (
    <div
      data-testid="premium-member"
      className="mx-auto mt-10 max-w-xl rounded-2xl border border-emerald-300 bg-emerald-50 p-6 text-center dark:border-emerald-800 dark:bg-emerald-950/40"
    >
      <p className="text-xl font-bold text-emerald-900 dark:text-emerald-100">
        You're a Premium member until {date}
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        The full course, unlimited song analysis and every tool are yours.{" "}
        <Link to="/learn" className="font-semibold text-violet-700 underline dark:text-violet-300">
          Continue learning
        </Link>
      </p>
    </div>
  );
}

function PlanCard({
  plan,
  symbol,
  processing,
  disabled,
  onBuy,
}: {
  plan: Plan;
  symbol: string;
  processing: boolean;
  disabled: boolean;
  onBuy: () => void;
}) {
  const per = plan.interval === "year" ? "/year" : "/month";
  return (
    <article
      aria-label={`${plan.name} plan`}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900 ${
        plan.popular
          ? "border-violet-500 ring-2 ring-violet-500/30"
          : "border-slate-200 dark:border-slate-800"
      }`}
    >
      {plan.badge && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-violet-600 px-3 py-1 text-xs font-bold tracking-wide text-white shadow">
          {plan.badge}
        </span>
      )}
      <h3 className="text-lg font-semibold">{plan.name}</h3>
      <div className="mt-3 flex flex-wrap items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight">
          {symbol}
          {plan.price}
        </span>
        <span className="text-slate-500 dark:text-slate-400">{per}</span>
        {plan.originalPrice !== null && (
          <s className="text-slate-600 dark:text-slate-300">
            <span className="sr-only">was </span>
            {symbol}
            {plan.originalPrice}
          </s>
        )}
      </div>
      {plan.savings !== null && (
        <p className="mt-2 inline-flex w-fit rounded-full bg-emerald-100 px-2.5 py-0.5 text-sm font-semibold text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200">
          Save {plan.savings}%
        </p>
      )}
      <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-700 dark:text-slate-300">
        {plan.features.map((f) => (
          <li key={f} className="flex gap-2">
            <Check />
            {f}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onBuy}
        disabled={disabled}
        className={`mt-6 inline-flex min-h-12 items-center justify-center rounded-xl px-4 font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:cursor-not-allowed disabled:opacity-60 ${
          plan.popular
            ? "bg-violet-600 text-white hover:bg-violet-700"
            : "bg-slate-900 text-white hover:bg-slate-800 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
        }`}
      >
        {processing ? "Processing..." : "Get Started Now"}
      </button>
    </article>
  );
}

/**
 * The pricing page of PRODUCT §2 (Settings → Premium and /premium): "Choose Your Plan", the India (₹) /
 * International ($) switch, two plan cards from the server's catalogue with "Get Started Now", the
 * money-back text, the support link and trust badges; runs the checkout flow of PRODUCT §4 "Payment".
 */
export function PricingPlans({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const plans = usePlans();
  const [currency, setCurrency] = useState<PlanCurrency>(defaultCurrency);
  const { state, start, payTest, dismiss } = useCheckout();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const { profile } = useSession();
  const member = isPremium(profile) ? profile?.subscription_end_date : null;

  const entry = plans.data?.currencies.find((c) => c.currency === currency);

  return (
    <section aria-labelledby="choose-plan" className="mx-auto max-w-4xl">
      <div className="text-center">
        <Heading id="choose-plan" className="text-3xl font-bold tracking-tight sm:text-4xl">
          Choose Your Plan
        </Heading>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Unlimited song analysis, chord corrections on every song and the full 20-day course. Cancel anytime.
        </p>
        <fieldset
          className={`mt-6 rounded-xl bg-slate-100 p-1 dark:bg-slate-800 ${member ? "hidden" : "inline-flex"}`}
        >
          <legend className="sr-only">Currency</legend>
          {(plans.data?.currencies ?? []).map((c) => (
            <label
              key={c.currency}
              className={`inline-flex min-h-11 cursor-pointer items-center rounded-lg px-4 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-600 ${
                currency === c.currency
                  ? "bg-white text-violet-700 shadow-sm dark:bg-slate-950 dark:text-violet-300"
                  : "text-slate-600 dark:text-slate-300"
              }`}
            >
              <input
                type="radio"
                name="currency"
                value={c.currency}
                checked={currency === c.currency}
                onChange={() => setCurrency(c.currency)}
                className="sr-only"
              />
              {c.label}
            </label>
          ))}
        </fieldset>
      </div>

      {plans.isPending && <p className="mt-10 text-center text-slate-500">Loading plans…</p>}
      {plans.isError && (
        <p role="alert" className="mt-10 text-center text-red-600">
          Could not load the plans. Please try again.
        </p>
      )}

      {(state.error || state.retrying) && (
        <div
          role="alert"
          className="mx-auto mt-8 max-w-xl rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {state.orderError && <p className="font-semibold">Payment Error</p>}
          {state.error && <p>{state.error}</p>}
          {state.retrying && <p className="mt-1 font-medium">{state.retrying}</p>}
          {state.error === "Please sign in to subscribe" && (
            <Link
              to="/auth"
              className="mt-2 inline-flex min-h-11 items-center font-semibold text-violet-700 underline dark:text-violet-300"
            >
              Sign in or create an account
            </Link>
          )}
        </div>
      )}

      {member && <MemberNotice until={member} />}
      {entry && !member && (
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {entry.plans.map((p) => (
            <PlanCard
              key={p.id}
              plan={p}
              symbol={entry.symbol}
              processing={state.processing === p.id}
              disabled={state.processing !== null}
              onBuy={() => void start(p, currency)}
            />
          ))}
        </div>
      )}

      <p className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">
        7-day money-back guarantee. Questions?{" "}
        <Link to="/contactform" className="font-semibold text-violet-700 underline dark:text-violet-300">
          Contact our support team
        </Link>
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {badges.map((b) => (
          <li
            key={b.title}
            className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          >
            <span
              aria-hidden="true"
              className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-700 dark:bg-violet-900/50 dark:text-violet-200"
            >
              {b.icon}
            </span>
            <span>
              <span className="block font-semibold">{b.title}</span>
              <span className="block text-xs text-slate-500 dark:text-slate-400">{b.text}</span>
            </span>
          </li>
        ))}
      </ul>

      {state.testOrder && (
        <TestCheckoutDialog
          order={state.testOrder}
          planName={state.testOrder.plan.name}
          price={`${entry?.symbol ?? ""}${state.testOrder.plan.price}`}
          onPay={() => void payTest()}
          onCancel={dismiss}
        />
      )}
    </section>
  );
}
