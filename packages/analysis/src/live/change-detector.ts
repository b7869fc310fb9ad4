/**
 * The live chord recogniser's change detector: CUSUM tests on the frames' score leads over the segment's
 * chord, guarded by chroma, re-strum and onset tests, that say when and where a new segment starts. Pure
 * module (no Node or DOM APIs).
 */

import { N_PITCH } from "../features.js";
import { corrRot } from "../key.js";
import { type FrameHistory, HISTORY, REF_HOP } from "./history.js";
import { hasStopped, isRestrike, RESTRUCK_BEFORE, type RestrikeMeasure, restrike } from "./restrike.js";
import type { LiveVocabulary } from "./vocabulary.js";

/**
 * Default {@link LiveChordOptions.noOnsetFactor} (≥ 1). Chosen with the onset gate on the validation folder
 * of sampled instruments: see the comment in `onset-gate.ts`.
 */
export const NO_ONSET_FACTOR = 5;
/** Drift of the short-window change test for a chord on the same root, × `changeDrift`. */
const SAME_ROOT_DRIFT = 1.5;
/**
 * Default {@link LiveChordOptions.rootChangeThreshold}: the CUSUM's accumulated score lead (correlation
 * units × frames at the reference hop) that declares a change to another root. Chosen on the two
 * validation folders — sampled instruments (`make-live-folder --seed-offset 1`) and the training
 * corpora's 172 validation songs as whole band recordings (`render-corpus --validation-only
 * --folder-out`) — by the rule set before the sweep: fewest false changes with the instruments' median
 * latency ≤ 150 ms and their majmin no lower. A walking bass, a sung melody and drums make another root
 * lead for a few frames again and again; a real change keeps leading. PROVENANCE.md has the sweep.
 */
export const ROOT_CHANGE_THRESHOLD = 1.6;

/**
 * Drift of the long-window change test for a seventh added to or dropped from a held triad, ×
 * `changeDrift`: the seventh moves its chord's score by only ≈ 0.1–0.2.
 */
const LONG_DRIFT = 0.5;
/**
 * A seventh dropped from a held chord (G7 → G) must have fallen below this share of its place in the
 * segment's chroma — or its strings below FAST_KEPT of their level (see `seventhStopped`): the note has
 * stopped, not merely sounded softer at a re-strum.
 */
const DROPPED_SEVENTH = 0.1;
/**
 * Fast path of the long-window change test: a same-root candidate whose CUSUM has reached this share of
 * `changeThreshold` is a change when the held chord's notes that it lacks have stopped — their strings
 * (as in the re-strum test) keep less than FAST_KEPT of their level. A stopped note is no re-strum and no
 * balance shift, so the rest of the evidence need not be waited for: same-root changes (F7 → Fsus4,
 * C#m → C#) on the live bench's piano and organ show ≈ 20–40 ms sooner at 0.4, another ≈ 20 ms at 0.25
 * (organ Gm → G7 155 → 133 ms). Lower (0.15) or for changes to another root too, held chords changed
 * more often on the bench's guitar in the room (0.96 and 1.25 per minute against 0.93).
 */
const FAST_THRESHOLD = 0.25;

/** The part of {@link LiveChordOptions} the change detector reads. */
export interface ChangeDetectorOptions {
  /** CUSUM drift: the per-frame score lead over the segment's chord that counts as no change. */
  changeDrift: number;
  /** CUSUM threshold on the accumulated lead that declares a change to another quality on the same root. */
  changeThreshold: number;
  /** CUSUM threshold on the accumulated lead that declares a change to another root. */
  rootChangeThreshold: number;
  /** Another root needs the recent chroma's correlation (−1..1) with the segment's below this. */
  moveCorrelation: number;
  /** How much larger the threshold is without a recent onset (≥ 1). */
  noOnsetFactor: number;
}

/** What the change detector reads of the current segment (see {@link SegmentDecision}). */
export interface SegmentView {
  /** The segment's chord (≥ 0 while a change is tested). */
  readonly chord: number;
  /** Frame number whose window ends at the segment's start. */
  readonly start: number;
  /** Long-window frames accumulated in the segment. */
  readonly longCount: number;
  /** Short-window frames summed in `chroma`. */
  readonly chromaCount: number;
  /** Sum of the segment's short-window treble chroma (12 bins). */
  readonly chroma: Float64Array;
  /** Sum of the segment's long-window treble chroma (12 bins). */
  readonly chromaLong: Float64Array;
}

