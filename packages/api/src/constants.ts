/**
 * Business constants of PRODUCT §9 shared by the server and the web app, in one place.
 * The server enforces them; the web app only displays them.
 */

/** PRODUCT §9 "Free daily song-analysis limit: 5 per calendar date (UTC, yyyy-mm-dd)". */
export const FREE_DAILY_LIMIT = 5;

/** PRODUCT §9 refund window of a subscription, days. */
export const REFUND_DAYS = 7;

/** PRODUCT §9 course length, days. */
export const COURSE_DAYS = 20;

/** PRODUCT §3 song languages. */
export const SONG_LANGUAGES = ["en", "hi", "te", "ta", "ml", "kn", "es", "fr", "de", "ko", "ja"] as const;
export type SongLanguage = (typeof SONG_LANGUAGES)[number];

/** PRODUCT §3 blog languages. */
export const BLOG_LANGUAGES = ["en", "hi", "te", "ta", "ml", "kn"] as const;
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];

/** Subscription plans (PRODUCT §9). */
export const PLAN_IDS = ["monthly", "yearly"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Checkout currencies (PRODUCT §9). */
export const PLAN_CURRENCIES = ["INR", "USD"] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];

/** Account tiers (PRODUCT §3 profiles.user_type). */
export const USER_TYPES = ["FREE", "PAID"] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Time signatures the engine reports (v2 contract); null when there is no steady beat. */
export const TIME_SIGNATURES = ["4/4", "3/4", "6/8"] as const;

/** Prefix of the local demo songs' video ids (their audio is served by `/api/demo-audio/:videoId`). */
export const DEMO_PREFIX = "demo-";

/** PRODUCT §8 gate messages of song analysis. */
export const GATE_MESSAGES = {
  login: "Please log in to analyze new songs.",
  limit: `Daily Limit Reached: free accounts can analyze ${FREE_DAILY_LIMIT} new songs a day. Upgrade to Premium for unlimited analysis.`,
} as const;

/** PRODUCT §6 premium features, in the product's order (plan catalogue and policy text). */
export const PREMIUM_FEATURES = [
  "Unlimited song analysis",
  "Advanced chord detection",
  "Priority support",
  "Offline mode access",
  "No advertisements",
  "Exclusive learning content",
  "Custom exercises and practice",
  "Progress tracking and analytics",
  "Early access to new features",
] as const;

/** PRODUCT §6 free features (plan catalogue and policy text). */
export const FREE_FEATURES = [
  "Basic scale explorer",
  "Basic chord detection",
  `${FREE_DAILY_LIMIT} song analyses per day`,
  "Standard support",
] as const;
