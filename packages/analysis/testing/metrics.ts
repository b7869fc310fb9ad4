/**
 * Evaluation metrics, re-implemented to match mir_eval (Raffel et al., "mir_eval: a transparent
 * implementation of common MIR metrics", ISMIR 2014) for the definitions in the eval README:
 * key (MIREX weighted), tempo Acc1/Acc2, beat F-measure, chord WCSR (majmin, sevenths) and segmentation.
 * Used by the benchmark; pure, no Node APIs.
 */
import { parseKey } from "../src/labels.js";

// ---------------------------------------------------------------- key

/**
 * MIREX weighted key score (mir_eval.key.weighted_score): same key 1.0; estimated tonic a perfect fifth
 * above the reference, same mode 0.5; relative major/minor 0.3; parallel 0.2; otherwise 0.
 * @param reference e.g. "E minor", "Bb major" (flats and sharps accepted).
 * @param estimate e.g. "E Minor".
 */
export function keyWeightedScore(reference: string, estimate: string): number {
  const r = parseKey(reference);
  const e = parseKey(estimate);
  if (r.tonic === e.tonic && r.mode === e.mode) return 1;
  if (r.mode === e.mode && (e.tonic - r.tonic + 12) % 12 === 7) return 0.5;
  if (e.mode !== r.mode && r.mode === "major" && (r.tonic - e.tonic + 12) % 12 === 3) return 0.3;
  if (e.mode !== r.mode && r.mode === "minor" && (e.tonic - r.tonic + 12) % 12 === 3) return 0.3;
  if (e.mode !== r.mode && e.tonic === r.tonic) return 0.2;
  return 0;
}

// ---------------------------------------------------------------- tempo

/** Acc1: estimate within 4 % of the reference tempo. */
export function tempoAcc1(reference: number, estimate: number): boolean {
  return Math.abs(estimate - reference) <= 0.04 * reference;
}

/** Acc2: estimate within 4 % of the reference tempo × {1/3, 1/2, 1, 2, 3}. */
export function tempoAcc2(reference: number, estimate: number): boolean {
  return [1 / 3, 1 / 2, 1, 2, 3].some((f) => Math.abs(estimate - reference * f) <= 0.04 * reference * f);
}

// ---------------------------------------------------------------- beats

/**
 * Beat F-measure (mir_eval.beat.f_measure): beats before `minBeatTime` are dropped from both lists
 * (trim_beats), then a one-to-one matching within ±`window` s; F = 2PR/(P+R); 0 when either list is empty.
 */
export function beatFMeasure(
  reference: readonly number[],
  estimate: readonly number[],
  window = 0.07,
  minBeatTime = 5,
): number {
  const ref = reference.filter((b) => b >= minBeatTime).sort((a, b) => a - b);
  const est = estimate.filter((b) => b >= minBeatTime).sort((a, b) => a - b);
  if (ref.length === 0 || est.length === 0) return 0;
  const matches = matchEvents(ref, est, window);
  if (matches === 0) return 0;
  const p = matches / est.length;
  const r = matches / ref.length;
  return (2 * p * r) / (p + r);
}

/** Size of a maximum one-to-one matching of sorted events within ±window (greedy is optimal on a line). */
export function matchEvents(ref: readonly number[], est: readonly number[], window: number): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < ref.length && j < est.length) {
    const r = ref[i] as number;
    const e = est[j] as number;
    if (Math.abs(r - e) <= window) {
      n++;
      i++;
      j++;
    } else if (e < r) j++;
    else i++;
  }
  return n;
}

// ---------------------------------------------------------------- chords

/** A labelled interval [start, end) in seconds with a Harte label. */
export interface LabeledInterval {
  start: number;
  end: number;
  label: string;
}

const PC: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const DEGREE: Record<string, number> = {
  "1": 0,
  "2": 2,
  "3": 4,
  "4": 5,
  "5": 7,
  "6": 9,
  "7": 11,
  "9": 14,
  "10": 16,
  "11": 17,
  "12": 19,
  "13": 21,
};
const Q = (s: string) => s.split("").map(Number);
/** mir_eval.chord.QUALITIES */
const QUALITY_BITMAPS: Record<string, number[]> = {
  maj: Q("100010010000"),
  min: Q("100100010000"),
  aug: Q("100010001000"),
  dim: Q("100100100000"),
  sus4: Q("100001010000"),
  sus2: Q("101000010000"),
  "7": Q("100010010010"),
  maj7: Q("100010010001"),
  min7: Q("100100010010"),
  minmaj7: Q("100100010001"),
  maj6: Q("100010010100"),
  min6: Q("100100010100"),
  dim7: Q("100100100100"),
  hdim7: Q("100100100010"),
  maj9: Q("100010010001"),
  min9: Q("100100010010"),
  "9": Q("100010010010"),
  b9: Q("100010010010"),
  "#9": Q("100010010010"),
  min11: Q("100100010010"),
  "11": Q("100010010010"),
  "#11": Q("100010010010"),
  maj13: Q("100010010001"),
  min13: Q("100100010010"),
  "13": Q("100010010010"),
  b13: Q("100010010010"),
  "1": Q("100000000000"),
  "5": Q("100000010000"),
  "": Q("000000000000"),
};