/** A change found by {@link ChangeDetector.detect}. */
export interface ChordChange {
  /** The new segment's chord. */
  chord: number;
  /** Frame number whose window ends at the change: the new segment's start. */
  start: number;
  /** Semitone spectrum just before the change (the residue reference), null when it left the history. */
  residueRef: Float32Array | null;
}

/** Pearson correlation of two 12-bin vectors (0 when either is constant): the key stage's, unrotated. */
function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return corrRot(a, b, 0);
}

/**
 * Whether the recent chroma `recent` moved from the segment's chroma `seg` from chord `from` to chord
 * `to` (same root): the notes of `from` that `to` lacks lost at least half their share of the chroma (a
 * dropped seventh nine tenths: DROPPED_SEVENTH), or, when `to` only adds notes (a seventh), those notes at
 * least doubled their share and reach half the mean share of `from`'s notes. An attack brightens
 * overtones but keeps every sounding note.
 * @param recent treble chroma of the latest frames (12 bins, ≥ 0, any scale).
 * @param seg summed treble chroma of the segment (12 bins, ≥ 0, any scale).
 * @param from pitch-class set (12 flags) of the segment's chord.
 * @param to pitch-class set of the candidate.
 * @param dropsSeventh whether `to` is `from` without its seventh ({@link LiveVocabulary.addsSeventh}).
 * @returns true also when either chroma is silent.
 */
export function notesChanged(
  recent: Float64Array,
  seg: Float64Array,
  from: Uint8Array,
  to: Uint8Array,
  dropsSeventh: boolean,
): boolean {
  const a = from;
  const b = to;
  let rs = 0;
  let ss = 0;
  for (let i = 0; i < 12; i++) {
    rs += recent[i] as number;
    ss += seg[i] as number;
  }
  if (!(rs > 0 && ss > 0)) return true;
  // A dropped seventh must have stopped, not merely sounded softer (DROPPED_SEVENTH).
  const share = dropsSeventh ? DROPPED_SEVENTH : 0.5;
  let dropped = 0;
  let lost = 0;
  let chordShare = 0;
  let chordNotes = 0;
  for (let i = 0; i < 12; i++) {
    const r = (recent[i] as number) / rs;
    const s = (seg[i] as number) / ss;
    if (a[i] === 1) {
      chordShare += s;
      chordNotes++;
    }
    if (a[i] === 1 && b[i] === 0) {
      dropped++;
      if (r < share * s) lost++;
    }
  }
  if (dropped > 0) return lost === dropped;
  const floor = (0.5 * chordShare) / Math.max(1, chordNotes);
  for (let i = 0; i < 12; i++) {
    if (b[i] !== 1 || a[i] === 1) continue;
    const r = (recent[i] as number) / rs;
    const s = (seg[i] as number) / ss;
    if (r < 2 * s || r < floor) return false;
  }
  return true;
}

/**
 * Change detector. The sound is cut into segments at harmonic changes, found by a CUSUM test (Page,
 * "Continuous inspection schemes", Biometrika 1954) per chord on the frame's short-window score lead over
 * the segment's chord: g ← max(0, g + lead − `changeDrift`), a change when g exceeds `changeThreshold`
 * (leads scaled by hop / REF_HOP). A short burst of another chord's evidence — the bright attack of a
 * re-strum, a string ringing out — does not accumulate; a real change does within three or four frames.
 * A change must also show in the chroma of the last two frames: for another root, its correlation with the
 * segment's chroma falls below `moveCorrelation` (a harmonic change in the sense of Harte, Sandler &
 * Gasser, ACM AMCMM 2006); for the same root (major ↔ minor, a seventh added or dropped), whose drift is
 * SAME_ROOT_DRIFT × `changeDrift`, the notes the new chord lacks lost half their share of the chroma, or
 * the notes it adds doubled theirs ({@link notesChanged}) — an attack brightens overtones but keeps every
 * sounding note, so re-strumming a chord never starts a segment. A second CUSUM on the long window (no
 * chroma test) catches same-root changes too slight for the short one (with the same note test on the
 * long window's chroma); for a seventh added to or dropped from a held triad, which moves its chord's
 * score by only ≈ 0.1–0.2, its drift is LONG_DRIFT × `changeDrift`, and a dropped seventh must have
 * stopped, rather than sounded softer at a re-strum: fallen to DROPPED_SEVENTH of its share, or its strings
 * to under FAST_KEPT of their level (in a room its reverberation and the noise floor hold its share up for
 * 0.5–0.9 s). When the held chord's notes that such a candidate lacks have stopped — their strings keep
 * under FAST_KEPT of their level, by the re-strum test's measure — the long test decides at
 * FAST_THRESHOLD of its threshold. A change on either window is refused when the re-strum test
 * (`restrike.ts`) says the held chord was struck again, and, without an onset in the last `onsetSeconds`,
 * needs `noOnsetFactor` × the threshold.
 *
 * The held chord's own prior (≤ 0: dim, sus4) is left out of the short-window test against chords on
 * other roots: otherwise a held dim or sus4 chord starts 0.12 behind its neighbours, and a re-strum whose
 * low string's 3rd, 5th and 7th harmonics briefly outweigh the chord's upper notes reads as a change
 * (Edim → A#7, Esus4 → G#dim → E7). Changes on the same root keep the prior, so Dsus4 → D7 is as quick.
 *
 * State: per chord, the short- and long-window CUSUM statistics and the number of frames each has led.
 * Reads the shared {@link FrameHistory} and the segment ({@link SegmentView}).
 */
