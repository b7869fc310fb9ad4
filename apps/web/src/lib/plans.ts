import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type PlanId = "monthly" | "yearly";
export type PlanCurrency = "INR" | "USD";

/** SPEC §3 "Subscription plan"; prices in major units (₹ / $). */
export interface Plan {
  id: PlanId;
  name: string;
  price: number;
  interval: "month" | "year";
  originalPrice: number | null;
  savings: number | null;
  badge: string | null;
  popular: boolean;
  features: string[];
}

export interface PlanCatalogueEntry {
  currency: PlanCurrency;
  symbol: string;
  label: string;
  plans: Plan[];
}

/** `GET /api/plans`: the server's single plan catalogue (SPEC §9). */
export interface PlanCatalogue {
  currencies: PlanCatalogueEntry[];
  premiumFeatures: string[];
  freeFeatures: string[];
  freeDailyLimit: number;
  refundDays: number;
}

/** The plan catalogue from the server (cached for the session; prices never change at run time). */
export function usePlans() {
  return useQuery({
    queryKey: ["plans"],
    queryFn: () => api<PlanCatalogue>("/api/plans"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Formats a price with its currency symbol, e.g. `₹399`, `$8`.
 * @param amount major units.
 */
export function formatPrice(catalogue: PlanCatalogue, currency: PlanCurrency, amount: number): string {
  const symbol = catalogue.currencies.find((c) => c.currency === currency)?.symbol ?? "";
  return `${symbol}${amount}`;
}

/**
 * Finds a plan.
 * @returns the plan or undefined.
 */
export function findPlan(catalogue: PlanCatalogue, currency: PlanCurrency, id: PlanId): Plan | undefined {
  return catalogue.currencies.find((c) => c.currency === currency)?.plans.find((p) => p.id === id);
}
