/**
 * Live chord recognition on streaming chroma: change detection gated by onsets, a per-segment decision,
 * a speech gate and the display's quality hold ({@link QualityHold}), so that a held chord does not
 * flicker, a new root shows about a tenth of a second after it is struck (another quality on the same root
 * once it has lasted {@link QUALITY_HOLD_SECONDS}), and talking shows no chord. Pure module (no Node or
 * DOM APIs).
 */
import { CHORD_MODEL_QUALITIES, chordModelLogProbs } from "../chord-model.js";
import { CHORD_MODEL_WEIGHTS } from "../chord-model-weights.js";
import { type ChordState, chordVocabulary } from "../chords.js";
import { N_PITCH, PITCH_LO } from "../features.js";
import { corrRot } from "../key.js";
import type { ChromaFrame } from "./chroma.js";

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
  /** CUSUM threshold on the accumulated lead that declares a change (default 0.4). */
  changeThreshold?: number;
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
  /** Speech share above which the sound is judged speech (default 0.3; see {@link LiveChordRecognizer}). */
  speechOn?: number;
  /** Speech share below which speech has ended (default 0.2). */
  speechOff?: number;
  /** Added to the score of four-note chords (7, maj7, m7) (default SEVENTH_BIAS, 0). */
  seventhBias?: number;
  /** Added to the score of dim and sus4 (default: the engine's template bias). */
  rareBias?: number;
  /**
   * Weight of the learned chord model's evidence on the long window, correlation units per nat (default
   * MODEL_WEIGHT; 0 = templates only). See {@link LiveChordRecognizer}.
   */
  modelWeight?: number;
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
}

/**
 * The display's hold on the chord's quality: a chord on another root (or silence, or the first chord) is
 * shown at once, but another quality on the same root (C → C7, C → Cm, C → Csus4) only once the recogniser
 * has kept it for `holdSeconds` without a break. Sampled instruments and rooms sway the balance between a
 * chord's notes and their overtones from strum to strum, and most changes the display made while a chord
 * was held were such same-root swaps; a musician changes quality on a root far less often than roots, and
 * then holds the new chord. Pure: fed one decision per frame.
 */
export class QualityHold {
  private shown = -1;
  private pending = -1;
  private pendingSince = 0;
  /** Stream time the displayed root was first shown, seconds. */
  private rootSince = Number.NEGATIVE_INFINITY;

  /**
   * @param rootOf root pitch class (0–11) of a chord index, −1 for none.
   * @param holdSeconds the persistence asked of a same-root change, seconds (≥ 0).
   * @param freeSeconds how long after a root is first shown its quality may still change at once, s (≥ 0).
   */
  constructor(
    private readonly rootOf: (chord: number) => number,
    private readonly holdSeconds: number,
    private readonly freeSeconds = 0,
  ) {}

  /**
   * The chord to display after a frame.
   * @param decided the recogniser's chord index after the frame (−1 = no chord).
   * @param time stream time of the frame, seconds (non-decreasing).
   * @returns the chord index to display.
   */
  next(decided: number, time: number): number {
    if (decided === this.shown) {
      this.pending = -1;
      return this.shown;
    }
    const sameRoot = decided >= 0 && this.shown >= 0 && this.rootOf(decided) === this.rootOf(this.shown);
    if (!sameRoot || time - this.rootSince < this.freeSeconds) {
      if (!sameRoot) this.rootSince = time;
      this.shown = decided;
      this.pending = -1;
      return decided;
    }
    if (decided !== this.pending) {
      this.pending = decided;
      this.pendingSince = time;
    }
    if (time - this.pendingSince >= this.holdSeconds) {
      this.shown = decided;
      this.pending = -1;
    }
    return this.shown;
  }

  /** Forget the displayed chord. */
  reset(): void {
    this.shown = -1;
    this.pending = -1;
    this.rootSince = Number.NEGATIVE_INFINITY;
  }
}

/** Family of each live quality: the triad it extends (0 major, 1 minor, 2 dim, 3 sus4). */
const FAMILY_OF: Record<string, number> = { maj: 0, "7": 0, maj7: 0, min: 1, min7: 1, dim: 2, sus4: 3 };
/** Family of each of the learned model's qualities (its half-diminished seventh extends dim). */
const MODEL_FAMILY = CHORD_MODEL_QUALITIES.map((q) => (q === "hdim7" ? 2 : (FAMILY_OF[q] as number)));
/**
 * Weight of the learned chord model's log-probability (nats) added to the long window's scores
 * (correlation units): a product of experts with the templates (Hinton, Neural Computation 2002), as in
 * the offline engine. The one constant of the model path chosen on evaluation data: on `bench:live:real`
 * (Beatles) 0.02 / 0.03 raise majmin from 0.393 to 0.416 / 0.428, but 0.03 makes the synthetic guitar
 * of `bench:live` change held chords in the room 1.04 times a minute (target ≤ 1; 0.83 at 0.02 as
 * without the model).
 */
const MODEL_WEIGHT = 0.02;
/** Lowest model log-probability counted, nats: one implausible frame does not veto a chord. */
const MODEL_FLOOR = -8;
/*
 * The onset gate and the quality hold were chosen on the validation folder of sampled instruments
 * (`bench/make-live-folder.ts --seed-offset 1`: other keys, progressions, tempi, strums and rooms than the
 * dev folder the README reports): onset novelty {0.05, 0.1, 0.15} × window {0.3, 0.5, 0.8} s × level
 * {0.2, 0.3, 0.5}, hold {0.2, 0.4, 0.7, 1.0} s, free window {0, 0.3, 0.6, 1.0} s, factor {2, 3, 5, ∞},
 * release {0.05, 0.1, 0.2}: values in the middle of the flat region of fewest false changes a minute with
 * majmin no lower. There: false changes 22.7 → 9.3 a minute, majmin 0.918 → 0.937, sevenths 0.839 →
 * 0.854, latency median 123 ms unchanged. Where two values tied (free window, release) the one the unit
 * tests' musical cases need was taken: a wrong first quality corrected at once after a change, and a
 * reverberant note of a five-note chord falling to 0.15 of its level counted as a release. A seventh bias
 * of −0.1 scored better there (sevenths 0.872) but hid a strummed Cmaj7 of the unit tests: the folder holds
 * five seventh chords in 31, too few to judge sevenths, so the bias stays 0.
 */
/** Default {@link LiveChordOptions.onsetNovelty}. */
const ONSET_NOVELTY = 0.1;
/** Default {@link LiveChordOptions.onsetSeconds}. */
const ONSET_SECONDS = 0.5;
/** Default {@link LiveChordOptions.onsetLevel}. */
const ONSET_LEVEL = 0.3;
/** Default {@link LiveChordOptions.noOnsetFactor}. */
const NO_ONSET_FACTOR = 5;
/** Default {@link LiveChordOptions.releaseNovelty}. */
const RELEASE_NOVELTY = 0.1;
/** Default {@link LiveChordOptions.qualityHoldSeconds}, seconds. */
export const QUALITY_HOLD_SECONDS = 0.4;
/** Default {@link LiveChordOptions.qualityFreeSeconds}. */
const QUALITY_FREE_SECONDS = 0.3;
/** Default {@link LiveChordOptions.seventhBias} (see above). */
const SEVENTH_BIAS = 0;

