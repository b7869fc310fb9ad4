import type { LiveKey, TunerInstrument, TunerReading } from "@tonic/analysis";
import { LIVE_BLOCK } from "@tonic/analysis";
import { useCallback, useEffect, useRef, useState } from "react";
import { createCaptureNode } from "@/lib/audio/capture";
import { MSG_DENIED, MSG_FAILED, MSG_NO_MIC, MSG_UNSUPPORTED } from "../lib/messages";
import type { LiveWorkerMessage, LiveWorkerRequest } from "../worker/protocol";

/** The capture processor's name: it posts LIVE_BLOCK-sample mono blocks for the worker. */
const CAPTURE_PROCESSOR = "tonic-live-capture";

export type ListenStatus = "idle" | "starting" | "listening" | "error";

/** A chord shown in the history strip. */
export interface ChordHistoryItem {
  chord: string;
  /** performance.now() when it was first shown, ms. */
  at: number;
}

interface Session {
  ctx: AudioContext;
  stream: MediaStream;
  worker: Worker;
  node: AudioWorkletNode;
  wakeLock: WakeLockSentinel | null;
  /** Whether this microphone stream was opened with echo cancellation. */
  echoCancellation: boolean;
  /** `ctx.currentTime` when the capture node was connected: stream time 0 of the worker's frames, s. */
  streamOrigin: number;
}

/** A chord update's listener: the chord shown and the stream time of the frame it was decided on, s. */
export type ChordListener = (chord: string, streamTime: number) => void;

/** Reason a getUserMedia call failed, as a user message. */
export function micErrorMessage(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError")
    return MSG_DENIED;
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") {
    return MSG_NO_MIC;
  }
  return MSG_FAILED;
}

/**
 * The Live screen's microphone pipeline: getUserMedia → AudioWorklet buffering 128-sample render quanta into
 * LIVE_BLOCK-sample blocks → a Web Worker running `LiveListener`. Keeps the screen awake (Wake Lock)
 * while listening and stops the microphone when the tab is hidden.
 */
/**
 * @param a4Hz reference A4, Hz (Settings).
 * @param echoCancellation open the microphone with echo cancellation, so that a song playing from the
 *   speakers is not heard as the player (play-along). Off for the chord display and the tuner, where the
 *   browser's echo canceller would colour sustained notes. Changing it while listening reopens the
 *   microphone.
 */
