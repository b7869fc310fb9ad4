/**
 * The demo songs' generator: renders a chord progression as audio with our own synthesis (no
 * third-party recordings). Lives with the seed, not in the engine's test helpers, so production code
 * never imports `@tonic/analysis/testing`; the kick and tone it plays are `@tonic/analysis/synth`'s, the
 * ones the test signals use.
 */
import { addKick, addTone } from "@tonic/analysis/synth";
import { chordNotes, chromaOf } from "@tonic/theory";
import { midiToHz } from "@tonic/theory/units";

/** What the generator plays: a progression repeated at a steady tempo. */
export interface DemoScore {
  /** Chord symbols in `@tonic/theory` spelling ("C", "Am", "A#"). */
  progression: readonly string[];
  /** Tempo the generator plays, beats per minute (> 0). */
  tempo: number;
  /** Beats each chord lasts (3 for a waltz, 4 otherwise). */
  beatsPerChord: number;
  /** How many times the progression is played (≥ 1). */
  repeats: number;
}

/** Silence after the last chord, seconds. */
export const DEMO_TAIL_SECONDS = 0.5;

/** Length of a score's audio, seconds (the chords plus {@link DEMO_TAIL_SECONDS}). */
export function demoDurationSeconds(s: DemoScore): number {
  return (s.progression.length * s.beatsPerChord * s.repeats * 60) / s.tempo + DEMO_TAIL_SECONDS;
}

/**
 * Renders a score: each chord is a closed voicing between C4 and C5 of harmonic-rich tones (8 harmonics,
 * amplitude 1/h) re-attacked on every beat, the root two octaves below as bass, and a kick on every beat
 * (accented on each chord's first beat). Deterministic; peak level normalised to 0.9.
 *
 * @param score what to play.
 * @param sampleRate output rate, Hz (e.g. 22050).
 * @returns mono PCM (−1..1); beat k starts at k·60/tempo seconds.
 * @throws {RangeError} for a chord symbol `@tonic/theory` cannot spell.
 */
export function renderDemoScore(score: DemoScore, sampleRate: number): Float32Array {
  const beat = 60 / score.tempo;
  const out = new Float32Array(Math.round(demoDurationSeconds(score) * sampleRate));
  const hz = (midi: number) => midiToHz(midi);
  // Every beat of a chord sounds the same, so each chord's one-beat block is synthesised once.
  const blockLength = Math.round(beat * sampleRate);
  const blocks = new Map<string, Float32Array>();
  for (const symbol of score.progression) {
    if (blocks.has(symbol)) continue;
    const chroma = chordNotes(symbol).map((pc) => chromaOf(pc));
    const root = chroma[0] ?? 0;
    const block = new Float32Array(blockLength);
    for (const c of chroma) {
      let m = 60 + root + ((c - root + 12) % 12);
      while (m > 72) m -= 12;
      addTone(block, sampleRate, 0, beat, hz(m), 0.25);
    }
    addTone(block, sampleRate, 0, beat, hz(36 + root), 0.35);
    blocks.set(symbol, block);
  }
  let b = 0;
  for (let r = 0; r < score.repeats; r++) {
    for (const symbol of score.progression) {
      const block = blocks.get(symbol) as Float32Array;
      for (let k = 0; k < score.beatsPerChord; k++, b++) {
        const t0 = b * beat;
        const start = Math.round(t0 * sampleRate);
        for (let i = 0; i < block.length && start + i < out.length; i++) {
          out[start + i] = (out[start + i] as number) + (block[i] as number);
        }
        addKick(out, sampleRate, t0, k === 0 ? 0.9 : 0.6);
      }
    }
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  if (peak > 0) for (let i = 0; i < out.length; i++) out[i] = ((out[i] as number) * 0.9) / peak;
  return out;
}
