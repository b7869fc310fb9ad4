/**
 * Live chord recognition on streaming chroma: a thin composer of small named parts — the speech gate
 * (`speech-gate.ts`), the onset gate (`onset-gate.ts`), the change detector (`change-detector.ts`) with
 * its re-strum test (`restrike.ts`), the segment decision (`segment-decision.ts`) with its residue mask
 * (`residue-mask.ts`), the chord scorer (`chord-scorer.ts`) and the display's quality hold
 * (`quality-hold.ts`), over a shared vocabulary (`vocabulary.ts`) and frame history (`history.ts`) — so
 * that a held chord does not flicker, a new root shows about a tenth of a second after it is struck
 * (another quality on the same root once it has lasted {@link QUALITY_HOLD_SECONDS}), and talking shows
 * no chord. Pure module (no Node or DOM APIs).
 */
import { ChangeDetector, NO_ONSET_FACTOR, ROOT_CHANGE_THRESHOLD } from "./change-detector.js";
import { ChordScorer, LEARNED_WEIGHT, MODEL_WEIGHT } from "./chord-scorer.js";
import type { ChromaFrame } from "./chroma.js";
import { FRAME_MODEL_CLASSES, FRAME_MODEL_QUALITIES } from "./frame-features.js";
import { FrameHistory, HISTORY } from "./history.js";
import { ONSET_LEVEL, ONSET_NOVELTY, ONSET_SECONDS, OnsetGate, RELEASE_NOVELTY } from "./onset-gate.js";
import { QUALITY_FREE_SECONDS, QUALITY_HOLD_SECONDS, QualityHold } from "./quality-hold.js";
import { SegmentDecision } from "./segment-decision.js";
import { SpeechGate } from "./speech-gate.js";
import { LIVE_HARMONIC_DECAY, LiveVocabulary, SEVENTH_BIAS } from "./vocabulary.js";

export { QUALITY_HOLD_SECONDS, QualityHold } from "./quality-hold.js";
export { LIVE_QUALITIES } from "./vocabulary.js";

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
  /**
   * 0..1: with Live's frame model, its filtered probability of the displayed chord; on the template path,
   * the correlation of the frame's treble chroma with the chord's template (0 for "N").
   */
  confidence: number;
  /** True on the frame where the displayed chord changed. */
  changed: boolean;
  /** True while the recogniser judges the sound to be speech (then `chord` is "N"). */
  speech: boolean;
}

/**
 * Tuning of {@link LiveChordRecognizer}. Scores are in correlation units (a template correlation is
 * −1..1); counts of frames refer to the default hop of 1024 samples at 48 kHz (21.3 ms) and are scaled to
 * other hops.
 */
