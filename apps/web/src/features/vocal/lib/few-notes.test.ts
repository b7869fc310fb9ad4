import { describe, expect, it } from "vitest";
import { fewNotesMessage, fewSungNotes } from "./few-notes";

describe("fewSungNotes", () => {
  it("names a single steady note, even when the engine split it in pieces", () => {
    expect(fewSungNotes([{ start: 0.2, end: 4.8, midi: 69 }])).toEqual([69]);
    expect(
      fewSungNotes([
        { start: 0, end: 1, midi: 69 },
        { start: 1.05, end: 1.1, midi: 70 },
        { start: 1.2, end: 3, midi: 69 },
      ]),
    ).toEqual([69]);
  });

  it("lists two or three held notes low to high", () => {
    expect(
      fewSungNotes([
        { start: 0, end: 1, midi: 72 },
        { start: 1, end: 2, midi: 69 },
      ]),
    ).toEqual([69, 72]);
  });

  it("says nothing about silence, a blip or a melody of four or more notes", () => {
    expect(fewSungNotes([])).toBeNull();
    expect(fewSungNotes([{ start: 0, end: 0.3, midi: 69 }])).toBeNull();
    const melody = [60, 62, 64, 65].map((midi, i) => ({ start: i, end: i + 0.8, midi }));
    expect(fewSungNotes(melody)).toBeNull();
  });
});

describe("fewNotesMessage", () => {
  it("reads as the singer heard it", () => {
    expect(fewNotesMessage([69])).toBe("One note: A4 — sing a few different notes");
    expect(fewNotesMessage([69, 72])).toBe("Only 2 notes: A4 and C5 — sing a few more different notes");
    expect(fewNotesMessage([57, 60, 64])).toBe(
      "Only 3 notes: A3, C4 and E4 — sing a few more different notes",
    );
  });
});
