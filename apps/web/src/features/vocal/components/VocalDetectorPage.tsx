import { useEffect, useRef } from "react";
import { MicIcon } from "@/components/icons";
import { RecorderTabs } from "@/components/layout/RecorderTabs";
import { useSeo } from "@/lib/seo";
import { ROUTE_SEO } from "@/lib/seo/routes";
import { useVocalRecorder } from "../hooks/useVocalRecorder";
import { MSG_NO_SCALE, RECORD_SECONDS } from "../lib/constants";
import { fewNotesMessage } from "../lib/few-notes";
import { LiveMonitor } from "./LiveMonitor";
import { Playback } from "./Playback";
import { TanpuraPanel } from "./TanpuraPanel";
import { VocalResult } from "./VocalResult";

function CountdownBar({ elapsed, active }: { elapsed: number; active: boolean }) {
  const left = Math.max(0, Math.ceil(RECORD_SECONDS - elapsed));
  const share = active ? Math.max(0, 1 - elapsed / RECORD_SECONDS) : 1;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium text-slate-700 dark:text-slate-300">
          {active ? "Recording" : "Ready"}
        </span>
        <span className="tabular-nums text-slate-600 dark:text-slate-400" data-testid="countdown">
          0:{String(active ? left : RECORD_SECONDS).padStart(2, "0")}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Recording time left"
        aria-valuemin={0}
        aria-valuemax={RECORD_SECONDS}
        aria-valuenow={active ? left : RECORD_SECONDS}
        aria-valuetext={`${active ? left : RECORD_SECONDS} seconds left`}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-100 ease-linear ${active ? "bg-rose-500" : "bg-violet-500"}`}
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}

/**
 * /vocal-detector (PRODUCT §2, §4, §9): record up to 30 s of singing, then key, range and chords. Problems
 * (microphone refused, no scale, only one note) show right under the record button, where the user tapped.
 */
export function VocalDetectorPage() {
  useSeo(ROUTE_SEO.vocal);
  const { state, analyser, start, stop } = useVocalRecorder();
  const recording = state.status === "recording";
  const busy = state.status === "requesting" || state.status === "stopped" || state.status === "analyzing";
  const audioUrl = "audioUrl" in state ? state.audioUrl : null;
  // A problem shows under the record button; bring all of it into view (above the phone's bottom bar).
  const problemRef = useRef<HTMLDivElement>(null);
  const problem = state.status === "error" || state.status === "noScale";
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [problem]);

  const status =
    state.status === "requesting"
      ? "Waiting for the microphone…"
      : recording
        ? "Listening… sing a scale or a melody. Tap stop when you are done."
        : state.status === "stopped" || state.status === "analyzing"
          ? "Analyzing your voice…"
          : state.status === "result"
            ? "Done. Record again to try another take."
            : "Tap the button and sing for up to 30 seconds.";

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 md:px-6">
      <RecorderTabs />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Vocal Scale Detector</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Sing a scale, a melody or a song you like. We find your key, your vocal range and chords to sing over.
      </p>

      <section
        aria-label="Recorder"
        className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm md:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <CountdownBar elapsed={recording ? state.elapsed : 0} active={recording} />
        <LiveMonitor analyser={analyser} />
        <div className="flex flex-col items-center gap-3">
          <button
            type="button"
            onClick={recording ? stop : () => void start()}
            disabled={busy}
            aria-label={recording ? "Stop recording" : "Start recording"}
            data-state={state.status}
            className={`relative inline-flex size-20 items-center justify-center rounded-full text-white shadow-lg transition focus-visible:outline-none focus-visible:ring-4 disabled:cursor-wait disabled:opacity-60 ${
              recording
                ? "bg-rose-600 hover:bg-rose-700 focus-visible:ring-rose-300 dark:focus-visible:ring-rose-800"
                : "bg-violet-600 hover:bg-violet-700 focus-visible:ring-violet-300 dark:focus-visible:ring-violet-800"
            }`}
          >
            {recording && (
              <span
                className="absolute inset-0 animate-ping rounded-full bg-rose-500/40"
                aria-hidden="true"
              />
            )}
            {recording ? (
              <span className="relative size-7 rounded-md bg-white" aria-hidden="true" />
            ) : busy ? (
              <span
                className="size-8 animate-spin rounded-full border-4 border-white/40 border-t-white"
                aria-hidden="true"
              />
            ) : (
              <MicIcon width={34} height={34} />
            )}
          </button>
          <p
            role="status"
            className="text-center text-sm text-slate-600 dark:text-slate-400"
            data-testid="vocal-status"
          >
            {status}
          </p>
          <div ref={problemRef} className="w-full scroll-mb-24 empty:hidden">
            {state.status === "error" && (
              <p
                role="alert"
                className="w-full rounded-xl border border-rose-200 bg-rose-50 p-4 text-center font-medium text-rose-800 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-200"
              >
                {state.message}
              </p>
            )}
            {state.status === "noScale" && (
              <div
                role="alert"
                data-testid="no-scale"
                className="w-full rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
              >
                {state.fewNotes ? (
                  <>
                    <p className="font-semibold">{fewNotesMessage(state.fewNotes)}</p>
                    <p className="mt-1 text-sm">
                      A key needs a few different notes. Sing a scale or a simple tune and try again.
                    </p>
                  </>
                ) : (
                  <>
                    <p className="font-semibold">{MSG_NO_SCALE}</p>
                    <p className="mt-1 text-sm">
                      We could not hear clear sung notes. Sing a few held notes (a scale or a simple tune)
                      close to the microphone and try again.
                    </p>
                  </>
                )}
              </div>
            )}
          </div>
        </div>
        <p className="text-center text-xs text-slate-500 dark:text-slate-500">
          Your recording is analysed on this device and never leaves it.
        </p>
      </section>

      <TanpuraPanel />

      {audioUrl && state.status !== "analyzing" && (
        <section
          aria-label="Playback"
          className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <Playback key={audioUrl} url={audioUrl} />
        </section>
      )}

      {state.status === "result" && (
        <div className="mt-6">
          <VocalResult result={state.result} />
        </div>
      )}
    </div>
  );
}
