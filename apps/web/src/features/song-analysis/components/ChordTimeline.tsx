import { useEffect, useMemo, useRef } from "react";
import { buildTimeline, currentSlot, type TimedChord, transposeChord } from "../lib/timeline";
import { RestMark } from "./ChordGrid";

function formatTime(s: number): string {
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The Chord Timeline of PRODUCT §2/§4: one slot per second; the slot at `currentTime` is highlighted and
 * scrolled into view; clicking a slot seeks there.
 */
export function ChordTimeline(props: {
  chords: readonly TimedChord[];
  durationSeconds: number;
  currentTime: number;
  transpose: number;
  onSeek: (seconds: number) => void;
  /** How a chord is shown (spelling by key, capo); null = no chord. Default: transposed with sharps. */
  label?: (chord: string) => string | null;
  /** Show the "Chord Timeline" heading (default true). */
  showTitle?: boolean;
}) {
  const { chords, durationSeconds, currentTime, transpose, onSeek, label, showTitle = true } = props;
  const slots = useMemo(() => buildTimeline(chords, durationSeconds), [chords, durationSeconds]);
  const active = currentSlot(currentTime, slots.length);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const el = listRef.current?.children[active] as HTMLElement | undefined;
    const list = listRef.current;
    if (!el || !list) return;
    const left = el.offsetLeft - list.clientWidth / 2 + el.clientWidth / 2;
    list.scrollTo({ left, behavior: "smooth" });
  }, [active]);

  return (
    <section aria-labelledby="timeline-title" className={showTitle ? "mt-6" : ""}>
      <h2 id="timeline-title" className={showTitle ? "text-lg font-semibold" : "sr-only"}>
        Chord Timeline
      </h2>
      <ol
        ref={listRef}
        className="mt-3 flex snap-x gap-2 overflow-x-auto rounded-xl bg-slate-50 p-3 dark:bg-slate-900"
        data-testid="chord-timeline"
      >
        {slots.map((chord, i) => {
          const name = chord ? (label ? label(chord) : transposeChord(chord, transpose)) : null;
          const isActive = i === active;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional seconds
            <li key={i} className="snap-center">
              <button
                type="button"
                onClick={() => onSeek(i)}
                aria-current={isActive ? "true" : undefined}
                aria-label={`${formatTime(i)} ${name ?? "no chord"}`}
                data-slot={i}
                className={`flex h-16 w-16 flex-col items-center justify-center rounded-lg border text-sm transition-colors ${
                  isActive
                    ? "border-violet-600 bg-violet-600 text-white shadow-md"
                    : "border-slate-200 bg-white text-slate-800 hover:border-violet-400 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
                }`}
              >
                <span className="max-w-full truncate px-0.5 text-base font-bold">
                  {name ?? <RestMark className={isActive ? "text-white" : "text-slate-400"} />}
                </span>
                <span
                  className={`text-[11px] ${isActive ? "text-violet-100" : "text-slate-600 dark:text-slate-300"}`}
                >
                  {formatTime(i)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
