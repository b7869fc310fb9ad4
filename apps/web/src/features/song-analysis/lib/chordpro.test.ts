import { describe, expect, it } from "vitest";
import { toChordPro } from "./chordpro";
import { gridFromSheet } from "./sheet";

describe("toChordPro", () => {
  it("writes the directives and a grid section, one cell a beat, four bars a line, each bar opening with its chord", () => {
    const grid = gridFromSheet({
      key: "A# Minor",
      meter: "3/4",
      bpm: 90,
      beats: Array.from({ length: 16 }, (_, i) => i * 0.667),
      downbeat: 1,
      changes: [
        { beat: 0, chord: "N" },
        { beat: 1, chord: "A#m" },
        { beat: 4, chord: "D#m7" },
        { beat: 6, chord: "F7" },
        { beat: 10, chord: "A#m" },
      ],
      durationSeconds: 11,
    });
    const label = (c: string | null) => (c ? c.replace("A#", "B♭").replace("D#", "E♭") : null);
    const text = toChordPro(grid, label, {
      title: "Waltz {1}",
      key: "B♭ Minor",
      bpm: 90.4,
      meter: "3/4",
      capo: 2,
    });
    expect(text.split("\n")).toEqual([
      "{title: Waltz 1}",
      "{key: Bbm}",
      "{tempo: 90}",
      "{time: 3/4}",
      "{capo: 2}",
      '{start_of_grid: shape="4x3"}',
      "| N.C. | Bbm . . | Ebm7 . F7 | F7 . . |",
      "| Bbm . . | Bbm . . |",
      "{end_of_grid}",
      "",
    ]);
  });
});
