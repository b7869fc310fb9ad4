import * as z from "zod/mini";

/** Most items one request may save (a device syncing its whole signed-out history). */
export const MAX_PRACTICE_ITEMS_PER_SAVE = 500;

/** Practice skills: the ear-training skills and lesson quizzes (issue 16). */
export const PRACTICE_SKILLS = [
  "intervals",
  "chords",
  "scale-degrees",
  "progressions",
  "swaras",
  "quiz",
] as const;
export type PracticeSkill = (typeof PRACTICE_SKILLS)[number];

const isoDate = z.iso.datetime({ offset: true });

/**
 * One practice item (spaced repetition): an ear-training answer ("intervals:M3") or a lesson quiz
 * question ("quiz:the-major-scale:2"), with its answer counts and its FSRS card (dates as ISO strings).
 */
export const PracticeItem = z
  .strictObject({
    item_id: z
      .string()
      .check(
        z.minLength(3),
        z.maxLength(200),
        z.regex(/^[a-z-]+:[A-Za-z0-9:#_-]+$/, 'must look like "intervals:M3" or "quiz:the-major-scale:2"'),
      ),
    skill: z.enum(PRACTICE_SKILLS),
    attempts: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
    correct: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
    /** ISO time the item is next due. */
    due: isoDate,
    card: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    /** ISO time of the last answer (the newer copy wins when devices sync). */
    updated_at: isoDate,
  })
  .check(
    z.refine((i) => i.correct <= i.attempts, {
      message: "correct cannot exceed attempts",
      path: ["correct"],
    }),
    z.refine((i) => i.item_id.startsWith(`${i.skill}:`), {
      message: "item_id must start with its skill",
      path: ["item_id"],
    }),
  );
export type PracticeItem = z.infer<typeof PracticeItem>;

/** `GET /api/practice` response. */
export const PracticeList = z.object({ items: z.array(PracticeItem) });
export type PracticeList = z.infer<typeof PracticeList>;

/** `PUT /api/practice` body. */
export const SavePracticeRequest = z.strictObject({
  items: z.array(PracticeItem).check(z.minLength(1), z.maxLength(MAX_PRACTICE_ITEMS_PER_SAVE)),
});
export type SavePracticeRequest = z.infer<typeof SavePracticeRequest>;

/** `PUT /api/practice` response: how many items were written (older copies are kept). */
export const SavePracticeResponse = z.object({ saved: z.number().check(z.int(), z.gte(0)) });
/** `DELETE /api/practice` response. */
export const DeletePracticeResponse = z.object({ deleted: z.number().check(z.int(), z.gte(0)) });
