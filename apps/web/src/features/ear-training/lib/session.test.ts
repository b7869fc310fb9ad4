import { noteToMidi } from "@tonic/theory";
import { checkAnswer, type Rng, swaraDrillSaMidi } from "@tonic/theory/exercises";
import { describe, expect, it } from "vitest";
import { answer, nextQuestion, REVIEW_GAP, startSession } from "./session";

function seeded(seed: number): Rng {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

describe("ear-training session", () => {
  it("brings a missed item back after REVIEW_GAP other questions, marked as a review", () => {
    const rng = seeded(7);
    let s = startSession("intervals");
    let step = nextQuestion(s, rng);
    s = step.session;
    const missed = step.next.question;
    s = answer(s, missed, false);
    for (let i = 0; i < REVIEW_GAP; i++) {
      step = nextQuestion(s, rng);
      s = step.session;
      expect(step.next.review).toBe(false);
      s = answer(s, step.next.question, true);
    }
    step = nextQuestion(s, rng);
    expect(step.next.review).toBe(true);
    expect(step.next.question.answer).toBe(missed.answer);
    expect(checkAnswer(step.next.question, missed.answer)).toBe(true);
  });

  it("asks items due from earlier sessions first", () => {
    const step = nextQuestion(startSession("chords", ["augmented"]), seeded(1));
    expect(step.next).toMatchObject({ review: true, question: { answer: "augmented" } });
    expect(step.session.dueFromBefore).toEqual([]);
  });

  it("skips a due item the skill does not know", () => {
    const step = nextQuestion(startSession("chords", ["no-such-chord"]), seeded(1));
    expect(step.next.review).toBe(false);
  });

  it("raises the level after a run of right answers and counts the score", () => {
    const rng = seeded(3);
    let s = startSession("scale-degrees");
    for (let i = 0; i < 6; i++) {
      const step = nextQuestion(s, rng);
      s = answer(step.session, step.next.question, true);
    }
    expect(s.level).toBe(2);
    expect(s.atLevel).toEqual([]);
    expect(s).toMatchObject({ asked: 6, right: 6 });
  });

  it("asks every swara of a session, reviews included, over the session's Sa", () => {
    const rng = seeded(11);
    let s = startSession("swaras", ["d"], { sa: "A" });
    const saMidi = swaraDrillSaMidi("A");
    for (let i = 0; i < 8; i++) {
      const step = nextQuestion(s, rng);
      const q = step.next.question;
      expect(q.context).toMatch(/^Sa = A:/);
      const played: number = noteToMidi(q.playback[0]?.notes[0] ?? "");
      expect(played - saMidi).toBeGreaterThanOrEqual(0);
      expect(played - saMidi).toBeLessThan(12);
      s = answer(step.session, q, i % 2 === 0);
    }
  });
});