/** Frames of history kept for re-deciding after a change (≈ 1 s at the default hop). */
const HISTORY = 48;
/** The hop the frame counts and per-frame constants of {@link LiveChordOptions} refer to, seconds. */
const REF_HOP = 1024 / 48000;
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
/** Drift of the short-window change test for a chord on the same root, × `changeDrift`. */
const SAME_ROOT_DRIFT = 1.5;
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
/** A frame's chroma correlating below this with the chroma one short window earlier is unsteady. */
const UNSTEADY = 0.5;
/** Time constant of the speech share, seconds. */
const SPEECH_SECONDS = 0.5;
/**
 * Speech also needs this share of low-energy frames (RMS under half the mean of the last second): talk
 * pauses between syllables and phrases, music with singing hardly ever does (Scheirer & Slaney, ICASSP
 * 1997, "percentage of low-energy frames"). Over one-second windows the live bench's talking voices
 * hold 0.09–0.5 (10th–90th percentile), Beatles recordings 0–0.2 with a median of 0.
 */
const LOW_ENERGY = 0.1;
/**
 * Seconds without a low-energy frame after which the sound is no longer judged speech: talk pauses at
 * least between phrases. (2 s: 0.324 of majmin on `bench:live:real` against 0.300 with 3 s; speech shown
 * as "N" on the live bench unchanged, 0.987.)
 */
const PAUSE_GAP = 2;
/**
 * Speech also needs its peaks to glide: the average (time constant HELD_SECONDS) of the frames' share of
 * peak amplitude held at its pitch since the previous frame (ChromaFrame `steadiness`) under this. Over
 * sounding frames it is ≈ 0.45 (0.33–0.59, 10th–90th percentile) for the live bench's talking voices, clean
 * or in the room, ≈ 0.6–0.75 for Beatles recordings (10th percentiles 0.48–0.67) and ≈ 0.9 for strummed
 * chords: an instrument holds its notes, and so, mostly, does a singer.
 */
const HELD_PEAKS = 0.55;
/** Time constant of the held-peak average, seconds (0.25: talk right after a chord is judged speech soon). */
const HELD_SECONDS = 0.25;
/**
 * The held-peak average must have been under HELD_PEAKS within this many seconds, not at the same frame
 * as the other tests (they build up at different speeds when talk starts).
 */
const GLIDE_RECENT = 0.5;
/**
 * Re-strum test (see the class comment): a change is an attack of the held chord when the strings of the
 * held chord's notes that the candidate lacks keep more than this share of their level from before the
 * change…
 */
const RESTRUCK_KEPT = 0.65;
/** …and the notes the candidate adds less than this gain over their level before the change. */
const RESTRUCK_GAIN = 2.5;
/**
 * Reference frame of the re-strum test: this many reference hops before the estimated start of the
 * change. The estimate lags the change by about one hop (the lead shows once a window is partly in the
 * new chord), so this frame's window ends before the change.
 */
const RESTRUCK_BEFORE = 2;
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
/** See FAST_THRESHOLD. */
const FAST_KEPT = 0.3;
/**
 * Strum attacks (see the class comment): a frame at least ATTACK_LEVEL × the chord's level — the peak RMS
 * of the frames that held a chord, decaying with time constant ATTACK_HOLD_SECONDS — while one is
 * displayed, is scored from ATTACK_TONALITY (not `minTonality`), and release to "N" takes
 * ATTACK_RELEASE × `releaseFrames` of such frames.
 */
const ATTACK_HOLD_SECONDS = 0.5;
const ATTACK_LEVEL = 0.5;
const ATTACK_TONALITY = 0.12;
const ATTACK_RELEASE = 2;
/**
 * Partials whose level stands for a string's in the re-strum test, semitones above its fundamental:
 * harmonics 1–6 and 8 (the 7th lies a third of a semitone flat of any pitch). One partial's level varies
 * several-fold from one pluck to the next — with where the string is plucked (near a node of that
 * harmonic it vanishes), and for a Karplus–Strong string excited by noise (the bench's stress guitar) at
 * random (each harmonic's amplitude is then Rayleigh-distributed: 5–95 % of plucks within ×0.27–2.1 of
 * the median) — while their sum, the string's energy, varies far less.
 */
const STRING_PARTIALS = [0, 12, 19, 24, 28, 31, 36] as const;
/** A pitch of a held note counts as a string's fundamental from this share of the loudest (−20 dB). */
const STRING_FLOOR = 0.1;

/** Pearson correlation of two 12-bin vectors (0 when either is constant): the key stage's, unrotated. */
function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return corrRot(a, b, 0);
}

