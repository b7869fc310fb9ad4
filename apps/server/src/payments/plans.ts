import {
  FREE_DAILY_LIMIT,
  FREE_FEATURES,
  type Plan,
  type PlanCatalogue,
  PREMIUM_FEATURES,
  REFUND_DAYS,
} from "@tonic/api";

export type { Plan, PlanCatalogue, PlanCurrency, PlanId } from "@tonic/api";
export { FREE_FEATURES, PREMIUM_FEATURES } from "@tonic/api";

const features = [...PREMIUM_FEATURES];

/** PRODUCT §9 plans. Savings are rounded to the nearest percent: 1 - 399/1188 = 66.4 % → 66, 1 - 8/24 = 66.7 % → 67. */
export const PLAN_CATALOGUE: PlanCatalogue = {
  currencies: [
    {
      currency: "INR",
      symbol: "₹",
      label: "India (₹)",
      plans: [
        {
          id: "monthly",
          name: "Monthly",
          price: 99,
          interval: "month",
          originalPrice: null,
          savings: null,
          badge: null,
          popular: false,
          features,
        },
        {
          id: "yearly",
          name: "Annual",
          price: 399,
          interval: "year",
          originalPrice: 1188,
          savings: 66,
          badge: "BEST VALUE",
          popular: true,
          features,
        },
      ],
    },
    {
      currency: "USD",
      symbol: "$",
      label: "International ($)",
      plans: [
        {
          id: "monthly",
          name: "Monthly",
          price: 2,
          interval: "month",
          originalPrice: null,
          savings: null,
          badge: null,
          popular: false,
          features,
        },
        {
          id: "yearly",
          name: "Annual",
          price: 8,
          interval: "year",
          originalPrice: 24,
          savings: 67,
          badge: "RECOMMENDED",
          popular: true,
          features,
        },
      ],
    },
  ],
  premiumFeatures: features,
  freeFeatures: [...FREE_FEATURES],
  freeDailyLimit: FREE_DAILY_LIMIT,
  refundDays: REFUND_DAYS,
};

/**
 * Looks a plan up in the catalogue.
 * @returns the plan, or undefined for an unknown id/currency.
 */
export function findPlan(planId: string, currency: string): Plan | undefined {
  return PLAN_CATALOGUE.currencies.find((c) => c.currency === currency)?.plans.find((p) => p.id === planId);
}

/**
 * The checkout amount of a plan in minor units (PRODUCT §9 "Checkout amount is price times 100").
 * @returns paise for INR, cents for USD.
 */
export function amountInMinorUnits(plan: Plan): number {
  return Math.round(plan.price * 100);
}
