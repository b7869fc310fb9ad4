export {
  article,
  faqPage,
  type JsonLdNode,
  musicComposition,
  SCHEMA_CONTEXT,
  SUPPORTED_TYPES,
  searchResultsPage,
  validateJsonLd,
  webPage,
} from "./jsonld";
export { canonicalUrl, formatTitle, type SeoInput, SITE_NAME, siteOrigin, useSeo } from "./useSeo";
