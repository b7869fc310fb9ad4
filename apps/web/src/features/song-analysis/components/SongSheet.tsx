import { type ChordSheet, commonProgression, type SheetEditResult } from "@tonic/theory";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { useSettingsStore } from "@/stores/settings";
import type { PlayerHandle } from "../hooks/usePlayerTime";
import { usePractice } from "../hooks/usePractice";
import { type SheetSource, useSheetVersion } from "../hooks/useSheetVersion";
import { barAt, beatAt } from "../lib/beat-grid";
import { MAX_CAPO, suggestCapo } from "../lib/capo";
import { toChordPro } from "../lib/chordpro";
import { toLab } from "../lib/export-lab";
import { toMidi } from "../lib/export-midi";
import {
  analysisBpm,
  analysisFromSheet,
  gridFromAnalysis,
  gridFromSheet,
  pulseBpm,
  quarterNoteBpm,
  sheetFromAnalysis,
} from "../lib/sheet";
import { closeRunnerUp, confidenceWords, type SongAnalysis } from "../lib/song-model";
import { type ChordDisplay, chordNumeral, displayChord, displayKey } from "../lib/spelling";
import { formatSemitones } from "../lib/timeline";
import { ChordDiagramsPanel } from "./ChordDiagramsPanel";
import { ChordGrid } from "./ChordGrid";
import { ChordTimeline } from "./ChordTimeline";
import { PracticeControls } from "./PracticeControls";
import { PrintableChart } from "./PrintableChart";
import { type BeatSelection, SheetEditor } from "./SheetEditor";
import { VersionBadge, VersionBar } from "./VersionBar";

/** The course lesson on progressions (the "Progression" line links there). */
const PROGRESSIONS_LESSON = "/learn/common-progressions";

function download(name: string, type: string, data: BlobPart) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file-name-safe version of a song title. */
function fileStem(title: string): string {
  return (
    title
      .replace(/\.[a-z0-9]{2,4}$/i, "")
      .replace(/[^\p{L}\p{N}\-_ ]+/gu, "")
      .trim()
      .slice(0, 80) || "song"
  );
}

const CAPO_FRETS = Array.from({ length: MAX_CAPO + 1 }, (_, i) => i);

const stepBtn =
  "h-11 w-11 rounded-lg border border-slate-300 text-xl font-bold hover:bg-white disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800";

/**
 * Everything under the player: key (with confidence and a close runner-up), BPM and meter, transpose,
 * capo, practice controls, the progression loop, chord diagrams, the chord grid or timeline, and exports.
 * With a `sheetSource` the user can correct the chords and keep their version (issue 30); with `shared`
 * it shows someone's shared version, read-only.
 */
