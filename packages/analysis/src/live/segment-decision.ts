/**
 * The live chord recogniser's segment decision: accumulates a segment's evidence from its frames and
 * picks its chord and the chord to display. Pure module (no Node or DOM APIs).
 */
import type { ChordScorer } from "./chord-scorer.js";
import { type FrameHistory, HISTORY } from "./history.js";
import { ResidueMask } from "./residue-mask.js";
import type { LiveVocabulary } from "./vocabulary.js";

/** Share of a window that must lie after a change before its scores count for the new chord. */
const COVERAGE = 0.75;
/**
 * Share of the long window after a change from which it gives provisional evidence for the chord's
 * seventh: with a Hann window, the part before the change then carries under a quarter of its energy.
 */
const PROVISIONAL = 0.6;
/**
 * Long-window frames over which the segment's evidence passes from the short window's mean to the long
 * window's: the first long frame counts half. It still holds a quarter of the previous chord (its bass
 * rings longest), and taken alone it flipped a chord the short window had right (Gmaj7 → Bm → Gmaj7,
 * F7 → F → F7) — on the live bench's room, 1.66 → 1.40 changes per minute on held chords.
 */
const LONG_RAMP = 2;

/** The part of {@link LiveChordOptions} the segment decision reads. */
export interface SegmentDecisionOptions {
  /** Time constant of the held chord's evidence average, seconds. */
  evidenceSeconds: number;
  /** Frames (at the reference hop) a chord must be heard after silence before it is displayed. */
  confirmFrames: number;
  /** Seconds after a change during which the decision may still be refined with `margin`. */
  settleSeconds: number;
  /** Evidence lead (correlation units) that refines the decision while it settles. */
  margin: number;
  /** Evidence lead (correlation units) that replaces the displayed chord once it has settled. */
  heldMargin: number;
  /** How much larger `heldMargin` is without a recent onset (≥ 1). */
  noOnsetFactor: number;
}

/**
 * Segment decision. A segment starts at a change (from the change detector) or at the first chord-like
 * frame after silence; it starts half a window before the frame from which the new chord led (the frame
 * whose window was half in it). Its triad — root and family: major (maj, 7, maj7), minor (m, m7), dim,
 * sus4 — is the best mean score over the frames whose window lies at least COVERAGE (75 %) inside the
 * segment: short-window frames first (≈ 70 ms after the change), then long-window ones as soon as there
 * are any (≈ 100 ms with the default 128 ms long window), averaged with an `evidenceSeconds` time
 * constant; the first long frame is weighed half against the short frames' mean (LONG_RAMP). The variant
 * within the family is read from the long window as soon as it lies PROVISIONAL (60 %) inside the segment
 * (≈ 80 ms), since only its resolution separates a seventh from the root; until that window lies 75 %
 * inside, it may only add a seventh, and one the previous chord held only if that note still sounds
 * (struck again). While the segment settles the display follows the evidence with a small `margin`;
 * later only a `heldMargin` lead replaces it — hysteresis in time and score, so a held chord does not
 * flicker between its variants (C ↔ Cmaj7, Am ↔ Am7), while a new chord shows as soon as its evidence is
 * clear. Frames after a change are scored through the {@link ResidueMask}.
 *
 * **Priors of a held chord.** The template prior (−0.12 for dim and sus4) is a prior on which chord a new
 * segment is, not on whether a chord already heard goes on: once a segment has settled, the displayed
 * chord's prior is left out of the `heldMargin` comparison (the change detector leaves it out of its
 * short-window test against other roots).
 *
 * State: the segment (its chord, the previous segment's, its first frame, whether it began after
 * silence, the frames heard), its accumulated evidence (short-window sums, long-window average,
 * provisional long-window sums, treble chroma sums) and the residue mask. Reads the shared
 * {@link FrameHistory} and scores masked frames with the {@link ChordScorer}.
 */
