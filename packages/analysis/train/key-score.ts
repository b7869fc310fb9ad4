/** Key scores for the training scripts, on key indices (tonic pitch class + 12 for minor). */

/** MIREX weighted key score (mir_eval.key.weighted_score) on key indices (tonic + 12·minor). */
export function mirex(ref: number, est: number): number {
  const [rt, rm, et, em] = [ref % 12, Math.floor(ref / 12), est % 12, Math.floor(est / 12)];
  if (rt === et && rm === em) return 1;
  if (rm === em && (et - rt + 12) % 12 === 7) return 0.5;
  if (rm !== em && rm === 0 && (rt - et + 12) % 12 === 3) return 0.3;
  if (rm !== em && rm === 1 && (et - rt + 12) % 12 === 3) return 0.3;
  if (rm !== em && rt === et) return 0.2;
  return 0;
}