export function SongSheet({
  analysis: engineAnalysis,
  player,
  currentTime,
  sheetSource = null,
  shared,
}: {
  analysis: SongAnalysis;
  player: PlayerHandle | null;
  currentTime: number;
  /** Where the user's version of this song is kept; null: no editing. */
  sheetSource?: SheetSource | null;
  /** A shared version to show instead of the analysis (read-only). */
  shared?: ChordSheet;
}) {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const view = useSettingsStore((s) => s.settings.songView);
  const updateSettings = useSettingsStore((s) => s.updateSettings);
  const [transposeSetting, setTranspose] = useState(0);
  const [capoSetting, setCapo] = useState(0);
  const versions = useSheetVersion(shared ? null : sheetSource);
  const editing = versions.editing && !shared;
  const [selection, setSelection] = useState<BeatSelection | null>(null);
  // Chords are corrected at the song's own pitch: transpose and capo rest while editing.
  const transpose = editing ? 0 : transposeSetting;
  const capo = editing ? 0 : capoSetting;

  const sheet: ChordSheet | null = shared ?? (versions.shown === "mine" ? versions.mine : null);
  const analysis = useMemo(
    () => (sheet ? analysisFromSheet(engineAnalysis.title, sheet, engineAnalysis) : engineAnalysis),
    [sheet, engineAnalysis],
  );
  const bpm = analysisBpm(analysis);
  const grid = useMemo(() => (sheet ? gridFromSheet(sheet) : gridFromAnalysis(analysis)), [sheet, analysis]);
  // What a musician counts: a chord sheet's 6/8 beats are eighths, its pulse the dotted quarter.
  const pulse = pulseBpm(bpm, analysis.timeSignature, grid.beatsPerBar);
  const startEditing = () => {
    const ok = versions.startEditing(() => sheetFromAnalysis(engineAnalysis));
    if (ok)
      setSelection(
        (s) =>
          s ?? {
            from: Math.max(0, beatAt(grid.beats, currentTime)),
            to: Math.max(0, beatAt(grid.beats, currentTime)),
          },
      );
  };
  // A selection past the grid's end (an undone double time) shows nothing selected.
  const shownSelection =
    selection && Math.max(selection.from, selection.to) < grid.beats.length ? selection : null;
  const { apply: applyToVersion } = versions;
  const mine = versions.mine;
  // A tempo edit renumbers the beats: the selection follows its instants onto the new grid.
  const apply = useCallback(
    (result: SheetEditResult) => {
      if (result.edit?.kind === "tempo" && mine) {
        const next = result.sheet.beats;
        const onNewGrid = (beat: number) => {
          const t = mine.beats[beat] ?? 0;
          let k = 0;
          while (k + 1 < next.length && (next[k + 1] ?? Number.POSITIVE_INFINITY) <= t) k++;
          return k;
        };
        setSelection((sel) => sel && { from: onNewGrid(sel.from), to: onNewGrid(sel.to) });
      }
      applyToVersion(result);
    },
    [mine, applyToVersion],
  );
  const { undo, redo } = versions;
  // Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z or Ctrl+Y redoes, while editing (not inside a text box).
  useEffect(() => {
    if (!editing) return;
    const onKey = (e: KeyboardEvent) => {
      if (
        !(e.ctrlKey || e.metaKey) ||
        (e.target instanceof HTMLElement && e.target.closest("input, textarea, select"))
      )
        return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) undo();
      else if ((k === "z" && e.shiftKey) || k === "y") redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [editing, undo, redo]);
  const practice = usePractice(player, grid, bpm);

  const display: ChordDisplay = useMemo(
    () => ({ key: analysis.key, transpose, capo, naming }),
    [analysis.key, transpose, capo, naming],
  );
  const label = useCallback((c: string | null) => displayChord(c, display), [display]);
  const numeral = useCallback((c: string | null) => chordNumeral(c, analysis.key), [analysis.key]);

  const chordSet = useMemo(() => {
    const seen = new Set<string>();
    for (const b of grid.beats) {
      const n = label(b.chord);
      if (n) seen.add(n);
    }
    return [...seen];
  }, [grid, label]);

  const suggestion = useMemo(() => {
    const sounding = grid.beats.map((b) => ({
      chord: displayChord(b.chord, { ...display, capo: 0 }) ?? "N",
      weight: b.end - b.time,
    }));
    return suggestCapo(sounding.map((c) => ({ ...c, chord: c.chord.replace(/♭/g, "b").replace(/♯/g, "#") })));
  }, [grid, display]);

  const progression = useMemo(() => {
    if (!analysis.key) return null;
    const changes: string[] = [];
    for (const b of grid.beats) if (b.change && b.chord) changes.push(b.chord);
    return commonProgression(changes, analysis.key);
  }, [grid, analysis.key]);

  const keyChanges = useMemo(() => {
    const m = new Map<number, string>();
    const segs = analysis.keySegments ?? [];
    segs.forEach((s, i) => {
      if (i === 0 || s.key === segs[i - 1]?.key) return;
      m.set(barAt(grid, s.start), displayKey(s.key, transpose, naming));
    });
    return m;
  }, [analysis.keySegments, grid, transpose, naming]);

  const currentBeat = beatAt(grid.beats, currentTime);
  const currentChord = label(grid.beats[currentBeat]?.chord ?? null);
  const playing = player?.isPaused ? !player.isPaused() : false;
  const runnerUp = closeRunnerUp(analysis);
  const keyWords = analysis.key ? confidenceWords(analysis.keyConfidence) : null;

  const seek = (s: number) => player?.seekTo(s);
  const exportRef = useRef<HTMLDetailsElement>(null);
  const closeExport = () => {
    if (exportRef.current) exportRef.current.open = false;
  };

  const meter = bpm ? (analysis.timeSignature ?? `${grid.beatsPerBar}/4`) : `${grid.beatsPerBar}/4`;
  const stem = fileStem(analysis.title);
  /** The Export menu: the chart prints; the rest download the version shown, as shown. */
  const exportItems: { label: string; run: () => void }[] = [
    { label: "Printable chord chart (PDF)", run: () => window.print() },
    {
      label: "ChordPro (.cho)",
      run: () =>
        download(
          `${stem}.cho`,
          "text/plain",
          toChordPro(grid, label, {
            title: analysis.title,
            key: analysis.key ? displayKey(analysis.key, transpose, naming) : null,
            bpm,
            meter,
            capo,
          }),
        ),
    },
    {
      label: "Chord labels (.lab)",
      run: () => download(`${stem}.lab`, "text/plain", toLab(analysis.chords, analysis.durationSeconds)),
    },
    {
      label: "MIDI file (.mid)",
      run: () =>
        download(
          `${stem}.mid`,
          "audio/midi",
          toMidi(grid.beats, quarterNoteBpm(pulse, analysis.timeSignature), analysis.title),
        ),
    },
  ];
  const shownLabel = shared ? "Shared version" : sheet ? "My version" : "Tonic's analysis";

  return (
    <>
      <div className="print:hidden">
        <dl className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <div className="rounded-xl bg-violet-50 p-4 dark:bg-violet-950/40">
            <dt className="text-xs font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300">
              Key
            </dt>
            <dd className="mt-1 text-2xl font-bold" data-testid="song-key">
              {displayKey(analysis.key, transpose, naming)}
            </dd>
            {runnerUp && (
              <dd className="text-sm text-slate-600 dark:text-slate-300" data-testid="key-alt">
                maybe {displayKey(runnerUp.key, transpose, naming)}
              </dd>
            )}
            {keyWords && (
              <dd className="text-xs text-slate-600 dark:text-slate-300" data-testid="key-confidence">
                {keyWords}
              </dd>
            )}
          </div>
          <div className="rounded-xl bg-amber-50 p-4 dark:bg-amber-950/40">
            <dt className="text-xs font-semibold uppercase tracking-wide text-amber-700 dark:text-amber-300">
              BPM
            </dt>
            <dd className="mt-1 text-2xl font-bold" data-testid="song-bpm">
              {pulse ? Math.round(pulse) : "—"}
            </dd>
            <dd className="text-xs text-slate-500 dark:text-slate-400">{bpm ? meter : "no steady beat"}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-900">
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
              Transpose
            </dt>
            <dd className="mt-1 flex items-center gap-2">
              <button
                type="button"
                aria-label="Transpose down one semitone"
                onClick={() => setTranspose((t) => t - 1)}
                disabled={editing}
                className={stepBtn}
              >
                -
              </button>
              <output
                className="min-w-8 text-center text-2xl font-bold"
                aria-live="polite"
                data-testid="transpose-value"
              >
                {formatSemitones(transpose)}
              </output>
              <button
                type="button"
                aria-label="Transpose up one semitone"
                onClick={() => setTranspose((t) => t + 1)}
                disabled={editing}
                className={stepBtn}
              >
                +
              </button>
            </dd>
          </div>
          <div className="rounded-xl bg-emerald-50 p-4 dark:bg-emerald-950/40">
            <dt className="text-xs font-semibold uppercase tracking-wide text-emerald-700 dark:text-emerald-300">
              <label htmlFor="capo-select">Capo</label>
            </dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2">
              <select
                id="capo-select"
                value={capo}
                onChange={(e) => setCapo(Number(e.target.value))}
                disabled={editing}
                className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-lg font-bold dark:border-slate-600 dark:bg-slate-900"
              >
                {CAPO_FRETS.map((i) => (
                  <option key={i} value={i}>
                    {i === 0 ? "None" : `Fret ${i}`}
                  </option>
                ))}
              </select>
            </dd>
            {!editing && suggestion.capo > 0 && suggestion.capo !== capo && (
              <dd className="mt-1">
                <button
                  type="button"
                  onClick={() => setCapo(suggestion.capo)}
                  className="text-left text-xs font-semibold text-emerald-800 underline underline-offset-2 dark:text-emerald-200"
                  data-testid="capo-suggestion"
                >
                  Try capo {suggestion.capo} ({Math.round(suggestion.openShare * 100)} % open chords)
                </button>
              </dd>
            )}
          </div>
        </dl>
        {capo > 0 && (
          <p className="mt-2 text-sm text-emerald-800 dark:text-emerald-200" data-testid="capo-note">
            Capo on fret {capo}: chords are shown as the shapes you play.
          </p>
        )}

        <PracticeControls practice={practice} barCount={grid.bars.length} />

        {progression && (
          <p className="mt-4 text-sm" data-testid="progression">
            <span className="font-semibold">Progression:</span>{" "}
            <span className="font-mono">{progression.numerals.join("–")}</span>{" "}
            <span className="text-slate-500 dark:text-slate-400">(heard {progression.count} times)</span>{" "}
            <Link
              to={PROGRESSIONS_LESSON}
              className="font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300"
            >
              Learn about progressions
            </Link>
          </p>
        )}

        <ChordDiagramsPanel chords={chordSet} current={currentChord} />

        <section aria-labelledby="chords-title" className="mt-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <h3 id="chords-title" className="text-lg font-semibold">
                Chords
              </h3>
              <VersionBadge shown={shared ? "shared" : sheet ? "mine" : "analysis"} />
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <div
                role="radiogroup"
                aria-label="Chord view"
                className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
              >
                {(["grid", "timeline"] as const).map((v) => (
                  <button
                    key={v}
                    type="button"
                    aria-pressed={view === v}
                    onClick={() => updateSettings({ songView: v })}
                    className={`min-h-9 rounded-lg px-3 text-sm font-semibold ${
                      view === v
                        ? "bg-white text-violet-700 shadow dark:bg-slate-950 dark:text-violet-300"
                        : "text-slate-600 dark:text-slate-300"
                    }`}
                  >
                    {v === "grid" ? "Grid" : "Timeline"}
                  </button>
                ))}
              </div>
              <details ref={exportRef} className="export-menu relative">
                <summary className="flex min-h-11 cursor-pointer list-none items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold dark:border-slate-600">
                  Export
                </summary>
                <div className="absolute right-0 z-20 mt-1 flex w-56 flex-col rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
                  {exportItems.map((item) => (
                    <button
                      key={item.label}
                      type="button"
                      onClick={() => {
                        closeExport();
                        item.run();
                      }}
                      className="rounded-lg px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
                    >
                      {item.label}
                    </button>
                  ))}
                </div>
              </details>
            </div>
          </div>
          {sheetSource && !shared && <VersionBar versions={versions} onEdit={startEditing} />}
          {shared && (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              Someone corrected Tonic's analysis of this song and shared their version. It is read-only.
            </p>
          )}
          {editing && versions.mine && (
            <SheetEditor
              sheet={versions.mine}
              grid={grid}
              selection={shownSelection}
              naming={naming}
              onApply={apply}
              onUndo={versions.undo}
              onRedo={versions.redo}
              canUndo={versions.canUndo}
              canRedo={versions.canRedo}
              onDone={versions.stopEditing}
            />
          )}
          <div className="mt-3">
            {view === "grid" || editing ? (
              <ChordGrid
                grid={grid}
                currentBeat={currentBeat}
                label={label}
                numeral={numeral}
                keyChanges={keyChanges}
                loop={practice.loop}
                follow={playing}
                onSeek={seek}
                onLoopBars={practice.setLoopBars}
                edit={
                  editing
                    ? {
                        selection: shownSelection,
                        onSelect: (beat, extend) =>
                          setSelection((sel) =>
                            extend && sel ? { from: sel.from, to: beat } : { from: beat, to: beat },
                          ),
                      }
                    : undefined
                }
              />
            ) : (
              <ChordTimeline
                chords={analysis.chords}
                durationSeconds={analysis.durationSeconds}
                currentTime={currentTime}
                transpose={transpose}
                label={label}
                showTitle={false}
                onSeek={seek}
              />
            )}
          </div>
          {grid.source === "seconds" && (
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
              No steady beat was found, so each box is one second.
            </p>
          )}
        </section>
      </div>
      <PrintableChart
        title={analysis.title}
        keyName={analysis.key ? displayKey(analysis.key, transpose, naming) : null}
        bpm={pulse}
        meter={meter}
        capo={capo}
        grid={grid}
        label={label}
        version={shownLabel}
      />
    </>
  );
}
