/**
 * Note-value durations.
 */
import type { Seconds } from "./types.js";

const NOTE_VALUE = /^(1|2|4|8|16|32|64)n$/;

/**
 * Length of a note value ("8n", "2n", …) in seconds at a tempo.
 *
 * Parameters
 * ----------
 * value : string
 *     Tone.js note-value notation: "1n" whole, "2n" half, "4n" quarter, "8n" eighth,
 *     "16n", "32n", "64n".
 * bpm : number, default 120
 *     Quarter notes per minute, > 0 (Tone.js's default transport tempo is 120).
 *
 * Returns
 * -------
 * Seconds
 *     `(240 / bpm) / n`; at 120 BPM "8n" → 0.25 s and "2n" → 1 s.
 *
 * Raises
 * ------
 * RangeError
 *     If `value` is not one of the listed note values or `bpm` is not positive.
 *
 * Source: PRODUCT §9 (eighth-note and half-note defaults).
 */
export function noteValueToSeconds(value: string, bpm = 120): Seconds {
  const match = NOTE_VALUE.exec(value);
  if (!match) throw new RangeError(`Unsupported note value "${value}"`);
  if (!(bpm > 0) || !Number.isFinite(bpm)) throw new RangeError(`BPM must be positive, got ${bpm}`);
  return (240 / bpm / Number(match[1])) as Seconds;
}
