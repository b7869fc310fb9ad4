import { Link } from "react-router-dom";
import { type PracticeSkill, summarise, usePracticeStore } from "@/lib/practice";

const NAMES: Record<PracticeSkill, string> = {
  intervals: "Intervals",
  chords: "Chord qualities",
  "scale-degrees": "Scale degrees",
  progressions: "Progressions",
  swaras: "Swaras",
  quiz: "Lesson quizzes",
};
const ORDER: PracticeSkill[] = ["intervals", "chords", "scale-degrees", "progressions", "swaras", "quiz"];

/** Per-skill progress: accuracy, items learned (FSRS review state) and items due for review. */
export function ProgressView({ signedIn }: { signedIn: boolean }) {
  const items = usePracticeStore((s) => s.items);
  const rows = summarise(Object.values(items), new Date()).sort(
    (a, b) => ORDER.indexOf(a.skill) - ORDER.indexOf(b.skill),
  );
  return (
    <section aria-labelledby="progress-title" className="mt-10" data-testid="progress">
      <h2 id="progress-title" className="text-xl font-bold tracking-tight">
        Your progress
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {signedIn ? (
          "Saved to your account."
        ) : (
          <>
            Saved on this device.{" "}
            <Link to="/auth" className="font-semibold text-violet-700 underline dark:text-violet-300">
              Log in
            </Link>{" "}
            to keep it on your account.
          </>
        )}
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 p-4 text-slate-600 dark:border-slate-700 dark:text-slate-400">
          Answer a few questions and your progress per skill shows here.
        </p>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {rows.map((r) => {
            const accuracy = r.attempts ? Math.round((100 * r.correct) / r.attempts) : 0;
            return (
              <li
                key={r.skill}
                data-testid="skill-progress"
                data-skill={r.skill}
                className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
              >
                <div className="flex items-baseline justify-between gap-2">
                  <h3 className="font-semibold">{NAMES[r.skill]}</h3>
                  <span className="text-sm font-semibold text-slate-700 dark:text-slate-300">
                    {accuracy}% right
                  </span>
                </div>
                <div
                  className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
                  role="progressbar"
                  aria-label={`${NAMES[r.skill]} accuracy`}
                  aria-valuenow={accuracy}
                  aria-valuemin={0}
                  aria-valuemax={100}
                >
                  <div className="h-full rounded-full bg-violet-600" style={{ width: `${accuracy}%` }} />
                </div>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                  {r.attempts} {r.attempts === 1 ? "answer" : "answers"} · {r.learned} of {r.items} learned ·{" "}
                  {r.due} to review
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
