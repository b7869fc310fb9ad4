/**
 * Several of Live's frame models read as one (an ensemble of networks trained alike from different
 * seeds). Pure module (no Node or DOM APIs).
 */
import { AnalysisError, type LiveChordModel, type LiveChordModelInput } from "../types.js";
import { FRAME_MODEL_CLASSES } from "./frame-features.js";

/**
 * One {@link LiveChordModel} from several: per frame and class, the mean of the members' probabilities
 * (an equal-weight mixture), returned as natural-log probabilities like each member's. Averaging networks
 * trained alike from different random seeds keeps what they agree on and evens out what each one learned
 * by chance (Hansen & Salamon, "Neural network ensembles", IEEE TPAMI 1990; Lakshminarayanan, Pritzel &
 * Blundell, "Simple and scalable predictive uncertainty estimation using deep ensembles", NeurIPS 2017).
 *
 * @param models the members (≥ 1), each answering `[T × 61]` log-probabilities for the same input; one
 *   member is returned as it is.
 * @returns a model whose `predict` runs every member on the input and rejects with the first member's
 *   AnalysisError when one fails, or with an AnalysisError when their answers differ in length.
 * @throws {RangeError} when `models` is empty.
 */
export function averageLiveChordModels(models: readonly LiveChordModel[]): LiveChordModel {
  if (models.length === 0) throw new RangeError("averageLiveChordModels needs at least one model");
  const [only] = models;
  if (models.length === 1 && only) return only;
  const members = [...models];
  return {
    async predict(input: LiveChordModelInput): Promise<Float32Array> {
      const answers = await Promise.all(members.map((m) => m.predict(input)));
      const n = input.frames * FRAME_MODEL_CLASSES;
      if (answers.some((a) => a.length !== n))
        throw new AnalysisError(
          `Live's chord models disagree on the answer's length (${answers.map((a) => a.length).join(", ")}; expected ${n})`,
        );
      const out = new Float32Array(n);
      const logCount = Math.log(answers.length);
      for (let i = 0; i < n; i++) {
        // log(mean(exp(lp))) computed from the largest member's value, so that no term underflows to 0.
        let max = Number.NEGATIVE_INFINITY;
        for (const a of answers) max = Math.max(max, a[i] as number);
        let sum = 0;
        for (const a of answers) sum += Math.exp((a[i] as number) - max);
        // A class every member rules out (log 0) stays ruled out (−∞ − −∞ would be NaN).
        out[i] = max === Number.NEGATIVE_INFINITY ? max : max + Math.log(sum) - logCount;
      }
      return out;
    },
  };
}
