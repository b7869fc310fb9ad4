import { canonicalUrl, useSeo, webPage } from "@/lib/seo";
import { InfoLayout } from "./InfoLayout";
import { AcknowledgmentsList, SpecialThanks } from "./policies";

const DESCRIPTION = "The open-source libraries Tonic is built with, their licences, and our special thanks.";

/** `/acknowledgments`: libraries and licences generated at build time, plus special thanks. */
export function AcknowledgmentsPage() {
  useSeo({
    title: "Acknowledgments",
    description: DESCRIPTION,
    path: "/acknowledgments",
    jsonLd: webPage({
      name: "Acknowledgments",
      description: DESCRIPTION,
      url: canonicalUrl("/acknowledgments"),
    }),
  });
  return (
    <InfoLayout title="Acknowledgments" lead="Tonic stands on the shoulders of open source.">
      <section aria-labelledby="thanks-title">
        <h2 id="thanks-title" className="mt-10 text-xl font-semibold md:text-2xl">
          Special thanks
        </h2>
        <div className="mt-3">
          <SpecialThanks />
        </div>
      </section>
      <section aria-labelledby="libs-title">
        <h2 id="libs-title" className="mt-10 mb-3 text-xl font-semibold md:text-2xl">
          Open-source libraries
        </h2>
        <AcknowledgmentsList />
      </section>
    </InfoLayout>
  );
}
