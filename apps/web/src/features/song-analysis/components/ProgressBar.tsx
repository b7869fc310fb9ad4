/** A labelled progress bar (0..100 %). */
export function ProgressBar({
  percent,
  label,
  tone = "violet",
}: {
  percent: number;
  label: string;
  tone?: "violet" | "red";
}) {
  const pct = Math.round(Math.max(0, Math.min(100, percent)));
  return (
    <div>
      <div className="flex justify-between gap-4 text-sm">
        <span>{label}</span>
        <span className="font-semibold tabular-nums">{pct}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-200 ${tone === "red" ? "bg-red-500" : "bg-violet-600"}`}
          style={{ width: `${pct}%` }}
        />
      </div>
    </div>
  );
}
