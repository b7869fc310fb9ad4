import { Link } from "react-router-dom";
import { canonicalUrl, useSeo, webPage } from "@/lib/seo";
import { AboutCounters, AboutMission, AboutTeam } from "./policies";

const DESCRIPTION =
  "Tonic is built in Bengaluru by musicians and engineers who make music theory visible: our mission, our team and our learners.";

/** `/about` (PRODUCT §2 About page): hero, mission, team of two, three animated counters. */
export function AboutPage() {
  useSeo({
    title: "About Tonic",
    description: DESCRIPTION,
    path: "/about",
    jsonLd: webPage({
      name: "About Tonic",
      description: DESCRIPTION,
      url: canonicalUrl("/about"),
      type: "AboutPage",
    }),
  });
  return (
    <div>
      <section className="bg-gradient-to-br from-violet-700 via-indigo-700 to-slate-900 text-white">
        <div className="mx-auto max-w-6xl px-5 py-14 md:px-6 md:py-20">
          <p className="text-sm font-semibold tracking-wide text-violet-200 uppercase">About Tonic</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight md:text-5xl">
            Music theory you can see, hear and play
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-violet-100">
            We help musicians, students, singers and teachers understand the music they love — from the first
            scale to the chords of any song.
          </p>
        </div>
      </section>

      <section aria-labelledby="mission-title" className="mx-auto max-w-3xl px-5 py-14 md:px-6">
        <h2 id="mission-title" className="text-2xl font-bold tracking-tight md:text-3xl">
          Our mission
        </h2>
        <div className="mt-5">
          <AboutMission />
        </div>
      </section>

      <section aria-labelledby="numbers-title" className="bg-slate-50 py-14 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-5 md:px-6">
          <h2 id="numbers-title" className="text-2xl font-bold tracking-tight md:text-3xl">
            Tonic in numbers
          </h2>
          <div className="mt-8">
            <AboutCounters />
          </div>
        </div>
      </section>

      <section aria-labelledby="team-title" className="mx-auto max-w-6xl px-5 py-14 md:px-6">
        <h2 id="team-title" className="text-2xl font-bold tracking-tight md:text-3xl">
          Meet the team
        </h2>
        <div className="mt-8">
          <AboutTeam />
        </div>
      </section>

      <section className="mx-auto mb-14 max-w-6xl px-5 md:px-6">
        <div className="flex flex-col items-start gap-5 rounded-2xl bg-violet-600 p-8 text-white md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold">Questions or ideas?</h2>
            <p className="mt-1 text-violet-100">We read every message.</p>
          </div>
          <Link
            to="/contactform"
            className="inline-flex min-h-12 items-center rounded-xl bg-white px-6 font-semibold text-violet-700 hover:bg-violet-50"
          >
            Get in Touch
          </Link>
        </div>
      </section>
    </div>
  );
}
