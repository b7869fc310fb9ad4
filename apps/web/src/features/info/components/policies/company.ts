/**
 * The company identity shown on the information pages (fictional but plausible; PRODUCT §2 Contact page:
 * a location in an Indian city, phone, e-mail, working hours Mon-Fri 9:00 AM-6:00 PM).
 */
export const COMPANY = {
  product: "Tonic",
  legalName: "Tonic Music Labs Pvt. Ltd.",
  addressLines: [
    "2nd Floor, 42 Raga Residency, 12th Main Road",
    "Indiranagar, Bengaluru, Karnataka 560038",
    "India",
  ],
  city: "Bengaluru",
  phone: "+91 80 0000 0000",
  phoneHref: "tel:+918000000000",
  email: "support@tonic.example",
  hours: "Mon-Fri 9:00 AM-6:00 PM",
  /** Map position (Indiranagar, Bengaluru): latitude and longitude in degrees. */
  lat: 12.9719,
  lon: 77.6412,
} as const;

/** PRODUCT §9 business constants stated in the policy texts. */
export const POLICY = {
  /** Money-back window for new subscriptions, days (overridden by the plan catalogue when loaded). */
  refundDays: 7,
  /** Refund processing time. */
  refundProcessing: "5-7 business days",
  /** Account data kept after cancellation, days. */
  dataRetentionDays: 30,
  /** Advance notice of price changes, days. */
  priceChangeNoticeDays: 30,
  /** Date the texts were last revised. */
  updated: "1 November 2026",
} as const;

/** Link to the location on openstreetmap.org (the contact page's map opens it). */
export function osmLinkUrl(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}