/**
 * Streaming chord recogniser (one call per chroma frame).
 *
 * **Scores.** Chord c's score on a window: the Pearson correlation of the treble chroma with c's harmonic
 * template (the engine's {@link chordVocabulary}, Gómez 2006) plus `bassWeight` × the bass chroma's
 * share at c's root plus the template's prior bias. Each frame is scored on the short window (fast) and
 * on the long one (whose finer resolution separates a seventh from the root a semitone away).
 *
 * **Segments.** The sound is cut into segments at harmonic changes, found by a CUSUM test (Page,
 * "Continuous inspection schemes", Biometrika 1954) per chord on the frame's short-window score lead over
 * the segment's chord: g ← max(0, g + lead − `changeDrift`), a change when g exceeds `changeThreshold`.
 * A short burst of another chord's evidence — the bright attack of a re-strum, a string ringing out —
 * does not accumulate; a real change does within three or four frames. A change must also show in the
 * chroma of the last two frames: for another root, its correlation with the segment's chroma falls below
 * `moveCorrelation` (a harmonic change in the sense of Harte, Sandler & Gasser, ACM AMCMM 2006); for the
 * same root (major ↔ minor, a seventh added or dropped), whose drift is 1.5 × `changeDrift`, the notes the
 * new chord lacks lost half their share of the chroma, or the notes it adds doubled theirs — an attack
 * brightens overtones but keeps every sounding note, so re-strumming a chord never starts a segment. A
 * second CUSUM on the long window (no chroma test) catches same-root changes too slight for the short
 * one (with the same note test on the long window's chroma); for a seventh added to or dropped from a
 * held triad, which moves its chord's score by only ≈ 0.1–0.2, its drift is half `changeDrift`, and a
 * dropped seventh must have stopped, rather than sounded softer at a re-strum: fallen to a tenth of its
 * share, or its strings to under 0.3 of their level (in a room its reverberation and the noise floor
 * hold its share up for 0.5–0.9 s). When the held chord's notes that such a candidate lacks have
 * stopped — their strings keep under 0.3 of their level, by the re-strum test's measure — the long test
 * decides at a quarter of its threshold (FAST_THRESHOLD).
 *
 * **Re-strums.** A re-strum can also read as another chord for a few frames in the chroma: a bright
 * attack, or the low strings' 3rd, 5th and 7th harmonics, can outweigh the chord's upper notes (a held
 * Cdim reads as C, an Edim as A#7). What tells it from a change is the absolute semitone spectrum: a
 * re-strum strikes the held chord's strings again, while a change damps the notes the new chord lacks.
 * So a change (on either window) is refused when, compared with the frame just before it began, the
 * strings of the held chord's notes that the candidate lacks keep more than 0.65 of their level and the
 * candidate's added notes gain less than 2.5× (a real change whose old notes ring on, legato or with
 * open strings, still passes on its new notes). A string's level is read over its first partials, not
 * its fundamental alone, since one partial's level varies several-fold from pluck to pluck; levels are
 * projected on their amplitudes before, so that what sounds anew (the new chord's harmonics) does not
 * count. This is the energy counterpart of the onset detectors' spectral difference (Bello et al., IEEE
 * TSAP 2005) taken per string.
 *
 * **Decision.** A new segment starts half a window before the frame from which the new chord led (the
 * frame whose window was half in it). Its triad — root and family: major (maj, 7, maj7), minor (m, m7),
 * dim, sus4 — is the best mean score over the frames whose window lies at least 75 % inside the segment:
 * short-window frames first (≈ 70 ms after the change), then long-window ones as soon as there are any
 * (≈ 100 ms with the default 128 ms long window), averaged with an `evidenceSeconds` time constant; the
 * first long frame is weighed half against the short frames' mean (LONG_RAMP). The variant within the
 * family is read from the long window as soon as it lies 60 % inside the segment (≈ 80 ms), since only
 * its resolution separates a seventh from the root; until that window lies 75 % inside, it may only add
 * a seventh, and one the previous chord held only if that note still sounds (struck again). While the
 * segment settles the display follows the evidence with a small `margin`; later only a `heldMargin` lead
 * replaces it — hysteresis in time and score, so a held chord does not flicker between its variants
 * (C ↔ Cmaj7, Am ↔ Am7), while a new chord shows as soon as its evidence is clear.
 *
 * **Reverberation of the previous chord.** In a room the previous chord's notes ring on in the
 * reverberation for a few hundred milliseconds, and a neighbour of the new chord that holds them reads
 * first (A7 → F#sus4 showed F#m for ≈ 0.2 s, its A from the reverberation). So while a segment's evidence
 * accumulates, each pitch class of the previous chord whose pitches have all fallen below 0.3 of their
 * amplitude just before the change — a stopped note, while a note held or struck again keeps its level
 * — has its chroma scaled by that share / 0.3 before the frame is scored. On the live bench's room this
 * took the organ's changes slower than 150 ms from 26 to 19 of 504.
 *
 * **Priors of a held chord.** The template prior (−0.12 for dim and sus4) is a prior on which chord a
 * new segment is, not on whether a chord already heard goes on: once a segment is labelled, the held
 * chord's prior is left out of the short-window change test against chords on other roots and out of
 * the `heldMargin` comparison after it has settled. Otherwise a held dim or sus4 chord starts 0.12 behind
 * its neighbours, and a re-strum whose low string's 3rd, 5th and 7th harmonics (a fifth, a major third
 * and a minor seventh above it) briefly outweigh the chord's upper notes reads as a change (Edim → A#7,
 * Esus4 → G#dim → E7). Changes on the same root keep the prior, so Dsus4 → D7 is as quick as before.
 *
 * **No chord.** Silence, noise (low tonality) and frames that match no chord release to "N" after
 * `releaseFrames`. Speech is rejected by its unsteady pitch: a voice glides, so its chroma one short
 * window apart correlates poorly, where a held chord's stays the same except for the few frames of a
 * change. The speech share — the exponential average (0.5 s) over pitched frames of "chroma correlation
 * with the frame one short window earlier below 0.5" — is ≈ 0–0.15 for chords changing every second or
 * two and ≈ 0.5–0.9 for talking. But a band with a singer also reads 0.2–0.7 (the voice, and drums,
 * move the chroma), so speech also needs pauses — a tenth of the last second's frames under half its
 * mean RMS (LOW_ENERGY), which talk has and music with singing seldom has — and gliding peaks: under 0.55
 * of the spectral peaks' amplitude held at its pitch from one frame to the next, on average (HELD_PEAKS;
 * instruments and singers hold notes). Above `speechOn` with both, the display is "N" until the share
 * falls below `speechOff` or the pauses stop for 2 s. (Held pitches and the low-energy share separate
 * speech from music in Scheirer & Slaney, ICASSP 1997.) With the unsteady chroma alone, live mode showed
 * no chord for most of the Beatles songs of the evaluation set (`bench:live:real`: chord recall majmin
 * 0.104; 0.324 with the pause test, 0.373 with both). Chords changed faster than every ≈ 0.3 s would
 * read as speech.
 *
 * **Attacks.** A plucked string's bridge force is a sharp pulse, so a strum's first 40–90 ms — the old
 * chord's strings damped, the new ones starting mid-window — spreads over the spectrum: tonality falls
 * to ≈ 0.1–0.2 on the live bench's plucked guitar, under `minTonality`, for three or four frames, which
 * released the display to "N" between two chords. Room noise after the music stops is quieter than the
 * chord; an attack is not. So a frame at least half as loud as the chord's recent peak is still
 * scored from tonality 0.12, and while frames stay that loud the release takes twice `releaseFrames`.
 *
 * **Learned evidence.** The long window's scores also hold MODEL_WEIGHT × the log-probability that the
 * offline engine's chord model (`chord-model.ts`, trained on POP909 rendered to audio; provenance in
 * PROVENANCE.md) gives the chord's family on its root from the window's treble and bass chroma (see
 * `modelEvidence`). It knows how pop songs' bass lines and voicings sit under their chords, which the
 * templates do not.
 *
 * **Limits.** Distinctions a semitone apart in the middle register — major ↔ minor on one root, a major
 * seventh under the root — need the long window, so those changes can show after ≈ 150–250 ms rather than
 * ≈ 100 ms, and a seventh added to a triad on the same root after ≈ 0.2–0.5 s. The engine's prior
 * against dim and sus4 (−0.12) can hold a dim chord as minor.
 */
