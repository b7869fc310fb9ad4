import { prettyAccidentals } from "@tonic/theory";
import {
  answerLabel,
  checkAnswer,
  type ExerciseQuestion,
  MAX_LEVEL,
  SKILLS,
  type Skill,
  swaraDrillSaMidi,
} from "@tonic/theory/exercises";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { NotePicker } from "@/components/theory/ScalePickers";
import { playChord, playFeedbackSound, tanpura, unlockAudio } from "@/lib/audio";
import { isDue, usePracticeStore, usePracticeSync } from "@/lib/practice";
import { useSeo } from "@/lib/seo";
import { useSettingsStore } from "@/stores/settings";
import { answer, nextQuestion, type Session, type SessionQuestion, startSession } from "../lib/session";
import { ProgressView } from "./ProgressView";

/** Skill tabs: name and one-line description. */
export const SKILL_INFO: Record<Skill, { name: string; hint: string }> = {
  intervals: { name: "Intervals", hint: "Hear the distance between two notes." },
  chords: { name: "Chord qualities", hint: "Major, minor, diminished, augmented and sevenths." },
  "scale-degrees": { name: "Scale degrees", hint: "Which step of the key is this note?" },
  progressions: { name: "Progressions", hint: "Recognise common chord progressions." },
  swaras: {
    name: "Swaras",
    hint: "Name the swara you hear against the tanpura's Sa and Pa. Lower case is komal (a semitone lower: re ga dha ni), Ma′ is tivra Ma (a semitone higher).",
  },
};

/** Questions in one swara round; the drone stops when it ends (PRODUCT §15). */
export const SWARA_ROUND = 10;
/** How long the drone sounds before the first swara, so the ear settles on Sa. */
const DRONE_LEAD_MS = 2500;

/** Gap between played steps, as a fraction of a step's length (steps overlap slightly less than legato). */
const STEP_GAP = 1.0;

/** Play a question's steps one after another; the first in the calling gesture. Returns a cancel function. */
function playSteps(q: ExerciseQuestion, onDone: () => void): () => void {
  unlockAudio();
  const timers: ReturnType<typeof setTimeout>[] = [];
  let t = 0;
  q.playback.forEach((step, i) => {
    const run = () => playChord(step.notes, step.seconds);
    if (i === 0) run();
    else timers.push(setTimeout(run, t * 1000));
    t += step.seconds * STEP_GAP;
  });
  timers.push(setTimeout(onDone, t * 1000));
  return () => {
    for (const id of timers) clearTimeout(id);
  };
}

function dueItemsOf(skill: Skill): string[] {
  const now = new Date();
  return Object.values(usePracticeStore.getState().items)
    .filter((i) => i.skill === skill && i.correct < i.attempts && isDue(i, now))
    .map((i) => i.item_id.slice(skill.length + 1));
}

