import type { PitchClass } from "@tonic/theory";

/**
 * A row of note names; the first (root) can be emphasised. `even` lays seven notes out as one
 * row of equal cells that shrink to fit, so a narrow screen never leaves one chip alone on a line.
 */
export function NoteChips({
  notes,
  root,
  testId,
  label,
  even = false,
  spell,
}: {
  notes: readonly PitchClass[];
  root?: PitchClass;
  testId?: string;
  label?: string;
  even?: boolean;
  /** Display spelling of a note (Settings → Note names); default the sharp name. */
  spell?: (note: string) => string;
}) {
  return (
    <ul
      className={even ? "grid max-w-sm grid-cols-7 gap-1.5" : "flex flex-wrap gap-2"}
      data-testid={testId}
      aria-label={label}
    >
      {notes.map((n, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: notes can repeat (root at both ends)
          key={`${n}-${i}`}
          data-note={n}
          className={`${even ? "min-w-0 px-1" : "min-w-10 px-2.5"} rounded-lg py-1.5 text-center text-sm font-semibold ${
            n === root
              ? "bg-orange-500 text-white"
              : "bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200"
          }`}
        >
          {spell ? spell(n) : n}
        </li>
      ))}
    </ul>
  );
}
