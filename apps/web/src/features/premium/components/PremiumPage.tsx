import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { PricingPlans } from "./PricingPlans";

/** /premium: the pricing page (PRODUCT §2). */
export function PremiumPage() {
  useSeo(ROUTE_SEO.premium);
  return (
    <div className="px-4 py-10 sm:px-6 sm:py-14">
      <PricingPlans />
    </div>
  );
}
