import {
  ACTIVE_KEY_HIGHLIGHT_MS,
  canShiftOctave,
  DEFAULT_OCTAVE_RANGE,
  getScale,
  type OctaveRange,
  type PianoKey,
  pianoKeys,
  pianoScaleNotes,
  shiftOctaveRange,
  voiceAscending,
} from "@tonic/theory";
import { useMemo, useState } from "react";
import { FullScreenLandscape } from "@/components/FullScreenLandscape";
import { PianoKeyboard } from "@/components/instruments/PianoKeyboard";
import { Overlay } from "@/components/Overlay";
import { NoteChips } from "@/components/theory/NoteChips";
import { NotePicker, ScaleTypePicker } from "@/components/theory/ScalePickers";
import { playChord, playNote, useAudioUnlockOnFirstGesture } from "@/lib/audio";
import { useBack } from "@/lib/hooks/useBack";
import { useFlash } from "@/lib/hooks/useFlash";
import { useHideGlobalNav } from "@/lib/hooks/useHideGlobalNav";
import { useIsInstrumentCompact } from "@/lib/hooks/useMediaQuery";
import { useNoteSpeller } from "@/lib/hooks/useNoteSpeller";
import { useScaleSelection } from "@/lib/hooks/useScaleSelection";
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

/** /piano-visualizer (SPEC §2 "Piano screen", §4 "Piano"). */
export function PianoPage() {
  useSeo(ROUTE_SEO.piano);
  const narrow = useIsInstrumentCompact();
  useHideGlobalNav(narrow);
  useAudioUnlockOnFirstGesture();
  const back = useBack();

  const { root, type, setRoot, setType } = useScaleSelection("C", "minor");
  const [range, setRange] = useState<OctaveRange>(DEFAULT_OCTAVE_RANGE);
  const [activeKey, flashKey] = useFlash<string>(ACTIVE_KEY_HIGHLIGHT_MS);
  const [infoOpen, setInfoOpen] = useState(false);

  const scale = useMemo(() => getScale(root, type), [root, type]);
  const scaleSet = useMemo(() => new Set(scale.notes), [scale]);
  const spell = useNoteSpeller(root, type);
  const pianoNotes = useMemo(() => pianoScaleNotes(root, type), [root, type]);
  // Title, chord cards and labels in the key's one spelling (@tonic/theory spellScale).
  const shown = useSpelledScale(root, type);
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
            <NotePicker label="Key" value={root} onChange={setRoot} inline />
            <ScaleTypePicker label="Scale Type" value={type} onChange={setType} inline />
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
          <Overlay title={shown.name} onClose={() => setInfoOpen(false)}>
            <div className="space-y-4">
              <p>
                <span className="text-sm text-slate-500 dark:text-slate-400">Root note: </span>
                <span className="font-bold" data-testid="info-root">
                  {shown.tonic}
                </span>
              </p>
              <NoteChips
                notes={pianoNotes}
                root={root}
                testId="info-notes"
                label="Scale notes"
                spell={spell}
              />
              <ChordCards chords={shown.chords} onPlay={playCard} compact />
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
        <NotePicker label="Key" value={root} onChange={setRoot} />
        <ScaleTypePicker label="Scale Type" value={type} onChange={setType} />
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
            {shown.name}
          </h2>
          <NoteChips
            notes={pianoNotes}
            root={root}
            testId="scale-notes"
            label={`${shown.name} notes`}
            spell={spell}
          />
        </div>
        <Legend />
      </div>

      <div className="mt-4">{keyboard()}</div>

      <section className="mt-8" aria-labelledby="chords-heading">
        <h2 id="chords-heading" className="mb-3 text-lg font-semibold">
          Chords in {shown.name}
        </h2>
        <ChordCards chords={shown.chords} onPlay={playCard} />
      </section>
    </div>
  );
}
