import { describeNumeral } from "@tonic/theory";
import { useEffect, useMemo, useRef, useState } from "react";
import type { BarLoop } from "../hooks/usePractice";
import type { BeatGrid, GridBeat } from "../lib/beat-grid";

/** A quarter-rest mark for "no chord" (never the letter N). */
export function RestMark({ className = "" }: { className?: string }) {
  return (
    <svg viewBox="0 0 12 22" width="10" height="18" aria-hidden="true" className={className}>
      <path
        d="M3.5 1 L8.5 6.5 Q6 8.5 6.2 10.5 L9.5 14.5 Q5 13.2 5.2 16.5 Q5.4 19 7.5 21 Q2 19.5 2.4 16 Q2.8 13 6 12.6 L2.7 8.6 Q5.5 6.5 3.5 1 Z"
        fill="currentColor"
      />
    </svg>
  );
}

export interface ChordGridProps {
  grid: BeatGrid;
  /** Index of the beat playing now, -1 before the first. */
  currentBeat: number;
  /** Chord as shown (transposed, capo shapes, spelled); null = no chord. */
  label: (chord: string | null) => string | null;
  /** Roman numeral under a chord, or null. */
  numeral: (chord: string | null) => string | null;
  /** Local key changes: bar index → key shown ("E♭ Major"). */
  keyChanges: ReadonlyMap<number, string>;
  loop: BarLoop | null;
  /** Keep the current beat in view (while playing). */
  follow: boolean;
  onSeek: (seconds: number) => void;
  /** A drag across bars selects them as the loop. */
  onLoopBars: (from: number, to: number) => void;
  /**
   * Editing (issue 30): the selected beats (inclusive indices), and what a click or a drag across beats
   * does instead of seeking — `extend` is true for a shift-click or a drag.
   */
  edit?: {
    selection: { from: number; to: number } | null;
    onSelect: (beat: number, extend: boolean) => void;
  };
}

/** Consecutive beats in the same bar with the same chord from `beat` on (the room a name may take). */
function spanOf(cells: readonly (GridBeat | null)[], position: number): number {
  const start = cells[position];
  let n = 1;
  while (
    position + n < cells.length &&
    cells[position + n]?.chord === start?.chord &&
    !cells[position + n]?.change
  )
    n++;
  return n;
}

/**
 * The smallest width of a bar in the grid's columns (CSS): a bar of three beats 10rem, four 13rem, five or
 * more 18rem, except that on a narrow grid (a phone) bars of up to four beats shrink to half the row so
 * that two share it, as long as a beat keeps 2.25rem (a chord name like "F♯m7" in full): at 390 px a 3/4
 * or 4/4 song shows two bars a row, at 320 px a 4/4 song one.
 */
export function minBarWidth(beatsPerBar: number): string {
  if (beatsPerBar >= 5) return "18rem";
  const wide = beatsPerBar === 3 ? "10rem" : "13rem";
  const floor = `${Math.max(beatsPerBar, 2) * 2.25 + 0.5}rem`;
  return `min(${wide}, max(calc(50% - 0.125rem), ${floor}))`;
}

/**
 * The chord grid: the whole song as bars of beats, wrapping to the screen's width, a chord name (and its
 * Roman numeral) where the chord changes, bar numbers, local key changes, the current beat highlighted,
 * click a beat to seek, drag across bars to loop them.
 */
