import type { PlanCurrency, PlanId } from "../db/schema.js";

export type { PlanCurrency, PlanId } from "../db/schema.js";

/** One subscription plan (SPEC §3 "Subscription plan"). Prices are in major units (₹, $). */
export interface Plan {
  id: PlanId;
  name: string;
  price: number;
  interval: "month" | "year";
  /** The struck-through price, or null. */
  originalPrice: number | null;
  /** Savings in percent against `originalPrice`, or null. */
  savings: number | null;
  badge: string | null;
  popular: boolean;
  features: string[];
}

/** The plans of one currency, with display helpers. */
export interface PlanCatalogueEntry {
  currency: PlanCurrency;
  /** "₹" or "$". */
  symbol: string;
  /** Switch label: "India (₹)" / "International ($)". */
  label: string;
  plans: Plan[];
}

/** What `GET /api/plans` returns: the single source of truth for prices (SPEC §9). */
export interface PlanCatalogue {
  currencies: PlanCatalogueEntry[];
  /** SPEC §6 "Premium features". */
  premiumFeatures: string[];
  /** SPEC §6 Free features (policy text). */
  freeFeatures: string[];
  freeDailyLimit: number;
  refundDays: number;
}

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
  "5 song analyses per day",
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
  freeDailyLimit: 5,
  refundDays: 7,
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
