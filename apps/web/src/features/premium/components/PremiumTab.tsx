import { PricingPlans } from "./PricingPlans";

/** Settings → Premium: the pricing page (PRODUCT §2). */
export function PremiumTab() {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <PricingPlans headingLevel={2} />
    </div>
  );
}
