import { ACTIVE_KEY_HIGHLIGHT_MS, type FretPosition, fretboardPositions, getScale } from "@tonic/theory";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { FullScreenLandscape } from "@/components/FullScreenLandscape";
import { Fretboard, OctaveLegend, positionId } from "@/components/instruments/Fretboard";
import { Overlay } from "@/components/Overlay";
import { NoteChips } from "@/components/theory/NoteChips";
import { NotePicker, ScaleTypePicker } from "@/components/theory/ScalePickers";
import { playNote, useAudioUnlockOnFirstGesture } from "@/lib/audio";
import { useBack } from "@/lib/hooks/useBack";
import { useFlash } from "@/lib/hooks/useFlash";
import { useHideGlobalNav } from "@/lib/hooks/useHideGlobalNav";
import { useIsInstrumentCompact } from "@/lib/hooks/useMediaQuery";
import { useNoteSpeller } from "@/lib/hooks/useNoteSpeller";
import { useScaleSelection } from "@/lib/hooks/useScaleSelection";
import { useSpelledScale } from "@/lib/hooks/useSpelledScale";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { useSettingsStore } from "@/stores/settings";

const board = fretboardPositions();

const barButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold shadow-sm hover:border-violet-400 dark:border-slate-700 dark:bg-slate-900";

/** /guitar-visualizer (SPEC §2 "Guitar fretboard screen"). */
export function GuitarPage() {
  useSeo(ROUTE_SEO.guitar);
  const narrow = useIsInstrumentCompact();
  useHideGlobalNav(narrow);
  useAudioUnlockOnFirstGesture();
  const back = useBack();

  const { root, type, setRoot, setType } = useScaleSelection("C", "major");
  const showLabels = useSettingsStore((s) => s.settings.showFretboardLabels);
  const autoPlay = useSettingsStore((s) => s.settings.autoPlay);
  const [activeId, flashPosition] = useFlash<string>(ACTIVE_KEY_HIGHLIGHT_MS);
  const [infoOpen, setInfoOpen] = useState(false);

  const scale = useMemo(() => getScale(root, type), [root, type]);
  const scaleSet = useMemo(() => new Set(scale.notes), [scale]);
  const spell = useNoteSpeller(root, type);
  const shown = useSpelledScale(root, type);

  const press = (p: FretPosition) => {
    flashPosition(positionId(p));
    if (autoPlay) playNote(p.fullNote);
  };

  const fretboard = (
    <Fretboard
      board={board}
      root={root}
      scale={scaleSet}
      showLabels={showLabels}
      activeId={activeId}
      onPress={press}
      spell={spell}
    />
  );

  if (narrow) {
    return (
      <FullScreenLandscape label="Guitar Fretboard">
        <div className="flex shrink-0 items-center gap-2 overflow-x-auto border-b border-slate-200 bg-white px-2 py-1.5 dark:border-slate-800 dark:bg-slate-900">
          <button type="button" onClick={back} className={barButton} aria-label="Back">
            <span aria-hidden="true">←</span>
          </button>
          <span className="whitespace-nowrap font-semibold">{shown.name}</span>
          <div className="ml-auto flex items-center gap-2">
            <NotePicker label="Key" value={root} onChange={setRoot} inline />
            <ScaleTypePicker label="Scale Type" value={type} onChange={setType} inline />
            <button
              type="button"
              onClick={() => setInfoOpen(true)}
              className={`${barButton} !border-violet-600 !bg-violet-600 !text-white`}
              aria-label="Scale info"
              aria-haspopup="dialog"
            >
              <span aria-hidden="true" className="font-serif italic">
                i
              </span>
            </button>
          </div>
        </div>
        <div className="flex min-h-0 flex-1 flex-col justify-center overflow-auto p-2">{fretboard}</div>
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
                notes={scale.notes}
                root={root}
                testId="info-notes"
                label="Scale notes"
                spell={spell}
              />
              <OctaveLegend />
            </div>
          </Overlay>
        )}
      </FullScreenLandscape>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-6 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Guitar Fretboard</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Scale notes on a standard-tuned guitar, frets 0–11.{" "}
        {autoPlay ? (
          "Click a note to hear it."
        ) : (
          <>
            Sound on click is off; turn on Auto-Play Sounds in{" "}
            <Link to="/settings" className="font-medium text-violet-700 underline dark:text-violet-300">
              Settings
            </Link>
            .
          </>
        )}
      </p>
      <div className="mt-6 flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <NotePicker label="Key" value={root} onChange={setRoot} />
        <ScaleTypePicker label="Scale Type" value={type} onChange={setType} />
        <div className="flex flex-wrap items-center gap-3 md:ml-auto">
          <h2 className="text-lg font-semibold" data-testid="scale-name">
            {shown.name}
          </h2>
          <NoteChips
            notes={scale.notes}
            root={root}
            testId="scale-notes"
            label={`${shown.name} notes`}
            spell={spell}
          />
        </div>
      </div>
      <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950">
        {fretboard}
      </div>
      <div className="mt-4">
        <OctaveLegend />
      </div>
    </div>
  );
}
