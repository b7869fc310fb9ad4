import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { type LessonSummary, useLessons } from "../api/course";
import { CheckIcon, CrownIcon, Dialog, LockIcon } from "./Dialog";

const STEPS = [
  { name: "Musical Notes", days: [1, 2] },
  { name: "Scales & Keys", days: [3, 5] },
  { name: "Chords", days: [6, 8] },
  { name: "Progressions", days: [9, 12] },
  { name: "Advanced Theory", days: [13, 20] },
] as const;

const stepOf = (day: number) => STEPS.find((s) => day >= s.days[0] && day <= s.days[1])?.name ?? "";

function UpgradeOverlay({ onLater }: { onLater: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog title="Upgrade to Premium" icon={<CrownIcon />} onEscape={onLater} testId="upgrade-overlay">
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        Please upgrade to Premium to access learning content
      </p>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        The 20-day course, unlimited song analysis and more, from ₹99/month.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row-reverse">
        <button
          type="button"
          onClick={() => navigate("/premium")}
          className="min-h-12 flex-1 rounded-xl bg-violet-600 px-5 font-semibold text-white shadow-sm hover:bg-violet-700"
        >
          View Premium Plans
        </button>
        <button
          type="button"
          onClick={onLater}
          className="min-h-12 flex-1 rounded-xl border border-slate-300 px-5 font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          Maybe Later
        </button>
      </div>
    </Dialog>
  );
}

function LoginRequired() {
  return (
    <section
      aria-labelledby="login-required"
      className="flex flex-col items-center gap-4 rounded-xl border border-violet-200 bg-violet-50 p-6 text-center sm:flex-row sm:text-left dark:border-violet-900 dark:bg-violet-950/40"
    >
      <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-white text-violet-700 shadow-sm dark:bg-slate-900 dark:text-violet-300">
        <LockIcon size={28} />
      </span>
      <div className="flex-1">
        <h2 id="login-required" className="text-xl font-bold">
          Login Required
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">Please log in to access learning content</p>
      </div>
      <Link
        to="/auth"
        className="inline-flex min-h-12 items-center justify-center rounded-xl bg-violet-600 px-6 font-semibold text-white shadow-sm hover:bg-violet-700"
      >
        Log In
      </Link>
    </section>
  );
}

function DayCard({ lesson, locked }: { lesson: LessonSummary; locked: boolean }) {
  const done = lesson.last_viewed !== null;
  return (
    <li>
      <article
        aria-labelledby={`day-${lesson.course_day}`}
        data-testid="lesson-card"
        className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-3">
          <span className="text-xs font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300">
            Day {lesson.course_day} · {stepOf(lesson.course_day)}
          </span>
          {done && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
              <CheckIcon size={14} /> Completed
            </span>
          )}
        </div>
        <h2 id={`day-${lesson.course_day}`} className="mt-2 text-xl font-bold tracking-tight">
          {lesson.title}
        </h2>
        <p className="mt-2 text-slate-600 dark:text-slate-400">{lesson.description}</p>
        <ol
          className="mt-4 flex-1 space-y-1.5 text-sm text-slate-700 dark:text-slate-300"
          aria-label="Sections"
        >
          {lesson.sections.map((s, i) => (
            <li key={s} className="flex gap-2">
              <span className="w-5 shrink-0 text-right font-semibold tabular-nums text-slate-500 dark:text-slate-400">
                {i + 1}.
              </span>
              <span>{s}</span>
            </li>
          ))}
        </ol>
        <Link
          to={`/learn/${lesson.slug}`}
          aria-label={`${done ? "Review Lesson" : "Start Lesson"}: Day ${lesson.course_day}, ${lesson.title}`}
          className={`mt-5 inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 font-semibold shadow-sm ${
            done
              ? "border border-violet-300 bg-white text-violet-700 hover:bg-violet-50 dark:border-violet-800 dark:bg-slate-900 dark:text-violet-300 dark:hover:bg-slate-800"
              : "bg-violet-600 text-white hover:bg-violet-700"
          }`}
        >
          {locked && <LockIcon size={16} />}
          {done ? "Review Lesson" : "Start Lesson"}
        </Link>
      </article>
    </li>
  );
}

