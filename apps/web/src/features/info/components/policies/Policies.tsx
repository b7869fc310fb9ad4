import { FREE_DAILY_EDITED_SONGS, FREE_DAILY_LIMIT } from "@tonic/api";
import { Link } from "react-router-dom";
import { COMPANY, POLICY } from "./company";
import { PlanPrices, useRefundDays } from "./PlanPrices";
import { Bullets, linkClass, PolicySection } from "./Prose";

const contactLink = (
  <Link to="/contactform" className={linkClass}>
    contact form
  </Link>
);
const mailLink = (
  <a href={`mailto:${COMPANY.email}`} className={linkClass}>
    {COMPANY.email}
  </a>
);

/** Privacy Policy text (PRODUCT §1 marketing and legal side; §3 browser storage; §7 analytics). */
export function PrivacyPolicyText() {
  return (
    <>
      <PolicySection id="who-we-are" title="Who we are">
        <p>
          {COMPANY.product} is operated by {COMPANY.legalName}, {COMPANY.addressLines.join(", ")}. Questions
          about privacy go to {mailLink} or the {contactLink}.
        </p>
      </PolicySection>
      <PolicySection id="what-we-collect" title="What we collect">
        <Bullets
          items={[
            "Your e-mail address and name when you create an account, and your Google account's name, e-mail address and profile picture if you sign in with Google.",
            "Your profile: username, plan (Free or Premium), subscription end date and when you joined.",
            "Your daily count of song analyses and which lessons you have viewed.",
            "Chord sheets you correct while signed in: your version of each song, the links you share, and each edit you make (which beats, the chord before and after, and which version of our analysis engine you corrected).",
            "Payment records (order and payment ids, amount, currency); card and UPI details stay with our payment provider.",
            "Messages you send through the contact form: name, e-mail, subject and message.",
          ]}
        />
      </PolicySection>
      <PolicySection id="on-your-device" title="On your device">
        <p>
          Audio files you analyse on the Search screen are decoded and analysed in your browser and never
          leave your device. Your settings (volume, instrument, labels, sounds, dark mode) and the last
          section you visited are kept in your browser's local storage; a song you open from Home is handed to
          the Search screen through session storage and removed right after.
        </p>
      </PolicySection>
      <PolicySection id="chord-corrections" title="Your chord corrections">
        <p>
          A version you share can be opened by anyone with its link, without signing in; it shows the song and
          your chords, never your e-mail address, and you can stop sharing at any time. We keep your edits
          (without your name or e-mail) to measure how often our analysis is wrong on the songs people bring.
          We never train our models on your corrections without asking you first. Deleting your account
          deletes your versions, your links and your edits. Corrections made without an account stay in your
          browser.
        </p>
      </PolicySection>
      <PolicySection id="analytics" title="Analytics without cookies">
        <p>
          We count page views and a few named events (such as installing the app) to improve {COMPANY.product}
          . These counts carry no cookies, no identifiers and no IP address, and the address of a page is
          recorded without anything you typed into it.
        </p>
      </PolicySection>
      <PolicySection id="retention" title="How long we keep data">
        <p>
          We keep your data while your account is active. After you cancel a subscription your data is kept
          for {POLICY.dataRetentionDays} days, so you can come back without losing progress, and then deleted.
          Contact messages are deleted once answered and no longer needed.
        </p>
      </PolicySection>
      <PolicySection id="your-rights" title="Your rights">
        <p>
          You can see and change your username in Settings, and ask us for a copy of your data, a correction
          or deletion at any time through the {contactLink} or {mailLink}. We do not sell your data.
        </p>
      </PolicySection>
    </>
  );
}

