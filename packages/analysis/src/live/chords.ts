/**
 * Live chord recognition: template matching on streaming chroma with score smoothing and hysteresis, so
 * a held chord never flickers and a new one shows within about a tenth of a second.
 * Pure module (no Node or DOM APIs).
 */
import { type ChordState, chordVocabulary } from "../chords.js";
import type { ChromaFrame } from "./chroma.js";

/** Cosine distance of the chroma from the held chord's running chroma that counts as a harmonic change. */
const HARMONIC_CHANGE = 0.15;

/** 1 − cosine similarity of two 12-bin vectors (1 when either is all zero). */
function cosineDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < 12; i++) {
    ab += (a[i] as number) * (b[i] as number);
    aa += (a[i] as number) ** 2;
    bb += (b[i] as number) ** 2;
  }
  return aa > 0 && bb > 0 ? 1 - ab / Math.sqrt(aa * bb) : 1;
}

/** Chord qualities (Harte shorthand) the live recogniser reports. */
export const LIVE_QUALITIES = ["maj", "min", "7", "maj7", "min7", "dim", "sus4"] as const;

/** The live recogniser's decision after one frame. */
export interface LiveChordFrame {
  /** Stream time of the frame, seconds. */
  time: number;
  /** Displayed chord (product display name, "N" for no chord). */
  chord: string;
  /** Root pitch class of `chord`, −1 for "N". */
  root: number;
  /** Quality of `chord` (Harte shorthand, "N" for no chord). */
  quality: string;
  /** 0..1 correlation of the frame's treble chroma with the displayed chord's template (0 for "N"). */
  confidence: number;
  /** True on the frame where the displayed chord changed. */
  changed: boolean;
}

/** Tuning of {@link LiveChordRecognizer}; the defaults were set on the synthetic `bench:live` material. */
export interface LiveChordOptions {
  /** Weight of the bass chroma at the chord root (default 0.35). */
  bassWeight?: number;
  /** Smoothing factor of the per-chord scores, 0..1 (default 0.55: weight of the newest frame). */
  smoothing?: number;
  /** Score lead a challenger needs over the displayed chord (default 0.06 correlation units). */
  margin?: number;
  /** Consecutive frames the challenger must lead before it is displayed (default 2). */
  confirmFrames?: number;
  /** Below this RMS (linear) a frame is silent (default 0.004 ≈ −48 dBFS). */
  minRms?: number;
  /** Below this tonality (see ChromaFrame) a frame is noise (default 0.35). */
  minTonality?: number;
  /** Below this template correlation the best chord is not trusted (default 0.55). */
  minCorrelation?: number;
  /** Consecutive non-chord frames before "N" is displayed (default 4, ≈ 80 ms). */
  releaseFrames?: number;
  /** Novelty (see ChromaFrame) that marks an attack or a chord change (default 0.2). */
  onsetNovelty?: number;
  /** Frames after an attack during which the normal hysteresis applies (default 12, ≈ 250 ms). */
  onsetFrames?: number;
  /** Margin multiplier away from attacks (default 3): a ringing chord is much harder to displace. */
  heldMarginFactor?: number;
  /** Confirm frames away from attacks (default 8). */
  heldConfirmFrames?: number;
  /** Added to the score of four-note chords (7, maj7, m7), correlation units (default 0). */
  seventhBias?: number;
  /** Added to the score of dim and sus4 (default: the engine's template bias). */
  rareBias?: number;
}

/**
 * Frame-by-frame chord recogniser. Emission of chord c on a frame: Pearson correlation of the treble
 * chroma with c's harmonic template (the engine's {@link chordVocabulary}, Gómez 2006) plus
 * `bassWeight` × the bass chroma's share at c's root plus the template's prior bias. Scores are smoothed by
 * an exponential moving average; the displayed chord changes only when another chord has led it by
 * `margin` for `confirmFrames` frames — a two-threshold hysteresis standing in for the offline HMM
 * self-transition penalty (Sheh & Ellis 2003), which needs the future and so cannot run live.
 * Silence, broadband noise and frames matching no chord well release to "N" after `releaseFrames`.
 */
export class LiveChordRecognizer {
  private readonly vocab: ChordState[];
  private readonly smooth: Float64Array;
  private readonly o: Required<LiveChordOptions>;
  private readonly bias: Float64Array;
  private current = -1;
  private challenger = -1;
  private lead = 0;
  private quiet = 0;
  private primed = false;
  private sinceOnset = 1e9;
  private readonly ref = new Float64Array(12);
  private hopSeconds = 0.02;
  private lastTime = 0;

  constructor(options: LiveChordOptions = {}) {
    this.vocab = chordVocabulary().filter(
      (s) => s.root >= 0 && (LIVE_QUALITIES as readonly string[]).includes(s.harte),
    );
    this.smooth = new Float64Array(this.vocab.length);
    this.o = {
      bassWeight: options.bassWeight ?? 0.35,
      smoothing: options.smoothing ?? 0.55,
      margin: options.margin ?? 0.06,
      confirmFrames: options.confirmFrames ?? 2,
      minRms: options.minRms ?? 0.004,
      minTonality: options.minTonality ?? 0.35,
      minCorrelation: options.minCorrelation ?? 0.55,
      releaseFrames: options.releaseFrames ?? 4,
      onsetNovelty: options.onsetNovelty ?? 0.2,
      onsetFrames: options.onsetFrames ?? 12,
      heldMarginFactor: options.heldMarginFactor ?? 3,
      heldConfirmFrames: options.heldConfirmFrames ?? 8,
      seventhBias: options.seventhBias ?? 0,
      rareBias: options.rareBias ?? Number.NaN,
    };
    this.bias = Float64Array.from(this.vocab, (s) =>
      s.harte === "7" || s.harte === "maj7" || s.harte === "min7"
        ? this.o.seventhBias
        : (s.harte === "dim" || s.harte === "sus4") && Number.isFinite(this.o.rareBias)
          ? this.o.rareBias
          : s.bias,
    );
  }

