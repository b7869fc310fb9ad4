import { describe, expect, it } from "vitest";
import {
  commonProgression,
  keySpelling,
  parseChordName,
  parseKey,
  prettyAccidentals,
  romanNumeral,
  spellChord,
  spellKey,
  spellNote,
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
  it("writes B♭ minor with flats and its raised 6th and 7th as naturals", () => {
    const names = keySpelling("A# Minor");
    expect(names).toEqual(["C", "Db", "D", "Eb", "E", "F", "Gb", "G", "Ab", "A", "Bb", "B"]);
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

describe("keepTonic (scale explorer)", () => {
  it("keeps the chosen tonic unless that needs double accidentals", () => {
    const keep = { keepTonic: true };
    expect(
      ["D#", "F", "F#", "G#", "A#", "B", "C#"].map((n) => spellNote(n, "D# minor", "by-key", keep)),
    ).toEqual(["D#", "E#", "F#", "G#", "A#", "B", "C#"]);
    expect(spellNote("A#", "F major", "by-key", keep)).toBe("Bb");
    // G# major would need F##: written as A♭ major.
    expect(spellNote("G#", "G# major", "by-key", keep)).toBe("Ab");
    expect(spellNote("F", "D# minor")).toBe("F"); // conventional: E♭ minor
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
  it("names the B♭ minor chords i7, iv7, ♭VI7, V7", () => {
    const key = "A# Minor";
    expect(["Bbm7", "Ebm7", "Gb7", "F7"].map((c) => romanNumeral(c, key))).toEqual([
      "i7",
      "iv7",
      "♭VI7",
      "V7",
    ]);
  });
  it("uses case, ° and ø for quality", () => {
    expect(romanNumeral("Am", "C Major")).toBe("vi");
    expect(romanNumeral("Bdim", "C Major")).toBe("vii°");
    expect(romanNumeral("Bm7b5", "C Major")).toBe("viiø7");
    expect(romanNumeral("Gmaj7", "C Major")).toBe("Vmaj7");
    expect(romanNumeral("Bb", "C Major")).toBe("♭VII");
    expect(romanNumeral("F#dim", "G Major")).toBe("vii°");
  });
  it("writes inversions as figured bass", () => {
    expect(romanNumeral("C/E", "C Major")).toBe("I6");
    expect(romanNumeral("C/G", "C Major")).toBe("I64");
    expect(romanNumeral("G7/B", "C Major")).toBe("V65");
    expect(romanNumeral("C/Bb", "C Major")).toBe("I/♭VII");
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