export class ChangeDetector {
  private readonly cusum: Float64Array;
  private readonly rise: Int32Array;
  private readonly cusumLong: Float64Array;
  private readonly riseLong: Int32Array;
  /** Scratch: the treble chroma of the last two frames. */
  private readonly recent = new Float64Array(12);
  /** Scratch flags over the semitone spectrum for the re-strum test. */
  private readonly keptBins = new Uint8Array(N_PITCH);

  /**
   * @param vocab the chords (roots, biases, pitch-class sets).
   * @param history the shared frame history (scores, chroma and spectra of recent frames, hop, windows).
   * @param o the CUSUM's drift and threshold, the chroma move and the no-onset factor.
   */
  constructor(
    private readonly vocab: LiveVocabulary,
    private readonly history: FrameHistory,
    private readonly o: ChangeDetectorOptions,
  ) {
    const K = vocab.size;
    this.cusum = new Float64Array(K);
    this.rise = new Int32Array(K);
    this.cusumLong = new Float64Array(K);
    this.riseLong = new Int32Array(K);
  }

  /** Restart the CUSUM statistics (a new segment, or a refused change). */
  reset(): void {
    this.cusum.fill(0);
    this.rise.fill(0);
    this.cusumLong.fill(0);
    this.riseLong.fill(0);
  }

