export {
  type AnalyticsPayload,
  buildPayload,
  type EventProps,
  type NavigationSource,
  setTransport,
  startAnalytics,
  track,
  trackPageview,
} from "./analytics";