export interface LiveChordOptions {
  /** Weight of the bass chroma's share at the chord root (default 0.35). */
  bassWeight?: number;
  /** Below this RMS (linear) a frame is silent (default 0.004 ≈ −48 dBFS). */
  minRms?: number;
  /**
   * `minRms` while Live's frame model decides with only the level gates (`frameModelGates: "level"`;
   * default {@link FRAME_MODEL_MIN_RMS}).
   */
  frameModelMinRms?: number;
  /** Below this tonality (see ChromaFrame) a frame is noise (default 0.25). */
  minTonality?: number;
  /** Below this best template correlation a frame holds no chord (default 0.5). */
  minCorrelation?: number;
  /** Consecutive frames without a chord before "N" is displayed (default 4, ≈ 85 ms). */
  releaseFrames?: number;
  /** Frames a chord must be heard after silence before it is displayed (default 4: one short window). */
  confirmFrames?: number;
  /** CUSUM drift: the per-frame score lead over the segment's chord that counts as no change (default 0.15). */
  changeDrift?: number;
  /** CUSUM threshold on the accumulated lead that declares a change to another quality on the same root (default 0.4). */
  changeThreshold?: number;
  /** CUSUM threshold on the accumulated lead that declares a change to another root (default ROOT_CHANGE_THRESHOLD). */
  rootChangeThreshold?: number;
  /** A change needs the chroma to have moved: correlation with the segment's chroma below this (default 0.85). */
  moveCorrelation?: number;
  /** Seconds after a change during which the decision may still be refined with a small margin (default 0.3). */
  settleSeconds?: number;
  /** Evidence lead that refines the decision while it settles (default 0.03). */
  margin?: number;
  /** Evidence lead that replaces the displayed chord once it has settled (default 0.1). */
  heldMargin?: number;
  /** Time constant of the held chord's evidence average, seconds (default 0.5). */
  evidenceSeconds?: number;
  /** Speech share above which the sound is judged speech (default 0.3; see {@link SpeechGate}). */
  speechOn?: number;
  /** Speech share below which speech has ended (default 0.2). */
  speechOff?: number;
  /** Added to the score of four-note chords (7, maj7, m7) (default SEVENTH_BIAS, 0). */
  seventhBias?: number;
  /** Added to the score of dim and sus4 (default: the engine's template bias). */
  rareBias?: number;
  /** The chord templates' amplitude decay per harmonic, in [0, 1] (default LIVE_HARMONIC_DECAY, 0.45). */
  harmonicDecay?: number;
  /**
   * Weight of the learned chord model's evidence on the long window, correlation units per nat (default
   * MODEL_WEIGHT; 0 = templates only). See {@link ChordScorer}.
   */
  modelWeight?: number;
  /**
   * Weight of the engine's chord model's evidence (`models/chords.onnx` on the sliding window, see
   * {@link LiveChordRecognizer.setLearned}) when it is given, correlation units per nat (default
   * LEARNED_WEIGHT). It then replaces the built-in model's.
   */
  learnedWeight?: number;
  /**
   * Spectral novelty (`ChromaFrame.novelty`) that marks an onset: new notes struck or sounding (default
   * ONSET_NOVELTY). See {@link LiveChordOptions.onsetSeconds}.
   */
  onsetNovelty?: number;
  /**
   * Once a chord is displayed, the display changes to another chord only within this many seconds after
   * an onset (default ONSET_SECONDS), or on evidence `noOnsetFactor` times clearer. A chord changes when
   * notes start or stop: a decaying or reverberating chord, whose balance drifts as its partials die away,
   * is held.
   */
  onsetSeconds?: number;
  /**
   * An onset must also be at least this share of the loudest frame (RMS) of the current segment
   * (default ONSET_LEVEL): in a decaying chord the relative novelty of room noise and reverberation rises
   * as the level falls, but new notes come back up towards the level the chord was struck at.
   */
  onsetLevel?: number;
  /**
   * How much clearer a change must be without an onset in the last `onsetSeconds` (default NO_ONSET_FACTOR):
   * the change test's threshold and the held chord's replacement margin are multiplied by it. A chord
   * mostly changes when new notes are played; one whose notes stop (an organist lifting the seventh) still
   * changes, on clearer evidence, while a decaying chord's drifting balance does not.
   */
  noOnsetFactor?: number;
  /**
   * Relative release of the spectrum (notes stopping; see `release`) that also counts as an onset (default
   * RELEASE_NOVELTY): a chord changes when notes stop as well as when new ones start.
   */
  releaseNovelty?: number;
  /**
   * Seconds a new quality on the displayed chord's root must persist before it is shown (default
   * QUALITY_HOLD_SECONDS; 0 = at once). See {@link QualityHold}.
   */
  qualityHoldSeconds?: number;
  /**
   * Seconds after the display's root changed during which another quality on that root is shown at once
   * (default QUALITY_FREE_SECONDS): the first frames after a change still hear the previous chord ringing,
   * and correcting the quality they suggested is part of showing the new chord.
   */
  qualityFreeSeconds?: number;
  /**
   * Which of the recogniser's gates stand while Live's frame model decides (see
   * {@link LiveChordRecognizer.setFrameDecision}): "level" (default) — only silence (`minRms`) and speech,
   * leaving noise, drums and anything else that is not a chord to the model's own "no chord" class (it was
   * trained on drum kits, noise and talk as "no chord" and on band songs as chords); "all" — also the
   * tonality and best-template gates of the template path. Chosen on the validation folders
   * (PROVENANCE.md, "Band songs in the frame model's training").
   */
  frameModelGates?: "all" | "level";
}

/**
 * Silence floor (linear RMS, ≈ −60 dBFS) while Live's frame model decides with only the level gates: the
 * model calls noise, drums and talk "no chord" itself, so the gate need only catch silence, and at the
 * template path's 0.004 a held piano chord decaying was shown as "no chord" while it still sounded.
 * Chosen on the five instrument validation folders, the non-music and the band validation folders by a
 * rule set before the sweep (PROVENANCE.md, "Live's silence floor with the frame model").
 */
export const FRAME_MODEL_MIN_RMS = 0.001;

