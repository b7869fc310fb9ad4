import type { Practice } from "../hooks/usePractice";
import { SPEEDS } from "../hooks/usePractice";

const btn =
  "inline-flex min-h-10 items-center justify-center rounded-lg border px-3 text-sm font-semibold disabled:opacity-50";
const idle =
  "border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800";
const on = "border-violet-600 bg-violet-600 text-white";

/** Keeps focus off the control after a mouse click, so space stays play/pause. */
const noFocus = (e: React.MouseEvent) => e.preventDefault();

/**
 * Practice controls: play/pause (with count-in), speed 50–150 % (pitch kept), bar loop (A/B, clear),
 * metronome and count-in switches, and a reminder of the keyboard shortcuts.
 */
export function PracticeControls({ practice, barCount }: { practice: Practice; barCount: number }) {
  const p = practice;
  const loopText = p.loop
    ? p.loop.from === p.loop.to
      ? `Looping bar ${p.loop.from + 1}`
      : `Looping bars ${p.loop.from + 1}–${p.loop.to + 1}`
    : p.pendingA !== null
      ? `Loop from bar ${p.pendingA + 1}: press B at the last bar`
      : "Drag across bars or use A and B to loop";
  return (
    <section
      aria-label="Practice"
      className="practice-controls mt-5 rounded-xl border border-slate-200 p-3 dark:border-slate-800"
      data-testid="practice-controls"
    >
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onMouseDown={noFocus}
          onClick={p.togglePlay}
          className={`${btn} ${idle} min-w-24`}
          aria-label="Play or pause (space)"
        >
          {p.counting ? "Count-in…" : "Play / Pause"}
        </button>
        <label className="flex items-center gap-2 text-sm font-semibold">
          Speed
          <select
            value={p.rate}
            onChange={(e) => p.setRate(Number(e.target.value))}
            className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
            data-testid="speed"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {Math.round(s * 100)} %
              </option>
            ))}
          </select>
        </label>
        <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block dark:bg-slate-700" aria-hidden="true" />
        <div className="flex items-center gap-1">
          <button
            type="button"
            onMouseDown={noFocus}
            onClick={p.markA}
            disabled={barCount === 0}
            className={`${btn} ${p.pendingA !== null ? on : idle}`}
            aria-label="Loop start (A) at the current bar"
          >
            A
          </button>
          <button
            type="button"
            onMouseDown={noFocus}
            onClick={p.markB}
            disabled={barCount === 0}
            className={`${btn} ${idle}`}
            aria-label="Loop end (B) at the current bar"
          >
            B
          </button>
          <button
            type="button"
            onMouseDown={noFocus}
            onClick={p.toggleLoop}
            disabled={barCount === 0}
            className={`${btn} ${p.loop ? on : idle}`}
            aria-pressed={p.loop !== null}
          >
            Loop
          </button>
        </div>
        <span className="mx-1 hidden h-6 w-px bg-slate-200 sm:block dark:bg-slate-700" aria-hidden="true" />
        <button
          type="button"
          onMouseDown={noFocus}
          onClick={() => p.setCountIn(!p.countIn)}
          className={`${btn} ${p.countIn ? on : idle}`}
          aria-pressed={p.countIn}
        >
          Count-in
        </button>
        <button
          type="button"
          onMouseDown={noFocus}
          onClick={() => p.setMetronome(!p.metronome)}
          className={`${btn} ${p.metronome ? on : idle}`}
          aria-pressed={p.metronome}
        >
          Metronome
        </button>
      </div>
      <p
        className="mt-2 text-xs text-slate-500 dark:text-slate-400"
        data-testid="loop-status"
        data-passes={p.passes}
      >
        {loopText}
        <span className="hidden sm:inline"> · Keys: space play/pause, ← → one bar, L loop</span>
      </p>
    </section>
  );
}
