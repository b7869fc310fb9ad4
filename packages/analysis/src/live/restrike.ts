/**
 * The live chord recogniser's re-strum test: whether a frame sounds like the held chord struck again
 * rather than another chord, from the absolute semitone spectrum. Pure functions (no Node or DOM APIs).
 *
 * A re-strum can read as another chord for a few frames in the chroma: a bright attack, or the low
 * strings' 3rd, 5th and 7th harmonics, can outweigh the chord's upper notes (a held Cdim reads as C, an
 * Edim as A#7). What tells it from a change is the absolute semitone spectrum: a re-strum strikes the held
 * chord's strings again, while a change damps the notes the new chord lacks. So a change is refused when,
 * compared with the frame just before it began, the strings of the held chord's notes that the candidate
 * lacks keep more than RESTRUCK_KEPT (0.65) of their level and the candidate's added notes gain less than
 * RESTRUCK_GAIN (2.5×) (a real change whose old notes ring on, legato or with open strings, still passes
 * on its new notes). A string's level is read over its first partials (STRING_PARTIALS), not its
 * fundamental alone, since one partial's level varies several-fold from pluck to pluck; levels are
 * projected on their amplitudes before, so that what sounds anew (the new chord's harmonics) does not
 * count. This is the energy counterpart of the onset detectors' spectral difference (Bello et al., IEEE
 * TSAP 2005) taken per string.
 */
import { N_PITCH, PITCH_LO } from "../features.js";

/**
 * Re-strum test: a change is an attack of the held chord when the strings of the held chord's notes that
 * the candidate lacks keep more than this share of their level from before the change…
 */
export const RESTRUCK_KEPT = 0.65;
/** …and the notes the candidate adds less than this gain over their level before the change. */
export const RESTRUCK_GAIN = 2.5;
/**
 * Reference frame of the re-strum test: this many reference hops before the estimated start of the
 * change. The estimate lags the change by about one hop (the lead shows once a window is partly in the
 * new chord), so this frame's window ends before the change.
 */
export const RESTRUCK_BEFORE = 2;
/**
 * A held note has stopped when its strings keep less than this share of their level by the re-strum
 * test's measure (`kept` of {@link restrike}): used by the change detector's fast path (see
 * FAST_THRESHOLD in `change-detector.ts`) and dropped-seventh test, and by the residue mask.
 */
export const FAST_KEPT = 0.3;
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
export const STRING_FLOOR = 0.1;

/** The re-strum test's measures (see {@link restrike}). */
export interface RestrikeMeasure {
  /** Share of their level (≥ 0; 1 = unchanged) that the strings of the notes the candidate lacks keep. */
  kept: number;
  /** Gain (≥ 0) of the pitches of the notes the candidate adds; ∞ when they were silent before. */
  gain: number;
}

/**
 * The re-strum test's measures for a frame's semitone spectrum `now` against `then`, the frame just
 * before the change began. The strings of `from`'s notes that `to` lacks are each pitch of those notes
 * within −20 dB (STRING_FLOOR) of their loudest in `then`, with its partials (STRING_PARTIALS) on pitch
 * classes outside `to`; `kept` is their amplitudes now projected on their amplitudes then (so that what
 * sounds anew does not count), over their energy then. `gain` is the summed amplitude of the pitches of
 * the notes `to` adds, now over then.
 * @param now semitone amplitudes of the frame (linear; index 0 = MIDI PITCH_LO).
 * @param then semitone amplitudes of the reference frame before the change.
 * @param from pitch-class set (12 flags) of the held chord.
 * @param to pitch-class set of the candidate chord.
 * @param scratch N_PITCH flags overwritten here (pass one to avoid an allocation per call).
 * @returns the measures, or null when `from` has no note that `to` lacks (or those were silent then).
 */
export function restrike(
  now: Float32Array,
  then: Float32Array,
  from: Uint8Array,
  to: Uint8Array,
  scratch: Uint8Array = new Uint8Array(N_PITCH),
): RestrikeMeasure | null {
  const a = from;
  const b = to;
  const len = Math.min(now.length, then.length);
  const kept = scratch;
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
 * Whether measures from {@link restrike} say the held chord was struck again rather than changed: its
 * lacking strings keep more than RESTRUCK_KEPT of their level and the added notes gain less than
 * RESTRUCK_GAIN. False for null (no measure).
 */
export function isRestrike(m: RestrikeMeasure | null): boolean {
  return m !== null && m.kept > RESTRUCK_KEPT && m.gain < RESTRUCK_GAIN;
}

/**
 * Whether measures from {@link restrike} say the held chord's notes that the candidate lacks have
 * stopped: their strings keep less than FAST_KEPT of their level. False for null (no measure).
 */
export function hasStopped(m: RestrikeMeasure | null): boolean {
  return m !== null && m.kept < FAST_KEPT;
}