export class LiveChordRecognizer {
  private readonly vocab: ChordState[];
  private readonly o: Required<LiveChordOptions>;
  private readonly bias: Float64Array;
  private readonly K: number;
  // Per-frame history (ring of HISTORY frames).
  private readonly hShort: Float64Array[];
  private readonly hLong: Float64Array[];
  /** The long window's scores without the learned model's evidence (provisional decisions). */
  private readonly hLongPlain: Float64Array[];
  private readonly hTreble: Float64Array[];
  private readonly hTrebleLong: Float64Array[];
  private readonly hVoiced: Uint8Array;
  private readonly hSemitones: Float32Array[];
  private readonly hBass: Float64Array[];
  private readonly hBassLong: Float64Array[];
  /** Semitone spectrum just before the segment's change (null after silence): residue reference. */
  private residueRef: Float32Array | null = null;
  private readonly residueGain = new Float64Array(12);
  private readonly pcLoudest = new Float64Array(12);
  private readonly pcKept = new Float64Array(12);
  private readonly mTreble = new Float64Array(12);
  private readonly mBass = new Float64Array(12);
  private readonly mScores: Float64Array;
  private frameNo = -1;
  private hop = REF_HOP;
  private lastTime = Number.NaN;
  // Display and segment.
  private current = -1;
  private segChord = -1;
  /** The previous segment's chord (−1 after silence). */
  private prevChord = -1;
  /** Frame number whose window ends at the segment's start. */
  private segStart = 0;
  private fromSilence = true;
  private readonly shortSum: Float64Array;
  private shortCount = 0;
  private readonly longAvg: Float64Array;
  private readonly provSum: Float64Array;
  private provCount = 0;
  private longCount = 0;
  private readonly segChroma = new Float64Array(12);
  private readonly segChromaLong = new Float64Array(12);
  private chromaCount = 0;
  private readonly cusum: Float64Array;
  private readonly rise: Int32Array;
  private readonly cusumLong: Float64Array;
  private readonly riseLong: Int32Array;
  private quiet = 0;
  /** The chord's level: peak RMS of the frames that held a chord, decaying (ATTACK_HOLD_SECONDS). */
  private chordRms = 0;
  private heard = 0;
  // Speech gate.
  private speechShare = 0;
  private speaking = false;
  /** RMS of the last HISTORY frames (ring, indexed like the history). */
  private readonly hRms = new Float64Array(HISTORY);
  /** Share of low-energy frames over the last second (LOW_ENERGY). */
  private lowEnergy = 0;
  /** Exponential average (HELD_SECONDS) of the frames' `steadiness`. */
  private heldPeaks = HELD_PEAKS;
  /** Frame number of the last frame whose held-peak average was under HELD_PEAKS. */
  private lastGlide = -1;
  /** Frame number of the last low-energy frame. */
  private lastLow = -1;
  private readonly corr: Float64Array;
  private readonly row = new Float64Array(12);
  private readonly evidence: Float64Array;
  private readonly varEvidence: Float64Array;
  /** Root × 4 + family (0 major, 1 minor, 2 dim, 3 sus4) of each chord. */
  private readonly family: Int32Array;
  /** Pitch-class set (12 flags) of each chord. */
  private readonly pcs: Uint8Array[];
  /** Scratch: the learned model's probability per family × root, and its evidence per chord. */
  private readonly familyProb = new Float64Array(4 * 12);
  private readonly modelTerm: Float64Array;
  /** Scratch flags over the semitone spectrum for the re-strum test. */
  private readonly keptBins = new Uint8Array(N_PITCH);

  /** Stream time of the latest onset (novelty ≥ onsetNovelty), seconds; −Infinity before any. */
  private lastOnset = Number.NEGATIVE_INFINITY;
  /** The display's quality hold over `current`. */
  private readonly hold: QualityHold;
  /** The chord index displayed (after the quality hold). */
  private shown = -1;
  /** The previous frame's semitone amplitudes (for {@link LiveChordRecognizer.release}). */
  private prevSemitones: Float32Array | null = null;
  /** Loudest frame RMS of the current segment (0 after silence or a change). */
  private onsetPeak = 0;

  constructor(options: LiveChordOptions = {}) {
    this.vocab = chordVocabulary().filter(
      (s) => s.root >= 0 && (LIVE_QUALITIES as readonly string[]).includes(s.harte),
    );
    this.K = this.vocab.length;
    this.o = {
      bassWeight: options.bassWeight ?? 0.35,
      minRms: options.minRms ?? 0.004,
      minTonality: options.minTonality ?? 0.25,
      minCorrelation: options.minCorrelation ?? 0.5,
      releaseFrames: options.releaseFrames ?? 4,
      confirmFrames: options.confirmFrames ?? 4,
      changeDrift: options.changeDrift ?? 0.15,
      changeThreshold: options.changeThreshold ?? 0.4,
      moveCorrelation: options.moveCorrelation ?? 0.85,
      settleSeconds: options.settleSeconds ?? 0.3,
      margin: options.margin ?? 0.03,
      heldMargin: options.heldMargin ?? 0.1,
      evidenceSeconds: options.evidenceSeconds ?? 0.5,
      speechOn: options.speechOn ?? 0.3,
      speechOff: options.speechOff ?? 0.2,
      seventhBias: options.seventhBias ?? SEVENTH_BIAS,
      rareBias: options.rareBias ?? Number.NaN,
      modelWeight: options.modelWeight ?? MODEL_WEIGHT,
      onsetNovelty: options.onsetNovelty ?? ONSET_NOVELTY,
      onsetSeconds: options.onsetSeconds ?? ONSET_SECONDS,
      onsetLevel: options.onsetLevel ?? ONSET_LEVEL,
      noOnsetFactor: options.noOnsetFactor ?? NO_ONSET_FACTOR,
      releaseNovelty: options.releaseNovelty ?? RELEASE_NOVELTY,
      qualityHoldSeconds: options.qualityHoldSeconds ?? QUALITY_HOLD_SECONDS,
      qualityFreeSeconds: options.qualityFreeSeconds ?? QUALITY_FREE_SECONDS,
    };
    this.bias = Float64Array.from(this.vocab, (s) =>
      s.harte === "7" || s.harte === "maj7" || s.harte === "min7"
        ? this.o.seventhBias
        : (s.harte === "dim" || s.harte === "sus4") && Number.isFinite(this.o.rareBias)
          ? this.o.rareBias
          : s.bias,
    );
    const K = this.K;
    this.hShort = Array.from({ length: HISTORY }, () => new Float64Array(K));
    this.hLong = Array.from({ length: HISTORY }, () => new Float64Array(K));
    this.hLongPlain = Array.from({ length: HISTORY }, () => new Float64Array(K));
    this.hTreble = Array.from({ length: HISTORY }, () => new Float64Array(12));
    this.hTrebleLong = Array.from({ length: HISTORY }, () => new Float64Array(12));
    this.hVoiced = new Uint8Array(HISTORY);
    this.hSemitones = Array.from({ length: HISTORY }, () => new Float32Array(0));
    this.hBass = Array.from({ length: HISTORY }, () => new Float64Array(12));
    this.hBassLong = Array.from({ length: HISTORY }, () => new Float64Array(12));
    this.mScores = new Float64Array(K);
    this.modelTerm = new Float64Array(K);
    this.shortSum = new Float64Array(K);
    this.longAvg = new Float64Array(K);
    this.provSum = new Float64Array(K);
    this.cusum = new Float64Array(K);
    this.rise = new Int32Array(K);
    this.cusumLong = new Float64Array(K);
    this.riseLong = new Int32Array(K);
    this.corr = new Float64Array(K);
    this.evidence = new Float64Array(K);
    this.varEvidence = new Float64Array(K);
    this.pcs = this.vocab.map((v) => {
      const m = new Uint8Array(12);
      for (const iv of v.intervals) m[(v.root + iv) % 12] = 1;
      return m;
    });
    this.family = Int32Array.from(this.vocab, (v) => v.root * 4 + FAMILY_OF[v.harte]!);
    this.hold = new QualityHold(
      (k) => (k >= 0 ? (this.vocab[k] as ChordState).root : -1),
      this.o.qualityHoldSeconds,
      this.o.qualityFreeSeconds,
    );
  }

  /** Forget the displayed chord, the segment and the speech state (e.g. when listening restarts). */
  reset(): void {
    this.frameNo = -1;
    this.lastTime = Number.NaN;
    this.lastOnset = Number.NEGATIVE_INFINITY;
    this.onsetPeak = 0;
    this.prevSemitones = null;
    this.hold.reset();
    this.shown = -1;
    this.hVoiced.fill(0);
    this.current = -1;
    this.endSegment();
    this.quiet = 0;
    this.speechShare = 0;
    this.hRms.fill(0);
    this.lowEnergy = 0;
    this.lastLow = -1;
    this.heldPeaks = HELD_PEAKS;
    this.lastGlide = -1;
    this.speaking = false;
    this.chordRms = 0;
  }