/**
 * {@link LiveChordOptions} with every default filled in. The defaults were chosen as each part's
 * constant documents (most on the validation folder of sampled instruments: see `onset-gate.ts`).
 */
export function liveChordDefaults(options: LiveChordOptions = {}): Required<LiveChordOptions> {
  return {
    bassWeight: options.bassWeight ?? 0.35,
    minRms: options.minRms ?? 0.004,
    frameModelMinRms: options.frameModelMinRms ?? FRAME_MODEL_MIN_RMS,
    minTonality: options.minTonality ?? 0.25,
    minCorrelation: options.minCorrelation ?? 0.5,
    releaseFrames: options.releaseFrames ?? 4,
    confirmFrames: options.confirmFrames ?? 4,
    changeDrift: options.changeDrift ?? 0.15,
    changeThreshold: options.changeThreshold ?? 0.4,
    rootChangeThreshold: options.rootChangeThreshold ?? ROOT_CHANGE_THRESHOLD,
    moveCorrelation: options.moveCorrelation ?? 0.85,
    settleSeconds: options.settleSeconds ?? 0.3,
    margin: options.margin ?? 0.03,
    heldMargin: options.heldMargin ?? 0.1,
    evidenceSeconds: options.evidenceSeconds ?? 0.5,
    speechOn: options.speechOn ?? 0.3,
    speechOff: options.speechOff ?? 0.2,
    seventhBias: options.seventhBias ?? SEVENTH_BIAS,
    rareBias: options.rareBias ?? Number.NaN,
    harmonicDecay: options.harmonicDecay ?? LIVE_HARMONIC_DECAY,
    modelWeight: options.modelWeight ?? MODEL_WEIGHT,
    learnedWeight: options.learnedWeight ?? LEARNED_WEIGHT,
    onsetNovelty: options.onsetNovelty ?? ONSET_NOVELTY,
    onsetSeconds: options.onsetSeconds ?? ONSET_SECONDS,
    onsetLevel: options.onsetLevel ?? ONSET_LEVEL,
    noOnsetFactor: options.noOnsetFactor ?? NO_ONSET_FACTOR,
    releaseNovelty: options.releaseNovelty ?? RELEASE_NOVELTY,
    qualityHoldSeconds: options.qualityHoldSeconds ?? QUALITY_HOLD_SECONDS,
    qualityFreeSeconds: options.qualityFreeSeconds ?? QUALITY_FREE_SECONDS,
    frameModelGates: options.frameModelGates ?? "level",
  };
}

/**
 * Strum attacks (see {@link LiveChordRecognizer}): a frame at least ATTACK_LEVEL × the chord's level —
 * the peak RMS of the frames that held a chord, decaying with time constant ATTACK_HOLD_SECONDS (seconds)
 * — while one is displayed, is scored from ATTACK_TONALITY (not `minTonality`), and release to "N" takes
 * ATTACK_RELEASE × `releaseFrames` of such frames.
 */
const ATTACK_HOLD_SECONDS = 0.5;
const ATTACK_LEVEL = 0.5;
const ATTACK_TONALITY = 0.12;
const ATTACK_RELEASE = 2;

/**
 * Streaming chord recogniser (one call per chroma frame): composes the parts, each documented and
 * tested on its own —
 *   - {@link ChordScorer} scores each frame's short and long window against the chord templates (with
 *     the learned model's evidence on the long one) into the shared {@link FrameHistory};
 *   - {@link SpeechGate} judges whether the sound is talk (then the display is "N");
 *   - {@link OnsetGate} notes when notes last started or stopped;
 *   - {@link ChangeDetector} cuts the sound into segments at harmonic changes (CUSUM tests, guarded by
 *     the chroma, the re-strum test of `restrike.ts` and the onset gate);
 *   - {@link SegmentDecision} accumulates each segment's evidence (through its residue mask) and picks
 *     its chord and the chord to display;
 *   - {@link QualityHold} holds back another quality on the displayed root until it has lasted.
 *
 * The composer itself owns the frame count and clock, the chord to display before the quality hold, the
 * release to "N" and the attack level:
 *
 * **No chord.** Silence (`minRms`), noise (`minTonality`) and frames that match no chord
 * (`minCorrelation`) release to "N" after `releaseFrames`; speech at once.
 *
 * **Attacks.** A plucked string's bridge force is a sharp pulse, so a strum's first 40–90 ms — the old
 * chord's strings damped, the new ones starting mid-window — spreads over the spectrum: tonality falls
 * to ≈ 0.1–0.2 on the live bench's plucked guitar, under `minTonality`, for three or four frames, which
 * released the display to "N" between two chords. Room noise after the music stops is quieter than the
 * chord; an attack is not. So a frame at least half as loud as the chord's recent peak is still
 * scored from tonality 0.12, and while frames stay that loud the release takes twice `releaseFrames`.
 *
 * **Limits.** Distinctions a semitone apart in the middle register — major ↔ minor on one root, a major
 * seventh under the root — need the long window, so those changes can show after ≈ 150–250 ms rather than
 * ≈ 100 ms, and a seventh added to a triad on the same root after ≈ 0.2–0.5 s. The engine's prior
 * against dim and sus4 (−0.12) can hold a dim chord as minor.
 */
