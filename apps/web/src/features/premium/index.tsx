import { BeingBuilt } from "@/components/BeingBuilt";

export function PremiumPage() {
  return <BeingBuilt title="Choose Your Plan" />;
}