  /** Score one chroma frame (frames in stream order, one per hop) and return the chord to display. */
  next(frame: ChromaFrame): LiveChordFrame {
    const o = this.o;
    if (frame.time > this.lastTime) this.hop = frame.time - this.lastTime;
    this.lastTime = frame.time;
    const n = ++this.frameNo;
    const slot = n % HISTORY;
    const voiced = frame.rms >= o.minRms && frame.tonality >= o.minTonality;
    this.hVoiced[slot] = voiced ? 1 : 0;
    (this.hTreble[slot] as Float64Array).set(frame.treble);
    (this.hTrebleLong[slot] as Float64Array).set(frame.trebleLong);
    this.hSemitones[slot] = frame.semitones;
    (this.hBass[slot] as Float64Array).set(frame.bass);
    (this.hBassLong[slot] as Float64Array).set(frame.bassLong);
    this.updateSpeech(frame, n, voiced);
    if (
      (frame.novelty >= o.onsetNovelty || this.release(frame.semitones) >= o.releaseNovelty) &&
      frame.rms >= o.onsetLevel * this.onsetPeak
    )
      this.lastOnset = frame.time;
    this.prevSemitones = frame.semitones;
    this.onsetPeak = Math.max(this.onsetPeak, frame.rms);

    // A frame about as loud as the chord on display is an attack, not the end of the sound (see the
    // class comment): a lower tonality suffices and the release takes longer.
    const attack = this.current >= 0 && frame.rms >= o.minRms && frame.rms >= ATTACK_LEVEL * this.chordRms;
    const tonal = voiced || (attack && frame.tonality >= ATTACK_TONALITY);
    const chordLike = tonal && !this.speaking && this.score(frame, slot);
    if (!chordLike) {
      const release = this.frames(o.releaseFrames) * (attack ? ATTACK_RELEASE : 1);
      if (++this.quiet >= release || this.speaking) {
        this.current = -1;
        this.endSegment();
      }
      return this.emit(frame.time, 0);
    }
    this.quiet = 0;
    this.chordRms = Math.max(frame.rms, this.chordRms * Math.exp(-this.hop / ATTACK_HOLD_SECONDS));
    if (this.segChord < 0 && this.heard === 0) {
      // The first chord-like frame after silence opens a segment; the silence before it adds nothing to
      // the windows, so every frame counts at once.
      this.fromSilence = true;
      this.segStart = n - 1;
      this.prevChord = -1;
    }
    this.heard++;
    if (this.segChord >= 0 && this.detectChange(n)) {
      // Rebuilt from the history, including this frame.
    } else {
      this.accumulate(n);
    }
    this.decide(n);
    return this.emit(frame.time, this.current >= 0 ? Math.max(0, this.corr[this.current] as number) : 0);
  }

  /**
   * Relative release of the semitone spectrum since the previous frame: the half-wave-rectified fall of
   * the square-rooted amplitudes over their previous sum (the mirror of `ChromaFrame.novelty`), high when
   * notes stop (a key or a finger lifted), low while a chord decays, all its partials together and slowly.
   */
  private release(semitones: Float32Array): number {
    const prev = this.prevSemitones;
    if (!prev || prev.length !== semitones.length) return 0;
    let fall = 0;
    let sum = 0;
    for (let k = 0; k < prev.length; k++) {
      const a = Math.sqrt(prev[k] as number);
      sum += a;
      fall += Math.max(0, a - Math.sqrt(semitones[k] as number));
    }
    return sum > 0 ? fall / sum : 0;
  }

  /** Whether the latest onset is at most `onsetSeconds` before the newest frame. */
  private afterOnset(): boolean {
    return this.lastTime - this.lastOnset <= this.o.onsetSeconds;
  }

  /** A count of frames at the reference hop, converted to the current hop (≥ 1). */
  private frames(count: number): number {
    return Math.max(1, Math.round((count * REF_HOP) / this.hop));
  }

  /** Speech share update (see the class comment). */
  private updateSpeech(frame: ChromaFrame, n: number, voiced: boolean): void {
    this.hRms[n % HISTORY] = frame.rms;
    const span = Math.min(n + 1, HISTORY, Math.max(1, Math.round(1 / this.hop)));
    let mean = 0;
    for (let k = 0; k < span; k++) mean += this.hRms[(n - k) % HISTORY] as number;
    mean /= span;
    let low = 0;
    for (let k = 0; k < span; k++) if ((this.hRms[(n - k) % HISTORY] as number) < 0.5 * mean) low++;
    this.lowEnergy = low / span;
    if (frame.rms < 0.5 * mean) this.lastLow = n;
    const lag = Math.max(1, Math.round(frame.shortSeconds / this.hop));
    if (!voiced || n < lag || lag >= HISTORY || this.hVoiced[(n - lag) % HISTORY] !== 1) return;
    const steady = pearson(frame.treble, this.hTreble[(n - lag) % HISTORY] as Float64Array);
    const a = Math.min(1, this.hop / SPEECH_SECONDS);
    this.speechShare += a * ((steady < UNSTEADY ? 1 : 0) - this.speechShare);
    this.heldPeaks += Math.min(1, this.hop / HELD_SECONDS) * (frame.steadiness - this.heldPeaks);
    if (this.heldPeaks < HELD_PEAKS) this.lastGlide = n;
    if (
      !this.speaking &&
      this.speechShare > this.o.speechOn &&
      this.lowEnergy >= LOW_ENERGY &&
      (n - this.lastGlide) * this.hop <= GLIDE_RECENT
    )
      this.speaking = true;
    else if (
      this.speaking &&
      (this.speechShare < this.o.speechOff || (n - this.lastLow) * this.hop > PAUSE_GAP)
    )
      this.speaking = false;
  }

  private endSegment(): void {
    this.onsetPeak = 0;
    this.residueRef = null;
    this.segChord = -1;
    this.heard = 0;
    this.shortSum.fill(0);
    this.shortCount = 0;
    this.longAvg.fill(0);
    this.longCount = 0;
    this.provSum.fill(0);
    this.provCount = 0;
    this.segChroma.fill(0);
    this.segChromaLong.fill(0);
    this.chromaCount = 0;
    this.resetCusum();
  }

