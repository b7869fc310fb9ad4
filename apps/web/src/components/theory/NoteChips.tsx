import type { PitchClass } from "@tonic/theory";

/** A row of note names; the first (root) can be emphasised. */
export function NoteChips({
  notes,
  root,
  testId,
  label,
}: {
  notes: readonly PitchClass[];
  root?: PitchClass;
  testId?: string;
  label?: string;
}) {
  return (
    <ul className="flex flex-wrap gap-2" data-testid={testId} aria-label={label}>
      {notes.map((n, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: notes can repeat (root at both ends)
          key={`${n}-${i}`}
          data-note={n}
          className={`min-w-10 rounded-lg px-2.5 py-1.5 text-center text-sm font-semibold ${
            n === root
              ? "bg-orange-500 text-white"
              : "bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200"
          }`}
        >
          {n}
        </li>
      ))}
    </ul>
  );
}
