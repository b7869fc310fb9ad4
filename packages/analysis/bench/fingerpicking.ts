/**
 * Fingerpicking patterns for the `--fingerpick` pieces of `make-live-folder.ts`: the ways a guitarist or
 * ukulele player picks a held chord shape, written as which strings sound at each even slot of a 4/4 bar.
 *
 * A pattern's strings are indices into the shape's sounding strings in string order (for a guitar, low E
 * to high E, so 0 is the bass; for a ukulele g C E A, so 1 is the lowest pitch, C); a negative index
 * counts from the last string (−1 the top string). An index past either end is clamped to it, so every
 * pattern plays on four-, five- and six-string shapes alike.
 *
 * The patterns are the common accompaniment figures of folk and pop guitar method books: Travis picking
 * (an alternating thumb under melody notes on the off-beats), the p-i-m-a arpeggio in triplets, a rolling
 * arpeggio up and back, a ballad figure with pinches (two strings together), and a sixteenth-note
 * arpeggio; for the ukulele a thumb-and-fingers figure, a forward roll, pinches and triplets.
 */

/** One fingerpicking figure: `steps` even slots a bar, `events[k % events.length]` the strings at slot k. */
export interface PickingPattern {
  name: string;
  /** slots per 4/4 bar: 8 (eighths), 12 (triplet eighths) or 16 (sixteenths) */
  steps: number;
  /** strings struck together at each slot (shape indices, negative from the top); empty for a rest */
  events: readonly (readonly number[])[];
}

/** Guitar figures (six-string shapes, the bass first). */
export const GUITAR_PICKING: readonly PickingPattern[] = [
  { name: "thumb and fingers", steps: 8, events: [[0], [2], [3], [4], [1], [4], [3], [2]] },
  { name: "Travis", steps: 8, events: [[0, -1], [-3], [1], [-2], [0], [-1], [1], [-3]] },
  { name: "p-i-m-a triplets", steps: 12, events: [[0], [-3], [-2], [-1], [-2], [-3]] },
  { name: "rolling up and back", steps: 8, events: [[0], [1], [2], [3], [4], [5], [4], [3]] },
  { name: "ballad pinches", steps: 8, events: [[0], [-3], [-2, -1], [-3], [1], [-3], [-2, -1], [-3]] },
  { name: "sixteenth arpeggio", steps: 16, events: [[0], [-3], [-2], [-1]] },
];

/** Ukulele figures (re-entrant g C E A shapes: index 1 is the lowest pitch). */
export const UKULELE_PICKING: readonly PickingPattern[] = [
  { name: "thumb and fingers", steps: 8, events: [[1], [0], [2], [3], [1], [3], [2], [0]] },
  { name: "forward roll", steps: 8, events: [[1], [2], [3], [0]] },
  { name: "pinches", steps: 8, events: [[1, 3], [0], [2], [0]] },
  { name: "triplets", steps: 12, events: [[1], [0], [2], [3], [2], [0]] },
  { name: "Travis", steps: 8, events: [[1, 3], [2], [0], [3], [1], [2], [0], [3]] },
];

/** A picked note: the shape's string `string` (index into the sounding strings) struck at `time`. */
export interface PickedNote {
  string: number;
  /** seconds */
  time: number;
}

/**
 * The notes of `pattern` picked on a shape of `strings` sounding strings from `t0` (seconds) for `nBars`
 * bars of `beat` seconds a beat, in time order (strings struck together share a time; each string once a
 * slot). `jitter()` (seconds) offsets every slot but the first, as a player's timing does.
 * @throws RangeError if `strings` < 1, `nBars` < 1 or `beat` ≤ 0.
 */
export function pickNotes(
  pattern: PickingPattern,
  strings: number,
  t0: number,
  nBars: number,
  beat: number,
  jitter: () => number = () => 0,
): PickedNote[] {
  if (!(strings >= 1) || !(nBars >= 1) || !(beat > 0))
    throw new RangeError(`pickNotes: strings ${strings}, bars ${nBars}, beat ${beat} s`);
  const at = (i: number) => Math.min(strings - 1, Math.max(0, i < 0 ? strings + i : i));
  const slot = (4 * beat) / pattern.steps;
  const out: PickedNote[] = [];
  for (let k = 0; k < nBars * pattern.steps; k++) {
    const event = pattern.events[k % pattern.events.length] ?? [];
    if (event.length === 0) continue;
    const time = t0 + k * slot + (k === 0 ? 0 : jitter());
    const seen = new Set<number>();
    for (const i of event) {
      const s = at(i);
      if (seen.has(s)) continue;
      seen.add(s);
      out.push({ string: s, time });
    }
  }
  return out;
}
