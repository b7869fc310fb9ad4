import type { AnalysisResult } from "@tonic/analysis";
import { chordNotes } from "@tonic/theory";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/index.js";
import { readSong, toSongDto } from "../songs/store.js";
import {
  analyzeDemoSong,
  DEMO_SONGS,
  type DemoSong,
  demoDurationSeconds,
  seedDemoSongs,
} from "./demo-songs.js";

/** The key the generator played: the progression opens on its tonic chord (major, or minor for "m"). */
function playedKey(s: DemoSong): string {
  const first = s.progression[0] ?? "";
  const tonic = chordNotes(first)[0];
  return `${tonic} ${/^[A-G]#?m$/.test(first) ? "Minor" : "Major"}`;
}

/** The chord the generator plays at time t (seconds), or null after the last chord. */
function playedChord(s: DemoSong, t: number): string | null {
  const i = Math.floor(t / ((s.beatsPerChord * 60) / s.tempo));
  return i < s.progression.length * s.repeats ? (s.progression[i % s.progression.length] ?? null) : null;
}

/** Fraction of the played time where the engine's chord timeline names the played chord (root and quality). */
function chordOverlap(s: DemoSong, chords: { time: number; chord: string }[]): number {
  const step = 0.05;
  const end = demoDurationSeconds(s) - 0.5;
  let hit = 0;
  let total = 0;
  for (let t = step / 2; t < end; t += step) {
    const played = playedChord(s, t);
    if (!played) continue;
    total++;
    const heard = [...chords].reverse().find((c) => c.time <= t)?.chord ?? "N";
    if (heard.split("/")[0] === played) hit++;
  }
  return hit / total;
}

describe.each(DEMO_SONGS)("the engine on demo song $videoId", (song) => {
  let result: AnalysisResult;
  beforeAll(async () => {
    result = await analyzeDemoSong(song);
  }, 300_000);

  it("finds the key the generator played", () => {
    expect(result.key).toBe(playedKey(song));
  });

  it("finds the tempo the generator played (within 2 %) and its meter", () => {
    expect(result.bpm).not.toBeNull();
    expect(Math.abs((result.bpm ?? 0) / song.tempo - 1)).toBeLessThan(0.02);
    expect(result.timeSignature).toBe(song.beatsPerChord === 3 ? "3/4" : "4/4");
  });

  it("follows the chords the generator played for at least 85 % of the time", () => {
    expect(chordOverlap(song, result.chords)).toBeGreaterThanOrEqual(0.85);
  });
});

describe("seedDemoSongs", () => {
  it("stores what the engine found, once", async () => {
    const database = await openDatabase({ kind: "pglite" });
    try {
      expect(await seedDemoSongs(database.db)).toBe(DEMO_SONGS.length);
      expect(await seedDemoSongs(database.db)).toBe(0);
      const song = DEMO_SONGS[0] as DemoSong;
      const row = await database.db
        .selectFrom("songs")
        .selectAll()
        .where("video_id", "=", song.videoId)
        .executeTakeFirstOrThrow();
      const found = await analyzeDemoSong(song);
      expect(row).toMatchObject({ key: found.key, bpm: found.bpm, chords: found.chords });
      // The API gives the stored song's own bars, so the chord grid shows the waltz in three.
      const waltz = DEMO_SONGS.find((s) => s.beatsPerChord === 3) as DemoSong;
      const stored = await readSong(database.db, waltz.videoId);
      if (!stored) throw new Error("the waltz was not seeded");
      const dto = toSongDto(stored);
      const heard = await analyzeDemoSong(waltz);
      expect(dto.timeSignature).toBe("3/4");
      expect(dto.beats).toEqual(heard.beats);
      expect(dto.downbeats).toEqual(heard.downbeats);
      expect(dto.keyConfidence).toBe(heard.keyConfidence);
    } finally {
      await database.close();
    }
  });
});