  /**
   * Run the change tests on frame `n` (already scored into the history).
   * @param n the frame number.
   * @param segment the current segment (its chord ≥ 0).
   * @param afterOnset whether an onset was heard within `onsetSeconds` (see the onset gate).
   * @returns the change, or null when the segment goes on. The caller ends the segment and starts the new
   *   one on a change; a refused candidate (no chroma move, or a re-strum) restarts the statistics here.
   */
  detect(n: number, segment: SegmentView, afterOnset: boolean): ChordChange | null {
    const o = this.o;
    const h = this.history;
    const vocab = this.vocab;
    const K = vocab.size;
    const seg = segment.chord;
    const s = h.short[n % HISTORY] as Float64Array;
    const l = h.long[n % HISTORY] as Float64Array;
    const scale = h.hop / REF_HOP;
    const root = vocab.state(seg).root;
    let top = -1;
    // The leading candidate's CUSUM over its threshold (> 1 for a change; 0 for the fast path).
    let topR = 0;
    let topLong = false;
    // The held chord's own prior (≤ 0: dim, sus4) is not held against it when another root challenges
    // it (see the class comment).
    const heldPrior = -(vocab.bias[seg] as number);
    for (let k = 0; k < K; k++) {
      const same = vocab.state(k).root === root;
      // Short window: fast; a chord on the same root must lead by twice the drift (attacks brighten
      // overtones that mimic a neighbouring quality for a few frames).
      const leadS = (s[k] as number) - (s[seg] as number) - (same ? 0 : heldPrior);
      const xs = leadS - (same ? SAME_ROOT_DRIFT : 1) * o.changeDrift;
      const gs = Math.max(0, (this.cusum[k] as number) + scale * xs);
      this.cusum[k] = gs;
      this.rise[k] = leadS > 0 ? (this.rise[k] as number) + 1 : 0;
      const thr = same ? o.changeThreshold : o.rootChangeThreshold;
      if (gs > thr && gs / thr > topR) {
        topR = gs / thr;
        top = k;
        topLong = false;
      }
      if (!same) continue;
      // Long window for the same root: resolves a seventh a semitone from the root.
      const leadL = (l[k] as number) - (l[seg] as number);
      const seventh = vocab.addsSeventh(seg, k) || vocab.addsSeventh(k, seg);
      const xl = leadL - (seventh ? LONG_DRIFT : 1) * o.changeDrift;
      const gl = Math.max(0, (this.cusumLong[k] as number) + scale * xl);
      this.cusumLong[k] = gl;
      this.riseLong[k] = leadL > 0 ? (this.riseLong[k] as number) + 1 : 0;
      if (gl > o.changeThreshold && gl / o.changeThreshold > topR) {
        topR = gl / o.changeThreshold;
        top = k;
        topLong = true;
      }
    }
    if (top < 0) {
      // Fast path (FAST_THRESHOLD): the long window's same-root candidate part-way to the threshold
      // whose old notes have stopped sounding.
      let cand = -1;
      let candG = FAST_THRESHOLD * o.changeThreshold;
      for (let k = 0; k < K; k++) {
        if ((this.cusumLong[k] as number) > candG) {
          candG = this.cusumLong[k] as number;
          cand = k;
        }
      }
      if (cand >= 0) {
        const half = Math.round(h.longSeconds / 2 / h.hop);
        const from = Math.max(n - (this.riseLong[cand] as number) + 1 - half, n - HISTORY + 1, segment.start);
        if (hasStopped(this.measure(n, from - h.frames(RESTRUCK_BEFORE), seg, cand))) {
          top = cand;
          topLong = true;
        }
      }
    }
    // Without a recent onset the change must be clearer (see `onsetSeconds`).
    if (top < 0 || (!afterOnset && topR < o.noOnsetFactor)) return null;
    // The candidate has led since the frame whose window was half in the new chord: the change began
    // half a window before that.
    const half = Math.round((topLong ? h.longSeconds : h.shortSeconds) / 2 / h.hop);
    const rise = (topLong ? this.riseLong[top] : this.rise[top]) as number;
    const start = Math.max(n - rise + 1 - half, n - HISTORY + 1, segment.start);
    // The frame just before the change: reference of the re-strum test and of the residue mask.
    const before = start - h.frames(RESTRUCK_BEFORE);
    if (topLong ? segment.longCount > 0 : segment.chromaCount > 0) {
      const ring = topLong ? h.trebleLong : h.treble;
      const t0 = ring[n % HISTORY] as Float64Array;
      const t1 = ring[(n - 1) % HISTORY] as Float64Array;
      const recent = this.recent;
      for (let i = 0; i < 12; i++) recent[i] = (t0[i] as number) + (t1[i] as number);
      const moved =
        vocab.state(top).root === root
          ? notesChanged(
              recent,
              topLong ? segment.chromaLong : segment.chroma,
              vocab.pcsOf(seg),
              vocab.pcsOf(top),
              vocab.addsSeventh(top, seg),
            ) ||
            (topLong && this.seventhStopped(n, before, seg, top))
          : pearson(recent, segment.chroma) < o.moveCorrelation;
      if (!moved || isRestrike(this.measure(n, before, seg, top))) {
        // The same notes, differently balanced or struck again (an attack): not a change.
        this.reset();
        return null;
      }
    }
    return { chord: top, start, residueRef: h.semitonesAt(before, n) };
  }

  /**
   * Whether the seventh of the held chord `from` has stopped in frame `n`, chord `to` being `from`
   * without it (G7 → G): its strings keep less than FAST_KEPT of their level at frame `before`, by the
   * re-strum test's measure. In a room the chroma share test of {@link notesChanged} waits for the
   * seventh's reverberation and the noise floor to fall under a tenth of its share, which took 0.5–0.9 s
   * on the live bench's organ and piano; the note's level says it stopped ≈ 0.1–0.2 s after the change.
   */
  private seventhStopped(n: number, before: number, from: number, to: number): boolean {
    if (!this.vocab.addsSeventh(to, from)) return false;
    return hasStopped(this.measure(n, before, from, to));
  }

  /** The re-strum test's measures for frame `n` against frame `before` (null once `before` left the ring). */
  private measure(n: number, before: number, from: number, to: number): RestrikeMeasure | null {
    const then = this.history.semitonesAt(before, n);
    if (then === null) return null;
    const now = this.history.semitones[n % HISTORY] as Float32Array;
    return restrike(now, then, this.vocab.pcsOf(from), this.vocab.pcsOf(to), this.keptBins);
  }
}
