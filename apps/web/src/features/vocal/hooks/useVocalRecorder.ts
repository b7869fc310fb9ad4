import { useCallback, useEffect, useRef, useState } from "react";
import { tanpura } from "@/lib/audio";
import { createCaptureNode } from "@/lib/audio/capture";
import { analyzeRecording } from "../lib/analyze";
import {
  FFT_SIZE,
  IDLE_MS,
  MSG_ANALYSIS,
  MSG_MIC,
  microphoneErrorMessage,
  RECORD_SECONDS,
} from "../lib/constants";
import type { VocalView } from "../lib/result";
import { concatChunks, encodeWav16 } from "../lib/wav";

/** PRODUCT §4 "Vocal recorder": idle → recording → (stopped) analyzing → result | no scale. */
export type RecorderState =
  | { status: "idle" }
  | { status: "requesting" }
  | { status: "recording"; elapsed: number }
  | { status: "stopped" }
  | { status: "analyzing"; audioUrl: string }
  | { status: "result"; audioUrl: string; result: VocalView }
  | { status: "noScale"; audioUrl: string; fewNotes: number[] | null }
  | { status: "error"; message: string; audioUrl: string | null };

/** The capture processor's name and block size: mono blocks of 4096 samples for the recording. */
const CAPTURE_PROCESSOR = "tonic-capture";
const CAPTURE_BLOCK = 4096;

interface Session {
  ctx: AudioContext;
  stream: MediaStream;
  analyser: AnalyserNode;
  capture: AudioNode;
  chunks: Float32Array[];
  startedAt: number;
  timer: number;
}

async function createCapture(ctx: AudioContext, onBlock: (b: Float32Array) => void): Promise<AudioNode> {
  if (ctx.audioWorklet && typeof AudioWorkletNode === "function") {
    try {
      const node = await createCaptureNode(ctx, CAPTURE_PROCESSOR, CAPTURE_BLOCK);
      node.port.onmessage = (e: MessageEvent<Float32Array>) => onBlock(e.data);
      return node;
    } catch {
      // fall through to the ScriptProcessor below
    }
  }
  const proc = ctx.createScriptProcessor(CAPTURE_BLOCK, 1, 1);
  proc.onaudioprocess = (e) => onBlock(e.inputBuffer.getChannelData(0).slice());
  return proc;
}

function release(s: Session) {
  window.clearInterval(s.timer);
  for (const t of s.stream.getTracks()) t.stop();
  try {
    s.capture.disconnect();
  } catch {
    // already disconnected
  }
  void s.ctx.close().catch(() => {});
}

/**
 * Microphone recording for the Vocal Scale Detector: getUserMedia → AudioWorklet (ScriptProcessor
 * where unsupported) capturing mono PCM, an AnalyserNode (fftSize 2048) for the live views, a
 * 30 s limit with countdown, then a WAV for playback and the analysis (worker, or server fallback).
 */
export function useVocalRecorder() {
  const [state, setState] = useState<RecorderState>({ status: "idle" });
  const [analyser, setAnalyser] = useState<AnalyserNode | null>(null);
  const session = useRef<Session | null>(null);
  const urlRef = useRef<string | null>(null);
  const alive = useRef(true);

  const setUrl = useCallback((url: string | null) => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = url;
  }, []);

  const finish = useCallback(async () => {
    const s = session.current;
    if (!s) return;
    session.current = null;
    window.clearInterval(s.timer);
    setAnalyser(null);
    setState({ status: "stopped" });
    // Idle period: let the capture node deliver its last blocks before closing (PRODUCT §9, 500 ms).
    for (const t of s.stream.getTracks()) t.stop();
    await new Promise((r) => window.setTimeout(r, IDLE_MS));
    const sampleRate = s.ctx.sampleRate;
    release(s);
    const samples = concatChunks(s.chunks, Math.round(RECORD_SECONDS * sampleRate));
    const wav = new Blob([encodeWav16(samples, sampleRate)], { type: "audio/wav" });
    const audioUrl = URL.createObjectURL(wav);
    setUrl(audioUrl);
    if (!alive.current) return;
    if (samples.length < sampleRate * 0.5) {
      setState({ status: "noScale", audioUrl, fewNotes: null });
      return;
    }
    setState({ status: "analyzing", audioUrl });
    try {
      const result = await analyzeRecording(samples, sampleRate, wav);
      if (!alive.current) return;
      setState(
        "noScale" in result
          ? { status: "noScale", audioUrl, fewNotes: result.fewNotes }
          : { status: "result", audioUrl, result },
      );
    } catch {
      if (alive.current) setState({ status: "error", message: MSG_ANALYSIS, audioUrl });
    }
  }, [setUrl]);

  const start = useCallback(async () => {
    if (session.current) return;
    setUrl(null);
    setState({ status: "requesting" });
    let stream: MediaStream;
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("no getUserMedia");
      // Raw microphone for the best pitch, except while this page's tanpura plays: then the browser's echo
      // canceller takes the drone out of the recording, or its Sa and Pa would be heard as sung notes (a drone
      // at −7 dB under the voice moved the lowest note down to the drone's low Sa in the engine's tests).
      const echoCancellation = tanpura.diagnostics().running;
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation, noiseSuppression: false, autoGainControl: false, channelCount: 1 },
      });
    } catch (err) {
      setState({ status: "error", message: microphoneErrorMessage(err), audioUrl: null });
      return;
    }
    try {
      const ctx = new AudioContext();
      await ctx.resume();
      const source = ctx.createMediaStreamSource(stream);
      const an = ctx.createAnalyser();
      an.fftSize = FFT_SIZE;
      source.connect(an);
      const chunks: Float32Array[] = [];
      const capture = await createCapture(ctx, (b) => {
        if (session.current?.ctx === ctx) chunks.push(b);
      });
      // The capture node must reach the destination to be pulled; a zero gain keeps it silent.
      const mute = ctx.createGain();
      mute.gain.value = 0;
      source.connect(capture);
      capture.connect(mute);
      mute.connect(ctx.destination);
      const startedAt = performance.now();
      const timer = window.setInterval(() => {
        const elapsed = (performance.now() - startedAt) / 1000;
        if (elapsed >= RECORD_SECONDS) void finish();
        else setState({ status: "recording", elapsed });
      }, 100);
      session.current = { ctx, stream, analyser: an, capture, chunks, startedAt, timer };
      setAnalyser(an);
      setState({ status: "recording", elapsed: 0 });
    } catch {
      for (const t of stream.getTracks()) t.stop();
      setState({ status: "error", message: MSG_MIC, audioUrl: null });
    }
  }, [finish, setUrl]);

  const stop = useCallback(() => {
    void finish();
  }, [finish]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      if (session.current) release(session.current);
      session.current = null;
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    };
  }, []);

  return { state, analyser, start, stop };
}