  /** CUSUM change test on frame `n`; on a change, restart the segment from the history. */
  private detectChange(n: number): boolean {
    const o = this.o;
    const K = this.K;
    const seg = this.segChord;
    const s = this.hShort[n % HISTORY] as Float64Array;
    const l = this.hLong[n % HISTORY] as Float64Array;
    const scale = this.hop / REF_HOP;
    const root = (this.vocab[seg] as ChordState).root;
    let top = -1;
    let topG = 0;
    let topLong = false;
    // The held chord's own prior (≤ 0: dim, sus4) is not held against it when another root challenges
    // it (see the class comment).
    const heldPrior = -(this.bias[seg] as number);
    for (let k = 0; k < K; k++) {
      const same = (this.vocab[k] as ChordState).root === root;
      // Short window: fast; a chord on the same root must lead by twice the drift (attacks brighten
      // overtones that mimic a neighbouring quality for a few frames).
      const leadS = (s[k] as number) - (s[seg] as number) - (same ? 0 : heldPrior);
      const xs = leadS - (same ? SAME_ROOT_DRIFT : 1) * o.changeDrift;
      const gs = Math.max(0, (this.cusum[k] as number) + scale * xs);
      this.cusum[k] = gs;
      this.rise[k] = leadS > 0 ? (this.rise[k] as number) + 1 : 0;
      if (gs > o.changeThreshold && gs > topG) {
        topG = gs;
        top = k;
        topLong = false;
      }
      if (!same) continue;
      // Long window for the same root: resolves a seventh a semitone from the root.
      const leadL = (l[k] as number) - (l[seg] as number);
      const seventh = this.addsSeventh(seg, k) || this.addsSeventh(k, seg);
      const xl = leadL - (seventh ? LONG_DRIFT : 1) * o.changeDrift;
      const gl = Math.max(0, (this.cusumLong[k] as number) + scale * xl);
      this.cusumLong[k] = gl;
      this.riseLong[k] = leadL > 0 ? (this.riseLong[k] as number) + 1 : 0;
      if (gl > o.changeThreshold && gl > topG) {
        topG = gl;
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
        const half = Math.round(this.longSeconds / 2 / this.hop);
        const from = Math.max(n - (this.riseLong[cand] as number) + 1 - half, n - HISTORY + 1, this.segStart);
        const st = this.restrike(n, from - this.frames(RESTRUCK_BEFORE), seg, cand);
        if (st !== null && st.kept < FAST_KEPT) {
          top = cand;
          topLong = true;
        }
      }
    }
    // Without a recent onset the change must be clearer (see `onsetSeconds`).
    if (top < 0 || (!this.afterOnset() && topG < this.o.changeThreshold * this.o.noOnsetFactor)) return false;
    // The candidate has led since the frame whose window was half in the new chord: the change began
    // half a window before that.
    const half = Math.round((topLong ? this.longSeconds : this.shortSeconds) / 2 / this.hop);
    const rise = (topLong ? this.riseLong[top] : this.rise[top]) as number;
    const start = Math.max(n - rise + 1 - half, n - HISTORY + 1, this.segStart);
    // The frame just before the change: reference of the re-strum test and of the residue mask.
    const before = start - this.frames(RESTRUCK_BEFORE);
    if (topLong ? this.longCount > 0 : this.chromaCount > 0) {
      const h = topLong ? this.hTrebleLong : this.hTreble;
      const t0 = h[n % HISTORY] as Float64Array;
      const t1 = h[(n - 1) % HISTORY] as Float64Array;
      const recent = this.row;
      for (let i = 0; i < 12; i++) recent[i] = (t0[i] as number) + (t1[i] as number);
      const moved =
        (this.vocab[top] as ChordState).root === root
          ? this.notesChanged(recent, topLong ? this.segChromaLong : this.segChroma, seg, top) ||
            (topLong && this.seventhStopped(n, before, seg, top))
          : pearson(recent, this.segChroma) < o.moveCorrelation;
      if (!moved || this.reStruck(n, before, seg, top)) {
        // The same notes, differently balanced or struck again (an attack): not a change.
        this.resetCusum();
        return false;
      }
    }
    this.prevChord = seg;
    const residueRef =
      before >= 0 && before > n - HISTORY ? (this.hSemitones[before % HISTORY] as Float32Array) : null;
    this.endSegment();
    this.residueRef = residueRef;
    this.segChord = top;
    this.heard = 1;
    this.fromSilence = false;
    this.segStart = start;
    for (let j = start + 1; j <= n; j++) this.accumulate(j);
    return true;
  }

