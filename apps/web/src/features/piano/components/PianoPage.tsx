import {
  ACTIVE_KEY_HIGHLIGHT_MS,
  canShiftOctave,
  DEFAULT_OCTAVE_RANGE,
  type OctaveRange,
  type PianoKey,
  pianoKeys,
  shiftOctaveRange,
  voiceAscending,
} from "@tonic/theory";
import { useMemo, useState } from "react";
import { FullScreenLandscape } from "@/components/FullScreenLandscape";
import { PianoKeyboard } from "@/components/instruments/PianoKeyboard";
import { Overlay } from "@/components/Overlay";
import { IndianScaleInfo } from "@/components/theory/IndianScaleInfo";
import { NoteChips } from "@/components/theory/NoteChips";
import { NotePicker, ScalePicker } from "@/components/theory/ScalePickers";
import { SwaraLegend } from "@/components/theory/SwaraLegend";
import { playChord, playNote, useAudioUnlockOnFirstGesture } from "@/lib/audio";
import { useBack } from "@/lib/hooks/useBack";
import { useFlash } from "@/lib/hooks/useFlash";
import { useHideGlobalNav } from "@/lib/hooks/useHideGlobalNav";
import { useIsInstrumentCompact } from "@/lib/hooks/useMediaQuery";
import { useScaleSelection } from "@/lib/hooks/useScaleSelection";
import { useScaleView } from "@/lib/hooks/useScaleView";
import { type ShownChord, useSpelledScale } from "@/lib/hooks/useSpelledScale";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { ChordCards } from "./ChordCards";

const octaveButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 shadow-sm hover:border-violet-400 hover:text-violet-700 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-slate-300 disabled:hover:text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

const rangeText = (r: OctaveRange) => `Octaves ${r.start}–${r.end}`;

function Legend() {
  return (
    <ul className="flex flex-wrap gap-4 text-sm text-slate-600 dark:text-slate-400" aria-label="Legend">
      <li className="flex items-center gap-2">
        <span className="h-3 w-3 rounded-full bg-orange-400" aria-hidden="true" /> Root
      </li>
      <li className="flex items-center gap-2">
        <span className="h-3 w-3 rounded-full bg-violet-500" aria-hidden="true" /> Scale note
      </li>
    </ul>
  );
}

