/**
 * Expressive timing by phrase arcs, for harder validation and training songs of the beat network.
 *
 * Performers of common-practice music slow down at the ends of phrases and move on in their middle: the
 * tempo of a phrase follows an arc, close to a parabola in the inter-onset intervals (Todd, "The dynamics
 * of dynamics: a model of musical expression", JASA 91, 1992; Repp, "Diversity and commonality in music
 * performance: an analysis of timing microstructure in Schumann's Träumerei", JASA 92, 1992). The
 * renderings otherwise play at the chart's steady tempo, or sway by a slow sinusoid (`--rubato`), which
 * does not slow at the phrase's end.
 */

/** A map from score time to performed time (seconds), monotonic increasing. */
export type TimeWarp = (t: number) => number;

/**
 * Phrase arcs over a song's bars: the bars are grouped into phrases of 4 bars (2 bars with probability
 * 0.3, drawn per phrase), and inside a phrase of score length L the local duration scale at position
 * x = (t − start) / L is s(x) = 1 + d·((2x − 1)² − 1/3): slowest at the phrase's start and end (1 + 2d/3),
 * fastest in its middle (1 − d/3), with mean 1, so every phrase keeps its length and its downbeat stays
 * where the score puts it. Integrated, τ(t) = start + L·(x + d·(((2x − 1)³ + 1)/6 − x/3)).
 * Each phrase's depth d is drawn uniformly from [depth/2, depth]. Before the first downbeat and after
 * the last phrase the time is unchanged. Downbeats before 0 s, not finite or not after the previous one
 * are passed over, so no time at or after 0 s maps before 0 s.
 * @param downbeats the song's downbeats in score time (seconds; at least two usable, else null).
 * @param depth the largest depth, 0 to 1 (0: no warp, returns null; at 0.45 the phrase's end plays at
 *   0.77× and its middle at 1.18× the tempo).
 * @param rnd uniform random numbers in [0, 1) (the song's own generator).
 * @throws RangeError if depth is outside 0..1.
 */
export function phraseArcWarp(
  downbeats: readonly number[],
  depth: number,
  rnd: () => number,
): TimeWarp | null {
  if (!(depth >= 0 && depth <= 1)) throw new RangeError(`phrase arc depth ${depth} is outside 0..1`);
  const db: number[] = [];
  for (const t of downbeats)
    if (Number.isFinite(t) && t >= 0 && (db.length === 0 || t > (db.at(-1) as number))) db.push(t);
  if (depth === 0 || db.length < 2) return null;
  const bars = db.length - 1;
  const starts: number[] = [];
  const lengths: number[] = [];
  const depths: number[] = [];
  for (let b = 0; b < bars; ) {
    const n = Math.min(rnd() < 0.3 ? 2 : 4, bars - b);
    const a = db[b] as number;
    const e = db[b + n] as number;
    starts.push(a);
    lengths.push(e - a);
    depths.push(depth * (0.5 + 0.5 * rnd()));
    b += n;
  }
  const first = starts[0] as number;
  const last = db[bars] as number;
  return (t: number) => {
    if (!Number.isFinite(t) || t <= first || t >= last) return t;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= t) lo = mid;
      else hi = mid - 1;
    }
    const a = starts[lo] as number;
    const len = lengths[lo] as number;
    const d = depths[lo] as number;
    if (!(len > 0)) return t;
    const x = (t - a) / len;
    return a + len * (x + d * (((2 * x - 1) ** 3 + 1) / 6 - x / 3));
  };
}
