import { BeingBuilt } from "@/components/BeingBuilt";

export function AboutPage() {
  return <BeingBuilt title="About Tonic" />;
}

export function PrivacyPolicyPage() {
  return <BeingBuilt title="Privacy Policy" />;
}

export function TermsPage() {
  return <BeingBuilt title="Terms & Conditions" />;
}

export function PricingPolicyPage() {
  return <BeingBuilt title="Pricing Policy" />;
}

export function CancellationPolicyPage() {
  return <BeingBuilt title="Cancellation & Refund Policy" />;
}

export function ShippingPolicyPage() {
  return <BeingBuilt title="Shipping Policy" />;
}

export function ContactPage() {
  return <BeingBuilt title="Get in Touch" />;
}

export function AcknowledgmentsPage() {
  return <BeingBuilt title="Acknowledgments" />;
}
