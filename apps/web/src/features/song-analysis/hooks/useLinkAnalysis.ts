import { GateRefusal, type Song } from "@tonic/api";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/api";
import { takeHandoff } from "@/lib/songs/handoff";
import { watchLink } from "@/lib/songs/links";
import { getAnalysisJob } from "../api/get-analysis-job";
import { getStoredSong } from "../api/get-stored-song";
import { requestAnalysis } from "../api/request-analysis";
import { displayedProgress, type JobState, type LinkStage, stageLabel } from "../lib/progress";

/** PRODUCT §4 gating prompts. */
export type GateReason = "login" | "limit";

export interface LinkAnalysisState {
  stage: LinkStage;
  /** 0..100 */
  progress: number;
  label: string;
  song: Song | null;
  error: string | null;
  /** Set when the server refused a new analysis (visitor or daily limit). */
  gate: GateReason | null;
  /** The server just downgraded an expired PAID user (show the expired prompt). */
  expired: boolean;
  /** True when this visit counted a new analysis (playback then starts after 300 ms). */
  counted: boolean;
  /** The song came from the hand-off or the song store (no new analysis): open it straight away. */
  cached: boolean;
  /** Whether "Try again" can succeed (false for refusals and for link analysis not being available). */
  retryable: boolean;
  /** A counted analysis failed and the server gave today's count back (every failed job is refunded). */
  refunded: boolean;
}

/** How often the job's state is read, ms. */
const POLL_MS = 500;
/** The bar re-renders at the PRODUCT §9 animation step. */
const TICK_MS = 50;

/**
 * The link analysis flow of PRODUCT §4: checking (hand-off or song store; a hit goes straight to
 * complete), analyzing (server call backed by a job whose real state drives the bar, PRODUCT §9 animation as
 * the floor), complete, or error (message, 100 %).
 * @param videoId the video to show, or null for none.
 */
export function useLinkAnalysis(videoId: string | null): LinkAnalysisState & { retry(): void } {
  const [stage, setStage] = useState<LinkStage>("checking");
  const [stageStart, setStageStart] = useState(() => Date.now());
  const [job, setJob] = useState<{ state: JobState; progress: number } | null>(null);
  const [song, setSong] = useState<Song | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [gate, setGate] = useState<GateReason | null>(null);
  const [expired, setExpired] = useState(false);
  const [counted, setCounted] = useState(false);
  const [cached, setCached] = useState(false);
  const [retryable, setRetryable] = useState(true);
  const [refunded, setRefunded] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [attempt, setAttempt] = useState(0);
  const runRef = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the flow (Try again)
  useEffect(() => {
    if (!videoId) return;
    const run = ++runRef.current;
    const alive = () => runRef.current === run;
    const enter = (s: LinkStage) => {
      setStage(s);
      setStageStart(Date.now());
    };
    setSong(null);
    setError(null);
    setGate(null);
    setExpired(false);
    setCounted(false);
    setCached(false);
    setRetryable(true);
    setRefunded(false);
    setJob(null);
    enter("checking");
    const fail = (message: string) => {
      if (!alive()) return;
      setError(message);
      enter("error");
    };
    (async () => {
      const handed = takeHandoff(videoId);
      if (handed) {
        setSong(handed.analysis);
        setCached(true);
        enter("complete");
        return;
      }
      let stored: Song | null = null;
      try {
        stored = await getStoredSong(videoId);
      } catch {
        // treat as not cached; the analyze call reports real failures
      }
      if (!alive()) return;
      if (stored) {
        setSong(stored);
        setCached(true);
        enter("complete");
        return;
      }
      enter("analyzing");
      try {
        const res = await requestAnalysis(watchLink(videoId));
        if (!alive()) return;
        if (res.status === "done") {
          setSong(res.song);
          enter("complete");
          return;
        }
        setExpired(res.expired);
        setCounted(true);
        for (;;) {
          await new Promise((r) => setTimeout(r, POLL_MS));
          if (!alive()) return;
          const { job: j, song: s } = await getAnalysisJob(res.jobId);
          if (!alive()) return;
          setJob({ state: j.state, progress: j.progress });
          if (j.state === "done" && s) {
            setSong(s);
            enter("complete");
            return;
          }
          if (j.state === "failed") {
            // The server refunds the requesters before a job shows as failed (jobs/processor.ts).
            setRefunded(true);
            return fail(j.error ?? "Failed to analyze audio");
          }
        }
      } catch (err) {
        if (!alive()) return;
        // Refusals, bad links and "not available on this server" do not change on a retry.
        if (err instanceof ApiError && (err.status < 500 || err.status === 503)) setRetryable(false);
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
          const refusal = GateRefusal.safeParse(err.body);
          if (refusal.success) {
            setGate(refusal.data.reason);
            setExpired(refusal.data.expired);
          }
        }
        fail(err instanceof Error ? err.message : "Failed to analyze audio");
      }
    })();
    return () => {
      runRef.current++;
    };
  }, [videoId, attempt]);

  useEffect(() => {
    if (stage !== "checking" && stage !== "analyzing") return;
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, [stage]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const progress = displayedProgress(stage, now - stageStart, job?.progress ?? null);
  return {
    stage,
    progress,
    label: stageLabel(stage, job?.state ?? null),
    song,
    error,
    gate,
    expired,
    counted,
    cached,
    retryable,
    refunded,
    retry,
  };
}
