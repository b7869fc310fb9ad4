/**
 * Synthetic validation melodies with a known Sa, and the choice of the Sa estimator's weights on them
 * (`src/vocal/tonic.ts`). Nothing here reads the evaluation recordings.
 *
 * Melodies are note lists (seconds, MIDI numbers), as the vocal detector's note segmentation gives them:
 * - raga melodies from the outlines of `@tonic/theory/indian` (aroha up, avaroha down, the pakad, the vadi
 *   and samvadi held longer), ending on Sa seven times in ten and on the vadi otherwise;
 * - Western tunes in major and natural/harmonic minor, ending on the tonic six times in ten, else on the
 *   fifth or the third;
 * - with singing errors: one note in twenty a semitone off, short grace notes, octave leaps.
 * Sa is drawn uniformly from the 12 pitch classes and the register from a singer's range (MIDI 48–64).
 *
 * Usage: `npx tsx packages/analysis/train/sa-validation.ts [--songs 600] [--seed 1]` prints the grid of
 * weights scored on split A (choice) and the chosen weights' accuracy on split B (a check), as JSON on the
 * last line.
 */
import { parseSwaras, RAGAS, ragaHints, ragaSemitones, THAATS } from "@tonic/theory/indian";
import type { VocalNote } from "../src/vocal/analyze.js";
import { type SaCues, type SaWeights, saCues, saScore } from "../src/vocal/tonic.js";
import { makeRng } from "../testing/index.js";

/** A validation melody and its Sa (pitch class 0–11). */
export interface SaItem {
  notes: VocalNote[];
  sa: number;
  kind: "raga" | "western";
  /** The raga sung (raga melodies only). */
  raga?: string;
  /** The tune's mode, Sa being its tonic (Western melodies only; harmonic minor is "minor"). */
  mode?: "major" | "minor";
}

const SCALES = THAATS.map((t) => t.intervals);

export { SCALES as THAAT_SCALES };

function pick<T>(rng: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length) % xs.length] as T;
}

/** Semitone offsets from Sa (with octaves) of a phrase in a raga's spelling. */
function phrase(text: string, system: "hindustani" | "carnatic"): number[] {
  return parseSwaras(text, system).map((s) => s.semitone + 12 * s.octave);
}

/** Appends notes for `steps` (semitones from Sa) at `base` MIDI, with durations drawn per note. */
export function sing(
  out: VocalNote[],
  rng: () => number,
  base: number,
  steps: readonly number[],
  long: (step: number) => boolean,
): void {
  let t = out[out.length - 1]?.end ?? 0.3;
  for (const step of steps) {
    let d = 0.2 + rng() * 0.35;
    if (long(step)) d *= 1.8 + rng();
    t += rng() < 0.3 ? 0.05 + rng() * 0.2 : 0.02;
    // Grace note (a short neighbour) before one note in eight.
    if (rng() < 0.125) {
      out.push({ start: t, end: t + 0.06, midi: base + step + (rng() < 0.5 ? 1 : 2) });
      t += 0.07;
    }
    // One note in twenty sung a semitone off.
    const err = rng() < 0.05 ? (rng() < 0.5 ? -1 : 1) : 0;
    out.push({ start: t, end: t + d, midi: base + step + err });
    t += d;
  }
}

/** A raga melody: aroha, pakad, free phrases inside the raga, avaroha, a close. */
function ragaMelody(rng: () => number, sa: number, base: number): SaItem {
  const raga = pick(rng, RAGAS);
  const sys = raga.system;
  const aroha = phrase(raga.aroha, sys);
  const avaroha = phrase(raga.avaroha, sys);
  const pakad = raga.pakad ? phrase(raga.pakad, sys) : [];
  const scale = ragaSemitones(raga);
  const vadi = raga.vadi ? (phrase(raga.vadi, sys)[0] ?? 0) : 7;
  const samvadi = raga.samvadi ? (phrase(raga.samvadi, sys)[0] ?? 0) : 0;
  const important = (s: number) => {
    const pc = ((s % 12) + 12) % 12;
    return (pc === vadi % 12 || pc === samvadi % 12) && rng() < 0.6;
  };
  const notes: VocalNote[] = [];
  const parts: number[][] = [aroha, pakad, avaroha];
  // Free phrases: a walk over the raga's notes.
  for (let k = 0; k < 3; k++) {
    let i = Math.floor(rng() * scale.length);
    const walk: number[] = [];
    for (let j = 0; j < 6 + Math.floor(rng() * 6); j++) {
      i = Math.max(
        0,
        Math.min(scale.length * 2 - 1, i + (rng() < 0.5 ? -1 : 1) * (1 + Math.floor(rng() * 2))),
      );
      walk.push((scale[i % scale.length] ?? 0) + 12 * Math.floor(i / scale.length));
    }
    parts.splice(1 + Math.floor(rng() * parts.length), 0, walk);
  }
  for (const p of parts) sing(notes, rng, base, p, important);
  const close = rng() < 0.7 ? 0 : vadi % 12;
  sing(notes, rng, base, [close], () => true);
  return { notes, sa, kind: "raga", raga: raga.name };
}

