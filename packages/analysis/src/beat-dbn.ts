/**
 * Beats decoded from a beat activation by a dynamic Bayesian network over tempo and beat phase, the
 * decoder of madmom's `DBNBeatTrackingProcessor`: the efficient state space of Krebs, Böck & Widmer, "An
 * efficient state-space model for joint tempo and meter tracking" (ISMIR 2015), with the transition and
 * observation models of Böck, Krebs & Widmer, "A multi-model approach to beat tracking considering
 * heterogeneous music styles" (ISMIR 2014). Unlike autocorrelation then dynamic programming at one
 * period, the tempo is decoded with the beats and may drift through the song. Pure module (no Node or DOM
 * APIs).
 *
 * The state space: for each of a set of beat intervals I (frames, log-spaced between the tempo range's
 * ends), the positions 0…I−1 within the beat. Each frame the position advances by one; from the last
 * position the chain moves to position 0 of any interval J with probability ∝ exp(−λ·|J/I − 1|) (tempo
 * changes happen only at beats). A state is a "beat" state when its position is below I/`observationLambda`;
 * a frame's activation a is read as p = a there and (1 − a)/(`observationLambda` − 1) elsewhere.
 */

/** The decoder's parameters (madmom's `DBNBeatTrackingProcessor` arguments and defaults). */
export interface BeatDbnOptions {
  /** Slowest tempo, BPM (> 0). madmom: 55. */
  minBpm: number;
  /** Fastest tempo, BPM (> minBpm). madmom: 215. */
  maxBpm: number;
  /** Number of log-spaced beat intervals (≥ 1; fewer when two round to the same frame count). madmom: 60. */
  tempi: number;
  /** λ of the tempo transition, ≥ 0 (higher: steadier tempo). madmom: 100. */
  transitionLambda: number;
  /** Share 1/λ of each beat period read as the beat, λ > 1. madmom: 16. */
  observationLambda: number;
}

/** madmom's defaults (Böck, Krebs & Widmer 2014; `madmom.features.beats.DBNBeatTrackingProcessor`). */
export const MADMOM_BEAT_DBN: BeatDbnOptions = {
  minBpm: 55,
  maxBpm: 215,
  tempi: 60,
  transitionLambda: 100,
  observationLambda: 16,
};

/**
 * The engine's decoder of the learned beat activation: madmom's defaults over the engine's tempo range
 * (40–240 BPM, the range of `estimateTempo`). Chosen on the training corpora's three validation sets (as
 * rendered; without drums, tempo swaying ±8 %; 1.4 times as fast) by a rule set before the sweep, over
 * madmom's range and transition λ 30 / 300 (`train/evaluate-beat-onnx.ts --decoder dbn`; PROVENANCE.md,
 * "The beat model").
 */
export const BEAT_DBN: BeatDbnOptions = { ...MADMOM_BEAT_DBN, minBpm: 40, maxBpm: 240 };

/** The beat intervals, frames, of the state space: rounded log-spaced values without repeats, ascending. */
export function beatIntervals(frameRate: number, options: BeatDbnOptions): number[] {
  const lo = (60 * frameRate) / options.maxBpm;
  const hi = (60 * frameRate) / options.minBpm;
  const n = Math.max(1, Math.round(options.tempi));
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = Math.max(
      1,
      Math.round(Math.exp(Math.log(lo) + (n > 1 ? (i / (n - 1)) * Math.log(hi / lo) : 0))),
    );
    if (out[out.length - 1] !== v) out.push(v);
  }
  return out;
}

/**
 * Decode beats from a beat activation (Viterbi over the network described in the file's comment). Beats
 * are placed, as madmom's `correct=True` does, at the activation's maximum within each stretch of frames
 * the best path spends in beat states.
 * @param activation beat probability per frame, 0..1, at `frameRate` (values are clamped to [1e-7, 1 − 1e-7]).
 * @param frameRate frames per second (> 0).
 * @param options the network's parameters (default {@link BEAT_DBN}).
 * @returns the tempo (60 / the median inter-beat interval, BPM; 0 with fewer than two beats) and the beat
 *   instants, seconds, ascending.
 * @throws {RangeError} for a non-positive frame rate or parameters outside their ranges.
 */
