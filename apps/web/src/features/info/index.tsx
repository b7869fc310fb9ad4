export { AboutPage } from "./components/AboutPage";
export { AcknowledgmentsPage } from "./components/AcknowledgmentsPage";
export { ContactPage } from "./components/ContactPage";
export {
  CancellationPolicyPage,
  PricingPolicyPage,
  PrivacyPolicyPage,
  ShippingPolicyPage,
  TermsPage,
} from "./components/PolicyPages";
