import { type AnalysisResult, analyzeAudio, loadNodeModels } from "@tonic/analysis/node";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { analyzeInThread } from "../jobs/analyze-in-thread.js";
import { analysisExtra } from "../songs/store.js";
import { type DemoScore, demoDurationSeconds, renderDemoScore } from "./demo-synth.js";

/**
 * One demo song: a score our own generator plays (no third-party audio). Its key, tempo and chords are
 * NOT stated here: the seed analyses the rendered audio with the engine and stores what it finds.
 * Minor-key progressions end on the major dominant (harmonic minor's raised 7th, e.g. E in A minor), as
 * minor-key songs usually do: a loop such as Am–F–C–G is as much C major as A minor, so it could not
 * tell a right engine from a wrong one.
 */
export interface DemoSong extends DemoScore {
  videoId: string;
  title: string;
  /** PRODUCT §3 song language code (metadata only). */
  language: string;
}

/** The demo songs seeded on start-up (idempotent). Their audio is served by `/api/demo-audio/:videoId`. */
export const DEMO_SONGS: readonly DemoSong[] = [
  {
    videoId: "demo-c-major-pop",
    title: "Demo: Sunrise Pop",
    progression: ["C", "G", "Am", "F"],
    tempo: 100,
    beatsPerChord: 4,
    repeats: 7,
    language: "en",
  },
  {
    videoId: "demo-a-minor-ballad",
    title: "Demo: Monsoon Ballad",
    progression: ["Am", "F", "Dm", "E"],
    tempo: 80,
    beatsPerChord: 4,
    repeats: 5,
    language: "hi",
  },
  {
    videoId: "demo-g-major-folk",
    title: "Demo: Village Folk",
    progression: ["G", "D", "Em", "C"],
    tempo: 112,
    beatsPerChord: 4,
    repeats: 7,
    language: "te",
  },
  {
    videoId: "demo-e-minor-rock",
    title: "Demo: Night Drive Rock",
    progression: ["Em", "C", "Am", "B"],
    tempo: 126,
    beatsPerChord: 4,
    repeats: 8,
    language: "es",
  },
  {
    videoId: "demo-d-major-waltz",
    title: "Demo: Garden Waltz",
    progression: ["D", "Bm", "G", "A"],
    tempo: 96,
    beatsPerChord: 3,
    repeats: 8,
    language: "ta",
  },
  {
    videoId: "demo-f-major-lullaby",
    title: "Demo: Evening Lullaby",
    progression: ["F", "Dm", "A#", "C"],
    tempo: 84,
    beatsPerChord: 4,
    repeats: 5,
    language: "ko",
  },
  {
    videoId: "demo-b-minor-groove",
    title: "Demo: City Groove",
    progression: ["Bm", "G", "Em", "F#"],
    tempo: 104,
    beatsPerChord: 4,
    repeats: 7,
    language: "ja",
  },
];

export { demoDurationSeconds };

/** Sample rate of the rendered demo audio (served and analysed), Hz. */
export const DEMO_RATE = 22_050;

/** Renders a demo song's audio (the same samples the audio route serves). */
export function renderDemoSong(song: DemoSong): Float32Array {
  return renderDemoScore(song, DEMO_RATE);
}

const analyses = new Map<string, AnalysisResult>();

/**
 * The engine's analysis of a demo song's audio, computed once per process (the audio is deterministic).
 * @returns a promise of `analyzeAudio`'s result for the rendered audio.
 */
export async function analyzeDemoSong(song: DemoSong): Promise<AnalysisResult> {
  const known = analyses.get(song.videoId);
  if (known) return known;
  const result = await analyzeAudio(renderDemoSong(song), DEMO_RATE, { models: await loadNodeModels() });
  analyses.set(song.videoId, result);
  return result;
}

/**
 * {@link analyzeDemoSong} off the main thread: the engine runs in a worker thread (so a server seeding
 * at start-up keeps answering), and the result joins the same per-process memo.
 */
export async function analyzeDemoSongInThread(song: DemoSong): Promise<AnalysisResult> {
  const known = analyses.get(song.videoId);
  if (known) return known;
  const result = await analyzeInThread(renderDemoSong(song), DEMO_RATE);
  analyses.set(song.videoId, result);
  return result;
}

interface SeedLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Adds the demo songs to the song store when missing (idempotent: existing rows are left alone and not
 * re-analysed), so the Song explorer, `/search?v=` and the analysis screen work offline. Each song's key,
 * BPM, chords, beats and time signature are what the engine finds in its rendered audio.
 * A song the engine finds no key or no beat in is skipped with a warning (the store needs both).
 * @param analyze how a song is analysed (default in this thread; the server passes
 *   {@link analyzeDemoSongInThread}).
 * @returns how many songs were inserted.
 */
export async function seedDemoSongs(
  db: Kysely<Database>,
  log?: SeedLogger,
  analyze: (song: DemoSong) => AnalysisResult | Promise<AnalysisResult> = analyzeDemoSong,
): Promise<number> {
  const present = new Set(
    (
      await db
        .selectFrom("songs")
        .select("video_id")
        .where(
          "video_id",
          "in",
          DEMO_SONGS.map((s) => s.videoId),
        )
        .execute()
    ).map((r) => r.video_id),
  );
  let inserted = 0;
  for (const s of DEMO_SONGS) {
    if (present.has(s.videoId)) continue;
    // Yield between songs so a server seeding in the background keeps answering requests.
    await new Promise((r) => setImmediate(r));
    const result = await analyze(s);
    if (result.key === null || result.bpm === null) {
      log?.warn({ videoId: s.videoId }, "the engine found no key or no beat in a demo song: not seeded");
      continue;
    }
    const res = await db
      .insertInto("songs")
      .values({
        video_id: s.videoId,
        title: s.title,
        thumbnail: null,
        duration: Math.floor(result.durationSeconds / 60),
        key: result.key,
        bpm: result.bpm,
        chords: JSON.stringify(result.chords),
        language: s.language,
        analysis: JSON.stringify(analysisExtra(result)),
        source_url: `/api/demo-audio/${s.videoId}`,
      })
      .onConflict((oc) => oc.column("video_id").doNothing())
      .executeTakeFirst();
    inserted += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}