export class SegmentDecision {
  private segChord = -1;
  /** The previous segment's chord (−1 after silence). */
  private prevChord = -1;
  /** Frame number whose window ends at the segment's start. */
  private segStart = 0;
  private fromSilence = true;
  private heard = 0;
  private readonly shortSum: Float64Array;
  private shortCount = 0;
  private readonly longAvg: Float64Array;
  private readonly provSum: Float64Array;
  private provCount = 0;
  private longCountN = 0;
  private readonly segChroma = new Float64Array(12);
  private readonly segChromaLong = new Float64Array(12);
  private chromaCountN = 0;
  private readonly residue = new ResidueMask();
  private readonly mTreble = new Float64Array(12);
  private readonly mBass = new Float64Array(12);
  private readonly mScores: Float64Array;
  private readonly evidence: Float64Array;
  private readonly varEvidence: Float64Array;

  /**
   * @param vocab the chords (families, pitch-class sets, biases).
   * @param history the shared frame history (scores, chroma and spectra of the segment's frames).
   * @param scorer scores frames whose chroma the residue mask scales.
   * @param o the decision's margins and time constants.
   */
  constructor(
    private readonly vocab: LiveVocabulary,
    private readonly history: FrameHistory,
    private readonly scorer: ChordScorer,
    private readonly o: SegmentDecisionOptions,
  ) {
    const K = vocab.size;
    this.shortSum = new Float64Array(K);
    this.longAvg = new Float64Array(K);
    this.provSum = new Float64Array(K);
    this.mScores = new Float64Array(K);
    this.evidence = new Float64Array(K);
    this.varEvidence = new Float64Array(K);
  }

  /** The segment's chord (−1 before the segment has one, or after silence). */
  get chord(): number {
    return this.segChord;
  }

  /** Frame number whose window ends at the segment's start. */
  get start(): number {
    return this.segStart;
  }

  /** Long-window frames accumulated in the segment. */
  get longCount(): number {
    return this.longCountN;
  }

  /** Short-window frames whose treble chroma is summed in {@link SegmentDecision.chroma}. */
  get chromaCount(): number {
    return this.chromaCountN;
  }

  /** Sum of the segment's short-window treble chroma (12 bins). */
  get chroma(): Float64Array {
    return this.segChroma;
  }

  /** Sum of the segment's long-window treble chroma (12 bins). */
  get chromaLong(): Float64Array {
    return this.segChromaLong;
  }

  /**
   * A chord-like frame `n` was heard: after silence (no segment chord, nothing heard) it opens a segment,
   * the silence before it adding nothing to the windows so that every frame counts at once.
   */
  hear(n: number): void {
    if (this.segChord < 0 && this.heard === 0) {
      this.fromSilence = true;
      this.segStart = n - 1;
      this.prevChord = -1;
    }
    this.heard++;
  }

  /** End the segment: forget its chord, its evidence and its residue reference. */
  end(): void {
    this.residue.clear();
    this.segChord = -1;
    this.heard = 0;
    this.shortSum.fill(0);
    this.shortCount = 0;
    this.longAvg.fill(0);
    this.longCountN = 0;
    this.provSum.fill(0);
    this.provCount = 0;
    this.segChroma.fill(0);
    this.segChromaLong.fill(0);
    this.chromaCountN = 0;
  }

  /**
   * Start a new segment at a change, right after {@link SegmentDecision.end}, and rebuild its evidence
   * from the history up to frame `n`.
   * @param chord the new segment's chord.
   * @param start frame number whose window ends at the change (> n − HISTORY).
   * @param prevChord the ended segment's chord.
   * @param residueRef semitone spectrum just before the change (null when it left the history).
   * @param n the current frame number.
   */
  restart(chord: number, start: number, prevChord: number, residueRef: Float32Array | null, n: number): void {
    this.prevChord = prevChord;
    this.residue.start(residueRef, this.vocab.pcsOf(prevChord));
    this.segChord = chord;
    this.heard = 1;
    this.fromSilence = false;
    this.segStart = start;
    for (let j = start + 1; j <= n; j++) this.accumulate(j);
  }

