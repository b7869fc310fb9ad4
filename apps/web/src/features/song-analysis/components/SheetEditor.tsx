import {
  CHORD_SYMBOL_QUALITIES,
  type ChordSheet,
  changeIndexAt,
  chordAt,
  formatChordSymbol,
  mergeWithPrevious,
  meterBeatsPerBar,
  moveChange,
  NO_CHORD,
  type NoteNaming,
  PICKER_QUALITY_COUNT,
  PITCH_CLASSES,
  type PitchClass,
  parseChordSymbol,
  prettyAccidentals,
  SHEET_METERS,
  type SheetEditResult,
  type SheetMeter,
  scaleTempo,
  setChord,
  setKey,
  setMeter,
  shiftDownbeat,
  spellChord,
  splitAt,
} from "@tonic/theory";
import { useId, useMemo, useState } from "react";
import type { BeatGrid } from "../lib/beat-grid";
import { displayKey } from "../lib/spelling";

/** The 24 keys a sheet may be in ("C Major" … "B Minor", sharps as the engine writes them). */
const KEYS: readonly string[] = (["Major", "Minor"] as const).flatMap((mode) =>
  PITCH_CLASSES.map((pc) => `${pc} ${mode}`),
);

const inputCls =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-base dark:border-slate-600 dark:bg-slate-900";
const btnCls =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800";

/** Beats selected in the grid (inclusive indices, either order). */
export interface BeatSelection {
  from: number;
  to: number;
}

/** "Bar 3, beat 2" for a beat of the grid. */
function beatName(grid: BeatGrid, beat: number): string {
  const b = grid.beats[beat];
  if (!b) return "";
  const bar = grid.bars[b.bar];
  const first = bar?.cells.findIndex((c) => c !== null) ?? 0;
  return `bar ${b.bar + 1}, beat ${b.position - Math.max(0, first) + 1}`;
}

/**
 * The chord-sheet editor's toolbar (issue 30): what is selected, a chord picker (root, quality, bass) with
 * a box to type a chord ("Bbm7/F"), "No chord", split, merge, move a change by a beat, undo and redo, and
 * the sheet's key, meter, first downbeat and tempo (half or double time, for a beat counted at twice or half
 * the pulse). Every button applies one pure operation of `@tonic/theory`'s
 * `sheet.ts` through `onApply`.
 */
