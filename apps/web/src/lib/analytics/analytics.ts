/**
 * Analytics behind one small interface (PRODUCT §7 "Other"): a page view on load and on every hash change
 * (and on client-side navigations), plus named events such as `pwa_installed`. Events go to
 * `POST /api/analytics`; the server stores them or forwards them to a Plausible-compatible service.
 * No cookies, no identifiers, no query strings (they may contain what a person typed).
 */

/** Event property values; keep them short and free of personal data. */
export type EventProps = Record<string, string | number | boolean>;

/** What is sent to the server for one event. */
export interface AnalyticsPayload {
  name: string;
  /** Pathname plus hash, never the query string. */
  path: string;
  referrer?: string;
  props?: EventProps;
}

export const ANALYTICS_ENDPOINT = "/api/analytics";

/**
 * Keeps a hash only when it names a section (`#chords`); hashes carrying parameters — such as the
 * sign-in links' `#type=recovery&token=…` — are dropped because they may hold secrets.
 * @param hash `location.hash`, with its `#`.
 */
export function sectionHash(hash: string): string {
  return /^#[\w-]{1,64}$/.test(hash) ? hash : "";
}

/**
 * Builds the payload for an event at a location.
 * @param name event name, lower-case (`pageview`, `pwa_installed`).
 * @param location the page location (pathname and hash are used).
 * @param referrer `document.referrer`; sent only with page views.
 */
export function buildPayload(
  name: string,
  location: Pick<Location, "pathname" | "hash">,
  referrer?: string,
  props?: EventProps,
): AnalyticsPayload {
  const payload: AnalyticsPayload = {
    name,
    path: `${location.pathname || "/"}${sectionHash(location.hash)}`,
  };
  if (referrer) payload.referrer = referrer;
  if (props && Object.keys(props).length) payload.props = props;
  return payload;
}

/** A function that delivers one payload. */
export type Transport = (payload: AnalyticsPayload) => void;

/** Default transport: `sendBeacon` (survives page unload) with a `fetch` keepalive fallback. */
export const beaconTransport: Transport = (payload) => {
  const body = JSON.stringify(payload);
  try {
    // A string body is sent as text/plain (a CORS-safe type); the server parses it as JSON.
    if (navigator.sendBeacon?.(ANALYTICS_ENDPOINT, body)) return;
  } catch {
    // fall through to fetch
  }
  void fetch(ANALYTICS_ENDPOINT, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json" },
    keepalive: true,
    credentials: "omit",
  }).catch(() => undefined);
};

let transport: Transport = beaconTransport;

/** Replaces the transport (tests). */
export function setTransport(t: Transport): void {
  transport = t;
}

/**
 * Records a named event at the current location.
 * @param name lower-case event name, e.g. `pwa_installed`.
 * @param props optional short properties (no personal data).
 */
export function track(name: string, props?: EventProps): void {
  if (typeof window === "undefined") return;
  transport(buildPayload(name, window.location, undefined, props));
}

/** Records a page view of the current location. */
export function trackPageview(): void {
  if (typeof window === "undefined") return;
  transport(buildPayload("pageview", window.location, document.referrer || undefined));
}

/** Something that reports client-side navigations, e.g. a React Router data router. */
export interface NavigationSource {
  subscribe(listener: (state: { location: { pathname: string; hash: string } }) => void): () => void;
}

/**
 * Starts automatic page views: one now, one per hash change, one per client-side path change.
 * @param router optional navigation source for SPA navigations.
 * @returns a function that stops tracking.
 */
export function startAnalytics(router?: NavigationSource): () => void {
  trackPageview();
  let last = `${window.location.pathname}${window.location.hash}`;
  const onChange = () => {
    const now = `${window.location.pathname}${window.location.hash}`;
    if (now === last) return;
    last = now;
    trackPageview();
  };
  window.addEventListener("hashchange", onChange);
  const unsubscribe = router?.subscribe(() => onChange());
  return () => {
    window.removeEventListener("hashchange", onChange);
    unsubscribe?.();
  };
}
