/**
 * When a chord can be named from its notes: the truth's `identifiable` moment of `make-live-folder.ts`
 * (see `TruthChord` in `live-folder.ts`). Pure module.
 */

/** A note's start, seconds, and its MIDI number (0–127). */
export interface Onset {
  time: number;
  midi: number;
}

/**
 * The moment by which pitch classes `root` and `third` (0–11) have both been struck among `onsets`,
 * seconds: the earliest a listener can name a chord in majmin without guessing its third. Infinity
 * when one of them never sounds.
 *
 * @param root the chord's root, pitch class 0–11
 * @param third its third (root + 3 or 4 semitones), pitch class 0–11
 * @param onsets the chord's notes (any order)
 * @throws RangeError when `root` or `third` is not a whole number 0–11
 */
export function identifiableAt(root: number, third: number, onsets: readonly Onset[]): number {
  for (const pc of [root, third])
    if (!Number.isInteger(pc) || pc < 0 || pc > 11) throw new RangeError(`identifiableAt: pitch class ${pc}`);
  const first = (pc: number) => {
    let t = Number.POSITIVE_INFINITY;
    for (const o of onsets) if (((o.midi % 12) + 12) % 12 === pc && o.time < t) t = o.time;
    return t;
  };
  return Math.max(first(root), first(third));
}
