import type { AnalysisResult } from "@tonic/analysis";
import { useCallback, useEffect, useRef, useState } from "react";
import { heardMusic } from "../lib/song-model";
import type { AnalyzeRequest, WorkerMessage } from "../worker/protocol";

/** Largest file we try to decode in the browser (bytes). */
export const MAX_FILE_BYTES = 150 * 1024 * 1024;
/** Longest recording we analyse (seconds): the engine's own default limit (`MAX_ANALYSIS_SECONDS` in `@tonic/analysis`). */
export const MAX_DURATION_SECONDS = 20 * 60;

export type FileAnalysisState =
  | { status: "idle" }
  | { status: "working"; fileName: string; stage: string; progress: number }
  | { status: "done"; fileName: string; audioUrl: string; result: AnalysisResult; file: File }
  | { status: "error"; fileName: string; message: string };

const stageLabels: Record<string, string> = {
  decode: "Decoding audio",
  resample: "Preparing audio",
  spectrum: "Computing the spectrum",
  chroma: "Listening for notes",
  beats: "Finding the beat",
  chords: "Recognising chords",
  key: "Finding the key",
  done: "Finishing",
};

/** What a file without music (silence, noise, speech, drums alone) gets instead of an empty analysis. */
export const NO_MUSIC =
  "We couldn't hear music in this file. Try a recording with singing or instruments in it.";

const UNREADABLE = "We couldn't read this file. Please choose an audio file such as MP3, WAV, FLAC or OGG.";

async function decode(file: File): Promise<AudioBuffer> {
  const bytes = await file.arrayBuffer();
  const ctx = new OfflineAudioContext(1, 1, 44_100);
  try {
    return await ctx.decodeAudioData(bytes);
  } catch {
    throw new Error(UNREADABLE);
  }
}

/**
 * Decodes an audio file with Web Audio and analyses it in a Web Worker (the file never leaves the device).
 * Progress is real: decoding is the first 10 %, the engine's stages the rest. A file in which the engine
 * hears no music ends as an error ({@link NO_MUSIC}), never as an empty analysis.
 */
export function useFileAnalysis() {
  const [state, setState] = useState<FileAnalysisState>({ status: "idle" });
  const workerRef = useRef<Worker | null>(null);
  const urlRef = useRef<string | null>(null);

  const cleanup = useCallback(() => {
    workerRef.current?.terminate();
    workerRef.current = null;
  }, []);

  useEffect(
    () => () => {
      cleanup();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [cleanup],
  );

  const analyze = useCallback(
    async (file: File) => {
      cleanup();
      const fileName = file.name;
      if (file.size === 0) {
        setState({ status: "error", fileName, message: "This file is empty." });
        return;
      }
      if (file.size > MAX_FILE_BYTES) {
        setState({ status: "error", fileName, message: "This file is too large (the limit is 150 MB)." });
        return;
      }
      setState({ status: "working", fileName, stage: stageLabels.decode ?? "", progress: 0.02 });
      let buffer: AudioBuffer;
      try {
        buffer = await decode(file);
      } catch (err) {
        setState({ status: "error", fileName, message: err instanceof Error ? err.message : UNREADABLE });
        return;
      }
      if (buffer.duration < 1) {
        setState({
          status: "error",
          fileName,
          message: "This recording is too short to analyse (under 1 second).",
        });
        return;
      }
      if (buffer.duration > MAX_DURATION_SECONDS) {
        setState({
          status: "error",
          fileName,
          message: "This recording is too long (the limit is 20 minutes).",
        });
        return;
      }
      const channels: Float32Array[] = [];
      for (let c = 0; c < buffer.numberOfChannels; c++) channels.push(buffer.getChannelData(c).slice());
      setState({ status: "working", fileName, stage: stageLabels.resample ?? "", progress: 0.1 });

      const worker = new Worker(new URL("../worker/analysis.worker.ts", import.meta.url), { type: "module" });
      workerRef.current = worker;
      worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
        const msg = event.data;
        if (msg.type === "progress") {
          setState({
            status: "working",
            fileName,
            stage: stageLabels[msg.stage] ?? msg.stage,
            progress: 0.1 + 0.9 * Math.min(1, Math.max(0, msg.fraction)),
          });
        } else if (msg.type === "result" && !heardMusic(msg.result)) {
          // Nothing to show or keep: no "done" state, so the file is never saved to My songs.
          setState({ status: "error", fileName, message: NO_MUSIC });
          cleanup();
        } else if (msg.type === "result") {
          if (urlRef.current) URL.revokeObjectURL(urlRef.current);
          const audioUrl = URL.createObjectURL(file);
          urlRef.current = audioUrl;
          setState({ status: "done", fileName, audioUrl, result: msg.result, file });
          cleanup();
        } else {
          setState({ status: "error", fileName, message: `Failed to analyze audio: ${msg.message}` });
          cleanup();
        }
      };
      worker.onerror = (e) => {
        setState({
          status: "error",
          fileName,
          message: `Failed to analyze audio: ${e.message || "worker error"}`,
        });
        cleanup();
      };
      const request: AnalyzeRequest = { type: "analyze", channels, sampleRate: buffer.sampleRate };
      worker.postMessage(
        request,
        channels.map((c) => c.buffer as ArrayBuffer),
      );
    },
    [cleanup],
  );

  const reset = useCallback(() => {
    cleanup();
    setState({ status: "idle" });
  }, [cleanup]);

  return { state, analyze, reset };
}
