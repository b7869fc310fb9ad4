/**
 * The singer's Sa (tonic) from what they sang, without a drone. Indian melody rests on Sa and Pa (the two
 * immovable swaras), stays inside one parent scale built on Sa, and closes and lingers (nyas) on Sa; the
 * estimator scores each of the 12 pitch classes as Sa by those cues, on the sung notes:
 *
 * - `saPa`: share of the sung time on the candidate Sa and its Pa (a fifth above);
 * - `scaleFit`: share of the sung time inside the best-fitting candidate scale built on it (the ten
 *   thaats by default, which include the major and natural-minor scales);
 * - `final`: the last sustained note is the candidate Sa;
 * - `nyas`: share of the longest notes (the resting notes) on the candidate Sa or Pa;
 * - `profile`: how well the sung pitch-class durations fit a tonic's profile (the better of the
 *   Krumhansl–Kessler 1982 major and minor profiles, Pearson correlation, as the song engine's key stage).
 *
 * After Salamon, Gulati & Serra (ISMIR 2012) and Gulati et al. (JNMR 2014), who identify the tonic from the
 * peaks of a pitch histogram and note-level features, here reduced to the note level for singing without a
 * drone. The weights {@link SA_WEIGHTS} and the temperature were chosen on the synthetic validation melodies
 * of `packages/analysis/train/sa-validation.ts` (raga outlines and Western tunes with known Sa), never on
 * the evaluation recordings.
 */
import { corrRot, KK_MAJOR, KK_MINOR } from "../key.js";

/** A sung note as the estimator reads it (the shape of `VocalNote`): seconds and a MIDI number. */
export interface SungNote {
  start: number;
  end: number;
  midi: number;
}

/** Weights of the Sa cues (see the module comment); chosen on `train/sa-validation.ts`. */
export const SA_WEIGHTS: SaWeights = { saPa: 0.5, scaleFit: 2, final: 0.5, nyas: 0.25, profile: 1 };
/** Softmax temperature of the Sa confidence; chosen with the weights. */
export const SA_TEMPERATURE = 0.3;
/** Notes shorter than this (seconds) are passing notes, left out of every cue. */
const MIN_NOTE_SECONDS = 0.1;
/** How many of the longest notes count as resting notes (nyas). */
const NYAS_NOTES = 5;

/** The Sa estimate: pitch class (0 = C … 11 = B), a 0..1 confidence and the runner-up. */
export interface SaEstimate {
  pitchClass: number;
  confidence: number;
  runnerUp: { pitchClass: number; confidence: number } | null;
  /** The candidate scale (semitones above Sa) that fitted best, from the `scales` given. */
  scale: readonly number[];
  /** Seconds sung on each pitch class (index 0 = C), notes of {@link MIN_NOTE_SECONDS} or longer: the raga hints' input. */
  pitchClassSeconds: number[];
}

/** Weights of the Sa cues. */
export interface SaWeights {
  saPa: number;
  scaleFit: number;
  final: number;
  nyas: number;
  profile: number;
}

/** Per-candidate cue values, for tests and the validation script. */
export interface SaCues {
  saPa: number;
  scaleFit: number;
  final: number;
  nyas: number;
  /** −1..1. */
  profile: number;
  /** Index into `scales` of the best-fitting scale. */
  scaleIndex: number;
}

const pcOf = (midi: number) => ((Math.round(midi) % 12) + 12) % 12;

/** Seconds sung on each pitch class (index 0 = C), counting notes of {@link MIN_NOTE_SECONDS} or longer. */
function pitchClassSeconds(notes: readonly SungNote[]): number[] {
  const out = new Array<number>(12).fill(0);
  for (const n of notes) {
    const d = n.end - n.start;
    if (d >= MIN_NOTE_SECONDS) out[pcOf(n.midi)] = Math.round(((out[pcOf(n.midi)] ?? 0) + d) * 1000) / 1000;
  }
  return out;
}

