import { describe, expect, it } from "vitest";
import { capoShape, suggestCapo } from "./capo";
import { chordNumeral, displayChord, displayKey } from "./spelling";

describe("capo", () => {
  it("plays B♭ minor shapes as A minor shapes with capo 1", () => {
    expect(["Bbm7", "Ebm7", "Gb7", "F7"].map((c) => capoShape(c, 1))).toEqual(["Am7", "Dm7", "F7", "E7"]);
    expect(capoShape("C/E", 0)).toBe("C");
  });
  it("suggests the fret with the most open shapes", () => {
    const song = ["A#m", "F#", "C#", "G#"].map((chord) => ({ chord, weight: 1 }));
    // Capo 1: Am F C G (F is a barre) → 3/4 open; capo 6: Em C G D → all open.
    expect(suggestCapo(song)).toEqual({ capo: 6, openShare: 1 });
    expect(
      suggestCapo([
        { chord: "G", weight: 2 },
        { chord: "C", weight: 1 },
      ]),
    ).toEqual({ capo: 0, openShare: 1 });
    expect(suggestCapo([{ chord: "N", weight: 3 }])).toEqual({ capo: 0, openShare: 0 });
  });
});

describe("display spelling", () => {
  const d = { key: "A# Minor", transpose: 0, capo: 0, naming: "by-key" as const };
  it("spells by key and typesets", () => {
    expect(["A#m7", "D#m7", "F#7", "F7"].map((c) => displayChord(c, d))).toEqual([
      "B♭m7",
      "E♭m7",
      "G♭7",
      "F7",
    ]);
    expect(displayChord("N", d)).toBeNull();
    expect(displayKey("A# Minor", 0, "by-key")).toBe("B♭ Minor");
    expect(displayKey(null, 0, "by-key")).toBe("—");
  });
  it("re-spells in the new key after transposing, and shows capo shapes in the shapes' key", () => {
    expect(displayChord("A#m7", { ...d, transpose: 2 })).toBe("Cm7");
    expect(displayChord("D#m7", { ...d, transpose: 2 })).toBe("Fm7");
    expect(displayChord("F#7", { ...d, transpose: 1 })).toBe("G7");
    expect(displayChord("A#m7", { ...d, capo: 1 })).toBe("Am7");
    expect(displayKey("A# Minor", 1, "by-key")).toBe("B Minor");
  });
  it("gives the Roman numeral on the song key's own degrees (III, VI, VII in minor)", () => {
    expect(chordNumeral("F#7", "A# Minor")).toBe("VI7");
    expect(["C#", "F#", "G#"].map((c) => chordNumeral(c, "A# Minor"))).toEqual(["III", "VI", "VII"]);
    expect(chordNumeral("B", "A# Minor")).toBe("♭II");
    expect(displayChord("B", d)).toBe("C♭");
    expect(chordNumeral("N", "A# Minor")).toBeNull();
  });
  it("writes inversions in plain words, not figured bass", () => {
    expect(chordNumeral("A#m/F", "A# Minor")).toBe("i/5");
    expect(chordNumeral("C/E", "C Major")).toBe("I/3");
  });
});