  /** Add frame `j` (in the history) to the segment's evidence, if its windows lie enough inside it. */
  accumulate(j: number): void {
    const h = this.history;
    const K = this.vocab.size;
    const slot = j % HISTORY;
    const inside = (j - this.segStart) * h.hop;
    const masked = this.residue.compute(h.semitones[slot] as Float32Array);
    if (this.fromSilence || inside >= COVERAGE * h.shortSeconds) {
      const s = masked
        ? this.maskedScores(h.treble[slot] as Float64Array, h.bass[slot] as Float64Array, false)
        : (h.short[slot] as Float64Array);
      for (let k = 0; k < K; k++) this.shortSum[k] = (this.shortSum[k] as number) + (s[k] as number);
      this.shortCount++;
      const t = h.treble[slot] as Float64Array;
      for (let i = 0; i < 12; i++) this.segChroma[i] = (this.segChroma[i] as number) + (t[i] as number);
      this.chromaCountN++;
    }
    const longEnough = this.fromSilence ? inside >= 0.5 * h.longSeconds : inside >= COVERAGE * h.longSeconds;
    if (!longEnough && !this.fromSilence && inside >= PROVISIONAL * h.longSeconds) {
      // Provisional: mostly inside the segment; used only until a cleaner long window arrives. Without
      // the learned model's evidence, which the previous chord's share of the window misleads.
      const l = masked
        ? this.maskedScores(h.trebleLong[slot] as Float64Array, h.bassLong[slot] as Float64Array, false)
        : (h.longPlain[slot] as Float64Array);
      for (let k = 0; k < K; k++) this.provSum[k] = (this.provSum[k] as number) + (l[k] as number);
      this.provCount++;
    }
    if (longEnough) {
      // The learned model's evidence comes in as the window moves wholly into the segment (its share
      // past COVERAGE): on the previous chord's remains it flipped Dmaj7 to F#m for 0.15 s.
      const g = this.fromSilence
        ? 1
        : Math.min(1, Math.max(0, (inside / h.longSeconds - COVERAGE) / (1 - COVERAGE)));
      let l: Float64Array;
      if (masked) {
        l = this.maskedScores(h.trebleLong[slot] as Float64Array, h.bassLong[slot] as Float64Array, g >= 1);
      } else if (g >= 1) {
        l = h.long[slot] as Float64Array;
      } else {
        const a = h.long[slot] as Float64Array;
        const b = h.longPlain[slot] as Float64Array;
        l = this.mScores;
        for (let k = 0; k < K; k++) l[k] = (b[k] as number) + g * ((a[k] as number) - (b[k] as number));
      }
      const tl = h.trebleLong[slot] as Float64Array;
      for (let i = 0; i < 12; i++)
        this.segChromaLong[i] = (this.segChromaLong[i] as number) + (tl[i] as number);
      this.longCountN++;
      const a = Math.max(1 / this.longCountN, Math.min(1, h.hop / this.o.evidenceSeconds));
      for (let k = 0; k < K; k++) {
        this.longAvg[k] = (this.longAvg[k] as number) + a * ((l[k] as number) - (this.longAvg[k] as number));
      }
    }
  }

  /** Chord scores of a window's chroma with the residue gains applied (into a scratch array). */
  private maskedScores(treble: Float64Array, bass: Float64Array, long: boolean): Float64Array {
    const t = this.mTreble;
    const b = this.mBass;
    const g = this.residue.gain;
    for (let i = 0; i < 12; i++) {
      t[i] = (treble[i] as number) * (g[i] as number);
      b[i] = (bass[i] as number) * (g[i] as number);
    }
    this.scorer.window(t, b, this.mScores, false);
    if (long) this.scorer.addModelEvidence(this.mScores, t, b);
    return this.mScores;
  }

