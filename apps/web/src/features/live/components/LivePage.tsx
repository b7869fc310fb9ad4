import type { TunerInstrument } from "@tonic/analysis";
import { useEffect, useState } from "react";
import { MicIcon } from "@/components/icons";
import { RecorderTabs } from "@/components/layout/RecorderTabs";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { useSettingsStore } from "@/stores/settings";
import { useLiveListener } from "../hooks/useLiveListener";
import { LiveChord, LiveKeyCard } from "./ChordPanel";
import { PlayAlongPanel } from "./PlayAlongPanel";
import { TunerPanel } from "./TunerPanel";

type Tab = "chords" | "tuner" | "play";
const TABS: readonly { value: Tab; label: string }[] = [
  { value: "chords", label: "Chords & key" },
  { value: "tuner", label: "Tuner" },
  { value: "play", label: "Play along" },
];

/** /live: Tonic listens through the microphone — live chord and key, a tuner, and play-along scoring. */
export function LivePage() {
  useSeo(ROUTE_SEO.live);
  const a4Hz = useSettingsStore((s) => s.settings.referenceA4);
  const [tab, setTab] = useState<Tab>("chords");
  const live = useLiveListener(a4Hz, tab === "play");
  const [instrument, setInstrument] = useState<TunerInstrument>("guitar");
  const listening = live.status === "listening";
  const { configureTuner } = live;

  useEffect(() => {
    configureTuner(tab === "tuner", instrument);
  }, [tab, instrument, configureTuner]);

  const chordCard = (
    <LiveChord
      chord={live.chord}
      history={live.history}
      listening={listening}
      tuningCents={live.tuningCents}
      quietInput={live.quietInput}
      a4Hz={a4Hz}
      songKey={live.key?.key ?? null}
    />
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 md:px-6 md:py-8">
      <RecorderTabs />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Live</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Play guitar, piano or ukulele and Tonic names the chord and the key as you play, tunes your strings
        and scores you as you play along with a song. Everything runs on your device.
      </p>

      <div className="sticky top-0 z-10 -mx-4 mt-4 flex flex-wrap items-center gap-3 bg-slate-50/95 px-4 py-3 md:top-16 md:mx-0 md:rounded-xl md:px-0 dark:bg-slate-950/95">
        <button
          type="button"
          onClick={listening ? live.stop : () => void live.start()}
          disabled={live.status === "starting"}
          className={`inline-flex min-h-12 items-center gap-2 rounded-full px-5 font-semibold text-white shadow disabled:cursor-wait disabled:opacity-60 ${
            listening ? "bg-rose-600 hover:bg-rose-700" : "bg-violet-600 hover:bg-violet-700"
          }`}
        >
          <MicIcon width={20} height={20} />
          {listening ? "Stop listening" : "Start listening"}
        </button>
        <span role="status" className="text-sm text-slate-600 dark:text-slate-400" data-testid="live-status">
          {live.status === "starting"
            ? "Waiting for the microphone…"
            : listening
              ? "Listening"
              : "Not listening"}
        </span>
      </div>
      {live.error && (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-rose-200 bg-rose-50 p-3 text-rose-800 dark:border-rose-900 dark:bg-rose-950 dark:text-rose-200"
        >
          {live.error}
        </p>
      )}

      <div
        role="tablist"
        aria-label="Live tools"
        className="mt-4 flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
      >
        {TABS.map((t) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`live-tab-${t.value}`}
            aria-selected={tab === t.value}
            aria-controls={`live-panel-${t.value}`}
            onClick={() => setTab(t.value)}
            className={`min-h-11 flex-1 rounded-lg px-2 text-sm font-semibold ${
              tab === t.value
                ? "bg-white text-violet-700 shadow dark:bg-slate-950 dark:text-violet-300"
                : "text-slate-600 hover:text-slate-900 dark:text-slate-300"
            }`}
          >
            {t.value === "chords" ? (
              <>
                <span className="sm:hidden">Chords</span>
                <span className="hidden sm:inline">{t.label}</span>
              </>
            ) : (
              t.label
            )}
          </button>
        ))}
      </div>

      <div
        role="tabpanel"
        id={`live-panel-${tab}`}
        aria-labelledby={`live-tab-${tab}`}
        className="mt-4 space-y-4"
      >
        {tab === "chords" && (
          <div className="grid gap-4 md:grid-cols-2">
            {chordCard}
            <LiveKeyCard liveKey={live.key} onReset={live.resetKey} />
          </div>
        )}
        {tab === "tuner" && (
          <TunerPanel
            instrument={instrument}
            onInstrument={setInstrument}
            reading={live.tuner}
            a4Hz={a4Hz}
            listening={listening}
          />
        )}
        {tab === "play" && (
          <>
            <PlayAlongPanel
              listening={listening}
              startListening={live.start}
              stopListening={live.stop}
              onChord={live.onChord}
              streamTime={live.streamTime}
            />
            {chordCard}
          </>
        )}
      </div>
    </div>
  );
}
