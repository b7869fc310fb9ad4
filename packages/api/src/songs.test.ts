import { describe, expect, it } from "vitest";
import { AnalysisJobResponse, Song, SongListQuery } from "./songs.js";

const song = {
  id: "1",
  videoId: "abcdefghijk",
  title: "T",
  thumbnail: null,
  duration: 3,
  key: "A# Minor",
  bpm: 120,
  chords: [{ time: 0, chord: "C/E" }],
  language: "en",
  lastAccessed: "2026-01-01T00:00:00.000Z",
  durationSeconds: 180,
  audioUrl: null,
};

describe("song contract", () => {
  it("accepts the v2 engine's null key and BPM for audio without harmony or beat", () => {
    expect(Song.parse({ ...song, key: null, bpm: null, chords: [] })).toMatchObject({ key: null, bpm: null });
  });

  it("rejects a BPM of 0 (the v1 engine's answer for no beat) and a missing chord list", () => {
    expect(Song.safeParse({ ...song, bpm: 0 }).success).toBe(false);
    expect(Song.safeParse({ ...song, chords: undefined }).success).toBe(false);
  });

  it("rejects an unknown job state and a progress outside 0..1", () => {
    const job = { id: "j", videoId: "v", state: "queued", progress: 0.5, error: null };
    expect(AnalysisJobResponse.safeParse({ job }).success).toBe(true);
    expect(AnalysisJobResponse.safeParse({ job: { ...job, state: "paused" } }).success).toBe(false);
    expect(AnalysisJobResponse.safeParse({ job: { ...job, progress: 2 } }).success).toBe(false);
  });

  it("only accepts sharp note names as a key filter", () => {
    expect(SongListQuery.safeParse({ key: "C#" }).success).toBe(true);
    expect(SongListQuery.safeParse({ key: "Db" }).success).toBe(false);
  });
});
