// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Song } from "@tonic/api";
import { HttpResponse, http } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { server } from "@/test/msw";
import { PlayAlongPanel } from "./PlayAlongPanel";

/** Two bars at 100 BPM (2.4 s each), C then G, followed on the chord chart (no audio to play). */
const song: Song = {
  id: "s1",
  videoId: "demo-two-bars",
  title: "Two bars",
  thumbnail: null,
  duration: 0,
  key: "C Major",
  bpm: 100,
  chords: [
    { time: 0, chord: "C" },
    { time: 2.4, chord: "G" },
  ],
  language: "English",
  lastAccessed: "2026-11-28T00:00:00.000Z",
  durationSeconds: 4.8,
  audioUrl: null,
};

/**
 * A stand-in for the microphone pipeline: the test sets the stream clock and sends the listener's chord
 * decisions (each with the stream time of the audio it was decided on) whenever it likes.
 */
function fakeListener() {
  const listeners = new Set<(chord: string, streamTime: number) => void>();
  const state = { stream: 0 };
  return {
    state,
    stopListening: vi.fn(),
    onChord: (fn: (chord: string, streamTime: number) => void) => {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
    streamTime: () => state.stream,
    /** The listener decides `chord` every 0.1 s of stream time from `from` to `to` s. */
    decide(chord: string, from: number, to: number) {
      act(() => {
        for (let t = from; t <= to + 1e-9; t += 0.1) for (const l of listeners) l(chord, t);
      });
    },
  };
}

describe("PlayAlongPanel", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("waits for a busy listener to catch up before scoring, so late decisions still count", async () => {
    server.use(
      http.get("*/api/songs", () =>
        HttpResponse.json({
          songs: [
            {
              id: song.id,
              videoId: song.videoId,
              title: song.title,
              thumbnail: null,
              key: song.key,
              language: "English",
            },
          ],
        }),
      ),
      http.get("*/api/songs/demo-two-bars", () => HttpResponse.json({ song })),
    );
    const mic = fakeListener();
    let ms = 1000;
    vi.spyOn(performance, "now").mockImplementation(() => ms);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PlayAlongPanel
          listening
          startListening={() => Promise.resolve()}
          stopListening={mic.stopListening}
          onChord={mic.onChord}
          streamTime={mic.streamTime}
        />
      </QueryClientProvider>,
    );
    const select = await screen.findByRole("combobox", { name: "Song" });
    await screen.findByRole("option", { name: "Two bars" });
    fireEvent.change(select, { target: { value: "demo-two-bars" } });
    fireEvent.click(await screen.findByRole("button", { name: "Start play-along" }));
    await screen.findByRole("button", { name: "Finish and score" });

    // The player plays C then G; by "Finish" (song time 4 s, past the middle of bar 2) the listener has
    // only decided the first bar.
    mic.decide("C", 0.1, 2.3);
    ms += 4000;
    mic.state.stream = 4;
    fireEvent.click(screen.getByRole("button", { name: "Finish and score" }));
    expect(screen.getByRole("button", { name: "Scoring your take…" })).toHaveProperty("disabled", true);
    expect(screen.queryByTestId("playalong-score")).toBeNull();
    expect(mic.stopListening).not.toHaveBeenCalled();

    // Its decisions on bar 2 arrive late; what it heard after "Finish" is not scored.
    mic.decide("G", 2.4, 3.9);
    expect(screen.queryByTestId("playalong-score")).toBeNull();
    mic.decide("F", 4.1, 4.5);
    const score = await screen.findByTestId("playalong-score");
    expect(score.getAttribute("data-score")).toBe("1.000");
    expect(score.textContent).toContain("2 of 2 bars");
    expect(mic.stopListening).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole("button", { name: "Play again" })).toBeTruthy());
  });
});