/** /piano-visualizer (PRODUCT §2 "Piano screen", §4 "Piano"). */
export function PianoPage() {
  useSeo(ROUTE_SEO.piano);
  const narrow = useIsInstrumentCompact();
  useHideGlobalNav(narrow);
  useAudioUnlockOnFirstGesture();
  const back = useBack();

  const { root, scale, setRoot, setScale } = useScaleSelection("C", "minor");
  const [range, setRange] = useState<OctaveRange>(DEFAULT_OCTAVE_RANGE);
  const [activeKey, flashKey] = useFlash<string>(ACTIVE_KEY_HIGHLIGHT_MS);
  const [infoOpen, setInfoOpen] = useState(false);

  // Major, Minor, a thaat, melakarta or raga: notes, title and labels (sargam from the key as Sa).
  const view = useScaleView(root, scale);
  const { spell } = view;
  const scaleSet = useMemo(() => new Set(view.notes), [view.notes]);
  const pianoNotes = useMemo(() => [...view.notes, root], [view.notes, root]);
  // Chord cards in the key's one spelling (@tonic/theory spellScale); Major and Minor only.
  const shown = useSpelledScale(root, scale.westernType ?? "major");
  const chords = scale.westernType ? shown.chords : null;
  const keys = useMemo(() => pianoKeys(range), [range]);

  const press = (key: PianoKey) => {
    flashKey(key.fullNote);
    playNote(key.fullNote);
  };
  const playCard = (chord: ShownChord) => playChord(voiceAscending(chord.pitchClasses, range.start));
  const down = () => setRange((r) => shiftOctaveRange(r, -1));
  const up = () => setRange((r) => shiftOctaveRange(r, 1));

  const keyboard = (fill?: boolean) => (
    <PianoKeyboard
      keys={keys}
      root={root}
      scale={scaleSet}
      activeKey={activeKey}
      onPress={press}
      fill={fill}
      spell={spell}
      octaveLabels={view.swaras}
    />
  );

  if (narrow) {
    return (
      <FullScreenLandscape label="Piano Scale Explorer">
        <div className="flex shrink-0 items-center gap-2 overflow-x-auto border-b border-slate-200 bg-white px-2 py-1.5 dark:border-slate-800 dark:bg-slate-900">
          <button type="button" onClick={back} className={octaveButton} aria-label="Back">
            <span aria-hidden="true">←</span>
          </button>
          <button
            type="button"
            onClick={down}
            disabled={!canShiftOctave(range, -1)}
            className={octaveButton}
            aria-label="Lower Octave"
          >
            <span aria-hidden="true">−</span>
          </button>
          <span className="whitespace-nowrap text-xs font-semibold tabular-nums" data-testid="octave-range">
            {rangeText(range)}
          </span>
          <button
            type="button"
            onClick={up}
            disabled={!canShiftOctave(range, 1)}
            className={octaveButton}
            aria-label="Higher Octave"
          >
            <span aria-hidden="true">+</span>
          </button>
          <div className="ml-auto flex items-center gap-2">
            <NotePicker label={view.swaras ? "Key (Sa)" : "Key"} value={root} onChange={setRoot} inline />
            <ScalePicker label="Scale Type" value={scale.id} onChange={setScale} inline />
            <button
              type="button"
              onClick={() => setInfoOpen(true)}
              className={`${octaveButton} !border-violet-600 !bg-violet-600 !text-white`}
              aria-label="Scale info"
              aria-haspopup="dialog"
            >
              <span aria-hidden="true" className="font-serif italic">
                i
              </span>
            </button>
          </div>
        </div>
        <div className="flex min-h-0 flex-1 flex-col justify-center p-2">{keyboard(true)}</div>
        {infoOpen && (
          <Overlay title={view.title} onClose={() => setInfoOpen(false)}>
            <div className="space-y-4">
              <p>
                <span className="text-sm text-slate-500 dark:text-slate-400">Root note: </span>
                <span className="font-bold" data-testid="info-root">
                  {view.tonic}
                </span>
              </p>
              <NoteChips
                notes={pianoNotes}
                root={root}
                testId="info-notes"
                label="Scale notes"
                spell={spell}
              />
              <SwaraLegend sa={view.tonic} />
              <IndianScaleInfo scale={scale} sa={view.tonic} compact />
              {chords && <ChordCards chords={chords} onPlay={playCard} compact />}
            </div>
          </Overlay>
        )}
      </FullScreenLandscape>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-6 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Piano Scale Explorer</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Tap a key to hear it. Scale notes are highlighted.
      </p>

      <div className="mt-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <NotePicker label={view.swaras ? "Key (Sa)" : "Key"} value={root} onChange={setRoot} />
        <ScalePicker label="Scale Type" value={scale.id} onChange={setScale} />
        <div className="flex items-center gap-3 md:ml-auto">
          <button type="button" onClick={down} disabled={!canShiftOctave(range, -1)} className={octaveButton}>
            Lower Octave
          </button>
          <span
            className="min-w-24 text-center text-sm font-semibold tabular-nums"
            data-testid="octave-range"
          >
            {rangeText(range)}
          </span>
          <button type="button" onClick={up} disabled={!canShiftOctave(range, 1)} className={octaveButton}>
            Higher Octave
          </button>
        </div>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold" data-testid="scale-name">
            {view.title}
          </h2>
          {scale.westernMode && (
            <span className="text-slate-600 dark:text-slate-400" data-testid="scale-mode">
              = {scale.westernMode}
            </span>
          )}
          <NoteChips
            notes={pianoNotes}
            root={root}
            testId="scale-notes"
            label={`${view.title} notes`}
            spell={spell}
          />
        </div>
        <Legend />
      </div>
      <SwaraLegend sa={view.tonic} className="mt-4" />

      <div className="mt-4">{keyboard()}</div>

      {chords ? (
        <section className="mt-8" aria-labelledby="chords-heading">
          <h2 id="chords-heading" className="mb-3 text-lg font-semibold">
            Chords in {view.title}
          </h2>
          <ChordCards chords={chords} onPlay={playCard} />
        </section>
      ) : (
        <div className="mt-8">
          <IndianScaleInfo scale={scale} sa={view.tonic} />
        </div>
      )}
    </div>
  );
}