export class LiveChordRecognizer {
  private readonly o: Required<LiveChordOptions>;
  private readonly vocab: LiveVocabulary;
  private readonly history: FrameHistory;
  private readonly scorer: ChordScorer;
  private readonly speech: SpeechGate;
  private readonly onsets: OnsetGate;
  private readonly detector: ChangeDetector;
  private readonly segment: SegmentDecision;
  /** The display's quality hold over `current`. */
  private readonly hold: QualityHold;
  private frameNo = -1;
  private lastTime = Number.NaN;
  /** The chord to display before the quality hold (−1 = none). */
  private current = -1;
  /** Consecutive frames without a chord. */
  private quiet = 0;
  /** The chord's level: peak RMS of the frames that held a chord, decaying (ATTACK_HOLD_SECONDS). */
  private chordRms = 0;
  /** The chord index displayed (after the quality hold). */
  private shown = -1;
  /**
   * The learned frame model's decision ({@link setFrameDecision}): a vocabulary index, −1 for its "no
   * chord", null when the template path decides.
   */
  private frameChord: number | null = null;
  private frameConfidence = 0;
  /** Vocabulary index of each frame-model class (−1 for "no chord"). */
  private readonly frameClassIndex: Int32Array;

  /** @param options tuning (see {@link LiveChordOptions}; defaults from {@link liveChordDefaults}). */
  constructor(options: LiveChordOptions = {}) {
    this.o = liveChordDefaults(options);
    this.vocab = new LiveVocabulary(this.o);
    this.history = new FrameHistory(this.vocab.size);
    this.scorer = new ChordScorer(this.vocab, this.o);
    this.speech = new SpeechGate(this.o);
    this.onsets = new OnsetGate(this.o);
    this.detector = new ChangeDetector(this.vocab, this.history, this.o);
    this.segment = new SegmentDecision(this.vocab, this.history, this.scorer, this.o);
    this.hold = new QualityHold(
      (k) => this.vocab.rootOf(k),
      this.o.qualityHoldSeconds,
      this.o.qualityFreeSeconds,
    );
    this.frameClassIndex = new Int32Array(FRAME_MODEL_CLASSES).fill(-1);
    for (let k = 0; k < this.vocab.size; k++) {
      const st = this.vocab.state(k);
      const q = (FRAME_MODEL_QUALITIES as readonly string[]).indexOf(st.harte);
      if (q >= 0) this.frameClassIndex[1 + q * 12 + st.root] = k;
    }
  }

  /**
   * Let Live's learned frame model decide the chord from the next frame on: `frameClass` is its filtered
   * decision (`FrameDecision`; 0 = no chord, quality q on root r at 1 + q·12 + r) and `confidence` its
   * probability. Silence and speech still show "N" (and, with `frameModelGates: "all"`, the template
   * path's tonality and template gates too). null goes back to the template path (its segment starts
   * afresh).
   */
  setFrameDecision(frameClass: number | null, confidence = 0): void {
    if (frameClass === null) {
      if (this.frameChord !== null) this.endSegment();
      this.frameChord = null;
      return;
    }
    this.frameChord = this.frameClassIndex[frameClass] ?? -1;
    this.frameConfidence = confidence;
  }

  /** Forget the displayed chord, the segment and the speech state (e.g. when listening restarts). */
  reset(): void {
    this.frameNo = -1;
    this.lastTime = Number.NaN;
    this.onsets.reset();
    this.hold.reset();
    this.shown = -1;
    this.history.reset();
    this.current = -1;
    this.endSegment();
    this.quiet = 0;
    this.speech.reset();
    this.chordRms = 0;
    this.scorer.setLearned(null);
    this.frameChord = null;
  }

