import { describe, expect, it } from "vitest";
import type { Song } from "./api";
import { HANDOFF_KEY, saveHandoff, takeHandoff } from "./handoff";

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
}

const song: Song = {
  id: "1",
  videoId: "dQw4w9WgXcQ",
  title: "T",
  thumbnail: null,
  duration: 3,
  key: "C Major",
  bpm: 100,
  chords: [{ time: 0, chord: "C" }],
  language: "en",
  lastAccessed: "2026-01-01T00:00:00.000Z",
  durationSeconds: 180,
  audioUrl: null,
};

describe("currentSongAnalysis hand-off (PRODUCT §3)", () => {
  it("stores {video, analysis} and removes it after use", () => {
    const s = memoryStorage();
    saveHandoff(song, s);
    expect(JSON.parse(s.m.get(HANDOFF_KEY) ?? "")).toMatchObject({
      video: { id: "dQw4w9WgXcQ" },
      analysis: { key: "C Major" },
    });
    expect(takeHandoff("dQw4w9WgXcQ", s)?.analysis.chords).toEqual([{ time: 0, chord: "C" }]);
    expect(s.m.has(HANDOFF_KEY)).toBe(false);
    expect(takeHandoff("dQw4w9WgXcQ", s)).toBeNull();
  });

  it("drops a hand-off for another video or a malformed one", () => {
    const s = memoryStorage();
    saveHandoff(song, s);
    expect(takeHandoff("otherVideo1", s)).toBeNull();
    expect(s.m.has(HANDOFF_KEY)).toBe(false);
    s.setItem(HANDOFF_KEY, "{not json");
    expect(takeHandoff("dQw4w9WgXcQ", s)).toBeNull();
  });
});
