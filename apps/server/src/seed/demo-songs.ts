import type { Kysely } from "kysely";
import type { Database, SongChord } from "../db/schema.js";

/** One demo song: a chord progression our own code synthesises (no third-party audio). */
export interface DemoSong {
  videoId: string;
  title: string;
  key: string;
  bpm: number;
  /** The progression, played `repeats` times, `beatsPerChord` beats per chord. */
  progression: string[];
  beatsPerChord: number;
  repeats: number;
  /** SPEC §3 song language code (metadata only). */
  language: string;
}

/** The demo songs seeded on start-up (idempotent). Their audio is rendered by `/api/demo-audio/:videoId`. */
export const DEMO_SONGS: readonly DemoSong[] = [
  {
    videoId: "demo-c-major-pop",
    title: "Demo: Sunrise Pop",
    key: "C Major",
    bpm: 100,
    progression: ["C", "G", "Am", "F"],
    beatsPerChord: 4,
    repeats: 7,
    language: "en",
  },
  {
    videoId: "demo-a-minor-ballad",
    title: "Demo: Monsoon Ballad",
    key: "A Minor",
    bpm: 80,
    progression: ["Am", "F", "C", "G"],
    beatsPerChord: 4,
    repeats: 5,
    language: "hi",
  },
  {
    videoId: "demo-g-major-folk",
    title: "Demo: Village Folk",
    key: "G Major",
    bpm: 112,
    progression: ["G", "D", "Em", "C"],
    beatsPerChord: 4,
    repeats: 7,
    language: "te",
  },
  {
    videoId: "demo-e-minor-rock",
    title: "Demo: Night Drive Rock",
    key: "E Minor",
    bpm: 126,
    progression: ["Em", "C", "G", "D"],
    beatsPerChord: 4,
    repeats: 8,
    language: "es",
  },
  {
    videoId: "demo-d-major-waltz",
    title: "Demo: Garden Waltz",
    key: "D Major",
    bpm: 96,
    progression: ["D", "Bm", "G", "A"],
    beatsPerChord: 3,
    repeats: 8,
    language: "ta",
  },
  {
    videoId: "demo-f-major-lullaby",
    title: "Demo: Evening Lullaby",
    key: "F Major",
    bpm: 84,
    progression: ["F", "Dm", "A#", "C"],
    beatsPerChord: 4,
    repeats: 5,
    language: "ko",
  },
  {
    videoId: "demo-b-minor-groove",
    title: "Demo: City Groove",
    key: "B Minor",
    bpm: 104,
    progression: ["Bm", "G", "D", "A"],
    beatsPerChord: 4,
    repeats: 7,
    language: "ja",
  },
];

/** Length of a demo song's audio, seconds (as `renderProgression` renders it, plus its 0.5 s tail). */
export function demoDurationSeconds(s: DemoSong): number {
  return (s.progression.length * s.beatsPerChord * s.repeats * 60) / s.bpm + 0.5;
}

/** The exact chord changes of a demo song (it is synthesised, so the timeline is known). */
export function demoChords(s: DemoSong): SongChord[] {
  const chordSeconds = (s.beatsPerChord * 60) / s.bpm;
  const out: SongChord[] = [];
  for (let r = 0; r < s.repeats; r++) {
    s.progression.forEach((chord, i) => {
      const time = Math.round((r * s.progression.length + i) * chordSeconds * 1000) / 1000;
      out.push({ time, chord });
    });
  }
  return out;
}

/**
 * Adds the demo songs to the song store when missing (idempotent: existing rows are left alone), so the
 * Song explorer, `/search?v=` and the analysis screen work offline on `npm start`.
 * @returns how many songs were inserted.
 */
export async function seedDemoSongs(db: Kysely<Database>): Promise<number> {
  let inserted = 0;
  for (const s of DEMO_SONGS) {
    const seconds = demoDurationSeconds(s);
    const beatSeconds = 60 / s.bpm;
    const beatCount = s.progression.length * s.beatsPerChord * s.repeats;
    const beats = Array.from({ length: beatCount }, (_, i) => Math.round(i * beatSeconds * 1000) / 1000);
    const res = await db
      .insertInto("songs")
      .values({
        video_id: s.videoId,
        title: s.title,
        thumbnail: null,
        duration: Math.floor(seconds / 60),
        key: s.key,
        bpm: s.bpm,
        chords: JSON.stringify(demoChords(s)),
        language: s.language,
        analysis: JSON.stringify({
          beats,
          downbeats: beats.filter((_, i) => i % s.beatsPerChord === 0),
          segments: [],
          timeSignature: s.beatsPerChord === 3 ? "3/4" : "4/4",
          durationSeconds: seconds,
          keyConfidence: 1,
        }),
        source_url: `/api/demo-audio/${s.videoId}`,
      })
      .onConflict((oc) => oc.column("video_id").doNothing())
      .executeTakeFirst();
    inserted += Number(res.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}