export function useLiveListener(a4Hz: number, echoCancellation = false) {
  const [status, setStatus] = useState<ListenStatus>("idle");
  const [error, setError] = useState<string | null>(null);
  const [chord, setChord] = useState("N");
  const [confidence, setConfidence] = useState(0);
  const [history, setHistory] = useState<ChordHistoryItem[]>([]);
  const [key, setKey] = useState<LiveKey | null>(null);
  const [tuner, setTuner] = useState<TunerReading | null>(null);
  const [tuningCents, setTuningCents] = useState(0);
  const [quietInput, setQuietInput] = useState(false);
  const session = useRef<Session | null>(null);
  const tunerCfg = useRef<{ on: boolean; instrument: TunerInstrument }>({ on: false, instrument: "guitar" });
  const chordRef = useRef("N");
  const listeners = useRef(new Set<ChordListener>());
  const echoRef = useRef(echoCancellation);
  echoRef.current = echoCancellation;

  const send = useCallback((msg: LiveWorkerRequest, transfer: Transferable[] = []) => {
    session.current?.worker.postMessage(msg, transfer);
  }, []);

  const stop = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (s) {
      for (const t of s.stream.getTracks()) t.stop();
      s.node.port.onmessage = null;
      try {
        s.node.disconnect();
      } catch {
        // already disconnected
      }
      s.worker.terminate();
      void s.ctx.close().catch(() => {});
      void s.wakeLock?.release().catch(() => {});
    }
    setStatus((st) => (st === "error" ? st : "idle"));
    setChord("N");
    chordRef.current = "N";
    setTuner(null);
    setTuningCents(0);
    setQuietInput(false);
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    setError(null);
    setStatus("starting");
    if (
      !navigator.mediaDevices?.getUserMedia ||
      typeof AudioWorkletNode !== "function" ||
      typeof Worker !== "function"
    ) {
      setError(MSG_UNSUPPORTED);
      setStatus("error");
      return;
    }
    // The audio graph first, inside the user's click (a browser lets an AudioContext started there run),
    // then the microphone, connected as soon as it opens: the first sound the player makes after the
    // microphone opens is near stream time 0, however long the graph took to build on a busy device.
    let ctx: AudioContext | null = null;
    let node: AudioWorkletNode;
    try {
      ctx = new AudioContext();
      await ctx.resume();
      node = await createCaptureNode(ctx, CAPTURE_PROCESSOR, LIVE_BLOCK);
    } catch (err) {
      console.error("Live: audio setup failed", err);
      void ctx?.close().catch(() => {});
      setError(MSG_FAILED);
      setStatus("error");
      return;
    }
    let stream: MediaStream;
    const echo = echoRef.current;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: echo, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
      });
    } catch (err) {
      console.warn("Live: getUserMedia failed", err);
      void ctx.close().catch(() => {});
      setError(micErrorMessage(err));
      setStatus("error");
      return;
    }
    try {
      const source = ctx.createMediaStreamSource(stream);
      const mute = ctx.createGain();
      mute.gain.value = 0;
      source.connect(node);
      node.connect(mute);
      mute.connect(ctx.destination);
      // The worklet's first block, the worker's stream time 0, is captured from about now.
      const streamOrigin = ctx.currentTime;
      const worker = new Worker(new URL("../worker/live.worker.ts", import.meta.url), { type: "module" });
      worker.onmessage = (e: MessageEvent<LiveWorkerMessage>) => {
        const m = e.data;
        if (m.type === "error") {
          console.error("Live worker:", m.message);
          return;
        }
        if (m.type !== "update") return;
        if (m.chord !== chordRef.current) {
          chordRef.current = m.chord;
          setChord(m.chord);
          if (m.chord !== "N") {
            setHistory((h) => [...h.slice(-11), { chord: m.chord, at: performance.now() }]);
          }
        }
        if (m.time !== null) for (const l of listeners.current) l(m.chord, m.time);
        setConfidence(m.confidence);
        if (m.key) setKey(m.key);
        if (m.tuner !== undefined) setTuner(m.tuner);
        setTuningCents(Math.round(m.tuningCents));
        setQuietInput(m.quietInput);
      };
      let wakeLock: WakeLockSentinel | null = null;
      try {
        wakeLock = (await navigator.wakeLock?.request("screen")) ?? null;
      } catch {
        // Wake Lock refused (battery saver, unsupported): listening still works.
      }
      session.current = {
        ctx,
        stream,
        worker,
        node,
        wakeLock,
        echoCancellation: echo,
        streamOrigin,
      };
      worker.postMessage({ type: "start", sampleRate: ctx.sampleRate, a4Hz } satisfies LiveWorkerRequest);
      worker.postMessage({ type: "tuner", ...tunerCfg.current, a4Hz } satisfies LiveWorkerRequest);
      node.port.onmessage = (e: MessageEvent<Float32Array>) => {
        worker.postMessage({ type: "audio", samples: e.data } satisfies LiveWorkerRequest, [e.data.buffer]);
      };
      for (const t of stream.getTracks()) {
        t.onended = () => {
          setError(MSG_NO_MIC);
          setStatus("error");
          stop();
        };
      }
      setStatus("listening");
    } catch (err) {
      console.error("Live: audio setup failed", err);
      for (const t of stream.getTracks()) t.stop();
      void ctx.close().catch(() => {});
      setError(MSG_FAILED);
      setStatus("error");
    }
  }, [a4Hz, stop]);

  // Stop the microphone when the tab is hidden; stop everything when the screen closes.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden" && session.current) stop();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      if (session.current) stop();
    };
  }, [stop]);

  // Play-along wants echo cancellation, the chord display and the tuner do not: reopen the microphone.
  useEffect(() => {
    const s = session.current;
    if (s && s.echoCancellation !== echoCancellation) {
      stop();
      void start();
    }
  }, [echoCancellation, start, stop]);

  const configureTuner = useCallback(
    (on: boolean, instrument: TunerInstrument) => {
      tunerCfg.current = { on, instrument };
      send({ type: "tuner", on, instrument, a4Hz });
      if (!on) setTuner(null);
    },
    [send, a4Hz],
  );

  const resetKey = useCallback(() => {
    send({ type: "reset-key" });
    setKey(null);
  }, [send]);

  /**
   * Subscribe to every chord update (~50 per second), with the stream time of its frame (seconds of audio
   * since the microphone was connected: the audio clock, not when the update reached this thread, so a busy
   * device delays the display but not where a chord lands in time); returns the unsubscribe function.
   */
  const onChord = useCallback((fn: ChordListener) => {
    listeners.current.add(fn);
    return () => {
      listeners.current.delete(fn);
    };
  }, []);

  /**
   * The stream time now, seconds: the audio clock since the microphone was connected (null when not
   * listening). A chord update's `streamTime` minus this value at a moment is how long after that moment
   * its audio was heard.
   */
  const streamTime = useCallback((): number | null => {
    const s = session.current;
    return s ? s.ctx.currentTime - s.streamOrigin : null;
  }, []);

  return {
    status,
    error,
    chord,
    confidence,
    history,
    key,
    tuner,
    tuningCents,
    quietInput,
    start,
    stop,
    configureTuner,
    resetKey,
    onChord,
    streamTime,
  };
}
