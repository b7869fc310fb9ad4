import * as z from "zod/mini";

/** PRODUCT §3 "Vocal analysis result" (`POST /api/analyze-vocal-scale`). */
export const VocalScaleResult = z.object({
  /** "C Major" / "A Minor" (sharps); only the closest match when `key_uncertain`. */
  key: z.string(),
  /** True when the singing does not settle on one key: the range holds, the key is the closest match (issue 12). Older servers omit it. */
  key_uncertain: z.optional(z.boolean()),
  /** The runner-up key ("A Minor"), worth naming beside `key` when `key_uncertain`. Older servers omit it. */
  key_alternative: z.optional(z.nullable(z.string())),
  bpm: z.nullable(z.number()),
  /** The key's diatonic chords, most singable first. */
  recommended_chords: z.array(z.string()),
  /** "4/4" or "3/4", or null when there is no clear pulse. */
  time_signature: z.nullable(z.string()),
  /** Lowest and highest sustained notes ("G3") and their sung frequencies in Hz. */
  vocal_range: z.object({ min: z.string(), max: z.string(), min_hz: z.number(), max_hz: z.number() }),
  /**
   * The singer's Sa (tonic) from what they sang (issue 29): pitch class 0 = C … 11 = B, a 0..1 confidence
   * and the runner-up; null when it cannot be told. Older servers omit it.
   */
  sa: z.optional(
    z.nullable(
      z.object({
        pitch_class: z.number().check(z.int(), z.gte(0), z.lte(11)),
        confidence: z.number().check(z.gte(0), z.lte(1)),
        runner_up: z.nullable(
          z.object({
            pitch_class: z.number().check(z.int(), z.gte(0), z.lte(11)),
            confidence: z.number().check(z.gte(0), z.lte(1)),
          }),
        ),
        /** Seconds sung on each pitch class (index 0 = C), for the raga hints. */
        pitch_class_seconds: z.optional(z.array(z.number().check(z.nonnegative())).check(z.length(12))),
      }),
    ),
  ),
});
export type VocalScaleResult = z.infer<typeof VocalScaleResult>;
