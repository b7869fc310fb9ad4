import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router-dom";
import { MiniFretboard, MiniPiano, parseExample } from "@/components/instruments";
import { parseSargamStaff, parseStaff, StaffNotation } from "@/components/notation";
import { ApiError } from "@/lib/api";
import { useAudioUnlockOnFirstGesture } from "@/lib/audio";
import { useSession } from "@/lib/auth";
import { useBack } from "@/lib/hooks/useBack";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { type Lesson, type LessonSection, useLesson, useSaveProgress } from "../api/course";
import { COMPLETION_REDIRECT_MS, celebrate } from "../lib/celebrate";
import { lessonVideoUrl, splitParagraphs } from "../lib/video";
import { Dialog, TrophyIcon } from "./Dialog";
import { Quiz } from "./Quiz";

const navButton =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-40";

/** "Day 3" in the course, "Lesson 3" in the Indian music basics path (PRODUCT §1 Learn). */
export const lessonNumber = (lesson: Pick<Lesson, "path" | "course_day">) =>
  `${lesson.path === "course" ? "Day" : "Lesson"} ${lesson.course_day}`;

function BackToCourse({ path }: { path: Lesson["path"] }) {
  if (path === "indian-basics") {
    return (
      <Link
        to="/learn#indian-basics"
        className="inline-flex min-h-11 items-center gap-2 rounded-xl px-1 font-semibold text-violet-700 hover:text-violet-900 dark:text-violet-300 dark:hover:text-violet-200"
      >
        <span aria-hidden="true">←</span> Back to Indian music basics
      </Link>
    );
  }
  return (
    <Link
      to="/learn"
      className="inline-flex min-h-11 items-center gap-2 rounded-xl px-1 font-semibold text-violet-700 hover:text-violet-900 dark:text-violet-300 dark:hover:text-violet-200"
    >
      <span aria-hidden="true">←</span> Back to Course
    </Link>
  );
}

