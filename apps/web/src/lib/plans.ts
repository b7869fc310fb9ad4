import { useQuery } from "@tanstack/react-query";
import { type Plan, PlanCatalogue, type PlanCurrency, type PlanId } from "@tonic/api";
import { api } from "@/lib/api";

export type { Plan, PlanCatalogue, PlanCatalogueEntry, PlanCurrency, PlanId } from "@tonic/api";

/** The plan catalogue from the server (`GET /api/plans`; cached for the session, prices never change at run time). */
export function usePlans() {
  return useQuery({
    queryKey: ["plans"],
    queryFn: () => api("/api/plans", PlanCatalogue),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Finds a plan.
 * @returns the plan or undefined.
 */
export function findPlan(catalogue: PlanCatalogue, currency: PlanCurrency, id: PlanId): Plan | undefined {
  return catalogue.currencies.find((c) => c.currency === currency)?.plans.find((p) => p.id === id);
}