export function SheetEditor({
  sheet,
  grid,
  selection,
  naming,
  onApply,
  onUndo,
  onRedo,
  canUndo,
  canRedo,
  onDone,
}: {
  sheet: ChordSheet;
  grid: BeatGrid;
  selection: BeatSelection | null;
  naming: NoteNaming;
  onApply: (result: SheetEditResult) => void;
  onUndo: () => void;
  onRedo: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const from = selection ? Math.min(selection.from, selection.to) : null;
  const to = selection ? Math.max(selection.from, selection.to) : null;
  const current = from === null ? NO_CHORD : chordAt(sheet, from);
  const parsed = parseChordSymbol(current);
  const [root, setRoot] = useState<PitchClass>("C");
  const [quality, setQuality] = useState("");
  const [bass, setBass] = useState<PitchClass | "">("");
  const [typed, setTyped] = useState("");
  const [typedError, setTypedError] = useState<string | null>(null);

  // The picker starts from the chord at the selection: reset while rendering (React's "adjusting state when
  // a prop changes"), so the fields show the new selection's chord in the same commit as the selection —
  // an effect would reset them a moment later and could overwrite what the player has begun to type.
  const selectionKey = `${current}|${from}|${to}`;
  const [shownSelection, setShownSelection] = useState<string | null>(null);
  if (shownSelection !== selectionKey) {
    setShownSelection(selectionKey);
    if (parsed && parsed !== NO_CHORD) {
      setRoot(parsed.root);
      setQuality(parsed.quality);
      setBass(parsed.bass ?? "");
    }
    setTyped(current === NO_CHORD ? "" : prettyAccidentals(spellChord(current, sheet.key, naming)));
    setTypedError(null);
  }

  const spell = (pc: string) => prettyAccidentals(spellChord(pc, sheet.key, naming));
  const picked = formatChordSymbol({ root, quality, bass: bass === "" || bass === root ? null : bass });
  const set = (chord: string) => {
    if (from === null || to === null) return;
    onApply(setChord(sheet, from, to, chord));
  };
  const setTypedChord = () => {
    const p = parseChordSymbol(typed);
    if (p === null) {
      setTypedError(`"${typed}" isn't a chord Tonic knows. Try C, Am, G7, Fmaj7, Bbm7/F or N.C.`);
      return;
    }
    setTypedError(null);
    set(p === NO_CHORD ? NO_CHORD : formatChordSymbol(p));
  };
  const changeStartsAtFrom = from !== null && sheet.changes[changeIndexAt(sheet, from)]?.beat === from;
  const firstChord = from !== null && changeIndexAt(sheet, from) <= 0;
  const perBar = meterBeatsPerBar(sheet.meter);
  // The tempo at half and twice the count (edit null where the sheet has no steady beat or the result
  // would leave the tempo range or the bar limit: the button is then off).
  const halfTime = useMemo(() => scaleTempo(sheet, 0.5), [sheet]);
  const doubleTime = useMemo(() => scaleTempo(sheet, 2), [sheet]);
  const bpmOf = (r: SheetEditResult) => (r.edit?.kind === "tempo" ? Math.round(r.edit.after) : null);

  return (
    <section
      aria-label="Edit chords"
      data-testid="sheet-editor"
      className="print-hide mt-3 rounded-xl border border-sky-200 bg-sky-50 p-3 dark:border-sky-900 dark:bg-sky-950/40"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold" aria-live="polite" data-testid="sheet-selection">
          {from === null || to === null
            ? "Tap a beat in the grid to choose it (shift-click or drag for several)."
            : from === to
              ? `Selected: ${beatName(grid, from)}`
              : `Selected: ${beatName(grid, from)} to ${beatName(grid, to)}`}
        </p>
        <div className="flex gap-2">
          <button type="button" className={btnCls} onClick={onUndo} disabled={!canUndo}>
            Undo
          </button>
          <button type="button" className={btnCls} onClick={onRedo} disabled={!canRedo}>
            Redo
          </button>
          <button
            type="button"
            className="min-h-11 rounded-lg bg-violet-600 px-4 text-sm font-semibold text-white hover:bg-violet-700"
            onClick={onDone}
          >
            Done
          </button>
        </div>
      </div>

      <fieldset className="mt-3 flex flex-wrap items-end gap-2 [&>label]:min-w-0" disabled={from === null}>
        <legend className="sr-only">Chord</legend>
        <label className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          Root
          <select
            aria-label="Root"
            className={inputCls}
            value={root}
            onChange={(e) => setRoot(e.target.value as PitchClass)}
          >
            {PITCH_CLASSES.map((pc) => (
              <option key={pc} value={pc}>
                {spell(pc)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-1 flex-col text-xs font-semibold text-slate-700 sm:flex-none dark:text-slate-300">
          Quality
          <select
            aria-label="Quality"
            className={`${inputCls} w-full min-w-0 sm:w-auto`}
            value={quality}
            onChange={(e) => setQuality(e.target.value)}
          >
            {CHORD_SYMBOL_QUALITIES.slice(0, PICKER_QUALITY_COUNT).map((q) => (
              <option key={q.suffix} value={q.suffix}>
                {q.name}
                {q.suffix ? ` (${q.suffix})` : ""}
              </option>
            ))}
            <optgroup label="More">
              {CHORD_SYMBOL_QUALITIES.slice(PICKER_QUALITY_COUNT).map((q) => (
                <option key={q.suffix} value={q.suffix}>
                  {q.name} ({q.suffix})
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          Bass
          <select
            aria-label="Bass"
            className={inputCls}
            value={bass}
            onChange={(e) => setBass(e.target.value as PitchClass | "")}
          >
            <option value="">Root</option>
            {PITCH_CLASSES.map((pc) => (
              <option key={pc} value={pc}>
                {spell(pc)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="min-h-11 rounded-lg bg-sky-700 px-4 text-sm font-semibold text-white hover:bg-sky-800"
          onClick={() => set(picked)}
        >
          Set {prettyAccidentals(spellChord(picked, sheet.key, naming))}
        </button>
        <button type="button" className={btnCls} onClick={() => set(NO_CHORD)}>
          No chord
        </button>
      </fieldset>

      <form
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setTypedChord();
        }}
      >
        <label
          className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300"
          htmlFor={`${id}-typed`}
        >
          Or type a chord
        </label>
        <input
          id={`${id}-typed`}
          className={`${inputCls} w-32`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Bbm7/F"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={typedError ? true : undefined}
          aria-describedby={typedError ? `${id}-typed-error` : undefined}
          disabled={from === null}
        />
        <button type="submit" className={btnCls} disabled={from === null}>
          Set typed chord
        </button>
        {typedError && (
          <p
            id={`${id}-typed-error`}
            role="alert"
            className="basis-full text-sm text-red-700 dark:text-red-300"
          >
            {typedError}
          </p>
        )}
      </form>

      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={btnCls}
          aria-label="Split the chord here"
          disabled={from === null || changeStartsAtFrom}
          onClick={() => from !== null && onApply(splitAt(sheet, from))}
        >
          Split
        </button>
        <button
          type="button"
          className={btnCls}
          aria-label="Merge with the previous chord"
          disabled={from === null || firstChord}
          onClick={() => from !== null && onApply(mergeWithPrevious(sheet, from))}
        >
          Merge
        </button>
        <span className="ml-1 text-xs font-semibold text-slate-700 dark:text-slate-300" aria-hidden="true">
          Move change:
        </span>
        <button
          type="button"
          className={btnCls}
          disabled={from === null || firstChord}
          aria-label="Move this chord change one beat earlier"
          onClick={() => from !== null && onApply(moveChange(sheet, from, -1))}
        >
          ◀ 1 beat
        </button>
        <button
          type="button"
          className={btnCls}
          disabled={from === null || firstChord}
          aria-label="Move this chord change one beat later"
          onClick={() => from !== null && onApply(moveChange(sheet, from, 1))}
        >
          1 beat ▶
        </button>
      </div>

      <div className="mt-3 flex flex-wrap items-end gap-2 border-t border-sky-200 pt-3 dark:border-sky-900">
        <label className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          Key
          <select
            aria-label="Key"
            className={inputCls}
            value={sheet.key ?? ""}
            onChange={(e) => onApply(setKey(sheet, e.target.value === "" ? null : e.target.value))}
          >
            <option value="">No key</option>
            {KEYS.map((k) => (
              <option key={k} value={k}>
                {displayKey(k, 0, naming)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          Meter
          <select
            aria-label="Meter"
            className={inputCls}
            value={sheet.meter}
            onChange={(e) => onApply(setMeter(sheet, e.target.value as SheetMeter))}
          >
            {SHEET_METERS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          <legend>First beat of bar 1</legend>
          <div className="flex gap-2">
            <button
              type="button"
              className={btnCls}
              aria-label="Move the bar lines one beat earlier"
              disabled={perBar < 2}
              onClick={() => onApply(shiftDownbeat(sheet, -1))}
            >
              ◀ Bar lines
            </button>
            <button
              type="button"
              className={btnCls}
              aria-label="Move the bar lines one beat later"
              disabled={perBar < 2}
              onClick={() => onApply(shiftDownbeat(sheet, 1))}
            >
              Bar lines ▶
            </button>
          </div>
        </fieldset>
        <fieldset className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          <legend>
            Tempo{" "}
            <span className="font-normal" data-testid="sheet-tempo">
              {sheet.bpm === null
                ? "(no steady beat)"
                : `${Math.round(sheet.bpm)} BPM${sheet.meter === "6/8" ? " (eighth notes)" : ""}`}
            </span>
          </legend>
          <div className="flex gap-2">
            <button
              type="button"
              className={btnCls}
              aria-label={
                bpmOf(halfTime) === null
                  ? "Half time"
                  : `Half time: count every other beat (${bpmOf(halfTime)} BPM)`
              }
              disabled={halfTime.edit === null}
              onClick={() => onApply(halfTime)}
            >
              ½× Half time
            </button>
            <button
              type="button"
              className={btnCls}
              aria-label={
                bpmOf(doubleTime) === null
                  ? "Double time"
                  : `Double time: add a beat between every two (${bpmOf(doubleTime)} BPM)`
              }
              disabled={doubleTime.edit === null}
              onClick={() => onApply(doubleTime)}
            >
              2× Double time
            </button>
          </div>
        </fieldset>
      </div>
    </section>
  );
}