/** mir_eval.chord.encode: root (−1 for N/X), 12-bit relative bitmap (all −1 for X), bass semitone. */
export interface EncodedChord {
  root: number;
  bitmap: number[];
  bass: number;
}

function degreeToSemitone(d: string): number {
  let off = 0;
  let s = d;
  if (s.startsWith("#")) {
    off = s.split("#").length - 1;
    s = s.replace(/^#+/, "");
  } else if (s.startsWith("b")) {
    off = -(s.split("b").length - 1);
    s = s.replace(/^b+/, "");
  }
  const v = DEGREE[s];
  if (v === undefined) throw new Error(`Scale degree improperly formed: ${d}`);
  return v + off;
}

/**
 * Encode a Harte label exactly like mir_eval.chord.encode(label, reduce_extended_chords=False):
 * bitmap = quality ∪ {root} ∪ extensions with degree < 12 (omissions "*x" removed) ∪ {bass}.
 * @throws {Error} on a malformed label.
 */
export function encodeChord(label: string): EncodedChord {
  if (label === "N") return { root: -1, bitmap: new Array(12).fill(0), bass: -1 };
  if (label === "X") return { root: -1, bitmap: new Array(12).fill(-1), bass: -1 };
  let s = label;
  let bass = "1";
  if (s.includes("/")) [s = "", bass = "1"] = s.split("/");
  let degrees: string[] = [];
  if (s.includes("(")) {
    const [a = "", b = ""] = s.split("(");
    s = a;
    degrees = b
      .replace(/\)$/, "")
      .split(",")
      .map((x) => x.trim())
      .filter((x) => x.length > 0);
  }
  let quality = degrees.length > 0 ? "" : "maj";
  let rootName = s;
  if (s.includes(":")) {
    const [r = "", q = ""] = s.split(":");
    rootName = r;
    if (q) quality = q.toLowerCase();
  }
  const m = /^([A-G])([#b]*)$/.exec(rootName);
  if (!m) throw new Error(`Invalid chord label: ${label}`);
  let root = PC[m[1] ?? "C"] ?? 0;
  for (const ch of m[2] ?? "") root += ch === "#" ? 1 : -1;
  root = ((root % 12) + 12) % 12;
  const qb = QUALITY_BITMAPS[quality];
  if (!qb) throw new Error(`Unsupported chord quality shorthand: '${quality}'`);
  const acc = [...qb];
  acc[0] = 1;
  for (const d0 of degrees) {
    let d = d0;
    let sign = 1;
    if (d.startsWith("*")) {
      sign = -1;
      d = d.replace(/^\*+/, "");
    }
    const st = degreeToSemitone(d);
    if (st < 12) {
      const k = ((st % 12) + 12) % 12;
      acc[k] = (acc[k] as number) + sign;
    }
  }
  const bitmap = acc.map((v) => (v > 0 ? 1 : 0));
  const bassN = ((degreeToSemitone(bass) % 12) + 12) % 12;
  bitmap[bassN] = 1;
  return { root, bitmap, bass: bassN };
}

const eqPrefix = (a: readonly number[], b: readonly number[], n: number) => {
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** mir_eval.chord.majmin: 1/0 per comparison, −1 when the reference is outside maj/min/N. */
export function compareMajmin(ref: string, est: string): number {
  const r = encodeChord(ref);
  const e = encodeChord(est);
  const isMaj = eqPrefix(r.bitmap, QUALITY_BITMAPS["maj"] as number[], 8);
  const isMin = eqPrefix(r.bitmap, QUALITY_BITMAPS["min"] as number[], 8);
  const isNone = r.root < 0 && r.bitmap.every((v) => v === 0);
  if (!isMaj && !isMin && !isNone) return -1;
  return r.root === e.root && eqPrefix(r.bitmap, e.bitmap, 8) ? 1 : 0;
}

/** mir_eval.chord.sevenths: full-bitmap comparison, −1 when the reference is outside maj, min, maj7, 7, min7, N. */
export function compareSevenths(ref: string, est: string): number {
  const r = encodeChord(ref);
  const e = encodeChord(est);
  const valid = ["maj", "min", "maj7", "7", "min7", ""].some((q) =>
    eqPrefix(r.bitmap, QUALITY_BITMAPS[q] as number[], 12),
  );
  if (!valid) return -1;
  return r.root === e.root && eqPrefix(r.bitmap, e.bitmap, 12) ? 1 : 0;
}

/**
 * mir_eval.util.adjust_intervals(est, t_min, t_max, "N", "N"): clip the estimate to the reference span,
 * padding with "N" at either end.
 */
export function adjustIntervals(
  est: readonly LabeledInterval[],
  tMin: number,
  tMax: number,
): LabeledInterval[] {
  const out: LabeledInterval[] = [];
  for (const iv of est) {
    const s = Math.max(iv.start, tMin);
    const e = Math.min(iv.end, tMax);
    if (e > s) out.push({ start: s, end: e, label: iv.label });
  }
  const first = out[0];
  if (!first) return [{ start: tMin, end: tMax, label: "N" }];
  if (first.start > tMin) out.unshift({ start: tMin, end: first.start, label: "N" });
  const last = out[out.length - 1] as LabeledInterval;
  if (last.end < tMax) out.push({ start: last.end, end: tMax, label: "N" });
  return out;
}

/**
 * Duration-weighted chord symbol recall (mir_eval.chord.weighted_accuracy over merged intervals).
 * Segments whose comparison is −1 (out of vocabulary, X) are excluded from numerator and denominator.
 * @returns score in 0..1, or null when nothing was comparable.
 */
export function chordWcsr(
  reference: readonly LabeledInterval[],
  estimate: readonly LabeledInterval[],
  compare: (ref: string, est: string) => number,
): number | null {
  if (reference.length === 0) return null;
  const tMin = Math.min(...reference.map((r) => r.start));
  const tMax = Math.max(...reference.map((r) => r.end));
  const est = adjustIntervals(estimate, tMin, tMax);
  const ts = [...new Set([...reference, ...est].flatMap((iv) => [iv.start, iv.end]))]
    .filter((t) => t >= tMin && t <= tMax)
    .sort((a, b) => a - b);
  const labelAt = (ivs: readonly LabeledInterval[], t: number) =>
    ivs.find((iv) => iv.start <= t && t < iv.end)?.label ?? "N";
  let num = 0;
  let den = 0;
  const cache = new Map<string, number>();
  for (let i = 0; i + 1 < ts.length; i++) {
    const a = ts[i] as number;
    const b = ts[i + 1] as number;
    const dur = b - a;
    if (dur <= 0) continue;
    const mid = (a + b) / 2;
    const r = labelAt(reference, mid);
    const e = labelAt(est, mid);
    const k = `${r}|${e}`;
    let c = cache.get(k);
    if (c === undefined) {
      c = compare(r, e);
      cache.set(k, c);
    }
    if (c < 0) continue;
    num += c * dur;
    den += dur;
  }
  return den > 0 ? num / den : null;
}

/** mir_eval.chord.directional_hamming_distance(reference, estimated). */
export function directionalHamming(
  reference: readonly { start: number; end: number }[],
  estimated: readonly { start: number; end: number }[],
): number {
  const estTs = [...new Set(estimated.flatMap((iv) => [iv.start, iv.end]))].sort((a, b) => a - b);
  let seg = 0;
  for (const { start, end } of reference) {
    const pts = [start, ...estTs.filter((t) => t >= start && t < end), end];
    let maxGap = 0;
    for (let i = 0; i + 1 < pts.length; i++)
      maxGap = Math.max(maxGap, (pts[i + 1] as number) - (pts[i] as number));
    seg += end - start - maxGap;
  }
  const first = reference[0];
  const last = reference[reference.length - 1];
  if (!first || !last) return 0;
  return seg / (last.end - first.start);
}

/**
 * Segmentation score: mean of over-segmentation (1 − dhd(ref, est)) and under-segmentation
 * (1 − dhd(est, ref)), with the estimate adjusted to the reference span as mir_eval.chord.evaluate does.
 */
export function segmentationScore(
  reference: readonly LabeledInterval[],
  estimate: readonly LabeledInterval[],
): number {
  if (reference.length === 0) return 0;
  const tMin = Math.min(...reference.map((r) => r.start));
  const tMax = Math.max(...reference.map((r) => r.end));
  const est = adjustIntervals(estimate, tMin, tMax);
  const over = 1 - directionalHamming(reference, est);
  const under = 1 - directionalHamming(est, reference);
  return (over + under) / 2;
}
