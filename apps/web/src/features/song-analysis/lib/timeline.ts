import { transposeChordName } from "@tonic/theory";

/** A chord change as the engine and the song store give it: from `time` seconds the chord `chord` sounds. */
export interface TimedChord {
  time: number;
  chord: string;
}

/** PRODUCT §4: a slot shows the latest chord at or before its second, with this tolerance (seconds). */
export const SLOT_TOLERANCE_SECONDS = 0.01;

/**
 * Builds the one-second Chord Timeline of PRODUCT §4: one slot per whole second of `durationSeconds`
 * (floor; at least one slot for any non-empty song), each holding the latest chord whose time is at or
 * before `slot + 0.01 s`, or null before the first chord. `chords` need not be sorted.
 * @param chords chord changes, seconds
 * @param durationSeconds song length in seconds (≥ 0)
 * @returns array of length `max(1, floor(durationSeconds))` (0 for a zero duration) of chord names or null
 */
export function buildTimeline(chords: readonly TimedChord[], durationSeconds: number): (string | null)[] {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return [];
  const count = Math.max(1, Math.floor(durationSeconds));
  const sorted = [...chords].filter((c) => Number.isFinite(c.time)).sort((a, b) => a.time - b.time);
  const slots: (string | null)[] = new Array(count).fill(null);
  let j = -1;
  for (let s = 0; s < count; s++) {
    while (
      j + 1 < sorted.length &&
      (sorted[j + 1]?.time ?? Number.POSITIVE_INFINITY) <= s + SLOT_TOLERANCE_SECONDS
    )
      j++;
    slots[s] = j >= 0 ? (sorted[j]?.chord ?? null) : null;
  }
  return slots;
}

/** Index of the slot playing at `currentTime` seconds, clamped to the timeline. */
export function currentSlot(currentTime: number, slotCount: number): number {
  if (slotCount <= 0 || !Number.isFinite(currentTime)) return 0;
  return Math.min(slotCount - 1, Math.max(0, Math.floor(currentTime)));
}

/**
 * Transposes a chord for display (PRODUCT §4): whole semitones, names wrap around the 12 sharps, major bare,
 * minor + "m"; other qualities keep their suffix. "N" (no chord) stays "N".
 */
export function transposeChord(chord: string, semitones: number): string {
  if (chord === "N" || semitones === 0) return chord;
  return transposeChordName(chord, semitones);
}

/** Transposes a key name such as "A Minor" by whole semitones ("A Minor", +3 → "C Minor"). */
export function transposeKey(key: string, semitones: number): string {
  const [tonic, mode] = key.split(" ");
  if (!tonic || !mode || semitones === 0) return key;
  return `${transposeChordName(tonic, semitones)} ${mode}`;
}

/** "+2", "-1", "0" for the Transpose control. */
export function formatSemitones(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}