export function decodeBeatsDbn(
  activation: Float32Array,
  frameRate: number,
  options: BeatDbnOptions = BEAT_DBN,
): { bpm: number; beats: number[] } {
  if (!(frameRate > 0)) throw new RangeError(`frameRate must be > 0, got ${frameRate}`);
  if (!(options.minBpm > 0 && options.maxBpm > options.minBpm))
    throw new RangeError(`Bad tempo range ${options.minBpm}–${options.maxBpm} BPM`);
  if (!(options.transitionLambda >= 0)) throw new RangeError("transitionLambda must be ≥ 0");
  if (!(options.observationLambda > 1)) throw new RangeError("observationLambda must be > 1");
  const T = activation.length;
  if (T === 0) return { bpm: 0, beats: [] };
  const intervals = beatIntervals(frameRate, options);
  const K = intervals.length;
  const first = new Int32Array(K + 1);
  for (let k = 0; k < K; k++) first[k + 1] = (first[k] as number) + (intervals[k] as number);
  const S = first[K] as number;
  // Beat states: positions below I / observationLambda.
  const beatUpTo = intervals.map((I) => Math.ceil(I / options.observationLambda));
  // log transition from the last position of interval i to position 0 of interval j, per row normalised.
  const logTrans = new Float64Array(K * K);
  for (let i = 0; i < K; i++) {
    let sum = 0;
    for (let j = 0; j < K; j++) {
      const p = Math.exp(
        -options.transitionLambda * Math.abs((intervals[j] as number) / (intervals[i] as number) - 1),
      );
      logTrans[i * K + j] = p;
      sum += p;
    }
    for (let j = 0; j < K; j++) {
      const p = (logTrans[i * K + j] as number) / sum;
      // madmom drops transitions below the float spacing of 1.
      logTrans[i * K + j] = p > 2.220446049250313e-16 ? Math.log(p) : Number.NEGATIVE_INFINITY;
    }
  }
  // Backpointers only for the position-0 states (every other state has one predecessor).
  const back = K <= 256 ? new Uint8Array(T * K) : new Uint16Array(T * K);
  // For each interval j, the contiguous band of intervals i that reach it with a finite probability,
  // and those log-probabilities laid out per j (transposed) for a contiguous inner loop.
  const bandFrom = new Int32Array(K);
  const bandTo = new Int32Array(K);
  const into = new Float64Array(K * K);
  for (let j = 0; j < K; j++) {
    let lo = j;
    let hi = j;
    for (let i = 0; i < K; i++) {
      const v = logTrans[i * K + j] as number;
      into[j * K + i] = v;
      if (Number.isFinite(v)) {
        lo = Math.min(lo, i);
        hi = Math.max(hi, i);
      }
    }
    bandFrom[j] = lo;
    bandTo[j] = hi + 1;
  }
  // Viterbi scores in rings: state (k, p) at frame t lives at slot first[k] + ((p − t) mod I_k), so
  // advancing every position by one costs nothing; the score is the stored value plus the non-beat
  // observations summed so far (the same for every state, so never needed), and only position 0 and the
  // beat states are written each frame. zero[k] is position 0's ring index at the current frame.
  const stored = new Float64Array(S);
  const zero = new Int32Array(K);
  const last = new Float64Array(K);
  const gainOf = (t: number) => {
    const a = Math.min(1 - 1e-7, Math.max(1e-7, activation[t] as number));
    return Math.log(a) - Math.log((1 - a) / (options.observationLambda - 1));
  };
  {
    const gain = gainOf(0);
    for (let k = 0; k < K; k++)
      for (let p = 0; p < (beatUpTo[k] as number); p++) stored[(first[k] as number) + p] = gain;
  }
  for (let t = 1; t < T; t++) {
    const gain = gainOf(t);
    // Position 0 at t takes the slot of the last position at t − 1: read those scores first.
    for (let k = 0; k < K; k++) {
      const z = (zero[k] as number) === 0 ? (intervals[k] as number) - 1 : (zero[k] as number) - 1;
      zero[k] = z;
      last[k] = stored[(first[k] as number) + z] as number;
    }
    const row = t * K;
    for (let j = 0; j < K; j++) {
      // Position 0 of interval j: the best last position of an interval at t − 1, times the transition.
      let best = Number.NEGATIVE_INFINITY;
      let arg = j;
      const base = j * K;
      for (let i = bandFrom[j] as number, e = bandTo[j] as number; i < e; i++) {
        const v = (last[i] as number) + (into[base + i] as number);
        if (v > best) {
          best = v;
          arg = i;
        }
      }
      back[row + j] = arg;
      const f = first[j] as number;
      const I = intervals[j] as number;
      const z = zero[j] as number;
      stored[f + z] = best + gain;
      for (let p = 1, b = beatUpTo[j] as number; p < b; p++) {
        const u = f + (z + p < I ? z + p : z + p - I);
        stored[u] = (stored[u] as number) + gain;
      }
    }
  }
  // The best final state, then back along the path: (interval index, position) per frame.
  let end = 0;
  for (let s = 1; s < S; s++) if ((stored[s] as number) > (stored[end] as number)) end = s;
  let k = 0;
  while ((first[k + 1] as number) <= end) k++;
  const Ik = intervals[k] as number;
  let p = (end - (first[k] as number) - (zero[k] as number) + Ik) % Ik;
  const inBeat = new Uint8Array(T);
  for (let t = T - 1; t >= 0; t--) {
    inBeat[t] = p < (beatUpTo[k] as number) ? 1 : 0;
    if (t === 0) break;
    if (p > 0) p--;
    else {
      k = back[t * K + k] as number;
      p = (intervals[k] as number) - 1;
    }
  }
  // One beat per stretch of beat states, at the activation's maximum there.
  const beats: number[] = [];
  for (let t = 0; t < T; ) {
    if (!inBeat[t]) {
      t++;
      continue;
    }
    let arg = t;
    let u = t;
    for (; u < T && inBeat[u]; u++) if ((activation[u] as number) > (activation[arg] as number)) arg = u;
    beats.push(arg / frameRate);
    t = u;
  }
  if (beats.length < 2) return { bpm: 0, beats };
  const ibis = beats
    .slice(1)
    .map((b, i) => b - (beats[i] as number))
    .sort((x, y) => x - y);
  return { bpm: 60 / (ibis[ibis.length >> 1] as number), beats };
}
