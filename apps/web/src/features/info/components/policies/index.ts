/** Information and policy texts shared by the information pages and Settings → Info sub-pages. */
export {
  ABOUT_COUNTERS,
  AboutCounters,
  AboutMission,
  AboutTeam,
  COUNTER_DURATION_MS,
  counterValue,
  TEAM,
} from "./About";
export {
  AcknowledgmentsList,
  type LibraryLicense,
  SpecialThanks,
  useAcknowledgments,
} from "./Acknowledgments";
export { COMPANY, osmLinkUrl, POLICY } from "./company";
export { PlanPrices } from "./PlanPrices";
export {
  CancellationPolicyText,
  cancellationFaq,
  PricingPolicyText,
  PrivacyPolicyText,
  ShippingPolicyText,
} from "./Policies";
export { PolicySection } from "./Prose";
export { TERMS_SECTIONS, TermsText } from "./Terms";
