import { ACTIVE_KEY_HIGHLIGHT_MS, type FretPosition, fretboardPositions } from "@tonic/theory";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { FullScreenLandscape } from "@/components/FullScreenLandscape";
import { Fretboard, OctaveLegend, positionId } from "@/components/instruments/Fretboard";
import { Overlay } from "@/components/Overlay";
import { IndianScaleInfo } from "@/components/theory/IndianScaleInfo";
import { NoteChips } from "@/components/theory/NoteChips";
import { NotePicker, ScalePicker } from "@/components/theory/ScalePickers";
import { SwaraLegend } from "@/components/theory/SwaraLegend";
import { playNote, useAudioUnlockOnFirstGesture } from "@/lib/audio";
import { useBack } from "@/lib/hooks/useBack";
import { useFlash } from "@/lib/hooks/useFlash";
import { useHideGlobalNav } from "@/lib/hooks/useHideGlobalNav";
import { useIsInstrumentCompact } from "@/lib/hooks/useMediaQuery";
import { useScaleSelection } from "@/lib/hooks/useScaleSelection";
import { useScaleView } from "@/lib/hooks/useScaleView";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { useSettingsStore } from "@/stores/settings";

const board = fretboardPositions();

const barButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold shadow-sm hover:border-violet-400 dark:border-slate-700 dark:bg-slate-900";

/** /guitar-visualizer (PRODUCT §2 "Guitar fretboard screen"). */
export function GuitarPage() {
  useSeo(ROUTE_SEO.guitar);
  const narrow = useIsInstrumentCompact();
  useHideGlobalNav(narrow);
  useAudioUnlockOnFirstGesture();
  const back = useBack();

  const { root, scale, setRoot, setScale } = useScaleSelection("C", "major");
  const showLabels = useSettingsStore((s) => s.settings.showFretboardLabels);
  const autoPlay = useSettingsStore((s) => s.settings.autoPlay);
  const [activeId, flashPosition] = useFlash<string>(ACTIVE_KEY_HIGHLIGHT_MS);
  const [infoOpen, setInfoOpen] = useState(false);

  // Major, Minor, a thaat, melakarta or raga: notes, title and labels (sargam from the key as Sa).
  const view = useScaleView(root, scale);
  const { spell } = view;
  const scaleSet = useMemo(() => new Set(view.notes), [view.notes]);

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
          <span className="whitespace-nowrap font-semibold" data-testid="scale-name">
            {view.title}
          </span>
          {scale.westernMode && (
            <span
              className="whitespace-nowrap text-sm text-slate-600 dark:text-slate-400"
              data-testid="scale-mode"
            >
              = {scale.westernMode}
            </span>
          )}
          <div className="ml-auto flex items-center gap-2">
            <NotePicker label={view.swaras ? "Key (Sa)" : "Key"} value={root} onChange={setRoot} inline />
            <ScalePicker label="Scale Type" value={scale.id} onChange={setScale} inline />
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
          <Overlay title={view.title} onClose={() => setInfoOpen(false)}>
            <div className="space-y-4">
              <p>
                <span className="text-sm text-slate-500 dark:text-slate-400">Root note: </span>
                <span className="font-bold" data-testid="info-root">
                  {view.tonic}
                </span>
              </p>
              <NoteChips
                notes={view.notes}
                root={root}
                testId="info-notes"
                label="Scale notes"
                spell={spell}
              />
              <SwaraLegend sa={view.tonic} />
              <IndianScaleInfo scale={scale} sa={view.tonic} compact />
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
        <NotePicker label={view.swaras ? "Key (Sa)" : "Key"} value={root} onChange={setRoot} />
        <ScalePicker label="Scale Type" value={scale.id} onChange={setScale} />
        <div className="flex flex-wrap items-center gap-3 md:ml-auto">
          <h2 className="text-lg font-semibold" data-testid="scale-name">
            {view.title}
          </h2>
          {scale.westernMode && (
            <span className="text-slate-600 dark:text-slate-400" data-testid="scale-mode">
              = {scale.westernMode}
            </span>
          )}
          <NoteChips
            notes={view.notes}
            root={root}
            testId="scale-notes"
            label={`${view.title} notes`}
            spell={spell}
          />
        </div>
      </div>
      <SwaraLegend sa={view.tonic} className="mt-4" />
      <div className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950">
        {fretboard}
      </div>
      <div className="mt-4">
        <OctaveLegend />
      </div>
      {scale.family !== "western" && (
        <div className="mt-6">
          <IndianScaleInfo scale={scale} sa={view.tonic} />
        </div>
      )}
    </div>
  );
}
