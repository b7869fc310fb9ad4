import { FREE_DAILY_LIMIT } from "@tonic/api";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useSession } from "@/lib/auth";
import { useAuthConfig } from "@/lib/auth/config";
import { saveHandoff } from "@/lib/songs/handoff";
import { useLinkAnalysis } from "../hooks/useLinkAnalysis";
import { showFileAnalyzer } from "./FileAnalyzer";
import { GatePrompt, type PromptKind } from "./GatePrompt";
import { ProgressBar } from "./ProgressBar";
import { SongAnalysisView } from "./SongAnalysisView";

/** PRODUCT §9: the signed-out preview length, seconds. */
export const VISITOR_PREVIEW_SECONDS = 10;

/**
 * Analysis of one video (`/search?v=`): the PRODUCT §4 progress screen (checking, analyzing, complete or
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
  // A visitor's refusal is answered by the invitation below, not by a modal; the daily limit keeps its prompt.
  useEffect(() => {
    if (state.gate === "limit") setPrompt("limit");
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
            // The engine's bars when the store kept them (no tempo: no beats or meter, as for files).
            keyConfidence: song.keyConfidence ?? null,
            beats: song.bpm ? (song.beats ?? null) : null,
            downbeats: song.bpm ? (song.downbeats ?? null) : null,
            timeSignature: song.bpm ? (song.timeSignature ?? null) : null,
          }}
          audioUrl={song.audioUrl ?? undefined}
          youtubeId={song.audioUrl ? undefined : song.videoId}
          previewSeconds={visitor ? VISITOR_PREVIEW_SECONDS : undefined}
          onPreviewEnd={() => {
            saveHandoff(song);
            setPrompt("login");
          }}
          autoPlay={state.counted}
          sheetSource={{ kind: "link", videoId: song.videoId }}
        />
        {prompt && <GatePrompt kind={prompt} onClose={() => setPrompt(null)} />}
      </div>
    );
  }

  if (state.gate === "login") return <CreateAccountToAnalyze />;

  return (
    <section
      aria-labelledby="link-analysis-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm md:p-6 dark:border-slate-800 dark:bg-slate-950"
    >
      <h2 id="link-analysis-title" className="text-lg font-semibold">
        {song?.title ?? (state.stage === "error" ? "We couldn't analyse this song" : "Analyzing song")}
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
          {state.refunded && (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="count-refunded">
              This didn't use one of today's analyses: failed analyses are given back.
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {!state.gate && state.retryable && (
              <button
                type="button"
                onClick={state.retry}
                className="min-h-11 rounded-xl px-4 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:text-violet-300 dark:hover:bg-slate-800"
              >
                Try again
              </button>
            )}
            {!state.gate && <UploadInstead />}
          </div>
        </div>
      )}
      {prompt && <GatePrompt kind={prompt} onClose={() => setPrompt(null)} />}
    </section>
  );
}

/** Offers the local-file analyzer of the same page, which needs no download, account or network. */
function UploadInstead() {
  return (
    <button
      type="button"
      onClick={showFileAnalyzer}
      className="min-h-11 rounded-xl border border-violet-300 px-4 text-sm font-semibold text-violet-700 hover:bg-violet-50 dark:border-violet-700 dark:text-violet-300 dark:hover:bg-slate-800"
    >
      Analyse your own audio file instead
    </button>
  );
}

/**
 * What a visitor sees after pasting a link the library does not have yet: one calm invitation to create
 * a free account (e-mail sign-up, or Google too when the server offers it), never a failure.
 */
function CreateAccountToAnalyze() {
  const config = useAuthConfig();
  const google = config.data?.google === true;
  return (
    <section
      aria-labelledby="create-account-title"
      data-testid="create-account-to-analyse"
      className="rounded-2xl border border-violet-200 bg-violet-50 p-5 md:p-6 dark:border-violet-900 dark:bg-violet-950/30"
    >
      <h2 id="create-account-title" className="text-lg font-semibold">
        Create a free account — {FREE_DAILY_LIMIT} analyses a day — to analyse this song
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {google
          ? "Sign up with Google or your e-mail address; it takes a minute."
          : "Sign up with your e-mail address; it takes a minute."}{" "}
        You can also analyse your own audio file below without an account.
      </p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link
          to="/auth?mode=sign-up"
          className="inline-flex min-h-11 items-center justify-center rounded-xl bg-violet-600 px-5 font-semibold text-white hover:bg-violet-700 focus:outline-none focus:ring-4 focus:ring-violet-300"
        >
          {google ? "Create free account" : "Sign up with e-mail"}
        </Link>
        <Link
          to="/auth"
          className="inline-flex min-h-11 items-center justify-center rounded-xl border border-slate-300 bg-white px-5 font-semibold hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
        >
          Log in
        </Link>
      </div>
    </section>
  );
}
