import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { playFeedbackSound } from "@/lib/audio";
import { isDue, usePracticeStore, usePracticeSync } from "@/lib/practice";
import type { QuizQuestion } from "../api/course";

/** Spaced-repetition id of a lesson's quiz question. */
export const quizItemId = (slug: string, index: number) => `quiz:${slug}:${index}`;

function Question({
  q,
  index,
  itemId,
  review,
}: {
  q: QuizQuestion;
  index: number;
  itemId: string;
  review: boolean;
}) {
  const record = usePracticeStore((s) => s.record);
  const [picked, setPicked] = useState<number | null>(null);
  const id = useId();
  const answered = picked !== null;
  const right = picked === q.answer;
  const choose = (i: number) => {
    if (answered) return;
    setPicked(i);
    playFeedbackSound(i === q.answer);
    record(itemId, "quiz", i === q.answer);
  };
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid="quiz-question"
      data-review={review ? "true" : "false"}
    >
      {review && (
        <p className="mb-2 inline-block rounded-full bg-amber-100 px-3 py-1 text-xs font-bold uppercase tracking-wide text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
          Review: you missed this one before
        </p>
      )}
      <fieldset aria-describedby={answered ? `${id}-result` : undefined}>
        <legend className="font-semibold">
          <span className="mr-2 text-violet-700 dark:text-violet-300">{index + 1}.</span>
          {q.question}
        </legend>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {q.choices.map((c, i) => {
            const state = !answered ? "idle" : i === q.answer ? "correct" : i === picked ? "wrong" : "other";
            const styles = {
              idle: "border-slate-300 hover:border-violet-400 hover:bg-violet-50 dark:border-slate-700 dark:hover:bg-slate-800",
              correct:
                "border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
              wrong: "border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
              other: "border-slate-200 text-slate-500 dark:border-slate-800",
            }[state];
            return (
              <button
                key={c}
                type="button"
                aria-pressed={picked === i}
                aria-disabled={answered}
                onClick={() => choose(i)}
                className={`min-h-12 rounded-xl border-2 px-4 py-2 text-left font-medium transition ${styles}`}
              >
                {c}
              </button>
            );
          })}
        </div>
      </fieldset>
      {answered && (
        <div id={`${id}-result`} role="status" className="mt-3 text-sm">
          <p
            className={`font-semibold ${right ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}`}
          >
            {right ? "Correct!" : "Not quite."}
          </p>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{q.explanation}</p>
          {!right && (
            <button
              type="button"
              onClick={() => setPicked(null)}
              className="mt-2 min-h-11 rounded-lg px-2 font-semibold text-violet-700 hover:underline dark:text-violet-300"
            >
              Try again
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * The lesson's short quiz, with the shipped correct / incorrect sounds. Answers go to spaced
 * repetition: questions missed before and due again come first, marked as reviews.
 */
export function Quiz({ questions, slug }: { questions: QuizQuestion[]; slug: string }) {
  usePracticeSync();
  const items = usePracticeStore((s) => s.items);
  // Decide the order once per visit, so answering does not reshuffle the list.
  const [order] = useState(() => {
    const now = new Date();
    const missed = (i: number) => {
      const item = items[quizItemId(slug, i)];
      return item !== undefined && item.correct < item.attempts && isDue(item, now);
    };
    const idx = questions.map((_, i) => i);
    return [...idx.filter(missed), ...idx.filter((i) => !missed(i))].map((i) => ({ i, review: missed(i) }));
  });
  if (questions.length === 0) return null;
  return (
    <section
      aria-labelledby="quiz-title"
      className="mt-10 rounded-xl bg-violet-50/70 p-4 sm:p-6 dark:bg-violet-950/30"
    >
      <h3 id="quiz-title" className="text-xl font-bold tracking-tight">
        Check your understanding
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Pick an answer to hear whether you got it right.
      </p>
      <ol className="mt-4 space-y-4">
        {order.map(({ i, review }, n) => {
          const q = questions[i];
          return q ? (
            <Question key={q.question} q={q} index={n} itemId={quizItemId(slug, i)} review={review} />
          ) : null;
        })}
      </ol>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Train your ear too:{" "}
        <Link
          to="/learn/ear-training"
          className="font-semibold text-violet-700 underline dark:text-violet-300"
        >
          intervals, chords, scale degrees and progressions
        </Link>
        .
      </p>
    </section>
  );
}