/** A Western tune: a walk in major or minor, leaning on chord tones, with a close. */
export function westernMelody(rng: () => number, sa: number, base: number): SaItem {
  const major = rng() < 0.5;
  const steps = major
    ? [0, 2, 4, 5, 7, 9, 11]
    : rng() < 0.5
      ? [0, 2, 3, 5, 7, 8, 10]
      : [0, 2, 3, 5, 7, 8, 11];
  const chordTones = major ? [0, 4, 7] : [0, 3, 7];
  const notes: VocalNote[] = [];
  let i = 7;
  const seq: number[] = [];
  for (let j = 0; j < 28 + Math.floor(rng() * 16); j++) {
    i = Math.max(0, Math.min(13, i + pick(rng, [-2, -1, -1, 1, 1, 2, 0])));
    seq.push((steps[i % 7] ?? 0) + 12 * Math.floor(i / 7));
  }
  const r = rng();
  seq.push(r < 0.6 ? 0 : r < 0.8 ? 7 : (chordTones[1] ?? 4));
  sing(notes, rng, base, seq, (s) => chordTones.includes(((s % 12) + 12) % 12) && rng() < 0.3);
  return { notes, sa, kind: "western", mode: major ? "major" : "minor" };
}

/** `count` validation melodies (half raga, half Western), deterministic for a seed. */
export function saValidationSet(count: number, seed: number): SaItem[] {
  const rng = makeRng(seed);
  const out: SaItem[] = [];
  for (let k = 0; k < count; k++) {
    const sa = Math.floor(rng() * 12);
    // The singer's Sa: MIDI 48–59 (a man's register), an octave up one time in three (a woman's).
    const saBase = 48 + sa + (rng() < 0.35 ? 12 : 0);
    out.push(k % 2 === 0 ? ragaMelody(rng, sa, saBase) : westernMelody(rng, sa, saBase));
  }
  return out;
}

/** An item's cues, computed once (the grid search only re-weights them). */
interface Scored {
  cues: SaCues[];
  sa: number;
  kind: SaItem["kind"];
}

/** Share of items whose Sa is found, and the mean negative log-likelihood (nats) of the true Sa. */
export function scoreWeights(
  items: readonly Scored[],
  w: SaWeights,
  temperature: number,
): { accuracy: number; nll: number } {
  let right = 0;
  let nll = 0;
  for (const item of items) {
    const scores = item.cues.map((c) => saScore(c, w));
    const top = Math.max(...scores);
    let best = 0;
    scores.forEach((x, pc) => {
      if (x > (scores[best] ?? 0)) best = pc;
    });
    if (best === item.sa) right++;
    const z = scores.reduce((acc, x) => acc + Math.exp((x - top) / temperature), 0);
    nll -= ((scores[item.sa] ?? top) - top) / temperature - Math.log(z);
  }
  return { accuracy: right / items.length, nll: nll / items.length };
}

/** Seconds sung on each of the 12 swaras (semitones above `sa`), notes of 0.1 s or longer. */
export function secondsBySwara(notes: readonly VocalNote[], sa: number): number[] {
  const out = new Array<number>(12).fill(0);
  for (const n of notes) {
    const d = n.end - n.start;
    if (d < 0.1) continue;
    const k = (((Math.round(n.midi) - sa) % 12) + 12) % 12;
    out[k] = (out[k] ?? 0) + d;
  }
  return out;
}