  /**
   * Whether the recent chroma `recent` moved from the segment's chroma from chord `from` to chord `to`
   * (same root): the notes of `from` that `to` lacks lost at least half their share of the chroma (a
   * dropped seventh nine tenths: DROPPED_SEVENTH), or,
   * when `to` only adds notes (a seventh), those notes at least doubled their share and reach half the
   * mean share of `from`'s notes. An attack brightens overtones but keeps every sounding note.
   */
  private notesChanged(recent: Float64Array, seg: Float64Array, from: number, to: number): boolean {
    const a = this.pcs[from] as Uint8Array;
    const b = this.pcs[to] as Uint8Array;
    let rs = 0;
    let ss = 0;
    for (let i = 0; i < 12; i++) {
      rs += recent[i] as number;
      ss += seg[i] as number;
    }
    if (!(rs > 0 && ss > 0)) return true;
    // A dropped seventh must have stopped, not merely sounded softer (DROPPED_SEVENTH).
    const share = this.addsSeventh(to, from) ? DROPPED_SEVENTH : 0.5;
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
   * Whether the seventh of the held chord `from` has stopped in frame `n`, chord `to` being `from`
   * without it (G7 → G): its strings keep less than FAST_KEPT of their level at frame `before`, by the
   * re-strum test's measure. In a room the chroma share test of {@link notesChanged} waits for the
   * seventh's reverberation and the noise floor to fall under a tenth of its share, which took 0.5–0.9 s
   * on the live bench's organ and piano; the note's level says it stopped ≈ 0.1–0.2 s after the change.
   */
  private seventhStopped(n: number, before: number, from: number, to: number): boolean {
    if (!this.addsSeventh(to, from)) return false;
    const st = this.restrike(n, before, from, to);
    return st !== null && st.kept < FAST_KEPT;
  }

  /**
   * Whether frame `n` sounds like the held chord `from` struck again rather than chord `to` (the
   * re-strum test of the class comment), comparing its semitone spectrum with frame `before`'s. The
   * strings of `from`'s notes that `to` lacks — each pitch of those notes within −20 dB of the loudest
   * before, with its partials (STRING_PARTIALS) on pitch classes outside `to` — keep more than
   * RESTRUCK_KEPT of their level (amplitudes projected on their amplitudes before, so that what sounds
   * anew does not count), and the pitches of the notes `to` adds gain less than RESTRUCK_GAIN. False when
   * `before` has left the history or `from` has no note that `to` lacks.
   */
  private reStruck(n: number, before: number, from: number, to: number): boolean {
    const st = this.restrike(n, before, from, to);
    return st !== null && st.kept > RESTRUCK_KEPT && st.gain < RESTRUCK_GAIN;
  }

  /**
   * The re-strum test's measures for frame `n` against frame `before` (see {@link reStruck}): `kept`,
   * the share of their level that the strings of `from`'s notes lacking in `to` keep, and `gain`, the
   * gain of the pitches of the notes `to` adds (∞ when they were silent). Null when `before` has left
   * the history or `from` has no note that `to` lacks.
   */
  private restrike(
    n: number,
    before: number,
    from: number,
    to: number,
  ): { kept: number; gain: number } | null {
    if (before < 0 || before <= n - HISTORY) return null;
    const now = this.hSemitones[n % HISTORY] as Float32Array;
    const then = this.hSemitones[before % HISTORY] as Float32Array;
    const a = this.pcs[from] as Uint8Array;
    const b = this.pcs[to] as Uint8Array;
    const len = Math.min(now.length, then.length);
    const kept = this.keptBins;
    kept.fill(0);
    let loudest = 0;
    let addNow = 0;
    let addThen = 0;
    for (let m = 0; m < len; m++) {
      const pc = (m + PITCH_LO) % 12;
      if (a[pc] === 1 && b[pc] === 0) loudest = Math.max(loudest, then[m] as number);
      else if (b[pc] === 1 && a[pc] === 0) {
        addNow += now[m] as number;
        addThen += then[m] as number;
      }
    }
    if (!(loudest > 0)) return null;
    for (let m = 0; m < len; m++) {
      const pc = (m + PITCH_LO) % 12;
      if (a[pc] !== 1 || b[pc] !== 0 || (then[m] as number) < STRING_FLOOR * loudest) continue;
      for (const off of STRING_PARTIALS) {
        const q = m + off;
        if (q >= len) break;
        if (b[(q + PITCH_LO) % 12] === 0) kept[q] = 1;
      }
    }
    let keptNow = 0;
    let keptThen = 0;
    for (let q = 0; q < len; q++) {
      if (kept[q] !== 1) continue;
      const y = then[q] as number;
      keptNow += y * (now[q] as number);
      keptThen += y * y;
    }
    if (!(keptThen > 0)) return null;
    const gain = addThen > 0 ? addNow / addThen : Number.POSITIVE_INFINITY;
    return { kept: keptNow / keptThen, gain };
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
    const f = this.vocab[from] as ChordState;
    if (f.harte !== "maj" && f.harte !== "min") return false;
    const a = this.pcs[from] as Uint8Array;
    const b = this.pcs[to] as Uint8Array;
    const prev = this.prevChord >= 0 ? (this.pcs[this.prevChord] as Uint8Array) : null;
    if (prev === null) return true;
    // Residue gains of frame n (1 = the pitch class keeps its level); without a reference, none counts.
    const sounding = this.residueRef !== null;
    if (sounding) this.residueMask(n);
    for (let i = 0; i < 12; i++) {
      if (b[i] !== 1 || a[i] !== 0 || prev[i] !== 1) continue;
      if (!sounding || (this.residueGain[i] as number) < 1) return false;
    }
    return true;
  }

  /** Whether chord `to` is chord `from` (a plain triad) with a seventh added. */
  private addsSeventh(from: number, to: number): boolean {
    const a = this.vocab[from] as ChordState;
    const b = this.vocab[to] as ChordState;
    return (
      a.root === b.root &&
      this.family[from] === this.family[to] &&
      (a.harte === "maj" || a.harte === "min") &&
      from !== to
    );
  }

  private resetCusum(): void {
    this.cusum.fill(0);
    this.rise.fill(0);
    this.cusumLong.fill(0);
    this.riseLong.fill(0);
  }

  private shortSeconds = 0.085;
  private longSeconds = 0.128;

  /** Add frame `j` (in the history) to the segment's evidence, if its windows lie enough inside it. */
  private accumulate(j: number): void {
    const slot = j % HISTORY;
    const inside = (j - this.segStart) * this.hop;
    const masked = this.residueMask(j);
    if (this.fromSilence || inside >= COVERAGE * this.shortSeconds) {
      const s = masked
        ? this.maskedScores(this.hTreble[slot] as Float64Array, this.hBass[slot] as Float64Array, false)
        : (this.hShort[slot] as Float64Array);
      for (let k = 0; k < this.K; k++) this.shortSum[k] = (this.shortSum[k] as number) + (s[k] as number);
      this.shortCount++;
      const t = this.hTreble[slot] as Float64Array;
      for (let i = 0; i < 12; i++) this.segChroma[i] = (this.segChroma[i] as number) + (t[i] as number);
      this.chromaCount++;
    }
    const longEnough = this.fromSilence
      ? inside >= 0.5 * this.longSeconds
      : inside >= COVERAGE * this.longSeconds;
    if (!longEnough && !this.fromSilence && inside >= PROVISIONAL * this.longSeconds) {
      // Provisional: mostly inside the segment; used only until a cleaner long window arrives. Without
      // the learned model's evidence, which the previous chord's share of the window misleads.
      const l = masked
        ? this.maskedScores(
            this.hTrebleLong[slot] as Float64Array,
            this.hBassLong[slot] as Float64Array,
            false,
          )
        : (this.hLongPlain[slot] as Float64Array);
      for (let k = 0; k < this.K; k++) this.provSum[k] = (this.provSum[k] as number) + (l[k] as number);
      this.provCount++;
    }
    if (longEnough) {
      // The learned model's evidence comes in as the window moves wholly into the segment (its share
      // past COVERAGE): on the previous chord's remains it flipped Dmaj7 to F#m for 0.15 s.
      const g = this.fromSilence
        ? 1
        : Math.min(1, Math.max(0, (inside / this.longSeconds - COVERAGE) / (1 - COVERAGE)));
      let l: Float64Array;
      if (masked) {
        l = this.maskedScores(
          this.hTrebleLong[slot] as Float64Array,
          this.hBassLong[slot] as Float64Array,
          g >= 1,
        );
      } else if (g >= 1) {
        l = this.hLong[slot] as Float64Array;
      } else {
        const a = this.hLong[slot] as Float64Array;
        const b = this.hLongPlain[slot] as Float64Array;
        l = this.mScores;
        for (let k = 0; k < this.K; k++) l[k] = (b[k] as number) + g * ((a[k] as number) - (b[k] as number));
      }
      const tl = this.hTrebleLong[slot] as Float64Array;
      for (let i = 0; i < 12; i++)
        this.segChromaLong[i] = (this.segChromaLong[i] as number) + (tl[i] as number);
      this.longCount++;
      const a = Math.max(1 / this.longCount, Math.min(1, this.hop / this.o.evidenceSeconds));
      for (let k = 0; k < this.K; k++) {
        this.longAvg[k] = (this.longAvg[k] as number) + a * ((l[k] as number) - (this.longAvg[k] as number));
      }
    }
  }

  /**
   * Residue gains of frame `j` of the segment (see the class comment) into `residueGain`: each pitch
   * class of the previous chord whose pitches all keep less than FAST_KEPT of their amplitude before the
   * change (each pitch compared with its own amplitude then, floored at STRING_FLOOR of the pitch class's
   * loudest, so that a pitch struck anew counts as kept) is scaled by its kept share / FAST_KEPT; other
   * pitch classes by 1. Returns false when no pitch class is scaled (or there is no reference).
   */
  private residueMask(j: number): boolean {
    const ref = this.residueRef;
    if (ref === null || this.prevChord < 0) return false;
    const now = this.hSemitones[j % HISTORY] as Float32Array;
    const a = this.pcs[this.prevChord] as Uint8Array;
    const len = Math.min(now.length, ref.length);
    const loudest = this.pcLoudest;
    const kept = this.pcKept;
    loudest.fill(0);
    kept.fill(0);
    for (let m = 0; m < len; m++) {
      const pc = (m + PITCH_LO) % 12;
      if (a[pc] === 1) loudest[pc] = Math.max(loudest[pc] as number, ref[m] as number);
    }
    for (let m = 0; m < len; m++) {
      const pc = (m + PITCH_LO) % 12;
      const top = loudest[pc] as number;
      if (a[pc] !== 1 || !(top > 0)) continue;
      const r = Math.max(ref[m] as number, STRING_FLOOR * top);
      kept[pc] = Math.max(kept[pc] as number, (now[m] as number) / r);
    }
    const g = this.residueGain;
    g.fill(1);
    let any = false;
    for (let pc = 0; pc < 12; pc++) {
      if (a[pc] !== 1 || !((loudest[pc] as number) > 0) || (kept[pc] as number) >= FAST_KEPT) continue;
      g[pc] = (kept[pc] as number) / FAST_KEPT;
      any = true;
    }
    return any;
  }

  /** Chord scores of a window's chroma with the residue gains applied (into a scratch array). */
  private maskedScores(treble: Float64Array, bass: Float64Array, long: boolean): Float64Array {
    const t = this.mTreble;
    const b = this.mBass;
    const g = this.residueGain;
    for (let i = 0; i < 12; i++) {
      t[i] = (treble[i] as number) * (g[i] as number);
      b[i] = (bass[i] as number) * (g[i] as number);
    }
    this.scoreWindow(t, b, this.mScores, false);
    if (long) this.addModelEvidence(this.mScores, t, b);
    return this.mScores;
  }

  /**
   * Pick the segment's chord and update the display. The triad (root and family: major, minor, dim,
   * sus4) comes from the cleanest evidence — the long window once it lies inside the segment, else the
   * short one; the variant within the family (triad, 7, maj7 / m, m7) from the long window as soon as it
   * is mostly inside the segment, since only its resolution separates a seventh from the root.
   */
  private decide(n: number): void {
    const o = this.o;
    const K = this.K;
    const cls = this.evidence;
    const vari = this.varEvidence;
    if (this.longCount > 0 && this.shortCount > 0) {
      // The long window takes over gradually (see LONG_RAMP).
      const b = Math.min(1, this.longCount / LONG_RAMP);
      for (let k = 0; k < K; k++) {
        const short = (this.shortSum[k] as number) / this.shortCount;
        cls[k] = (1 - b) * short + b * (this.longAvg[k] as number);
      }
    } else if (this.longCount > 0) cls.set(this.longAvg);
    else if (this.shortCount > 0)
      for (let k = 0; k < K; k++) cls[k] = (this.shortSum[k] as number) / this.shortCount;
    else return;
    if (this.longCount > 0) vari.set(cls);
    else if (this.provCount > 0)
      for (let k = 0; k < K; k++) vari[k] = (this.provSum[k] as number) / this.provCount;
    else vari.set(cls);
    let top = 0;
    for (let k = 1; k < K; k++) if ((cls[k] as number) > (cls[top] as number)) top = k;
    const fam = this.family[top] as number;
    let best = top;
    for (let k = 0; k < K; k++)
      if (this.family[k] === fam && (vari[k] as number) > (vari[best] as number)) best = k;
    if (this.longCount === 0 && this.provCount > 0 && best !== top && !this.mayAdd(top, best, n)) best = top;
    this.segChord = best;
    if (this.current < 0) {
      if (this.heard >= this.frames(o.confirmFrames)) this.current = best;
      return;
    }
    if (best === this.current) return;
    const settling = (n - this.segStart) * this.hop < o.settleSeconds;
    // A settled chord is replaced more readily when new notes have sounded (see `onsetSeconds`).
    const quietFactor = settling || this.afterOnset() ? 1 : this.o.noOnsetFactor;
    const ev = this.family[this.current] === fam ? vari : cls;
    // Once settled, the displayed chord's own prior no longer counts against it (see the class comment).
    const heldPrior = settling ? 0 : -(this.bias[this.current] as number);
    const lead = (ev[best] as number) - (ev[this.current] as number) - heldPrior;
    if (lead >= (settling ? o.margin : o.heldMargin * quietFactor)) this.current = best;
  }

  /**
   * Score frame `slot` on both windows into the history. Returns false when the frame holds no chord
   * (best short-window correlation below `minCorrelation`).
   */
  private score(frame: ChromaFrame, slot: number): boolean {
    this.shortSeconds = frame.shortSeconds;
    this.longSeconds = frame.longSeconds > 0 ? frame.longSeconds : frame.shortSeconds;
    const best = this.scoreWindow(frame.treble, frame.bass, this.hShort[slot] as Float64Array, true);
    const plain = this.hLongPlain[slot] as Float64Array;
    this.scoreWindow(frame.trebleLong, frame.bassLong, plain, false);
    const long = this.hLong[slot] as Float64Array;
    long.set(plain);
    this.addModelEvidence(long, frame.trebleLong, frame.bassLong);
    return best >= this.o.minCorrelation;
  }

  /** Per-chord template scores of one window into `out`; returns the best correlation. */
  private scoreWindow(
    treble: Float64Array,
    bass: Float64Array,
    out: Float64Array,
    keepCorr: boolean,
  ): number {
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
    let bsum = 0;
    for (let i = 0; i < 12; i++) bsum += bass[i] as number;
    let bestCorr = -1;
    for (let k = 0; k < this.K; k++) {
      const st = this.vocab[k] as ChordState;
      let c = 0;
      if (nn > 0) {
        for (let i = 0; i < 12; i++) c += (row[i] as number) * (st.template[i] as number);
        c /= nn;
      }
      if (keepCorr) this.corr[k] = c;
      if (c > bestCorr) bestCorr = c;
      const b = bsum > 0 ? (bass[st.root] as number) / bsum : 0;
      out[k] = c + this.o.bassWeight * b + (this.bias[k] as number);
    }
    return bestCorr;
  }

  /** Add `modelWeight` × the learned model's evidence for a window's chroma to its scores `out`. */
  private addModelEvidence(out: Float64Array, treble: Float64Array, bass: Float64Array): void {
    const w = this.o.modelWeight;
    if (!(w > 0)) return;
    const term = this.modelEvidence(treble, bass);
    for (let k = 0; k < this.K; k++) out[k] = (out[k] as number) + w * (term[k] as number);
  }

  /**
   * The learned chord model's evidence for each chord of the vocabulary, nats (≥ MODEL_FLOOR): the
   * log-probability of the chord's family (its triad: major, minor, dim, sus4) on its root, summed over
   * the model's qualities — the model leaves sevenths to the templates, which the live bench's voicings
   * show it reading as triads. Trained on pop songs, where dim and sus4 are rare, the model would also
   * veto them; a dim or sus4 chord gets its root's best reading instead (major, minor or its own), so
   * the model only judges the root and the templates with their prior against dim and sus4 keep the
   * quality. (Without that, the synthetic guitar's held sus4 and dim chords flipped to triads.)
   */
  private modelEvidence(treble: Float64Array, bass: Float64Array): Float64Array {
    const lp = chordModelLogProbs(treble, bass, 1, CHORD_MODEL_WEIGHTS);
    const fam = this.familyProb;
    fam.fill(0);
    MODEL_FAMILY.forEach((f, q) => {
      for (let r = 0; r < 12; r++)
        fam[f * 12 + r] = (fam[f * 12 + r] as number) + Math.exp(lp[q * 12 + r] as number);
    });
    const term = this.modelTerm;
    for (let k = 0; k < this.K; k++) {
      const st = this.vocab[k] as ChordState;
      const f = FAMILY_OF[st.harte] as number;
      let p = fam[f * 12 + st.root] as number;
      if (f >= 2) p = Math.max(p, fam[st.root] as number, fam[12 + st.root] as number);
      term[k] = Math.max(MODEL_FLOOR, Math.log(p));
    }
    return term;
  }

  private emit(time: number, confidence: number): LiveChordFrame {
    const was = this.shown;
    this.shown = this.hold.next(this.current, time);
    const st = this.shown >= 0 ? this.vocab[this.shown] : undefined;
    return {
      time,
      chord: st ? st.name : "N",
      root: st ? st.root : -1,
      quality: st ? st.harte : "N",
      confidence: this.shown === this.current ? confidence : Math.max(0, this.corr[this.shown] as number),
      changed: was !== this.shown,
      speech: this.speaking,
    };
  }
}