/** A lesson of the free Indian music basics path (PRODUCT §1 Learn, §12): open to everyone. */
function PathCard({ lesson }: { lesson: LessonSummary }) {
  const done = lesson.last_viewed !== null;
  const id = `${lesson.path}-${lesson.course_day}`;
  return (
    <li>
      <article
        aria-labelledby={id}
        data-testid="path-lesson-card"
        className="flex h-full flex-col rounded-xl border border-amber-200 bg-white p-5 shadow-sm dark:border-amber-900 dark:bg-slate-900"
      >
        <div className="flex items-center justify-between gap-3">
          <span className="text-xs font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">
            Lesson {lesson.course_day} · Free
          </span>
          {done && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
              <CheckIcon size={14} /> Completed
            </span>
          )}
        </div>
        <h3 id={id} className="mt-2 text-lg font-bold tracking-tight">
          {lesson.title}
        </h3>
        <p className="mt-2 flex-1 text-slate-600 dark:text-slate-400">{lesson.description}</p>
        <Link
          to={`/learn/${lesson.slug}`}
          aria-label={`${done ? "Review Lesson" : "Start Lesson"}: Lesson ${lesson.course_day}, ${lesson.title}`}
          className="mt-5 inline-flex min-h-12 items-center justify-center rounded-xl bg-amber-700 px-5 font-semibold text-white shadow-sm hover:bg-amber-800"
        >
          {done ? "Review Lesson" : "Start Lesson"}
        </Link>
      </article>
    </li>
  );
}

/** The free "Indian music basics" path as its own section of /learn (PRODUCT §1 Learn, §12). */
function IndianBasics({ lessons }: { lessons: LessonSummary[] }) {
  if (lessons.length === 0) return null;
  return (
    <section id="indian-basics" aria-labelledby="indian-basics-title" className="mt-14 scroll-mt-20">
      <p className="text-sm font-semibold uppercase tracking-wide text-amber-800 dark:text-amber-300">
        Free for everyone
      </p>
      <h2 id="indian-basics-title" className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
        Indian music basics
      </h2>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-400">
        {lessons.length} short lessons on swaras, Sa and the tanpura, thaats, ragas and taal, with staff and
        sargam side by side and a quiz in each. Then train your ear on{" "}
        <Link
          to="/learn/ear-training?mode=swaras"
          className="font-semibold text-amber-800 underline dark:text-amber-300"
        >
          swaras over a drone
        </Link>
        .
      </p>
      <ul className="mt-6 grid gap-5 md:grid-cols-2 xl:grid-cols-3" aria-label="Indian music basics lessons">
        {lessons.map((l) => (
          <PathCard key={l.slug} lesson={l} />
        ))}
      </ul>
    </section>
  );
}

/**
 * /learn (PRODUCT §2 "Course screens", §6): the 20 days, gated by login and subscription, and the free
 * Indian music basics path below them (PRODUCT §1 Learn).
 */
export function LearnPage() {
  useSeo(ROUTE_SEO.learn);
  const { data, isPending, isError, error } = useLessons();
  const [later, setLater] = useState(false);

  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600" />
        <span className="sr-only">Loading the course…</span>
      </div>
    );
  }
  if (isError || !data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          {error?.message ?? "Failed to load the course"}
        </p>
      </div>
    );
  }

  const { access } = data;
  const lessons = data.lessons.filter((l) => l.path === "course");
  const indian = data.lessons.filter((l) => l.path === "indian-basics");
  const completed = lessons.filter((l) => l.last_viewed !== null).length;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300">
            Premium course
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">
            Learn Music Theory in 20 Days
          </h1>
          <p className="mt-2 text-slate-600 dark:text-slate-400">
            One short lesson a day, from the notes of the keyboard to analysing real songs, with a piano or
            fretboard to play along and a quiz at the end of each day.
          </p>
          {indian.length > 0 && (
            <p className="mt-3">
              <a
                href="#indian-basics"
                className="inline-flex min-h-11 items-center rounded-full bg-amber-100 px-4 text-sm font-semibold text-amber-900 hover:bg-amber-200 dark:bg-amber-950 dark:text-amber-200"
              >
                New, free for everyone: Indian music basics ↓
              </a>
            </p>
          )}
        </div>
        {access === "paid" && (
          <div className="min-w-48" data-testid="course-progress">
            <p className="text-sm font-semibold">
              {completed} of {lessons.length} days completed
            </p>
            <div
              className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
              aria-hidden="true"
            >
              <div
                className="h-full rounded-full bg-violet-600"
                style={{ width: `${lessons.length ? (100 * completed) / lessons.length : 0}%` }}
              />
            </div>
          </div>
        )}
      </header>

      {access === "visitor" && (
        <div className="mt-8">
          <LoginRequired />
        </div>
      )}

      <ul className="mt-8 grid gap-5 md:grid-cols-2 xl:grid-cols-3" aria-label="Course days">
        {lessons.map((l) => (
          <DayCard key={l.slug} lesson={l} locked={access !== "paid"} />
        ))}
      </ul>

      <IndianBasics lessons={indian} />

      {access === "free" && !later && <UpgradeOverlay onLater={() => setLater(true)} />}
    </div>
  );
}
