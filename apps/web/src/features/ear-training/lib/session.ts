import {
  type ExerciseQuestion,
  generateQuestion,
  nextLevel,
  type QuestionOptions,
  type Rng,
  type Skill,
} from "@tonic/theory/exercises";

/** Questions asked in between before a missed item comes back in the same session. */
export const REVIEW_GAP = 2;

/** A missed item waiting to be asked again. */
interface Pending {
  item: string;
  /** Ask it once `asked` reaches this count. */
  at: number;
}

/** One skill's practice session (pure state; the page keeps it in React state). */
export interface Session {
  skill: Skill;
  level: number;
  /** Results at the current level, oldest first (for the adaptive level). */
  atLevel: boolean[];
  asked: number;
  right: number;
  pending: Pending[];
  /** Items due from earlier sessions (spaced repetition), asked before new ones. */
  dueFromBefore: string[];
  /** Question options fixed for the session (the swara drill's Sa). */
  options: QuestionOptions;
}

/** A question with whether it is a missed item coming back. */
export interface SessionQuestion {
  question: ExerciseQuestion;
  review: boolean;
}

/**
 * A new session.
 *
 * Parameters
 * ----------
 * skill : Skill
 * due : readonly string[]
 *     Answer ids of this skill that spaced repetition says are due (missed earlier).
 * options : QuestionOptions
 *     Passed to every question of the session (the swara drill's `sa`, the learner's Sa).
 */
export function startSession(
  skill: Skill,
  due: readonly string[] = [],
  options: QuestionOptions = {},
): Session {
  return { skill, level: 1, atLevel: [], asked: 0, right: 0, pending: [], dueFromBefore: [...due], options };
}

/**
 * The next question: a missed item whose gap has passed, else an item due from an earlier
 * session, else a fresh one at the current level.
 *
 * Returns
 * -------
 * { session: Session; next: SessionQuestion }
 */
export function nextQuestion(session: Session, rng: Rng): { session: Session; next: SessionQuestion } {
  const ready = session.pending.find((p) => p.at <= session.asked);
  if (ready) {
    return {
      session: { ...session, pending: session.pending.filter((p) => p !== ready) },
      next: {
        question: generateQuestion(session.skill, session.level, rng, ready.item, session.options),
        review: true,
      },
    };
  }
  const [due, ...rest] = session.dueFromBefore;
  if (due !== undefined) {
    try {
      const question = generateQuestion(session.skill, session.level, rng, due, session.options);
      return { session: { ...session, dueFromBefore: rest }, next: { question, review: true } };
    } catch {
      return nextQuestion({ ...session, dueFromBefore: rest }, rng);
    }
  }
  // A fresh question avoids the items waiting to come back, so those return as reviews.
  const waiting = new Set(session.pending.map((p) => p.item));
  let question = generateQuestion(session.skill, session.level, rng, undefined, session.options);
  for (let tries = 0; tries < 20 && waiting.has(question.answer); tries++) {
    question = generateQuestion(session.skill, session.level, rng, undefined, session.options);
  }
  return { session, next: { question, review: false } };
}

/**
 * Score an answer: counts it, adapts the level and, when it is wrong, schedules the item to
 * come back after {@link REVIEW_GAP} other questions.
 */
export function answer(session: Session, question: ExerciseQuestion, correct: boolean): Session {
  const asked = session.asked + 1;
  const atLevel = [...session.atLevel, correct];
  const level = nextLevel(session.level, atLevel);
  const pending = correct
    ? session.pending.filter((p) => p.item !== question.answer)
    : [
        ...session.pending.filter((p) => p.item !== question.answer),
        { item: question.answer, at: asked + REVIEW_GAP },
      ];
  return {
    ...session,
    asked,
    right: session.right + (correct ? 1 : 0),
    level,
    atLevel: level === session.level ? atLevel : [],
    pending,
  };
}
