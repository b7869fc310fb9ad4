import { useId, useState } from "react";
import type { QuizQuestion } from "../api/course";
import { playQuizSound } from "../lib/quizSounds";

function Question({ q, index }: { q: QuizQuestion; index: number }) {
  const [picked, setPicked] = useState<number | null>(null);
  const id = useId();
  const answered = picked !== null;
  const right = picked === q.answer;
  const choose = (i: number) => {
    if (answered) return;
    setPicked(i);
    playQuizSound(i === q.answer);
  };
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
      data-testid="quiz-question"
    >
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

/** The lesson's short quiz, with correct / incorrect sounds from the Tone.js engine. */
export function Quiz({ questions }: { questions: QuizQuestion[] }) {
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
        {questions.map((q, i) => (
          <Question key={q.question} q={q} index={i} />
        ))}
      </ol>
    </section>
  );
}
