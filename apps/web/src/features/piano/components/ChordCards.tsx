import type { ShownChord } from "@/lib/hooks/useSpelledScale";

/**
 * One card per scale degree: the degree's note, +2 and +4 wrapping (PRODUCT §3), named and spelled by the key
 * (`useSpelledScale`); a click plays it.
 */
export function ChordCards({
  chords,
  onPlay,
  compact,
}: {
  chords: readonly ShownChord[];
  onPlay: (chord: ShownChord) => void;
  compact?: boolean;
}) {
  return (
    <ul
      className={`grid gap-3 ${compact ? "grid-cols-2 @md:grid-cols-4" : "grid-cols-2 sm:grid-cols-4 lg:grid-cols-7"}`}
      data-testid="chord-cards"
    >
      {chords.map((c) => (
        <li key={c.degree}>
          <button
            type="button"
            onClick={() => onPlay(c)}
            aria-label={`Play ${c.name} chord: ${c.notes.join(", ")}`}
            className="flex min-h-11 w-full flex-col items-start rounded-xl border border-slate-200 bg-white p-3 text-left shadow-sm transition hover:border-violet-400 hover:shadow-md active:scale-[0.98] dark:border-slate-800 dark:bg-slate-900 dark:hover:border-violet-500"
          >
            <span
              className="text-xs font-semibold text-violet-700 dark:text-violet-300"
              data-testid="chord-card-numeral"
            >
              {c.numeral}
            </span>
            <span className="text-lg font-bold" data-testid="chord-card-symbol">
              {c.symbol}
            </span>
            <span
              className="whitespace-nowrap text-sm text-slate-600 dark:text-slate-400"
              data-testid="chord-card-notes"
            >
              {c.notes.join(" – ")}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
