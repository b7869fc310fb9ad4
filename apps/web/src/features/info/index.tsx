export { AboutPage } from "./components/AboutPage";
export { AcknowledgmentsPage } from "./components/AcknowledgmentsPage";
export { ContactForm } from "./components/ContactForm";
export { ContactPage } from "./components/ContactPage";
export { InfoTab } from "./components/InfoTab";
export {
  CancellationPolicyPage,
  PricingPolicyPage,
  PrivacyPolicyPage,
  ShippingPolicyPage,
  TermsPage,
} from "./components/PolicyPages";
