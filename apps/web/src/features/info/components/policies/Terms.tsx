import { FREE_FEATURES, PREMIUM_FEATURES } from "@tonic/api";
import { Link } from "react-router-dom";
import { usePlans } from "@/lib/plans";
import { COMPANY, POLICY } from "./company";
import { PlanPrices, useRefundDays } from "./PlanPrices";
import { Bullets, linkClass, PolicySection } from "./Prose";

/** The six sections of PRODUCT §2 "Policy pages", in order. */
export const TERMS_SECTIONS = [
  { id: "terms-of-use", title: "Terms of Use" },
  { id: "user-accounts", title: "User Accounts" },
  { id: "subscription-terms", title: "Subscription Terms" },
  { id: "free-vs-premium", title: "Free vs Premium Features" },
  { id: "data-usage", title: "Data Usage and Privacy" },
  { id: "content-usage", title: "Content Usage" },
] as const;

const title = (id: (typeof TERMS_SECTIONS)[number]["id"]) =>
  TERMS_SECTIONS.find((s) => s.id === id)?.title ?? id;

/** Terms & Conditions text (PRODUCT §2): six sections; prices come from the plan catalogue. */
export function TermsText() {
  const { data } = usePlans();
  const refundDays = useRefundDays(POLICY.refundDays);
  const premium = data?.premiumFeatures ?? [...PREMIUM_FEATURES];
  const free = data?.freeFeatures ?? [...FREE_FEATURES];
  return (
    <>
      <nav aria-label="Sections" className="rounded-xl bg-slate-50 p-4 dark:bg-slate-900">
        <ol className="grid list-decimal gap-1 pl-5 text-sm sm:grid-cols-2">
          {TERMS_SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className={linkClass}>
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <PolicySection id="terms-of-use" title={title("terms-of-use")}>
        <p>
          These terms govern your use of {COMPANY.product}, operated by {COMPANY.legalName}, {COMPANY.city},
          India. By using the website or the installed app you agree to them. If you do not agree, please do
          not use {COMPANY.product}.
        </p>
        <p>
          You may use {COMPANY.product} for personal learning and teaching. You must not misuse the service:
          no attempts to break or overload it, no automated scraping, and no use that breaks the law.
        </p>
      </PolicySection>
      <PolicySection id="user-accounts" title={title("user-accounts")}>
        <p>
          You sign in with your e-mail address and password, or with your Google account where that option is
          offered. You are responsible for activity under your account and for keeping your password and your
          e-mail account secure. You can change your username in Settings at any time; usernames must be
          unique.
        </p>
        <p>
          We may suspend accounts that break these terms. You can ask us to delete your account through the{" "}
          <Link to="/contactform" className={linkClass}>
            contact form
          </Link>
          .
        </p>
      </PolicySection>
      <PolicySection id="subscription-terms" title={title("subscription-terms")}>
        <p>
          Premium is a subscription billed monthly or yearly in advance. Plans are sold in rupees (₹) in India
          and in US dollars ($) elsewhere. The current prices are:
        </p>
        <PlanPrices />
        <Bullets
          items={[
            "You can cancel at any time; you keep Premium until the end of the period you paid for and the subscription does not renew.",
            `New subscriptions come with a ${refundDays}-day money-back guarantee, refunded within ${POLICY.refundProcessing} to the original payment method.`,
            `We announce price changes at least ${POLICY.priceChangeNoticeDays} days in advance; they apply from your next billing period.`,
            "Payments are processed securely by our payment provider; we never see or store your card details.",
          ]}
        />
      </PolicySection>
      <PolicySection id="free-vs-premium" title={title("free-vs-premium")}>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
            <h3 className="font-semibold text-slate-900 dark:text-slate-100">Free</h3>
            <div className="mt-2">
              <Bullets items={free} />
            </div>
          </div>
          <div className="rounded-xl border border-violet-300 bg-violet-50/60 p-4 dark:border-violet-800 dark:bg-violet-950/40">
            <h3 className="font-semibold text-slate-900 dark:text-slate-100">Premium</h3>
            <div className="mt-2">
              <Bullets items={premium} />
            </div>
          </div>
        </div>
      </PolicySection>
      <PolicySection id="data-usage" title={title("data-usage")}>
        <p>
          We use your data only to run {COMPANY.product}: your profile, plan, daily analysis count and course
          progress. Audio files you analyse on the Search screen are processed on your device and never
          uploaded. Details are in our{" "}
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          .
        </p>
      </PolicySection>
      <PolicySection id="content-usage" title={title("content-usage")}>
        <p>
          Lessons, texts, diagrams and videos in {COMPANY.product} belong to {COMPANY.legalName} or its
          licensors. You may use them for your own learning and in your own teaching, but you may not copy,
          resell or republish them. Songs you search for belong to their rights holders; {COMPANY.product}{" "}
          shows analysis results (key, tempo and chords) for study purposes only.
        </p>
      </PolicySection>
    </>
  );
}