  /**
   * The engine's chord model's 97 log-probabilities for the newest segment of Live's sliding window
   * (`LiveChordWindow`), read by every frame from now on (see `ChordScorer.setLearned`); null: the
   * built-in model again.
   */
  setLearned(logProbs: ArrayLike<number> | null): void {
    this.scorer.setLearned(logProbs);
  }

  /** Score one chroma frame (frames in stream order, one per hop) and return the chord to display. */
  next(frame: ChromaFrame): LiveChordFrame {
    const o = this.o;
    const history = this.history;
    if (frame.time > this.lastTime) history.hop = frame.time - this.lastTime;
    this.lastTime = frame.time;
    const n = ++this.frameNo;
    const slot = n % HISTORY;
    // While the frame model decides with the level gates only, silence is judged by its own floor.
    const levelGates = this.frameChord !== null && o.frameModelGates === "level";
    const minRms = levelGates ? o.frameModelMinRms : o.minRms;
    const voiced = frame.rms >= minRms && frame.tonality >= o.minTonality;
    history.store(n, frame, voiced);
    const speaking = this.speech.update(frame, n, voiced, history);
    this.onsets.observe(frame);

    // A frame about as loud as the chord on display is an attack, not the end of the sound (see the
    // class comment): a lower tonality suffices and the release takes longer.
    const attack = this.current >= 0 && frame.rms >= minRms && frame.rms >= ATTACK_LEVEL * this.chordRms;
    const tonal = voiced || (attack && frame.tonality >= ATTACK_TONALITY);
    let chordLike: boolean;
    if (levelGates) {
      // Only silence and speech gate; the templates are still scored (the history keeps their windows).
      this.score(frame, slot);
      chordLike = frame.rms >= minRms && !speaking;
    } else chordLike = tonal && !speaking && this.score(frame, slot);
    if (!chordLike) {
      const release = history.frames(o.releaseFrames) * (attack ? ATTACK_RELEASE : 1);
      if (++this.quiet >= release || speaking) {
        this.current = -1;
        this.endSegment();
      }
      return this.emit(frame.time, 0);
    }
    this.quiet = 0;
    this.chordRms = Math.max(frame.rms, this.chordRms * Math.exp(-history.hop / ATTACK_HOLD_SECONDS));
    if (this.frameChord !== null) {
      this.current = this.frameChord;
      return this.emit(frame.time, this.current >= 0 ? this.frameConfidence : 0);
    }
    const segment = this.segment;
    segment.hear(n);
    const afterOnset = this.onsets.after(frame.time);
    const change = segment.chord >= 0 ? this.detector.detect(n, segment, afterOnset) : null;
    if (change !== null) {
      // A new segment, rebuilt from the history including this frame.
      const prev = segment.chord;
      this.endSegment();
      segment.restart(change.chord, change.start, prev, change.residueRef, n);
    } else {
      segment.accumulate(n);
    }
    this.current = segment.decide(n, this.current, afterOnset);
    return this.emit(
      frame.time,
      this.current >= 0 ? Math.max(0, this.scorer.corr[this.current] as number) : 0,
    );
  }

  /** Score frame `n`'s windows into its history slot; false when it holds no chord. */
  private score(frame: ChromaFrame, slot: number): boolean {
    const h = this.history;
    h.setWindows(frame);
    return this.scorer.score(
      frame,
      h.short[slot] as Float64Array,
      h.longPlain[slot] as Float64Array,
      h.long[slot] as Float64Array,
    );
  }

  /** End the segment: its evidence, the change detector's statistics and the onset gate's level. */
  private endSegment(): void {
    this.onsets.segmentEnded();
    this.segment.end();
    this.detector.reset();
  }

  private emit(time: number, confidence: number): LiveChordFrame {
    const was = this.shown;
    // The frame model's filter holds chords itself; the quality hold is the template path's.
    this.shown = this.frameChord !== null ? this.current : this.hold.next(this.current, time);
    const st = this.shown >= 0 ? this.vocab.state(this.shown) : undefined;
    return {
      time,
      chord: st ? st.name : "N",
      root: st ? st.root : -1,
      quality: st ? st.harte : "N",
      confidence:
        this.shown === this.current ? confidence : Math.max(0, this.scorer.corr[this.shown] as number),
      changed: was !== this.shown,
      speech: this.speech.speaking,
    };
  }
}
