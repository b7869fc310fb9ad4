import { FREE_DAILY_LIMIT, type Plan, type PlanCatalogue, REFUND_DAYS } from "@tonic/api";

export type { Plan, PlanCatalogue, PlanCurrency, PlanId } from "@tonic/api";

/** SPEC §6 premium features, in the SPEC's order. */
export const PREMIUM_FEATURES = [
  "Unlimited song analysis",
  "Advanced chord detection",
  "Priority support",
  "Offline mode access",
  "No advertisements",
  "Exclusive learning content",
  "Custom exercises and practice",
  "Progress tracking and analytics",
  "Early access to new features",
] as const;

/** SPEC §6 free features (policy text). */
export const FREE_FEATURES = [
  "Basic scale explorer",
  "Basic chord detection",
  `${FREE_DAILY_LIMIT} song analyses per day`,
  "Standard support",
] as const;

const features = [...PREMIUM_FEATURES];

/** SPEC §9 plans. Savings are rounded to the nearest percent: 1 - 399/1188 = 66.4 % → 66, 1 - 8/24 = 66.7 % → 67. */
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
 * The checkout amount of a plan in minor units (SPEC §9 "Checkout amount is price times 100").
 * @returns paise for INR, cents for USD.
 */
export function amountInMinorUnits(plan: Plan): number {
  return Math.round(plan.price * 100);
}
