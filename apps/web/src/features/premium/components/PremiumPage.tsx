import { PricingPlans } from "@/components/pricing/PricingPlans";

/** /premium: the pricing page (SPEC §2). */
export function PremiumPage() {
  return (
    <div className="px-4 py-10 sm:px-6 sm:py-14">
      <PricingPlans />
    </div>
  );
}
