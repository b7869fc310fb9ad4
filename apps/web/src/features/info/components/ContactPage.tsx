import { canonicalUrl, useSeo, webPage } from "@/lib/seo";
import { ContactForm } from "./ContactForm";
import { COMPANY, osmLinkUrl } from "./policies";

const DESCRIPTION = `Contact the Tonic team in ${COMPANY.city}: send us a message, e-mail ${COMPANY.email} or call, ${COMPANY.hours}.`;

/**
 * The map: a drawing of the neighbourhood with the office marked, linking to OpenStreetMap. Drawn here,
 * so it needs no third-party frame (which our Content-Security-Policy refuses), no network and no cookies.
 */
function LocationMap() {
  const address = COMPANY.addressLines.join(", ");
  const href = osmLinkUrl(COMPANY.lat, COMPANY.lon);
  return (
    <figure>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        title={`Map of our office in ${COMPANY.city}`}
        aria-label={`Open ${address} on OpenStreetMap`}
        data-testid="office-map"
        className="group relative block h-64 overflow-hidden rounded-2xl border border-slate-200 bg-[#eef1e6] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 dark:border-slate-800 dark:bg-slate-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 400 256"
          preserveAspectRatio="xMidYMid slice"
          className="absolute inset-0 h-full w-full"
        >
          <rect x="28" y="150" width="92" height="70" rx="6" className="fill-[#d7e8c8] dark:fill-slate-700" />
          <rect
            x="262"
            y="26"
            width="110"
            height="62"
            rx="6"
            className="fill-[#d7e8c8] dark:fill-slate-700"
          />
          <g className="stroke-white dark:stroke-slate-600" strokeLinecap="round" fill="none">
            <path d="M-10 120 L410 104" strokeWidth="16" />
            <path d="M190 -10 L214 266" strokeWidth="12" />
            <path d="M-10 40 L180 52 L410 30" strokeWidth="8" />
            <path d="M60 266 L92 -10" strokeWidth="8" />
            <path d="M300 266 L318 -10" strokeWidth="8" />
            <path d="M-10 200 L410 214" strokeWidth="8" />
          </g>
          <g className="fill-violet-600" transform="translate(203 112)">
            <path d="M0 0 C-14 -18 -20 -26 -20 -36 A20 20 0 1 1 20 -36 C20 -26 14 -18 0 0 Z" />
            <circle cy="-36" r="7" className="fill-white" />
          </g>
        </svg>
        <span className="absolute inset-x-3 bottom-3 flex items-center justify-between gap-3 rounded-xl bg-white/95 px-4 py-3 text-sm shadow-md dark:bg-slate-900/95">
          <span className="min-w-0">
            <span className="block font-semibold text-slate-900 dark:text-slate-100">
              {COMPANY.addressLines[1]}
            </span>
          </span>
          <span className="shrink-0 font-semibold text-violet-700 group-hover:underline dark:text-violet-300">
            Open map ↗
          </span>
        </span>
      </a>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        The map opens on OpenStreetMap.
      </figcaption>
    </figure>
  );
}

/** `/contactform` "Get in Touch" (PRODUCT §2): the contact form, the contact block and a map. */
export function ContactPage() {
  useSeo({
    title: "Contact Us",
    description: DESCRIPTION,
    path: "/contactform",
    jsonLd: webPage({
      name: "Contact Tonic",
      description: DESCRIPTION,
      url: canonicalUrl("/contactform"),
      type: "ContactPage",
    }),
  });
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 md:px-6 md:py-14">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">Get in Touch</h1>
        <p className="mt-3 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
          Questions about lessons, your subscription or a song analysis? Send us a message and we will reply
          within one working day.
        </p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border border-slate-200 p-5 shadow-sm md:p-8 dark:border-slate-800 dark:bg-slate-900"
        >
          <h2 id="contact-form-title" className="mb-6 text-xl font-semibold">
            Send us a message
          </h2>
          <ContactForm />
        </section>
        <aside aria-labelledby="contact-info-title" className="space-y-6">
          <section className="rounded-2xl bg-violet-50 p-6 dark:bg-violet-950/40">
            <h2 id="contact-info-title" className="text-xl font-semibold">
              Contact information
            </h2>
            <dl className="mt-4 space-y-4">
              <div>
                <dt className="text-sm font-semibold text-violet-800 dark:text-violet-300">Location</dt>
                <dd>
                  <address className="not-italic">
                    {COMPANY.legalName}
                    {COMPANY.addressLines.map((l) => (
                      <span key={l} className="block">
                        {l}
                      </span>
                    ))}
                  </address>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-violet-800 dark:text-violet-300">Phone</dt>
                <dd>
                  <a
                    href={COMPANY.phoneHref}
                    className="inline-flex min-h-11 items-center underline-offset-2 hover:underline"
                  >
                    {COMPANY.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-violet-800 dark:text-violet-300">Email</dt>
                <dd>
                  <a
                    href={`mailto:${COMPANY.email}`}
                    className="inline-flex min-h-11 items-center underline-offset-2 hover:underline"
                  >
                    {COMPANY.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-violet-800 dark:text-violet-300">Working hours</dt>
                <dd>{COMPANY.hours}</dd>
              </div>
            </dl>
          </section>
          <LocationMap />
        </aside>
      </div>
    </div>
  );
}
