import { useEffect, useRef, useState } from "react";
import { COMPANY } from "./company";

/** PRODUCT §2 About page counters. */
export const ABOUT_COUNTERS = [
  { label: "Active Students", value: 50, suffix: "+" },
  { label: "Learning Modules", value: 20, suffix: "+" },
  { label: "Learner Satisfaction", value: 95, suffix: "%" },
] as const;

/** Counter animation length (PRODUCT §2: about 2 seconds), ms. */
export const COUNTER_DURATION_MS = 2000;

/** PRODUCT §2 About page team: a founder and CEO, and a CTO (fictional people). */
export const TEAM = [
  {
    name: "Arjun Menon",
    role: "Founder & CEO",
    initials: "AM",
    bio: "A guitarist and former music-school teacher who spent ten years watching students memorise chords without knowing why they work. He started Tonic to make the why visible.",
    links: [
      { label: "LinkedIn", href: "https://www.linkedin.com/in/tonic-example-arjun" },
      { label: "X", href: "https://x.com/tonic_example_arjun" },
    ],
  },
  {
    name: "Meera Krishnan",
    role: "CTO",
    initials: "MK",
    bio: "A signal-processing engineer and Carnatic violinist who built Tonic's song analysis engine: key, tempo and chord detection that runs right in your browser.",
    links: [
      { label: "LinkedIn", href: "https://www.linkedin.com/in/tonic-example-meera" },
      { label: "GitHub", href: "https://github.com/tonic-example-meera" },
    ],
  },
] as const;

/**
 * The value shown at a moment of the counter animation (ease-out cubic).
 * @param target final value.
 * @param elapsedMs time since the animation started, ms.
 * @param durationMs animation length, ms.
 * @returns an integer from 0 to target.
 */
export function counterValue(target: number, elapsedMs: number, durationMs = COUNTER_DURATION_MS): number {
  const t = Math.min(1, Math.max(0, elapsedMs / durationMs));
  return Math.round(target * (1 - (1 - t) ** 3));
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** One counter: counts up over ~2 s when scrolled into view; shows the final value at once with reduced motion. */
function Counter({ value, suffix, label }: { value: number; suffix: string; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() =>
    typeof window !== "undefined" && prefersReducedMotion() ? value : 0,
  );

  useEffect(() => {
    if (prefersReducedMotion()) {
      setShown(value);
      return;
    }
    let frame = 0;
    const start = () => {
      const t0 = performance.now();
      const tick = (now: number) => {
        const v = counterValue(value, now - t0);
        setShown(v);
        if (v < value) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    };
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") {
      start();
      return () => cancelAnimationFrame(frame);
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        io.disconnect();
        start();
      }
    });
    io.observe(el);
    return () => {
      io.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [value]);

  return (
    <div ref={ref} className="rounded-2xl bg-white p-6 text-center shadow-sm dark:bg-slate-800">
      <dd className="text-4xl font-extrabold tracking-tight text-violet-700 tabular-nums md:text-5xl dark:text-violet-300">
        <span aria-hidden="true">
          {shown}
          {suffix}
        </span>
        <span className="sr-only">
          {value}
          {suffix}
        </span>
      </dd>
      <dt className="mt-2 font-medium text-slate-600 dark:text-slate-300">{label}</dt>
    </div>
  );
}

/** The three animated counters of PRODUCT §2 About page. */
export function AboutCounters() {
  return (
    <dl className="grid gap-4 sm:grid-cols-3" data-testid="about-counters">
      {ABOUT_COUNTERS.map((c) => (
        <Counter key={c.label} {...c} />
      ))}
    </dl>
  );
}

/** Mission text of the About page. */
export function AboutMission() {
  return (
    <div className="space-y-4 text-lg leading-8 text-slate-700 dark:text-slate-300">
      <p>
        Music theory is usually taught as rules to memorise. We think it should be something you can see and
        hear: the notes of a scale lighting up on a piano, the shape of a chord on a fretboard, the chords of
        your favourite song scrolling by as it plays.
      </p>
      <p>
        {COMPANY.product} is built in {COMPANY.city} by musicians and engineers who want every learner —
        student, singer, teacher or self-taught player — to understand why music sounds the way it does.
      </p>
    </div>
  );
}

/** Team cards: avatar initials, name, role, bio and social links. */
export function AboutTeam() {
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {TEAM.map((m) => (
        <li
          key={m.name}
          className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex items-center gap-4">
            <span
              aria-hidden="true"
              className="inline-flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-violet-600 to-indigo-600 text-xl font-bold text-white"
            >
              {m.initials}
            </span>
            <div>
              <h3 className="text-lg font-semibold">{m.name}</h3>
              <p className="font-medium text-violet-700 dark:text-violet-300">{m.role}</p>
            </div>
          </div>
          <p className="mt-4 leading-7 text-slate-600 dark:text-slate-400">{m.bio}</p>
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={`${m.name} on social media`}>
            {m.links.map((l) => (
              <li key={l.label}>
                <a
                  href={l.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-200 px-3 text-sm font-medium text-slate-700 hover:border-violet-400 hover:text-violet-700 dark:border-slate-700 dark:text-slate-300"
                >
                  {l.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