export function ChordGrid(props: ChordGridProps) {
  const { grid, currentBeat, label, numeral, keyChanges, loop, follow, onSeek, onLoopBars, edit } = props;
  const listRef = useRef<HTMLOListElement>(null);
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const [selecting, setSelecting] = useState(false);
  const selFrom = edit?.selection ? Math.min(edit.selection.from, edit.selection.to) : -1;
  const selTo = edit?.selection ? Math.max(edit.selection.from, edit.selection.to) : -2;

  useEffect(() => {
    if (!selecting) return;
    const up = () => setSelecting(false);
    window.addEventListener("pointerup", up);
    return () => window.removeEventListener("pointerup", up);
  }, [selecting]);
  const currentBar = grid.beats[currentBeat]?.bar ?? -1;

  useEffect(() => {
    if (!follow || currentBar < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-bar="${currentBar}"]`);
    el?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [currentBar, follow]);

  useEffect(() => {
    if (!drag) return;
    const up = () => {
      if (drag.from !== drag.to) onLoopBars(drag.from, drag.to);
      setDrag(null);
    };
    window.addEventListener("pointerup", up);
    return () => window.removeEventListener("pointerup", up);
  }, [drag, onLoopBars]);

  const barWidth = minBarWidth(grid.beatsPerBar);
  const shown =
    drag && drag.from !== drag.to
      ? { from: Math.min(drag.from, drag.to), to: Math.max(drag.from, drag.to) }
      : loop;

  const bars = useMemo(
    () =>
      grid.bars.map((bar) => ({
        bar,
        cells: bar.cells.map((cell, position) => {
          if (!cell) return null;
          const name =
            cell.change || position === bar.cells.findIndex((c) => c !== null) ? label(cell.chord) : null;
          return {
            cell,
            name,
            continued: !cell.change,
            numeral: cell.change ? numeral(cell.chord) : null,
            span: spanOf(bar.cells, position),
          };
        }),
      })),
    [grid, label, numeral],
  );

  return (
    <ol
      ref={listRef}
      className="chord-grid grid gap-x-1 gap-y-3 rounded-xl bg-slate-50 p-2 sm:p-3 dark:bg-slate-900"
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${barWidth}, 1fr))` }}
      data-testid="chord-grid"
      data-beats-per-bar={grid.beatsPerBar}
      data-editing={edit ? "true" : undefined}
      aria-label="Chord grid"
    >
      {bars.map(({ bar, cells }) => {
        const inLoop = shown ? bar.index >= shown.from && bar.index <= shown.to : false;
        const keyChange = keyChanges.get(bar.index);
        return (
          <li
            key={bar.index}
            data-bar={bar.index}
            data-in-loop={inLoop ? "true" : undefined}
            className={`relative rounded-lg border pt-4 ${
              inLoop
                ? "border-amber-400 bg-amber-50 dark:border-amber-500 dark:bg-amber-950/40"
                : "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800"
            } ${bar.index === currentBar ? "ring-2 ring-violet-300 dark:ring-violet-700" : ""}`}
            onPointerEnter={(e) => {
              if (drag && e.buttons === 1) setDrag({ ...drag, to: bar.index });
            }}
          >
            <span className="pointer-events-none absolute left-1.5 top-0.5 text-[10px] font-semibold tabular-nums text-slate-500 dark:text-slate-400">
              {bar.number}
            </span>
            {keyChange && (
              <span
                className="pointer-events-none absolute right-1 top-0.5 max-w-[75%] truncate rounded bg-sky-100 px-1 text-[10px] font-semibold text-sky-800 dark:bg-sky-900 dark:text-sky-100"
                data-testid="key-change"
              >
                Key: {keyChange}
              </span>
            )}
            <div className="grid" style={{ gridTemplateColumns: `repeat(${cells.length}, minmax(0, 1fr))` }}>
              {cells.map((c, position) => {
                if (!c) {
                  // biome-ignore lint/suspicious/noArrayIndexKey: empty pickup cells are positional
                  return <span key={`pad${position}`} className="h-14" aria-hidden="true" />;
                }
                const { cell, name, continued, span } = c;
                const active = cell.index === currentBeat;
                const selected = edit !== undefined && cell.index >= selFrom && cell.index <= selTo;
                const spoken = cell.chord ? (label(cell.chord) ?? "no chord") : "no chord";
                return (
                  <button
                    key={cell.index}
                    type="button"
                    data-beat={cell.index}
                    data-time={cell.time}
                    data-chord={name ? name.replace(/♭/g, "b").replace(/♯/g, "#") : undefined}
                    aria-current={active ? "true" : undefined}
                    aria-pressed={edit ? selected : undefined}
                    aria-label={`Bar ${bar.number}, beat ${position + 1}: ${spoken}`}
                    onMouseDown={(e) => e.preventDefault()}
                    onPointerDown={(e) => {
                      if (edit) {
                        if (e.pointerType === "mouse" && e.button === 0 && !e.shiftKey) setSelecting(true);
                        return;
                      }
                      if (e.pointerType === "mouse" && e.button === 0)
                        setDrag({ from: bar.index, to: bar.index });
                    }}
                    onPointerEnter={(e) => {
                      if (edit && selecting && e.buttons === 1) edit.onSelect(cell.index, true);
                    }}
                    onClick={(e) => (edit ? edit.onSelect(cell.index, e.shiftKey) : onSeek(cell.time))}
                    className={`relative h-14 min-w-0 text-left after:absolute after:bottom-1.5 after:left-0 after:h-2.5 after:w-px after:bg-slate-300 first:after:hidden focus-visible:outline-2 focus-visible:outline-violet-500 dark:after:bg-slate-600 ${
                      selected
                        ? "rounded-md bg-sky-200 text-slate-900 shadow-[inset_0_0_0_2px_var(--color-sky-600)] dark:bg-sky-800/70 dark:text-white"
                        : active
                          ? "rounded-md bg-violet-200/70 text-slate-900 shadow-[inset_0_-3px_0_0_var(--color-violet-600)] dark:bg-violet-800/60 dark:text-white"
                          : "text-slate-900 hover:bg-violet-50 dark:text-slate-100 dark:hover:bg-slate-700"
                    }`}
                  >
                    {name !== null ||
                    (cell.change && cell.chord === null) ||
                    (position === 0 && cell.chord === null) ? (
                      <span
                        className="pointer-events-none absolute inset-y-0 left-0 flex flex-col justify-center overflow-hidden pl-1"
                        style={{ width: `calc(${span * 100}% - 2px)` }}
                      >
                        {cell.chord === null ? (
                          <RestMark className="text-slate-400" />
                        ) : (
                          <span
                            className={`truncate font-bold leading-tight ${continued ? "text-slate-500 dark:text-slate-400" : ""} ${
                              (name ?? "").length > 4 && span === 1
                                ? "text-xs"
                                : (name ?? "").length > 5
                                  ? "text-sm"
                                  : "text-sm sm:text-base"
                            }`}
                          >
                            {name}
                          </span>
                        )}
                        {c.numeral && (
                          <span
                            className="truncate text-[10px] leading-tight text-slate-500 dark:text-slate-400"
                            data-testid="numeral"
                            title={describeNumeral(c.numeral)}
                          >
                            {c.numeral}
                          </span>
                        )}
                      </span>
                    ) : null}
                  </button>
                );
              })}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
