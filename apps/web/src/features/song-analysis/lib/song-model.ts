import type { TimedChord } from "./timeline";

/** A local key (modulation) of the song, seconds [start, end). */
export interface KeySpan {
  start: number;
  end: number;
  key: string;
  confidence: number;
}

/**
 * What the Song analysis screen shows, from the engine (uploaded files) or the song store (links). Fields
 * beyond title, key, BPM, chords and duration are the engine's v2 outputs and may be absent for stored songs.
 */
export interface SongAnalysis {
  title: string;
  /** "A# Minor" style (sharps); null when there is no harmonic content. */
  key: string | null;
  /** 0..1; absent for stored songs. */
  keyConfidence?: number | null;
  keyRunnerUp?: { key: string; confidence: number } | null;
  /** BPM; null (or 0 from older engines) when there is no steady beat. */
  bpm: number | null;
  tempoConfidence?: number | null;
  beats?: readonly number[] | null;
  downbeats?: readonly number[] | null;
  timeSignature?: string | null;
  chords: readonly TimedChord[];
  keySegments?: readonly KeySpan[] | null;
  durationSeconds: number;
}

/** The engine result fields the screen reads (today's engine and v2 both fit). */
export interface EngineResultLike {
  key: string | null;
  keyConfidence: number;
  keyRunnerUp: { key: string; confidence: number } | null;
  bpm: number | null;
  tempoConfidence?: number;
  beats: number[];
  downbeats: number[];
  timeSignature: string | null;
  chords: TimedChord[];
  keySegments?: KeySpan[];
  durationSeconds: number;
}

/**
 * Whether the engine heard music: a key, or at least one chord that is not "no chord". Silence, noise,
 * speech or drums alone give neither (the engine's content stage turns them into nulls and "N").
 */
export function heardMusic(r: Pick<EngineResultLike, "key" | "keyConfidence" | "chords">): boolean {
  return (r.key !== null && r.keyConfidence > 0) || r.chords.some((c) => c.chord !== "N");
}

/**
 * Normalises an engine result: a key with 0 confidence (silence, noise) becomes null, a BPM of 0 null,
 * and without a tempo there are no beats or meter.
 */
export function fromEngine(title: string, r: EngineResultLike): SongAnalysis {
  const bpm = r.bpm && r.bpm > 0 ? r.bpm : null;
  const key = r.key && r.keyConfidence > 0 ? r.key : null;
  return {
    title,
    key,
    keyConfidence: key ? r.keyConfidence : 0,
    keyRunnerUp: key ? r.keyRunnerUp : null,
    bpm,
    tempoConfidence: r.tempoConfidence ?? null,
    beats: bpm ? r.beats : [],
    downbeats: bpm ? r.downbeats : [],
    timeSignature: bpm ? r.timeSignature : null,
    chords: r.chords,
    keySegments: r.keySegments ?? [],
    durationSeconds: r.durationSeconds,
  };
}

/** Whether the runner-up key is close enough to mention ("maybe F♯ minor"): within 80 % of the key's confidence. */
export function closeRunnerUp(a: SongAnalysis): { key: string; confidence: number } | null {
  const r = a.keyRunnerUp;
  const c = a.keyConfidence;
  if (!a.key || !r || typeof c !== "number" || c <= 0) return null;
  return r.confidence >= 0.8 * c ? r : null;
}

/** Words for a 0..1 confidence. */
export function confidenceWords(c: number | null | undefined): string | null {
  if (typeof c !== "number" || !Number.isFinite(c)) return null;
  if (c >= 0.7) return "confident";
  if (c >= 0.4) return "fairly confident";
  return "unsure";
}