  /**
   * Pick the segment's chord at frame `n` and the chord to display. The triad (root and family: major,
   * minor, dim, sus4) comes from the cleanest evidence — the long window once it lies inside the segment,
   * else the short one; the variant within the family (triad, 7, maj7 / m, m7) from the long window as
   * soon as it is mostly inside the segment, since only its resolution separates a seventh from the root.
   * @param n the current frame number.
   * @param current the chord displayed before the quality hold (−1 = none).
   * @param afterOnset whether an onset was heard within `onsetSeconds` (see the onset gate).
   * @returns the chord to display before the quality hold (`current` when the evidence does not move it).
   */
  decide(n: number, current: number, afterOnset: boolean): number {
    const o = this.o;
    const K = this.vocab.size;
    const cls = this.evidence;
    const vari = this.varEvidence;
    const family = this.vocab.family;
    if (this.longCountN > 0 && this.shortCount > 0) {
      // The long window takes over gradually (see LONG_RAMP).
      const b = Math.min(1, this.longCountN / LONG_RAMP);
      for (let k = 0; k < K; k++) {
        const short = (this.shortSum[k] as number) / this.shortCount;
        cls[k] = (1 - b) * short + b * (this.longAvg[k] as number);
      }
    } else if (this.longCountN > 0) cls.set(this.longAvg);
    else if (this.shortCount > 0)
      for (let k = 0; k < K; k++) cls[k] = (this.shortSum[k] as number) / this.shortCount;
    else return current;
    if (this.longCountN > 0) vari.set(cls);
    else if (this.provCount > 0)
      for (let k = 0; k < K; k++) vari[k] = (this.provSum[k] as number) / this.provCount;
    else vari.set(cls);
    let top = 0;
    for (let k = 1; k < K; k++) if ((cls[k] as number) > (cls[top] as number)) top = k;
    const fam = family[top] as number;
    let best = top;
    for (let k = 0; k < K; k++)
      if (family[k] === fam && (vari[k] as number) > (vari[best] as number)) best = k;
    if (this.longCountN === 0 && this.provCount > 0 && best !== top && !this.mayAdd(top, best, n)) best = top;
    this.segChord = best;
    if (current < 0) {
      if (this.heard >= this.history.frames(o.confirmFrames)) return best;
      return current;
    }
    if (best === current) return current;
    const settling = (n - this.segStart) * this.history.hop < o.settleSeconds;
    // A settled chord is replaced more readily when new notes have sounded (see `onsetSeconds`).
    const quietFactor = settling || afterOnset ? 1 : o.noOnsetFactor;
    const ev = family[current] === fam ? vari : cls;
    // Once settled, the displayed chord's own prior no longer counts against it (see the class comment).
    const heldPrior = settling ? 0 : -(this.vocab.bias[current] as number);
    const lead = (ev[best] as number) - (ev[current] as number) - heldPrior;
    if (lead >= (settling ? o.margin : o.heldMargin * quietFactor)) return best;
    return current;
  }

  /**
   * Whether the provisional long window (still partly before the change) may turn the short window's
   * chord `from` into `to` at frame `n`: only by adding a seventh to a plain triad, and a seventh the
   * previous chord held only when that note still sounds — its pitches keep at least FAST_KEPT of their
   * level before the change (the residue mask leaves it unscaled: struck again or held over). A note
   * that has stopped and only rings in the room can be mistaken for a seventh; one that sounds is part
   * of the new chord (E7 → A#m7 with the G# struck again showed A#m for ≈ 60 ms before A#m7).
   */
  private mayAdd(from: number, to: number, n: number): boolean {
    const f = this.vocab.state(from);
    if (f.harte !== "maj" && f.harte !== "min") return false;
    const a = this.vocab.pcsOf(from);
    const b = this.vocab.pcsOf(to);
    const prev = this.prevChord >= 0 ? this.vocab.pcsOf(this.prevChord) : null;
    if (prev === null) return true;
    // Residue gains of frame n (1 = the pitch class keeps its level); without a reference, none counts.
    const sounding = this.residue.active;
    if (sounding) this.residue.compute(this.history.semitones[n % HISTORY] as Float32Array);
    const gain = this.residue.gain;
    for (let i = 0; i < 12; i++) {
      if (b[i] !== 1 || a[i] !== 0 || prev[i] !== 1) continue;
      if (!sounding || (gain[i] as number) < 1) return false;
    }
    return true;
  }
}