function Drill({ skill }: { skill: Skill }) {
  /** The learner's Sa (Settings → "Your Sa"): the swara drill's drone and swaras are built on it. */
  const sa = useSettingsStore((s) => s.settings.sa);
  const updateSettings = useSettingsStore((s) => s.updateSettings);
  const [session, setSession] = useState<Session>(() => startSession(skill, dueItemsOf(skill), { sa }));
  const [current, setCurrent] = useState<SessionQuestion | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  const record = usePracticeStore((s) => s.record);
  const nextButton = useRef<HTMLButtonElement>(null);

  /** The swara drill plays over the tanpura (PRODUCT §15); other skills have no drone. */
  const drone = skill === "swaras";
  const [droneOn, setDroneOn] = useState(false);

  useEffect(() => () => cancel.current?.(), []);
  // Leaving the page (or the tab) stops the drone.
  useEffect(() => (drone ? () => tanpura.stop() : undefined), [drone]);

  const play = (q: ExerciseQuestion, delayMs = 0) => {
    cancel.current?.();
    setPlaying(true);
    if (delayMs === 0) {
      cancel.current = playSteps(q, () => setPlaying(false));
      return;
    }
    let inner: (() => void) | null = null;
    const timer = setTimeout(() => {
      inner = playSteps(q, () => setPlaying(false));
    }, delayMs);
    cancel.current = () => {
      clearTimeout(timer);
      inner?.();
    };
  };

  const setDrone = (on: boolean) => {
    if (on) {
      unlockAudio();
      tanpura.start(swaraDrillSaMidi(session.options.sa ?? sa), "Pa");
    } else tanpura.stop();
    setDroneOn(on);
  };

  const next = (delayMs = 0) => {
    const step = nextQuestion(session, Math.random);
    setSession(step.session);
    setCurrent(step.next);
    setPicked(null);
    play(step.next.question, delayMs);
  };

  const start = () => {
    if (!drone) return next();
    // The drone starts on this tap (a user gesture) and sounds a moment before the first swara.
    setDrone(true);
    next(DRONE_LEAD_MS);
  };

  const newRound = (saForRound = sa) => {
    cancel.current?.();
    setSession(startSession(skill, dueItemsOf(skill), { sa: saForRound }));
    setCurrent(null);
    setPicked(null);
  };

  /** A new Sa is saved as "Your Sa" and starts a fresh round on it (the drone stops until Start). */
  const changeSa = (next: typeof sa) => {
    updateSettings({ sa: next });
    if (droneOn) setDrone(false);
    newRound(next);
  };

  const choose = (id: string) => {
    if (!current || picked !== null) return;
    const q = current.question;
    const right = checkAnswer(q, id);
    setPicked(id);
    setSession((s) => answer(s, q, right));
    record(`${skill}:${q.answer}`, skill, right);
    playFeedbackSound(right);
    // The last answer of a swara round ends it: the drone stops.
    if (drone && session.asked + 1 >= SWARA_ROUND) setDrone(false);
    // After a wrong answer the right one is played again so the ear can compare.
    if (!right) {
      cancel.current?.();
      const timer = setTimeout(() => play(q), 450);
      cancel.current = () => clearTimeout(timer);
    }
    requestAnimationFrame(() => nextButton.current?.focus({ preventScroll: true }));
  };

  const q = current?.question;
  const answered = picked !== null;
  const right = q && picked !== null ? checkAnswer(q, picked) : false;
  const roundOver = drone && answered && session.asked >= SWARA_ROUND;

  return (
    <section
      aria-labelledby="drill-title"
      data-testid="drill"
      data-skill={skill}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="drill-title" className="text-xl font-bold tracking-tight">
          {SKILL_INFO[skill].name}
        </h2>
        <div className="flex items-center gap-2 text-sm font-semibold">
          <span
            data-testid="level"
            className="rounded-full bg-violet-100 px-3 py-1 text-violet-800 dark:bg-violet-900/60 dark:text-violet-200"
          >
            Level {session.level} of {MAX_LEVEL}
          </span>
          <span
            data-testid="score"
            className="rounded-full bg-slate-100 px-3 py-1 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            {session.right} / {session.asked} right
          </span>
        </div>
      </div>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{SKILL_INFO[skill].hint}</p>
      {drone && (
        <div
          data-testid="drone"
          data-on={droneOn ? "true" : "false"}
          className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <span className="min-w-48 flex-1">
            Tanpura drone on Sa = {prettyAccidentals(session.options.sa ?? sa)} (with Pa below). A round is{" "}
            {SWARA_ROUND} swaras; the drone stops when it ends.
          </span>
          <NotePicker inline label="Your Sa" value={session.options.sa ?? sa} onChange={changeSa} />
          {q && !roundOver && (
            <button
              type="button"
              aria-pressed={droneOn}
              onClick={() => setDrone(!droneOn)}
              className="min-h-11 rounded-xl border border-amber-400 bg-white px-4 font-semibold text-amber-900 hover:bg-amber-100 dark:bg-slate-900 dark:text-amber-200"
            >
              {droneOn ? "Stop drone" : "Start drone"}
            </button>
          )}
        </div>
      )}

      {!q ? (
        <button
          type="button"
          onClick={start}
          className="mt-6 inline-flex min-h-12 items-center gap-2 rounded-xl bg-violet-600 px-6 font-semibold text-white shadow-sm hover:bg-violet-700"
        >
          {drone ? "Start drone and round" : "Start"}
        </button>
      ) : (
        <div className="mt-5" data-testid="question" data-review={current?.review ? "true" : "false"}>
          <div className="flex flex-wrap items-center gap-3">
            {current?.review && (
              <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                Review: you missed this one
              </span>
            )}
            <p className="text-sm text-slate-600 dark:text-slate-400">{q.context}</p>
          </div>
          <p className="mt-2 text-lg font-semibold">{q.prompt}</p>
          <button
            type="button"
            onClick={() => play(q)}
            className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-xl border border-violet-300 bg-violet-50 px-4 font-semibold text-violet-800 hover:bg-violet-100 dark:border-violet-800 dark:bg-violet-950/50 dark:text-violet-200"
          >
            <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
            </svg>
            {playing ? "Playing…" : "Play again"}
          </button>
          <fieldset className="mt-4">
            <legend className="sr-only">Your answer</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {q.choices.map((c) => {
                const state = !answered
                  ? "idle"
                  : c.id === q.answer
                    ? "correct"
                    : c.id === picked
                      ? "wrong"
                      : "other";
                const styles = {
                  idle: "border-slate-300 hover:border-violet-400 hover:bg-violet-50 dark:border-slate-700 dark:hover:bg-slate-800",
                  correct:
                    "border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
                  wrong: "border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
                  other: "border-slate-200 text-slate-500 dark:border-slate-800 dark:text-slate-400",
                }[state];
                return (
                  <button
                    key={c.id}
                    type="button"
                    aria-pressed={picked === c.id}
                    aria-disabled={answered}
                    onClick={() => choose(c.id)}
                    className={`min-h-12 rounded-xl border-2 px-3 py-2 text-left font-medium ${styles}`}
                  >
                    {c.label}
                  </button>
                );
              })}
            </div>
          </fieldset>
          {answered && (
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3" data-testid="feedback">
              <p
                role="status"
                className={`font-semibold ${right ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}
              >
                {right ? "Correct!" : `Not quite. It was ${answerLabel(q)}; listen again.`}
              </p>
              {roundOver ? (
                <>
                  <p className="w-full font-semibold" data-testid="round-over">
                    Round over: {session.right} of {session.asked} swaras right.
                  </p>
                  <button
                    ref={nextButton}
                    type="button"
                    onClick={() => newRound()}
                    className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-violet-600 px-5 font-semibold text-white shadow-sm hover:bg-violet-700"
                  >
                    New round
                  </button>
                </>
              ) : (
                <button
                  ref={nextButton}
                  type="button"
                  onClick={() => next()}
                  className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-violet-600 px-5 font-semibold text-white shadow-sm hover:bg-violet-700"
                >
                  Next question <span aria-hidden="true">→</span>
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/** /learn/ear-training: free ear-training drills with spaced repetition and a progress view. */
export function EarTrainingPage() {
  useSeo({
    title: "Ear Training: intervals, chords, scale degrees, progressions and swaras",
    description:
      "Free ear-training drills: hear intervals, chord qualities, scale degrees, progressions and swaras over a tanpura drone, with instant feedback and missed questions coming back until they stick.",
    path: "/learn/ear-training",
  });
  const status = usePracticeSync();
  const [params] = useSearchParams();
  const [skill, setSkill] = useState<Skill>(() => {
    const mode = params.get("mode");
    return SKILLS.find((s) => s === mode) ?? "intervals";
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <Link
        to="/learn"
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-violet-700 hover:text-violet-900 dark:text-violet-300"
      >
        <span aria-hidden="true">←</span> Back to Course
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Ear Training</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Listen, answer, and hear the right answer at once. Questions you miss come back later until they
        stick.
      </p>
      <div role="tablist" aria-label="Exercise" className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {SKILLS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === skill}
            onClick={() => setSkill(s)}
            className={`min-h-11 rounded-xl px-3 py-2 text-sm font-semibold ${
              s === skill
                ? "bg-violet-600 text-white shadow-sm"
                : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800"
            }`}
          >
            {SKILL_INFO[s].name}
          </button>
        ))}
      </div>
      <div className="mt-4" role="tabpanel">
        <Drill key={skill} skill={skill} />
      </div>
      <ProgressView signedIn={status === "signed-in"} />
    </div>
  );
}