/** Raga hints on raga melodies: top-1 and top-3 accuracy with the true Sa, and how often "sure" is right. */
function ragaReport(
  items: readonly SaItem[],
  w: { outside: number; missing: number; vadi: number },
  t: number,
) {
  let top1 = 0;
  let top3 = 0;
  let sure = 0;
  let sureRight = 0;
  let nll = 0;
  const ragaItems = items.filter((x) => x.kind === "raga");
  for (const item of ragaItems) {
    const hints = ragaHints(secondsBySwara(item.notes, item.sa), w, t);
    const names = hints?.ragas.map((r) => r.raga.name) ?? [];
    if (names[0] === item.raga) top1++;
    if (names.includes(item.raga ?? "")) top3++;
    if (hints?.sure) {
      sure++;
      if (names[0] === item.raga) sureRight++;
    }
    const p = hints?.ragas.find((r) => r.raga.name === item.raga)?.confidence ?? 1e-3;
    nll -= Math.log(Math.max(p, 1e-3));
  }
  const n = ragaItems.length || 1;
  return {
    top1: top1 / n,
    top3: top3 / n,
    sureShare: sure / n,
    surePrecision: sure ? sureRight / sure : null,
    nll: nll / n,
  };
}

function main(): void {
  const args = process.argv.slice(2);
  const arg = (name: string, dflt: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : dflt;
  };
  const items = saValidationSet(arg("--songs", 800), arg("--seed", 1)).flatMap((it): Scored[] => {
    const cues = saCues(it.notes, SCALES);
    return cues ? [{ cues, sa: it.sa, kind: it.kind }] : [];
  });
  // Split A (choice) and B (check): alternate pairs, so both hold raga and Western melodies.
  const a = items.filter((_, k) => Math.floor(k / 2) % 2 === 0);
  const b = items.filter((_, k) => Math.floor(k / 2) % 2 === 1);
  const grid: { w: SaWeights; accuracy: number }[] = [];
  for (const saPa of [0.5, 1, 2])
    for (const scaleFit of [0, 0.5, 1, 2])
      for (const final of [0, 0.1, 0.25, 0.5])
        for (const nyas of [0, 0.25, 0.5, 1])
          for (const profile of [0, 0.25, 0.5, 1, 2]) {
            const w = { saPa, scaleFit, final, nyas, profile };
            grid.push({ w, accuracy: scoreWeights(a, w, 0.08).accuracy });
          }
  grid.sort((x, y) => y.accuracy - x.accuracy);
  const best = grid[0];
  if (!best) return;
  for (const g of grid.slice(0, 8)) console.log(JSON.stringify(g));
  // The confidence's temperature: the one that makes split A's true Sa most likely.
  const temps = [0.02, 0.04, 0.06, 0.08, 0.12, 0.2, 0.3].map((t) => ({
    t,
    nll: scoreWeights(a, best.w, t).nll,
  }));
  temps.sort((x, y) => x.nll - y.nll);
  const temperature = temps[0]?.t ?? 0.08;
  const check = scoreWeights(b, best.w, temperature);
  const byKind = (kind: SaItem["kind"]) =>
    scoreWeights(
      b.filter((x) => x.kind === kind),
      best.w,
      temperature,
    ).accuracy;
  // Raga hints, with the true Sa (the Sa estimate is scored above): weights on split A by top-1, temperature by NLL.
  const rawA = saValidationSet(arg("--songs", 800), arg("--seed", 1)).filter(
    (_, k) => Math.floor(k / 2) % 2 === 0,
  );
  const rawB = saValidationSet(arg("--songs", 800), arg("--seed", 1)).filter(
    (_, k) => Math.floor(k / 2) % 2 === 1,
  );
  const ragaGrid: { w: { outside: number; missing: number; vadi: number }; top1: number }[] = [];
  for (const outside of [0.5, 1, 2])
    for (const missing of [0, 0.25, 0.5, 1])
      for (const vadi of [0, 0.25, 0.5, 1]) {
        const w = { outside, missing, vadi };
        ragaGrid.push({ w, top1: ragaReport(rawA, w, 0.05).top1 });
      }
  ragaGrid.sort((x, y) => y.top1 - x.top1);
  const ragaW = ragaGrid[0]?.w ?? { outside: 1, missing: 0.5, vadi: 0.5 };
  const ragaT =
    [0.02, 0.05, 0.1, 0.2]
      .map((t) => ({ t, nll: ragaReport(rawA, ragaW, t).nll }))
      .sort((x, y) => x.nll - y.nll)[0]?.t ?? 0.05;
  console.log(
    JSON.stringify({
      ragaChosen: ragaW,
      ragaTemperature: ragaT,
      splitA: ragaReport(rawA, ragaW, ragaT),
      splitB: ragaReport(rawB, ragaW, ragaT),
    }),
  );
  console.log(
    JSON.stringify({
      chosen: best.w,
      temperature,
      splitA: best.accuracy,
      splitB: check.accuracy,
      splitBRaga: byKind("raga"),
      splitBWestern: byKind("western"),
      items: items.length,
    }),
  );
}

if (process.argv[1]?.endsWith("sa-validation.ts")) main();
