// @vitest-environment happy-dom
import { renderHook, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { UNEXPECTED_ANSWER } from "@/lib/api";
import { server } from "@/test/msw";
import { useLinkAnalysis } from "./useLinkAnalysis";

const VIDEO = "abcdefghijk";
const song = {
  id: "s1",
  videoId: VIDEO,
  title: "A song",
  thumbnail: null,
  duration: 3,
  key: "G Major",
  bpm: 112,
  chords: [{ time: 0, chord: "G" }],
  language: "en",
  lastAccessed: "2026-01-01T00:00:00.000Z",
  durationSeconds: 180,
  audioUrl: null,
};

const notStored = http.get(`*/api/songs/${VIDEO}`, () =>
  HttpResponse.json({ error: "Song not found" }, { status: 404 }),
);

describe("useLinkAnalysis", () => {
  it("polls the job until it is done and then shows the song", async () => {
    const states = ["queued", "analysing", "done"] as const;
    let polls = 0;
    server.use(
      notStored,
      http.post("*/api/analyze-audio", () =>
        HttpResponse.json(
          { status: "queued", cached: false, jobId: "j1", videoId: VIDEO, expired: false, remaining: 4 },
          { status: 202 },
        ),
      ),
      http.get("*/api/analysis-jobs/j1", () => {
        const state = states[Math.min(polls++, states.length - 1)] ?? "done";
        const job = { id: "j1", videoId: VIDEO, state, progress: state === "done" ? 1 : 0.5, error: null };
        return HttpResponse.json(state === "done" ? { job, song } : { job });
      }),
    );
    const { result } = renderHook(() => useLinkAnalysis(VIDEO));
    await waitFor(() => expect(result.current.stage).toBe("analyzing"));
    await waitFor(() => expect(result.current.stage).toBe("complete"), { timeout: 10_000 });
    expect(result.current.song).toMatchObject({ key: "G Major", bpm: 112 });
    expect(result.current.counted).toBe(true);
    expect(polls).toBeGreaterThanOrEqual(3);
  });

  it("shows the job's failure message and that today's count was given back", async () => {
    server.use(
      notStored,
      http.post("*/api/analyze-audio", () =>
        HttpResponse.json(
          { status: "queued", cached: false, jobId: "j2", videoId: VIDEO, expired: false, remaining: null },
          { status: 202 },
        ),
      ),
      http.get("*/api/analysis-jobs/j2", () =>
        HttpResponse.json({
          job: {
            id: "j2",
            videoId: VIDEO,
            state: "failed",
            progress: 1,
            error: "Failed to analyze audio: too long",
          },
        }),
      ),
    );
    const { result } = renderHook(() => useLinkAnalysis(VIDEO));
    await waitFor(() => expect(result.current.stage).toBe("error"), { timeout: 10_000 });
    expect(result.current.error).toBe("Failed to analyze audio: too long");
    expect(result.current.refunded).toBe(true);
  });

  it("reports the daily limit as a gate, not a crash", async () => {
    server.use(
      notStored,
      http.post("*/api/analyze-audio", () =>
        HttpResponse.json({ error: "Daily Limit Reached", reason: "limit", expired: false }, { status: 403 }),
      ),
    );
    const { result } = renderHook(() => useLinkAnalysis(VIDEO));
    await waitFor(() => expect(result.current.stage).toBe("error"));
    expect(result.current.gate).toBe("limit");
    expect(result.current.refunded).toBe(false);
  });

  it("reports a visitor's refusal as the login gate, with nothing counted", async () => {
    server.use(
      notStored,
      http.post("*/api/analyze-audio", () =>
        HttpResponse.json(
          { error: "Please log in to analyze new songs.", reason: "login", expired: false },
          { status: 401 },
        ),
      ),
    );
    const { result } = renderHook(() => useLinkAnalysis(VIDEO));
    await waitFor(() => expect(result.current.gate).toBe("login"));
    expect(result.current.counted).toBe(false);
    expect(result.current.refunded).toBe(false);
    expect(result.current.retryable).toBe(false);
  });

  it("turns a malformed job answer into a clear error", async () => {
    server.use(
      notStored,
      http.post("*/api/analyze-audio", () =>
        HttpResponse.json(
          { status: "queued", cached: false, jobId: "j3", videoId: VIDEO, expired: false, remaining: 1 },
          { status: 202 },
        ),
      ),
      http.get("*/api/analysis-jobs/j3", () => HttpResponse.json({ job: { id: "j3", state: "exploded" } })),
    );
    const { result } = renderHook(() => useLinkAnalysis(VIDEO));
    await waitFor(() => expect(result.current.stage).toBe("error"), { timeout: 10_000 });
    expect(result.current.error).toBe(UNEXPECTED_ANSWER);
  });
});
