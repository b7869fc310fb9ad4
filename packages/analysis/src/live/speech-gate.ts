/**
 * The live chord recogniser's speech gate: judges from the chroma frames whether the sound is someone
 * talking, so that talk shows no chord. Pure module (no Node or DOM APIs).
 */
import { corrRot } from "../key.js";
import type { ChromaFrame } from "./chroma.js";
import { type FrameHistory, HISTORY } from "./history.js";

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

/** The part of {@link LiveChordOptions} the speech gate reads. */
export interface SpeechGateOptions {
  /** Speech share (0..1) above which the sound is judged speech (default 0.3). */
  speechOn: number;
  /** Speech share (0..1) below which speech has ended (default 0.2). */
  speechOff: number;
}

/** Pearson correlation of two 12-bin vectors (0 when either is constant): the key stage's, unrotated. */
function pearson(a: ArrayLike<number>, b: ArrayLike<number>): number {
  return corrRot(a, b, 0);
}

/**
 * Speech gate. Speech is rejected by its unsteady pitch: a voice glides, so its chroma one short window
 * apart correlates poorly, where a held chord's stays the same except for the few frames of a change. The
 * speech share — the exponential average (SPEECH_SECONDS, 0.5 s) over pitched frames of "chroma
 * correlation with the frame one short window earlier below UNSTEADY (0.5)" — is ≈ 0–0.15 for chords
 * changing every second or two and ≈ 0.5–0.9 for talking. But a band with a singer also reads 0.2–0.7 (the
 * voice, and drums, move the chroma), so speech also needs pauses — a tenth of the last second's frames
 * under half its mean RMS (LOW_ENERGY), which talk has and music with singing seldom has — and gliding
 * peaks: under 0.55 of the spectral peaks' amplitude held at its pitch from one frame to the next, on
 * average (HELD_PEAKS; instruments and singers hold notes). Above `speechOn` with both, the sound is
 * speech until the share falls below `speechOff` or the pauses stop for PAUSE_GAP (2 s). (Held pitches
 * and the low-energy share separate speech from music in Scheirer & Slaney, ICASSP 1997.) With the
 * unsteady chroma alone, live mode showed no chord for most of the Beatles songs of the evaluation set
 * (`bench:live:real`: chord recall majmin 0.104; 0.324 with the pause test, 0.373 with both). Chords
 * changed faster than every ≈ 0.3 s would read as speech.
 *
 * State: the speech share, the held-peak average, a ring of the last {@link HISTORY} frames' RMS, the
 * low-energy share and the frames of the last low-energy and gliding frames. Reads the shared
 * {@link FrameHistory} (voicing and treble chroma of earlier frames, the hop), which the caller fills
 * with each frame before {@link SpeechGate.update}.
 */
export class SpeechGate {
  private speechShare = 0;
  private isSpeech = false;
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

  /** @param o the speech share's on and off thresholds. */
  constructor(private readonly o: SpeechGateOptions) {}

  /** True while the sound is judged speech. */
  get speaking(): boolean {
    return this.isSpeech;
  }

  /** The speech share: average share (0..1) of pitched frames whose chroma moved (see the class comment). */
  get share(): number {
    return this.speechShare;
  }

  /**
   * Update the gate with frame number `n` (0, 1, … in stream order).
   * @param frame the chroma frame (its `rms`, `treble`, `steadiness` and `shortSeconds` are read).
   * @param n the frame's number; `history` must already hold it (see {@link FrameHistory.store}).
   * @param voiced whether the frame is loud and tonal enough to hold a chord.
   * @param history the shared frame history (voicing and treble chroma of earlier frames, the hop).
   * @returns whether the sound is now judged speech.
   */
  update(frame: ChromaFrame, n: number, voiced: boolean, history: FrameHistory): boolean {
    const hop = history.hop;
    this.hRms[n % HISTORY] = frame.rms;
    const span = Math.min(n + 1, HISTORY, Math.max(1, Math.round(1 / hop)));
    let mean = 0;
    for (let k = 0; k < span; k++) mean += this.hRms[(n - k) % HISTORY] as number;
    mean /= span;
    let low = 0;
    for (let k = 0; k < span; k++) if ((this.hRms[(n - k) % HISTORY] as number) < 0.5 * mean) low++;
    this.lowEnergy = low / span;
    if (frame.rms < 0.5 * mean) this.lastLow = n;
    const lag = Math.max(1, Math.round(frame.shortSeconds / hop));
    if (!voiced || n < lag || lag >= HISTORY || history.voiced[(n - lag) % HISTORY] !== 1)
      return this.isSpeech;
    const steady = pearson(frame.treble, history.treble[(n - lag) % HISTORY] as Float64Array);
    const a = Math.min(1, hop / SPEECH_SECONDS);
    this.speechShare += a * ((steady < UNSTEADY ? 1 : 0) - this.speechShare);
    this.heldPeaks += Math.min(1, hop / HELD_SECONDS) * (frame.steadiness - this.heldPeaks);
    if (this.heldPeaks < HELD_PEAKS) this.lastGlide = n;
    if (
      !this.isSpeech &&
      this.speechShare > this.o.speechOn &&
      this.lowEnergy >= LOW_ENERGY &&
      (n - this.lastGlide) * hop <= GLIDE_RECENT
    )
      this.isSpeech = true;
    else if (this.isSpeech && (this.speechShare < this.o.speechOff || (n - this.lastLow) * hop > PAUSE_GAP))
      this.isSpeech = false;
    return this.isSpeech;
  }

  /** Forget the speech state (when listening restarts). */
  reset(): void {
    this.speechShare = 0;
    this.hRms.fill(0);
    this.lowEnergy = 0;
    this.lastLow = -1;
    this.heldPeaks = HELD_PEAKS;
    this.lastGlide = -1;
    this.isSpeech = false;
  }
}