  /** Forget the displayed chord and the smoothed scores (e.g. when listening restarts). */
  reset(): void {
    this.current = -1;
    this.challenger = -1;
    this.lead = 0;
    this.quiet = 0;
    this.primed = false;
    this.sinceOnset = 1e9;
    this.ref.fill(0);
    this.smooth.fill(0);
  }

  /** Score one chroma frame and return the chord to display. */
  next(frame: ChromaFrame): LiveChordFrame {
    const o = this.o;
    const before = this.current;
    // An attack opens the fast path only when the harmony moved: the frame's chroma is far from the
    // running chroma of the held chord (a harmonic change detection in the manner of Harte, Sandler &
    // Gasser, "Detecting harmonic change in musical audio", ACM AMCMM 2006) — a re-strum of the same
    // chord is not a change.
    const moved = cosineDistance(frame.treble, this.ref) >= HARMONIC_CHANGE;
    this.sinceOnset = frame.novelty >= o.onsetNovelty && moved ? 0 : this.sinceOnset + 1;
    for (let i = 0; i < 12; i++) {
      this.ref[i] = 0.8 * (this.ref[i] as number) + 0.2 * (frame.treble[i] as number);
    }
    // Once the chord has rung for the long window, its finer resolution decides.
    const useLong = frame.longSeconds > 0 && this.sinceOnset * this.hopSeconds >= frame.longSeconds;
    this.hopSeconds = frame.time - this.lastTime > 0 ? frame.time - this.lastTime : this.hopSeconds;
    this.lastTime = frame.time;
    const scores = this.score(frame, useLong);
    if (!scores) {
      this.primed = false;
      this.challenger = -1;
      this.lead = 0;
      if (this.current >= 0 && ++this.quiet >= o.releaseFrames) this.current = -1;
      return this.emit(frame.time, before, 0);
    }
    const a = this.primed ? o.smoothing : 1;
    this.primed = true;
    let best = 0;
    for (let k = 0; k < scores.length; k++) {
      this.smooth[k] = a * (scores[k] as number) + (1 - a) * (this.smooth[k] as number);
      if ((this.smooth[k] as number) > (this.smooth[best] as number)) best = k;
    }
    const bestCorr = this.corr[best] as number;
    if (bestCorr < o.minCorrelation) {
      this.challenger = -1;
      this.lead = 0;
      if (this.current >= 0 && ++this.quiet >= o.releaseFrames) this.current = -1;
      return this.emit(frame.time, before, 0);
    }
    this.quiet = 0;
    if (best === this.current) {
      this.challenger = -1;
      this.lead = 0;
    } else if (this.current < 0) {
      // From no chord: the first confident chord shows after `confirmFrames` agreeing frames.
      this.lead = best === this.challenger ? this.lead + 1 : 1;
      this.challenger = best;
      if (this.lead >= o.confirmFrames) this.current = best;
    } else {
      const diff = (this.smooth[best] as number) - (this.smooth[this.current] as number);
      // Chords change on attacks; while one rings, the bar to displace it is raised.
      const attack = this.sinceOnset <= o.onsetFrames;
      const margin = attack ? o.margin : o.margin * o.heldMarginFactor;
      const confirm = attack ? o.confirmFrames : o.heldConfirmFrames;
      if (diff >= margin) {
        this.lead = best === this.challenger ? this.lead + 1 : 1;
        this.challenger = best;
        if (this.lead >= confirm || (attack && diff >= 3 * margin)) this.current = best;
      } else {
        this.challenger = -1;
        this.lead = 0;
      }
    }
    return this.emit(
      frame.time,
      before,
      this.current >= 0 ? Math.max(0, this.corr[this.current] as number) : 0,
    );
  }

  private readonly corr = new Float64Array(64);
  private readonly row = new Float64Array(12);

  /** Per-chord emission scores of a frame, or null when the frame is silence or noise. */
  private score(frame: ChromaFrame, useLong: boolean): Float64Array | null {
    const treble = useLong ? frame.trebleLong : frame.treble;
    const bassC = useLong ? frame.bassLong : frame.bass;
    const o = this.o;
    if (frame.rms < o.minRms || frame.tonality < o.minTonality) return null;
    const row = this.row;
    let m = 0;
    for (let i = 0; i < 12; i++) m += treble[i] as number;
    m /= 12;
    let nn = 0;
    for (let i = 0; i < 12; i++) {
      row[i] = (treble[i] as number) - m;
      nn += (row[i] as number) ** 2;
    }
    nn = Math.sqrt(nn);
    if (nn === 0) return null;
    let bsum = 0;
    for (let i = 0; i < 12; i++) bsum += bassC[i] as number;
    const out = new Float64Array(this.vocab.length);
    for (let k = 0; k < this.vocab.length; k++) {
      const st = this.vocab[k] as ChordState;
      let c = 0;
      for (let i = 0; i < 12; i++) c += (row[i] as number) * (st.template[i] as number);
      c /= nn;
      this.corr[k] = c;
      const b = bsum > 0 ? (bassC[st.root] as number) / bsum : 0;
      out[k] = c + o.bassWeight * b + (this.bias[k] as number);
    }
    return out;
  }

  private emit(time: number, before: number, confidence: number): LiveChordFrame {
    const st = this.current >= 0 ? this.vocab[this.current] : undefined;
    return {
      time,
      chord: st ? st.name : "N",
      root: st ? st.root : -1,
      quality: st ? st.harte : "N",
      confidence,
      changed: before !== this.current,
    };
  }
}