/** Pricing Policy text: prices from the plan catalogue, currencies, taxes and price-change notice (PRODUCT §9). */
export function PricingPolicyText() {
  const refundDays = useRefundDays(POLICY.refundDays);
  return (
    <>
      <PolicySection id="plans" title="Plans and prices">
        <p>
          {COMPANY.product} is free to start. Premium is available as a monthly or a yearly plan, priced in
          rupees (₹) for India and in US dollars ($) for international users:
        </p>
        <PlanPrices />
        <p>
          A free account analyses {FREE_DAILY_LIMIT} songs a day and can correct the chords of{" "}
          {FREE_DAILY_EDITED_SONGS} song a day (your saved corrections stay yours); Premium analyses and
          corrects without a daily limit.
        </p>
        <p>
          Compare the plans and subscribe on the{" "}
          <Link to="/premium" className={linkClass}>
            Premium page
          </Link>
          .
        </p>
      </PolicySection>
      <PolicySection id="billing" title="Billing">
        <Bullets
          items={[
            "You pay the full plan price in advance for the month or the year.",
            "Prices include applicable taxes unless stated otherwise at checkout.",
            "Payments are processed securely by our payment provider by card, UPI or other methods it supports.",
          ]}
        />
      </PolicySection>
      <PolicySection id="price-changes" title="Price changes">
        <p>
          We notify subscribers of any price change at least {POLICY.priceChangeNoticeDays} days in advance. A
          new price applies from your next billing period; the period you already paid for is never charged
          again.
        </p>
      </PolicySection>
      <PolicySection id="refunds" title="Refunds">
        <p>
          New subscriptions come with a {refundDays}-day money-back guarantee. See the{" "}
          <Link to="/cancellation-policy" className={linkClass}>
            Cancellation &amp; Refund Policy
          </Link>
          .
        </p>
      </PolicySection>
    </>
  );
}

/** The questions of the cancellation page; shown on the page and as FAQPage JSON-LD. */
export function cancellationFaq(refundDays: number): { question: string; answer: string }[] {
  return [
    {
      question: "Can I cancel my Premium subscription at any time?",
      answer:
        "Yes. Cancel whenever you like; you keep Premium until the end of the period you paid for and the subscription does not renew.",
    },
    {
      question: "How do I get a refund?",
      answer: `New subscriptions have a ${refundDays}-day money-back guarantee. Ask through the contact form or by e-mail within ${refundDays} days of your first payment; the refund is processed within ${POLICY.refundProcessing} to the original payment method.`,
    },
    {
      question: "What happens to my data after I cancel?",
      answer: `Your data is kept for ${POLICY.dataRetentionDays} days after cancellation, so you can return without losing progress, and is then deleted.`,
    },
  ];
}

/** Cancellation & Refund Policy text (PRODUCT §4 subscription lifecycle, §9 refund and retention). */
export function CancellationPolicyText() {
  const refundDays = useRefundDays(POLICY.refundDays);
  return (
    <>
      <PolicySection id="cancellation" title="Cancellation">
        <Bullets
          items={[
            "You can cancel your subscription at any time.",
            "Premium access continues until the end of the current billing period.",
            "After you cancel, the subscription does not renew and you are not charged again.",
            `Your data is kept for ${POLICY.dataRetentionDays} days after cancellation, then deleted.`,
          ]}
        />
      </PolicySection>
      <PolicySection id="refunds" title="Refunds">
        <Bullets
          items={[
            `${refundDays}-day money-back guarantee for new subscriptions.`,
            `Approved refunds are processed within ${POLICY.refundProcessing} to the original payment method.`,
            <>
              Request a refund through the {contactLink} or at {mailLink}, with the e-mail you signed in with.
            </>,
            "Renewals and partially used periods after the guarantee window are not refunded.",
          ]}
        />
      </PolicySection>
      <PolicySection id="faq" title="Frequently asked questions">
        <dl className="space-y-4">
          {cancellationFaq(refundDays).map((f) => (
            <div key={f.question} className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
              <dt className="font-semibold text-slate-900 dark:text-slate-100">{f.question}</dt>
              <dd className="mt-1">{f.answer}</dd>
            </div>
          ))}
        </dl>
      </PolicySection>
    </>
  );
}

/** Shipping Policy text: exactly the points of PRODUCT §2's route table. */
export function ShippingPolicyText() {
  return (
    <>
      <PolicySection id="digital-delivery" title="Digital delivery only">
        <p>
          {COMPANY.product} is a digital service. We sell no physical goods, so nothing is shipped and there
          are no shipping charges.
        </p>
      </PolicySection>
      <PolicySection id="instant-access" title="Instant access">
        <p>
          Premium features and the course are available instantly after a successful payment, on every device
          where you sign in.
        </p>
      </PolicySection>
      <PolicySection id="requirements" title="What you need">
        <Bullets
          items={[
            "A modern web browser (current Chrome, Edge, Firefox or Safari).",
            "A stable internet connection.",
            "An audio device: speakers or headphones (and a microphone for the Vocal Scale Detector).",
          ]}
        />
      </PolicySection>
      <PolicySection id="support" title="Support">
        <p>
          If you cannot access what you paid for, reach us through the {contactLink} or at {mailLink}.
        </p>
      </PolicySection>
    </>
  );
}
