import { describe, expect, it } from "vitest";
import { answerItem, lastAnswerMissed, needsReview, summarise } from "./schedule";

const now = new Date("2026-05-01T10:00:00Z");
const minutesLater = (m: number) => new Date(now.getTime() + m * 60_000);

describe("summarise: missed items to review", () => {
  it("counts a missed item right after the miss, though FSRS schedules it a minute ahead", () => {
    const missed = answerItem(undefined, "intervals:M3", "intervals", false, now);
    expect(new Date(missed.due).getTime()).toBeGreaterThan(now.getTime());
    expect(lastAnswerMissed(missed)).toBe(true);
    expect(summarise([missed], now)).toEqual([
      { skill: "intervals", items: 1, attempts: 1, correct: 0, due: 1, learned: 0 },
    ]);
  });

  it("stops counting it once it is answered right, until its next review time", () => {
    const missed = answerItem(undefined, "intervals:M3", "intervals", false, now);
    const reviewed = answerItem(missed, "intervals:M3", "intervals", true, minutesLater(2));
    expect(lastAnswerMissed(reviewed)).toBe(false);
    expect(summarise([reviewed], minutesLater(2))[0]?.due).toBe(0);
    expect(summarise([reviewed], new Date(reviewed.due))[0]?.due).toBe(1);
  });

  it("never counts an item only ever answered right", () => {
    const right = answerItem(undefined, "intervals:P5", "intervals", true, now);
    expect(needsReview(right, now)).toBe(false);
    expect(needsReview(right, new Date(right.due))).toBe(false);
  });

  it("counts a learned item missed again (relearning)", () => {
    let item = answerItem(undefined, "chords:maj", "chords", true, now);
    item = answerItem(item, "chords:maj", "chords", true, minutesLater(10));
    item = answerItem(item, "chords:maj", "chords", false, minutesLater(60 * 24));
    expect(lastAnswerMissed(item)).toBe(true);
    expect(summarise([item], minutesLater(60 * 24))[0]?.due).toBe(1);
  });
});
