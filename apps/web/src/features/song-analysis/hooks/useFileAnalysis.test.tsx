// @vitest-environment happy-dom

import { act, renderHook, waitFor } from "@testing-library/react";
import type { AnalysisResult } from "@tonic/analysis";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnalyzeRequest, WorkerMessage } from "../worker/protocol";
import { NO_MUSIC, useFileAnalysis } from "./useFileAnalysis";

/** A decoded buffer of `seconds` of silence at 8 kHz, as Web Audio would return it (samples made on first read). */
function fakeBuffer(seconds: number) {
  const sampleRate = 8000;
  let data: Float32Array | null = null;
  const getChannelData = () => {
    data ??= new Float32Array(Math.max(1, Math.round(seconds * sampleRate)));
    return data;
  };
  return { duration: seconds, sampleRate, numberOfChannels: 1, getChannelData };
}

/** The Web Worker the hook starts: records what it is sent and lets the test answer. */
class FakeWorker {
  static last: FakeWorker | null = null;
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  sent: AnalyzeRequest[] = [];
  terminated = false;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(msg: AnalyzeRequest) {
    this.sent.push(msg);
  }
  terminate() {
    this.terminated = true;
  }
  reply(msg: WorkerMessage) {
    this.onmessage?.({ data: msg } as MessageEvent<WorkerMessage>);
  }
}

let decodeResult: () => Promise<unknown>;
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  FakeWorker.last = null;
  decodeResult = () => Promise.resolve(fakeBuffer(30));
  vi.stubGlobal("Worker", FakeWorker);
  vi.stubGlobal(
    "OfflineAudioContext",
    class {
      decodeAudioData() {
        return decodeResult();
      }
    },
  );
  URL.createObjectURL = () => "blob:song";
  URL.revokeObjectURL = () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const file = (bytes: number, name = "song.mp3") =>
  new File([new Uint8Array(bytes)], name, { type: "audio/mpeg" });

const result = {
  key: "A Minor",
  keyConfidence: 0.7,
  bpm: 96,
  chords: [{ time: 0, chord: "Am" }],
} as unknown as AnalysisResult;

describe("useFileAnalysis", () => {
  it("refuses an empty file without starting a worker", async () => {
    const { result: hook } = renderHook(() => useFileAnalysis());
    await act(() => hook.current.analyze(file(0)));
    expect(hook.current.state).toEqual({
      status: "error",
      fileName: "song.mp3",
      message: "This file is empty.",
    });
    expect(FakeWorker.last).toBeNull();
  });

  it("says a file it cannot decode is not audio it can read", async () => {
    decodeResult = () => Promise.reject(new Error("EncodingError"));
    const { result: hook } = renderHook(() => useFileAnalysis());
    await act(() => hook.current.analyze(file(100, "notes.txt")));
    expect(hook.current.state).toMatchObject({ status: "error", fileName: "notes.txt" });
    expect(hook.current.state.status === "error" && hook.current.state.message).toContain(
      "couldn't read this file",
    );
  });

  it("refuses a recording under one second", async () => {
    decodeResult = () => Promise.resolve(fakeBuffer(0.5));
    const { result: hook } = renderHook(() => useFileAnalysis());
    await act(() => hook.current.analyze(file(100)));
    expect(hook.current.state).toMatchObject({
      status: "error",
      message: "This recording is too short to analyse (under 1 second).",
    });
  });

  it("refuses a recording over 20 minutes (a 3-hour file) without starting a worker", async () => {
    decodeResult = () => Promise.resolve(fakeBuffer(3 * 3600));
    const { result: hook } = renderHook(() => useFileAnalysis());
    await act(() => hook.current.analyze(file(100)));
    expect(hook.current.state).toMatchObject({
      status: "error",
      message: "This recording is too long (the limit is 20 minutes).",
    });
    expect(FakeWorker.last).toBeNull();
  });

  it("sends the decoded channels to the worker, shows its real progress, then the result", async () => {
    const { result: hook } = renderHook(() => useFileAnalysis());
    await act(() => hook.current.analyze(file(1000)));
    const worker = FakeWorker.last;
    if (!worker) throw new Error("no worker started");
    expect(worker.sent).toHaveLength(1);
    expect(worker.sent[0]?.sampleRate).toBe(8000);
    expect(worker.sent[0]?.channels[0]?.length).toBe(30 * 8000);
    expect(hook.current.state).toMatchObject({ status: "working", stage: "Preparing audio", progress: 0.1 });

    act(() => worker.reply({ type: "progress", fraction: 0.5, stage: "chords" }));
    expect(hook.current.state).toMatchObject({ status: "working", stage: "Recognising chords" });
    expect(hook.current.state.status === "working" && hook.current.state.progress).toBeCloseTo(0.55, 5);

    act(() => worker.reply({ type: "result", result }));
    await waitFor(() => expect(hook.current.state.status).toBe("done"));
    expect(hook.current.state).toMatchObject({
      status: "done",
      fileName: "song.mp3",
      audioUrl: "blob:song",
      result,
    });
    expect(worker.terminated).toBe(true);
  });

  it("says it heard no music in a silent file instead of showing an empty analysis", async () => {
    const { result: hook } = renderHook(() => useFileAnalysis());
    await act(() => hook.current.analyze(file(1000, "silence.wav")));
    const worker = FakeWorker.last;
    if (!worker) throw new Error("no worker started");
    const silent = { key: null, keyConfidence: 0, bpm: null, chords: [{ time: 0, chord: "N" }] };
    act(() => worker.reply({ type: "result", result: silent as unknown as AnalysisResult }));
    expect(hook.current.state).toEqual({ status: "error", fileName: "silence.wav", message: NO_MUSIC });
    expect(worker.terminated).toBe(true);
  });

  it("turns a worker failure into one plain message and stops the worker", async () => {
    const { result: hook } = renderHook(() => useFileAnalysis());
    await act(() => hook.current.analyze(file(1000)));
    const worker = FakeWorker.last;
    if (!worker) throw new Error("no worker started");
    act(() => worker.reply({ type: "error", message: "out of memory" }));
    expect(hook.current.state).toEqual({
      status: "error",
      fileName: "song.mp3",
      message: "Failed to analyze audio: out of memory",
    });
    expect(worker.terminated).toBe(true);
  });
});