/**
 * The four Sa cues of every candidate pitch class (index = pitch class).
 * @param notes sung notes (seconds, MIDI numbers), any order.
 * @param scales candidate parent scales, each as semitones above Sa (0..11); at least one.
 * @returns 12 cue sets, or null when no note is long enough to count.
 * @throws RangeError when `scales` is empty.
 */
export function saCues(notes: readonly SungNote[], scales: readonly (readonly number[])[]): SaCues[] | null {
  if (scales.length === 0) throw new RangeError("scales must hold at least one scale");
  const held = notes.filter((n) => n.end - n.start >= MIN_NOTE_SECONDS).sort((a, b) => a.start - b.start);
  if (held.length === 0) return null;
  const hist = new Float64Array(12);
  let total = 0;
  for (const n of held) {
    const d = n.end - n.start;
    hist[pcOf(n.midi)] = (hist[pcOf(n.midi)] ?? 0) + d;
    total += d;
  }
  const finalPc = pcOf(held[held.length - 1]?.midi ?? 0);
  const longest = [...held].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, NYAS_NOTES);
  const out: SaCues[] = [];
  for (let sa = 0; sa < 12; sa++) {
    const pa = (sa + 7) % 12;
    let best = -1;
    let bestIndex = 0;
    scales.forEach((scale, k) => {
      let inside = 0;
      for (const step of scale) inside += hist[(sa + step) % 12] ?? 0;
      if (inside > best + 1e-12) {
        best = inside;
        bestIndex = k;
      }
    });
    const nyas = longest.filter((n) => pcOf(n.midi) === sa || pcOf(n.midi) === pa).length / longest.length;
    out.push({
      saPa: ((hist[sa] ?? 0) + (hist[pa] ?? 0)) / total,
      scaleFit: best / total,
      final: finalPc === sa ? 1 : 0,
      nyas,
      profile: Math.max(corrRot(hist, KK_MAJOR, sa), corrRot(hist, KK_MINOR, sa)),
      scaleIndex: bestIndex,
    });
  }
  return out;
}

/** The weighted sum of a candidate's cues. */
export function saScore(c: SaCues, w: SaWeights): number {
  return (
    w.saPa * c.saPa + w.scaleFit * c.scaleFit + w.final * c.final + w.nyas * c.nyas + w.profile * c.profile
  );
}

/**
 * The singer's Sa from their notes (see the module comment for the cues and their source).
 * @param notes sung notes, e.g. `analyzeVocal(...).notes`.
 * @param scales candidate parent scales as semitones above Sa — pass the ten thaats' intervals
 *   (`THAATS` of `@tonic/theory/indian`); at least one.
 * @param weights cue weights (default {@link SA_WEIGHTS}); `temperature` of the confidence softmax.
 * @returns the estimate, or null when no note lasts {@link MIN_NOTE_SECONDS}.
 * @throws RangeError when `scales` is empty.
 */
export function estimateSa(
  notes: readonly SungNote[],
  scales: readonly (readonly number[])[],
  weights: SaWeights = SA_WEIGHTS,
  temperature = SA_TEMPERATURE,
): SaEstimate | null {
  const cues = saCues(notes, scales);
  if (!cues) return null;
  const scores = cues.map((c) => saScore(c, weights));
  const order = scores.map((s, pc) => ({ s, pc })).sort((a, b) => b.s - a.s);
  const top = order[0]?.s ?? 0;
  const z = scores.reduce((acc, s) => acc + Math.exp((s - top) / temperature), 0);
  const prob = (s: number) => Math.round((Math.exp((s - top) / temperature) / z) * 1000) / 1000;
  const first = order[0];
  const second = order[1];
  if (!first) return null;
  return {
    pitchClass: first.pc,
    confidence: prob(first.s),
    runnerUp: second ? { pitchClass: second.pc, confidence: prob(second.s) } : null,
    scale: scales[cues[first.pc]?.scaleIndex ?? 0] ?? [],
    pitchClassSeconds: pitchClassSeconds(notes),
  };
}
