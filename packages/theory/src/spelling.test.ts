import { describe, expect, it } from "vitest";
import {
  commonProgression,
  describeNumeral,
  keySpelling,
  keyTonic,
  parseChordName,
  parseKey,
  pitchClassLabel,
  prettyAccidentals,
  romanNumeral,
  spellChord,
  spellKey,
  spellNote,
  spellScale,
} from "./spelling.js";

describe("parseKey", () => {
  it("reads the engine's keys and common spellings", () => {
    expect(parseKey("A# Minor")).toEqual({ chroma: 10, mode: "minor" });
    expect(parseKey("Bb minor")).toEqual({ chroma: 10, mode: "minor" });
    expect(parseKey("C Major")).toEqual({ chroma: 0, mode: "major" });
    expect(parseKey("F#m")).toEqual({ chroma: 6, mode: "minor" });
    expect(parseKey("E♭ major")).toEqual({ chroma: 3, mode: "major" });
  });
  it("rejects non-keys", () => {
    expect(parseKey(null)).toBeNull();
    expect(parseKey("")).toBeNull();
    expect(parseKey("H Major")).toBeNull();
    expect(parseKey("C Lydian")).toBeNull();
  });
});

describe("keySpelling", () => {
  it("writes B♭ minor with flats, its raised 6th and 7th as naturals and its ♭II as C♭", () => {
    const names = keySpelling("A# Minor");
    expect(names).toEqual(["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "Cb"]);
  });
  it("writes sharp keys with sharps and keeps E♯ in F♯ major", () => {
    const fs = keySpelling("F# Major");
    expect(fs?.[5]).toBe("E#");
    expect(fs?.[6]).toBe("F#");
    expect(keySpelling("E Major")?.[8]).toBe("G#");
    expect(keySpelling("A Minor")?.[8]).toBe("G#"); // raised 7th (E7 → G#)
  });
  it("uses the borrowed flats in C major and never double accidentals", () => {
    expect(keySpelling("C Major")).toEqual(["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"]);
    for (const k of ["C# Major", "G# Minor", "D# Minor", "F# Major", "A# Major"]) {
      const names = keySpelling(k) ?? [];
      expect(names).toHaveLength(12);
      for (const n of names) expect(n).toMatch(/^[A-G](#|b)?$/);
    }
  });
});

describe("labels outside the scale", () => {
  it("never read E♯, B♯, C♭ or F♭ on a single key, but keep the scale's own E♯", () => {
    const plain = { outOfScale: "plain" } as const;
    expect(spellNote("B4", "A# major", "by-key", plain)).toBe("B4");
    expect(spellNote("B4", "A# major")).toBe("Cb5");
    expect(spellNote("E", "D# major", "by-key", plain)).toBe("E");
    expect(spellNote("F", "F# major", "by-key", plain)).toBe("E#");
    expect(spellNote("C", "F# major", "by-key", plain)).toBe("C");
    expect(spellNote("C#", "A# major", "by-key", plain)).toBe("Db");
  });
});

describe("the conventional key (one rule for every screen)", () => {
  it("takes the spelling with fewer accidentals, sharps on the ties of six", () => {
    expect(keyTonic(10, "major")).toBe("Bb");
    expect(keyTonic(1, "major")).toBe("Db");
    expect(keyTonic(1, "minor")).toBe("C#");
    expect(keyTonic(6, "major")).toBe("F#");
    expect(keyTonic(3, "minor")).toBe("D#");
    expect(keyTonic(8, "minor")).toBe("G#");
    expect(spellNote("F", "D# minor")).toBe("E#");
    expect(spellNote("A#", "F major")).toBe("Bb");
  });
});

describe("spellScale", () => {
  it("spells B♭ major, its chords and triads by the key", () => {
    const s = spellScale("A#", "major");
    expect(s.name).toBe("Bb Major");
    expect(s.notes).toEqual(["Bb", "C", "D", "Eb", "F", "G", "A"]);
    expect(s.chords.map((c) => c.symbol)).toEqual(["Bb", "Cm", "Dm", "Eb", "F", "Gm", "Adim"]);
    expect(s.chords[1]?.notes).toEqual(["C", "Eb", "G"]);
    expect(s.chords[1]?.name).toBe("C Minor");
    expect(s.chords[1]?.pitchClasses).toEqual(["C", "D#", "G"]);
  });
  it("keeps E♯ in F♯ major, including its vii°", () => {
    const s = spellScale("F#", "major");
    expect(s.notes).toEqual(["F#", "G#", "A#", "B", "C#", "D#", "E#"]);
    expect(s.chords[6]?.symbol).toBe("E#dim");
    expect(s.chords[6]?.notes).toEqual(["E#", "G#", "B"]);
  });
  it("spells C minor's III, VI and VII with flats", () => {
    const s = spellScale("C", "minor");
    expect(s.chords.map((c) => `${c.numeral} ${c.symbol}`)).toEqual([
      "i Cm",
      "ii° Ddim",
      "III Eb",
      "iv Fm",
      "v Gm",
      "VI Ab",
      "VII Bb",
    ]);
  });
  it("gives the 12 sharp names with Sharps only", () => {
    const s = spellScale("A#", "major", "sharps");
    expect(s.name).toBe("A# Major");
    expect(s.chords.map((c) => c.symbol)).toEqual(["A#", "Cm", "Dm", "D#", "F", "Gm", "Adim"]);
  });
  it("labels the picker's black keys with both names", () => {
    expect(pitchClassLabel("A#")).toBe("A# / Bb");
    expect(pitchClassLabel("C")).toBe("C");
    expect(pitchClassLabel("A#", "sharps")).toBe("A#");
  });
});

describe("spellChord / spellNote / spellKey", () => {
  it("spells the B♭ minor loop as a musician writes it", () => {
    const key = "A# Minor";
    expect(["A#m7", "D#m7", "F#7", "F7"].map((c) => spellChord(c, key))).toEqual([
      "Bbm7",
      "Ebm7",
      "Gb7",
      "F7",
    ]);
  });
  it("keeps sharps with the sharps-only setting or without a key", () => {
    expect(spellChord("Bbm7", "A# Minor", "sharps")).toBe("A#m7");
    expect(spellChord("Bb", null)).toBe("A#");
  });
  it("spells slash basses and leaves no-chord alone", () => {
    expect(spellChord("D#/G", "A# Major")).toBe("Eb/G");
    expect(spellChord("N", "C Major")).toBe("N");
  });
  it("keeps the octave of a spelled note", () => {
    expect(spellNote("A#4", "A# Minor")).toBe("Bb4");
    expect(spellNote("C#5", "F# Major")).toBe("C#5");
  });
  it("spells key names", () => {
    expect(spellKey("A# Minor")).toBe("Bb Minor");
    expect(spellKey("C# Major")).toBe("Db Major");
    expect(spellKey("C# Minor")).toBe("C# Minor");
    expect(spellKey("A# Minor", "sharps")).toBe("A# Minor");
    expect(spellKey(null)).toBeNull();
  });
  it("typesets accidentals", () => {
    expect(prettyAccidentals("Bbm7")).toBe("B♭m7");
    expect(prettyAccidentals("F#m7b5")).toBe("F♯m7♭5");
    expect(prettyAccidentals("Bb Minor")).toBe("B♭ Minor");
    expect(prettyAccidentals("Ab/Eb")).toBe("A♭/E♭");
    expect(prettyAccidentals("Cmaj7")).toBe("Cmaj7");
  });
  it("parses chord names", () => {
    expect(parseChordName("F#m7/C#")).toEqual({ root: "F#", suffix: "m7", bass: "C#" });
    expect(parseChordName("N")).toBeNull();
  });
});

describe("romanNumeral", () => {
  it("counts the minor key's own degrees: B♭ minor's chords are i7, iv7, VI7, V7", () => {
    const key = "A# Minor";
    expect(["Bbm7", "Ebm7", "Gb7", "F7"].map((c) => romanNumeral(c, key))).toEqual([
      "i7",
      "iv7",
      "VI7",
      "V7",
    ]);
    expect(["Db", "Gb", "Ab"].map((c) => romanNumeral(c, key))).toEqual(["III", "VI", "VII"]);
    expect(["C", "F", "G"].map((c) => romanNumeral(c, "A Minor"))).toEqual(["III", "VI", "VII"]);
  });
  it("spells out-of-key chords by function", () => {
    expect(romanNumeral("B", "A# Minor")).toBe("♭II");
    expect(spellChord("B", "A# Minor")).toBe("Cb");
    expect(romanNumeral("G#dim", "A Minor")).toBe("vii°");
    expect(romanNumeral("G#dim7", "A Minor")).toBe("vii°7");
    expect(romanNumeral("A", "A Minor")).toBe("I");
    expect(romanNumeral("D", "A Minor")).toBe("IV");
    expect(romanNumeral("Eb", "C Major")).toBe("♭III");
    expect(romanNumeral("Ab", "C Major")).toBe("♭VI");
  });
  it("uses case, ° and ø for quality", () => {
    expect(romanNumeral("Am", "C Major")).toBe("vi");
    expect(romanNumeral("Bdim", "C Major")).toBe("vii°");
    expect(romanNumeral("Bm7b5", "C Major")).toBe("viiø7");
    expect(romanNumeral("Gmaj7", "C Major")).toBe("Vmaj7");
    expect(romanNumeral("Bb", "C Major")).toBe("♭VII");
    expect(romanNumeral("F#dim", "G Major")).toBe("vii°");
  });
  it("writes inversions in plain words, figured bass only when asked", () => {
    expect(romanNumeral("C/E", "C Major")).toBe("I/3");
    expect(romanNumeral("C/G", "C Major")).toBe("I/5");
    expect(romanNumeral("G7/B", "C Major")).toBe("V7/3");
    expect(romanNumeral("G7/F", "C Major")).toBe("V7/7");
    expect(romanNumeral("C/Bb", "C Major")).toBe("I/♭7");
    expect(describeNumeral("I/5")).toBe("I with its 5th in the bass (second inversion)");
    expect(describeNumeral("I/3")).toBe("I with its 3rd in the bass (first inversion)");
    expect(describeNumeral("I/♭7")).toBe("I with the ♭7 in the bass");
    expect(describeNumeral("V7")).toBe("V7");
    const figured = { inversions: "figured" } as const;
    expect(romanNumeral("C/E", "C Major", figured)).toBe("I6");
    expect(romanNumeral("C/G", "C Major", figured)).toBe("I64");
    expect(romanNumeral("G7/B", "C Major", figured)).toBe("V65");
  });
  it("is null for no chord or no key", () => {
    expect(romanNumeral("N", "C Major")).toBeNull();
    expect(romanNumeral("C", null)).toBeNull();
  });
});

describe("commonProgression", () => {
  it("finds the four-chord loop, named from the rotation heard first", () => {
    const chords = ["Am", "F", "C", "G", "Am", "F", "C", "G7", "Am", "F", "C", "G", "N", "Am"];
    expect(commonProgression(chords, "C Major")).toEqual({ numerals: ["vi", "IV", "I", "V"], count: 3 });
  });
  it("skips repeats and finds a three-chord loop", () => {
    const chords = ["G", "G", "C", "D", "G", "C", "C", "D", "G", "C", "D"];
    expect(commonProgression(chords, "G Major")).toEqual({ numerals: ["I", "IV", "V"], count: 3 });
  });
  it("is null without a repeated loop or a key", () => {
    expect(commonProgression(["C", "F", "G", "Am"], "C Major")).toBeNull();
    expect(commonProgression(["C", "F", "G", "C", "F", "G"], null)).toBeNull();
  });
});
