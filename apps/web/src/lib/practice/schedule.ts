import { type Card, createEmptyCard, fsrs, generatorParameters, Rating, State } from "ts-fsrs";

/**
 * Spaced repetition for practice items with FSRS (ts-fsrs, the Free Spaced Repetition Scheduler;
 * https://github.com/open-spaced-repetition/ts-fsrs). A right answer is rated Good, a wrong one
 * Again, so a missed item is due again within minutes and a known one drifts out to days and weeks.
 */
const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));

/** Skills that keep practice items. */
export type PracticeSkill = "intervals" | "chords" | "scale-degrees" | "progressions" | "swaras" | "quiz";

/** A card as stored (dates as ISO strings; JSON-safe for localStorage and the server). */
export type StoredCard = Record<string, string | number | null>;

/** One practice item: an ear-training answer ("intervals:M3") or a lesson quiz question. */
export interface PracticeItem {
  item_id: string;
  skill: PracticeSkill;
  attempts: number;
  correct: number;
  /** ISO time the item is next due. */
  due: string;
  card: StoredCard;
  /** ISO time of the last answer (the newer copy wins when devices sync). */
  updated_at: string;
}

function toStored(card: Card): StoredCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

const num = (v: unknown, fallback = 0) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);

function fromStored(stored: StoredCard, now: Date): Card {
  const empty = createEmptyCard(now);
  const due = typeof stored.due === "string" ? new Date(stored.due) : empty.due;
  const last = typeof stored.last_review === "string" ? new Date(stored.last_review) : undefined;
  const state = num(stored.state);
  return {
    due: Number.isNaN(due.getTime()) ? empty.due : due,
    stability: num(stored.stability),
    difficulty: num(stored.difficulty),
    elapsed_days: num(stored.elapsed_days),
    scheduled_days: num(stored.scheduled_days),
    learning_steps: num(stored.learning_steps),
    reps: num(stored.reps),
    lapses: num(stored.lapses),
    state: state in State ? (state as State) : State.New,
    ...(last && !Number.isNaN(last.getTime()) ? { last_review: last } : {}),
  };
}

/**
 * The item after one answer.
 *
 * Parameters
 * ----------
 * previous : PracticeItem | undefined
 *     The item so far (undefined the first time it is answered).
 * itemId, skill : the item's identity.
 * correct : boolean
 * now : Date
 *
 * Returns
 * -------
 * PracticeItem
 *     Counts updated and the FSRS card rescheduled (Again for a wrong answer, Good for a right one).
 */
export function answerItem(
  previous: PracticeItem | undefined,
  itemId: string,
  skill: PracticeSkill,
  correct: boolean,
  now: Date,
): PracticeItem {
  const card = previous ? fromStored(previous.card, now) : createEmptyCard(now);
  const next = scheduler.next(card, now, correct ? Rating.Good : Rating.Again).card;
  return {
    item_id: itemId,
    skill,
    attempts: (previous?.attempts ?? 0) + 1,
    correct: (previous?.correct ?? 0) + (correct ? 1 : 0),
    due: next.due.toISOString(),
    card: toStored(next),
    updated_at: now.toISOString(),
  };
}

/** Whether an item is due (its next review time has come). */
export function isDue(item: PracticeItem, now: Date): boolean {
  return new Date(item.due).getTime() <= now.getTime();
}

/**
 * Whether the learner's latest answer to an item was wrong: FSRS's Again puts a card on the first
 * (re)learning step, which a right answer always leaves.
 */
export function lastAnswerMissed(item: PracticeItem): boolean {
  const state = num(item.card.state);
  return (
    item.correct < item.attempts &&
    (state === State.Learning || state === State.Relearning) &&
    num(item.card.learning_steps) === 0
  );
}

/**
 * Whether a missed item is waiting for review: the latest answer was wrong (FSRS brings it back within
 * minutes, and the learner should see it counted at once), or it was missed before and its review time
 * has come.
 */
export function needsReview(item: PracticeItem, now: Date): boolean {
  return lastAnswerMissed(item) || (isDue(item, now) && item.correct < item.attempts);
}

/** An item counts as learned once FSRS schedules it at least a day ahead (state Review). */
export function isLearned(item: PracticeItem): boolean {
  return num(item.card.state) === State.Review;
}

/** Per-skill progress for the progress view. */
export interface SkillProgress {
  skill: PracticeSkill;
  items: number;
  attempts: number;
  correct: number;
  /** Missed items to review: the latest answer was wrong, or the review time of a missed item has come. */
  due: number;
  learned: number;
}

/** Summarise items per skill (skills without items are left out). */
export function summarise(items: readonly PracticeItem[], now: Date): SkillProgress[] {
  const bySkill = new Map<PracticeSkill, SkillProgress>();
  for (const item of items) {
    const s = bySkill.get(item.skill) ?? {
      skill: item.skill,
      items: 0,
      attempts: 0,
      correct: 0,
      due: 0,
      learned: 0,
    };
    s.items += 1;
    s.attempts += item.attempts;
    s.correct += item.correct;
    if (needsReview(item, now)) s.due += 1;
    if (isLearned(item)) s.learned += 1;
    bySkill.set(item.skill, s);
  }
  return [...bySkill.values()];
}
