import { usePlans } from "@/lib/plans";
import { canonicalUrl, faqPage, useSeo, webPage } from "@/lib/seo";
import { InfoLayout } from "./InfoLayout";
import {
  CancellationPolicyText,
  cancellationFaq,
  POLICY,
  PricingPolicyText,
  PrivacyPolicyText,
  ShippingPolicyText,
  TermsText,
} from "./policies";

/** SEO for a plain information page: title, description, canonical URL and WebPage JSON-LD. */
function usePageSeo(title: string, description: string, path: string) {
  useSeo({
    title,
    description,
    path,
    jsonLd: webPage({ name: title, description, url: canonicalUrl(path) }),
  });
}

/** `/privacy-policy`. */
export function PrivacyPolicyPage() {
  usePageSeo(
    "Privacy Policy",
    "What Tonic collects, what stays on your device, cookie-free analytics, how long data is kept and your rights.",
    "/privacy-policy",
  );
  return (
    <InfoLayout title="Privacy Policy" lead="Your music and your data stay yours." updated>
      <PrivacyPolicyText />
    </InfoLayout>
  );
}

/** `/terms`: the six sections of PRODUCT §2. */
export function TermsPage() {
  usePageSeo(
    "Terms & Conditions",
    "Tonic's terms of use, user accounts, subscription terms, free vs premium features, data usage and content usage.",
    "/terms",
  );
  return (
    <InfoLayout title="Terms & Conditions" lead="The rules for using Tonic, in plain words." updated>
      <TermsText />
    </InfoLayout>
  );
}

/** `/pricing-policy`: prices from the plan catalogue. */
export function PricingPolicyPage() {
  usePageSeo(
    "Pricing Policy",
    "Tonic Premium plans in rupees and US dollars, billing, taxes and how price changes are announced.",
    "/pricing-policy",
  );
  return (
    <InfoLayout title="Pricing Policy" lead="Simple plans, billed in advance, with no surprises." updated>
      <PricingPolicyText />
    </InfoLayout>
  );
}

/** `/cancellation-policy`: cancellation, refunds and an FAQ (FAQPage JSON-LD). */
export function CancellationPolicyPage() {
  const { data } = usePlans();
  const refundDays = data?.refundDays ?? POLICY.refundDays;
  const title = "Cancellation & Refund Policy";
  const description = `Cancel Tonic Premium any time. ${refundDays}-day money-back guarantee, refunds within ${POLICY.refundProcessing}.`;
  useSeo({
    title,
    description,
    path: "/cancellation-policy",
    jsonLd: [
      webPage({ name: title, description, url: canonicalUrl("/cancellation-policy") }),
      faqPage(cancellationFaq(refundDays)),
    ],
  });
  return (
    <InfoLayout title={title} lead="Cancel whenever you like; try Premium without risk." updated>
      <CancellationPolicyText />
    </InfoLayout>
  );
}

/** `/shipping-policy`: digital delivery only (PRODUCT §2 route table). */
export function ShippingPolicyPage() {
  usePageSeo(
    "Shipping Policy",
    "Tonic is delivered digitally with instant access after payment; no physical goods are shipped.",
    "/shipping-policy",
  );
  return (
    <InfoLayout title="Shipping Policy" lead="Everything is delivered online, instantly." updated>
      <ShippingPolicyText />
    </InfoLayout>
  );
}
