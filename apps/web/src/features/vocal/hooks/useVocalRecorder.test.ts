// @vitest-environment happy-dom
import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { NoScale } from "../lib/analyze";
import { MSG_ANALYSIS, MSG_MIC } from "../lib/constants";
import type { VocalView } from "../lib/result";
import { useVocalRecorder } from "./useVocalRecorder";

const analyzeRecording =
  vi.fn<(samples: Float32Array, rate: number, wav: Blob) => Promise<VocalView | NoScale>>();
vi.mock("../lib/analyze", () => ({
  analyzeRecording: (samples: Float32Array, rate: number, wav: Blob) => analyzeRecording(samples, rate, wav),
}));

const RATE = 8000;
/** The capture node of the fake AudioContext: tests feed it microphone blocks. */
let capture: { onaudioprocess: ((e: { inputBuffer: { getChannelData(): Float32Array } }) => void) | null };
const node = () => ({ connect() {}, disconnect() {} });

/** Just enough of Web Audio for the recorder (no AudioWorklet, so it uses a ScriptProcessor). */
class FakeAudioContext {
  sampleRate = RATE;
  destination = node();
  resume = async () => {};
  close = async () => {};
  createMediaStreamSource = () => node();
  createAnalyser = () => ({ ...node(), fftSize: 0 });
  createGain = () => ({ ...node(), gain: { value: 1 } });
  createScriptProcessor = () => {
    capture = { ...node(), onaudioprocess: null };
    return capture;
  };
}

function feed(seconds: number) {
  const block = new Float32Array(Math.round(seconds * RATE)).fill(0.1);
  capture.onaudioprocess?.({ inputBuffer: { getChannelData: () => block } });
}

const track = { stop: vi.fn() };
function grantMic(granted: boolean) {
  Object.defineProperty(navigator, "mediaDevices", {
    configurable: true,
    value: {
      getUserMedia: granted
        ? async () => ({ getTracks: () => [track] })
        : async () => Promise.reject(new DOMException("denied", "NotAllowedError")),
    },
  });
}

const view: VocalView = {
  key: "D Major",
  keyUncertain: false,
  keyAlternative: "B Minor",
  bpm: null,
  timeSignature: null,
  chords: ["D", "G", "A"],
  range: { min: "D4", max: "D5", minHz: 293.66, maxHz: 587.33, minMidi: 62, maxMidi: 74 },
  source: "device",
  sa: null,
};

describe("useVocalRecorder", () => {
  beforeEach(() => {
    vi.stubGlobal("AudioContext", FakeAudioContext);
    analyzeRecording.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("idle → recording → stopped → analyzing → result", async () => {
    grantMic(true);
    let done: (v: VocalView) => void = () => {};
    analyzeRecording.mockReturnValue(new Promise((r) => (done = r)));
    const { result } = renderHook(() => useVocalRecorder());
    expect(result.current.state.status).toBe("idle");
    await act(() => result.current.start());
    expect(result.current.state.status).toBe("recording");
    feed(2);
    act(() => result.current.stop());
    expect(result.current.state.status).toBe("stopped");
    await waitFor(() => expect(result.current.state.status).toBe("analyzing"));
    expect(analyzeRecording.mock.calls[0]?.[0].length).toBe(2 * RATE);
    expect(track.stop).toHaveBeenCalled();
    await act(async () => done(view));
    expect(result.current.state).toMatchObject({ status: "result", result: { key: "D Major" } });
  });

  it("passes on the few notes held when no scale could be found", async () => {
    grantMic(true);
    analyzeRecording.mockResolvedValue({ noScale: true, fewNotes: [69] });
    const { result } = renderHook(() => useVocalRecorder());
    await act(() => result.current.start());
    feed(2);
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.state.status).toBe("noScale"));
    expect(result.current.state).toMatchObject({ status: "noScale", fewNotes: [69] });
  });

  it("says no scale for a recording under half a second, without analysing it", async () => {
    grantMic(true);
    const { result } = renderHook(() => useVocalRecorder());
    await act(() => result.current.start());
    feed(0.2);
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.state.status).toBe("noScale"));
    expect(analyzeRecording).not.toHaveBeenCalled();
  });

  it("reports a refused microphone and a failed analysis with the product's messages", async () => {
    grantMic(false);
    const { result } = renderHook(() => useVocalRecorder());
    await act(() => result.current.start());
    expect(result.current.state).toEqual({ status: "error", message: MSG_MIC, audioUrl: null });

    grantMic(true);
    analyzeRecording.mockRejectedValue(new Error("worker crashed"));
    await act(() => result.current.start());
    feed(1);
    act(() => result.current.stop());
    await waitFor(() =>
      expect(result.current.state).toMatchObject({ status: "error", message: MSG_ANALYSIS }),
    );
  });
});
