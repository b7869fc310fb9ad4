import { useEffect, useState } from "react";
import { useSession } from "@/lib/auth";
import { saveHandoff } from "@/lib/songs/handoff";
import { useLinkAnalysis } from "../hooks/useLinkAnalysis";
import { GatePrompt, type PromptKind } from "./GatePrompt";
import { ProgressBar } from "./ProgressBar";
import { SongAnalysisView } from "./SongAnalysisView";

/** SPEC §9: the signed-out preview length, seconds. */
export const VISITOR_PREVIEW_SECONDS = 10;

/**
 * Analysis of one video (`/search?v=`): the SPEC §4 progress screen (checking, analyzing, complete or
 * error), the "View Analysis" button, then the Song analysis screen with the YouTube player (or the audio
 * element for local demo songs), the visitor's 10-second pause and the gating prompts.
 */
export function LinkAnalysis({ videoId }: { videoId: string }) {
  const state = useLinkAnalysis(videoId);
  const session = useSession();
  const [showAnalysis, setShowAnalysis] = useState(false);
  const [prompt, setPrompt] = useState<PromptKind | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the screen when the video changes
  useEffect(() => {
    setShowAnalysis(false);
    setPrompt(null);
  }, [videoId]);
  // A cached song's page opens straight to its analysis.
  useEffect(() => {
    if (state.cached && state.stage === "complete") setShowAnalysis(true);
  }, [state.cached, state.stage]);
  useEffect(() => {
    if (state.gate) setPrompt(state.gate);
    else if (state.expired) setPrompt("expired");
  }, [state.gate, state.expired]);

  const visitor = session.status !== "signed-in";
  const song = state.song;

  if (song && showAnalysis) {
    return (
      <div>
        <SongAnalysisView
          analysis={{
            title: song.title,
            key: song.key,
            bpm: song.bpm,
            chords: song.chords,
            durationSeconds: song.durationSeconds ?? (song.duration ?? 0) * 60,
          }}
          audioUrl={song.audioUrl ?? undefined}
          youtubeId={song.audioUrl ? undefined : song.videoId}
          previewSeconds={visitor ? VISITOR_PREVIEW_SECONDS : undefined}
          onPreviewEnd={() => {
            saveHandoff(song);
            setPrompt("login");
          }}
          autoPlay={state.counted}
        />
        {prompt && <GatePrompt kind={prompt} onClose={() => setPrompt(null)} />}
      </div>
    );
  }

  return (
    <section
      aria-labelledby="link-analysis-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6 dark:border-slate-800 dark:bg-slate-950"
    >
      <h2 id="link-analysis-title" className="text-lg font-semibold">
        {song?.title ?? "Analyzing song"}
      </h2>
      <div className="mt-4" aria-live="polite">
        <ProgressBar
          percent={state.progress}
          label={state.label}
          tone={state.stage === "error" ? "red" : "violet"}
        />
      </div>
      {state.stage === "complete" && song && (
        <button
          type="button"
          onClick={() => setShowAnalysis(true)}
          className="mt-5 min-h-11 rounded-xl bg-amber-400 px-5 font-semibold text-slate-900 hover:bg-amber-300 focus:outline-none focus:ring-4 focus:ring-amber-200"
        >
          View Analysis
        </button>
      )}
      {state.stage === "error" && (
        <div className="mt-5">
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            {state.error}
          </p>
          {!state.gate && state.retryable && (
            <button
              type="button"
              onClick={state.retry}
              className="mt-3 min-h-11 rounded-xl px-4 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:text-violet-300 dark:hover:bg-slate-800"
            >
              Try again
            </button>
          )}
        </div>
      )}
      {prompt && <GatePrompt kind={prompt} onClose={() => setPrompt(null)} />}
    </section>
  );
}