/** Per-section progress segments: done, current, upcoming (PRODUCT §2 lesson page). */
function Segments({ sections, current }: { sections: LessonSection[]; current: number }) {
  return (
    <ol className="flex gap-1.5" aria-label="Lesson progress">
      {sections.map((s, i) => {
        const state = i < current ? "done" : i === current ? "current" : "upcoming";
        return (
          <li
            key={s.title}
            data-state={state}
            aria-current={state === "current" ? "step" : undefined}
            className={`h-2 flex-1 rounded-full ${
              state === "done"
                ? "bg-violet-600"
                : state === "current"
                  ? "bg-violet-400 ring-2 ring-violet-600/30 dark:bg-violet-500"
                  : "bg-slate-200 dark:bg-slate-800"
            }`}
          >
            <span className="sr-only">
              Section {i + 1}: {s.title} ({state})
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function SectionBody({ lesson, index }: { lesson: Lesson; index: number }) {
  const section = lesson.sections[index];
  if (!section) return null;
  const video = index === 0 ? lessonVideoUrl(lesson.video_provider, lesson.video_provider_id) : null;
  return (
    <>
      {video && (
        <div className="mb-8 aspect-video overflow-hidden rounded-xl bg-slate-900 shadow-lg">
          <iframe
            src={video}
            title={`${lessonNumber(lesson)} video: ${lesson.title}`}
            className="h-full w-full"
            allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}
      <div className="text-lg leading-relaxed text-slate-800 dark:text-slate-200" data-testid="section-body">
        {splitParagraphs(section.content).map((p, i) => {
          const example = parseExample(p);
          const key = `${index}-${i}`;
          const staff = example ? null : (parseStaff(p) ?? parseSargamStaff(p));
          if (staff) return <StaffNotation key={key} source={staff} />;
          if (example?.instrument === "fretboard") return <MiniFretboard key={key} example={example} />;
          if (example) return <MiniPiano key={key} example={example} />;
          return (
            <p key={key} className="my-4 whitespace-pre-line">
              {p}
            </p>
          );
        })}
        {section.images.map((src) => (
          <img
            key={src}
            src={src}
            alt={`Illustration for ${section.title}`}
            loading="lazy"
            className="my-6 w-full rounded-xl border border-slate-200 dark:border-slate-800"
          />
        ))}
      </div>
    </>
  );
}

function Completed({ lesson }: { lesson: Lesson }) {
  const navigate = useNavigate();
  useEffect(() => {
    const cancel = celebrate();
    const back = lesson.path === "course" ? "/learn" : `/learn#${lesson.path}`;
    const timer = setTimeout(() => navigate(back), COMPLETION_REDIRECT_MS);
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, [navigate, lesson.path]);
  return (
    <Dialog title="Congratulations!" icon={<TrophyIcon />} testId="congratulations">
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        You've successfully completed {lessonNumber(lesson)}: {lesson.title}
      </p>
      <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">
        {lesson.path === "course" ? "Taking you back to the course…" : "Taking you back to the lessons…"}
      </p>
    </Dialog>
  );
}

/** /learn/{slug} (PRODUCT §2 lesson page, §4 states: loading, error/not found, reading, completed). */
export function LessonPage() {
  const { slug = "" } = useParams();
  // A new slug starts a fresh reader at section 1.
  return <LessonReader key={slug} slug={slug} />;
}

function LessonReader({ slug }: { slug: string }) {
  const { data: lesson, isPending, error } = useLesson(slug);
  useSeo(lesson ? { title: lesson.title, description: lesson.description } : ROUTE_SEO.lesson);
  const [index, setIndex] = useState(0);
  const [completed, setCompleted] = useState(false);
  const save = useSaveProgress();
  const session = useSession();
  const goBack = useBack("/learn");
  const heading = useRef<HTMLHeadingElement>(null);
  useAudioUnlockOnFirstGesture();

  /** Show section `i`, scrolled to the top, with focus on its title for screen readers. */
  const goTo = (i: number) => {
    setIndex(i);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => heading.current?.focus({ preventScroll: true }));
  };

  if (error instanceof ApiError && error.status === 401) return <Navigate to="/auth" replace />;
  if (error instanceof ApiError && error.status === 403) return <Navigate to="/premium" replace />;

  if (isPending) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center" role="status">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-violet-200 border-t-violet-600" />
        <span className="sr-only">Loading lesson…</span>
      </div>
    );
  }
  if (error || !lesson || lesson.sections.length === 0) {
    const notFound = !error || (error instanceof ApiError && error.status === 404);
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight">
          {notFound ? "Topic not found" : "Something went wrong"}
        </h1>
        {!notFound && <p className="mt-3 text-slate-600 dark:text-slate-400">{error?.message}</p>}
        <button
          type="button"
          onClick={goBack}
          className={`${navButton} mt-6 bg-violet-600 text-white hover:bg-violet-700`}
        >
          Go Back
        </button>
      </div>
    );
  }

  const total = lesson.sections.length;
  const current = Math.min(index, total - 1);
  const section = lesson.sections[current];
  const last = current === total - 1;
  const complete = () => {
    // A visitor may read the free path, but only a signed-in user's progress is stored.
    if (session.user) save.mutate(lesson.slug);
    setCompleted(true);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <BackToCourse path={lesson.path} />
      <header className="mt-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
          {lessonNumber(lesson)}: {lesson.title}
        </h1>
        <div className="mt-5">
          <Segments sections={lesson.sections} current={current} />
          <p className="mt-2 text-sm font-medium text-slate-500 dark:text-slate-400" aria-live="polite">
            Section {current + 1} of {total}
          </p>
        </div>
      </header>

      <section className="mt-8" aria-labelledby="section-title">
        <h2
          id="section-title"
          ref={heading}
          tabIndex={-1}
          className="mb-4 text-2xl font-bold tracking-tight text-violet-800 outline-none dark:text-violet-300"
        >
          {section?.title}
        </h2>
        <SectionBody lesson={lesson} index={current} />
        {last && <Quiz questions={lesson.quiz} slug={lesson.slug} />}
      </section>

      <nav
        aria-label="Lesson sections"
        className="mt-10 flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:justify-between dark:border-slate-800"
      >
        <button
          type="button"
          onClick={() => goTo(current - 1)}
          disabled={current === 0}
          className={`${navButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`}
        >
          <span aria-hidden="true">←</span> Previous Section
        </button>
        {last ? (
          <button
            type="button"
            onClick={complete}
            disabled={completed}
            className={`${navButton} bg-emerald-600 text-white hover:bg-emerald-700`}
          >
            Complete Lesson
          </button>
        ) : (
          <button
            type="button"
            onClick={() => goTo(current + 1)}
            className={`${navButton} bg-violet-600 text-white hover:bg-violet-700`}
          >
            Next Section <span aria-hidden="true">→</span>
          </button>
        )}
      </nav>

      {completed && <Completed lesson={lesson} />}
    </div>
  );
}
