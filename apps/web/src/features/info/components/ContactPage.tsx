import { useEffect, useState } from "react";
import { canonicalUrl, useSeo, webPage } from "@/lib/seo";
import { ContactForm } from "./ContactForm";
import { COMPANY, osmEmbedUrl, osmLinkUrl } from "./policies";

const DESCRIPTION = `Contact the Tonic team in ${COMPANY.city}: send us a message, e-mail ${COMPANY.email} or call, ${COMPANY.hours}.`;

/** Whether the browser reports a network connection; follows online/offline events. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return online;
}

/** The map: an OpenStreetMap embed online, an address link offline. */
function LocationMap() {
  const online = useOnline();
  const address = COMPANY.addressLines.join(", ");
  if (!online) {
    return (
      <div className="flex h-64 flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
        <p className="text-slate-600 dark:text-slate-400">The map needs a connection.</p>
        <a
          href={osmLinkUrl(COMPANY.lat, COMPANY.lon)}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300"
        >
          Open {address} on OpenStreetMap
        </a>
      </div>
    );
  }
  return (
    <figure>
      <iframe
        title={`Map of our office in ${COMPANY.city}`}
        src={osmEmbedUrl(COMPANY.lat, COMPANY.lon)}
        loading="lazy"
        referrerPolicy="no-referrer"
        className="h-64 w-full rounded-2xl border border-slate-200 dark:border-slate-800"
      />
      <figcaption className="mt-2 text-sm">
        <a
          href={osmLinkUrl(COMPANY.lat, COMPANY.lon)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-violet-700 underline underline-offset-2 dark:text-violet-300"
        >
          View larger map
        </a>
      </figcaption>
    </figure>
  );
}

/** `/contactform` "Get in Touch" (SPEC §2): the contact form, the contact block and a map. */
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
