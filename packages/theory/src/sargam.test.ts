import { describe, expect, it } from "vitest";
import { RAGAS } from "./indian.js";
import {
  carnaticLabel,
  displayPhrase,
  displaySwara,
  madhyaSaMidi,
  readNote,
  SARGAM_NAMES,
  swaraLabel,
  swaraName,
  swaraOfMidi,
  withOctaveMark,
} from "./sargam.js";

const NOTES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"];
const DOT_BELOW = "\u0323";
const DOT_ABOVE = "\u0307";

describe("Hindustani sargam names", () => {
  it("name the 12 semitones from Sa: komal in lower case, tivra Ma with a prime", () => {
    expect(NOTES.map((n) => swaraLabel(n, 0, "hindustani"))).toEqual([
      "Sa",
      "re",
      "Re",
      "ga",
      "Ga",
      "Ma",
      "Ma′",
      "Pa",
      "dha",
      "Dha",
      "ni",
      "Ni",
    ]);
  });

  it("are relative to any Sa: every note is named by its distance above Sa", () => {
    for (let sa = 0; sa < 12; sa++) {
      for (let c = 0; c < 12; c++) {
        const note = NOTES[c] as string;
        expect(swaraLabel(note, sa, "hindustani")).toBe(SARGAM_NAMES[(c - sa + 12) % 12]);
      }
    }
    // Sa on D: F# is Ga, C is komal ni, Bb (any spelling) is komal dha.
    expect(swaraLabel("F#", 2, "hindustani")).toBe("Ga");
    expect(swaraLabel("C", 2, "hindustani")).toBe("ni");
    expect(swaraLabel("Bb", 2, "hindustani")).toBe("dha");
    expect(swaraLabel("A♯", 2, "hindustani")).toBe("dha");
  });

  it("leave a non-note alone", () => {
    expect(swaraLabel("X", 0, "hindustani")).toBe("X");
  });
});

describe("Carnatic names", () => {
  it("name the 12 semitones with the usual swaras outside a scale, subscript digits", () => {
    expect(NOTES.map((n) => swaraName(NOTES.indexOf(n), "carnatic"))).toEqual([
      "S",
      "R₁",
      "R₂",
      "G₂",
      "G₃",
      "M₁",
      "M₂",
      "P",
      "D₁",
      "D₂",
      "N₂",
      "N₃",
    ]);
    expect(carnaticLabel("D3")).toBe("D₃");
  });

  it("take a scale's own name where a pitch has two (Kanakangi's G1 = R2)", () => {
    const kanakangi = ["S", "R1", "G1", "M1", "P", "D1", "N1"];
    expect(swaraName(2, "carnatic", kanakangi)).toBe("G₁");
    expect(swaraName(9, "carnatic", kanakangi)).toBe("N₁");
    expect(swaraName(2, "carnatic")).toBe("R₂");
    expect(swaraLabel("E", 2, "carnatic", { scaleSwaras: kanakangi })).toBe("G₁");
  });
});

describe("octave marks (saptak)", () => {
  it("put the middle octave's Sa nearest middle C, G3 to F#4", () => {
    expect(madhyaSaMidi(0)).toBe(60);
    expect(madhyaSaMidi(9)).toBe(57);
    expect(madhyaSaMidi(7)).toBe(55);
    expect(madhyaSaMidi(6)).toBe(66);
    expect(madhyaSaMidi(-3)).toBe(57);
  });

  it("mark mandra with a dot below and taar with a dot above, madhya unmarked", () => {
    expect(swaraLabel("C4", 0, "hindustani")).toBe("Sa");
    expect(swaraLabel("B4", 0, "hindustani")).toBe("Ni");
    expect(swaraLabel("B3", 0, "hindustani")).toBe(`N${DOT_BELOW}i`);
    expect(swaraLabel("C5", 0, "hindustani")).toBe(`S${DOT_ABOVE}a`);
    expect(swaraLabel("G3", 0, "hindustani")).toBe(`P${DOT_BELOW}a`);
    expect(swaraLabel("C5", 0, "carnatic")).toBe(`S${DOT_ABOVE}`);
    expect(swaraLabel("C#3", 0, "carnatic")).toBe(`R${DOT_BELOW}₁`);
    // Sa on A: A3 is madhya Sa, G#3 mandra Ni, A4 taar Sa.
    expect(swaraLabel("A3", 9, "hindustani")).toBe("Sa");
    expect(swaraLabel("G#3", 9, "hindustani")).toBe(`N${DOT_BELOW}i`);
    expect(swaraLabel("A4", 9, "hindustani")).toBe(`S${DOT_ABOVE}a`);
    expect(swaraLabel("C4", 0, "hindustani", { octaveMarks: false })).toBe("Sa");
  });

  it("use two dots two octaves away", () => {
    expect(withOctaveMark("Sa", -2)).toBe("S\u0324a");
    expect(withOctaveMark("Sa", 2)).toBe("S\u0308a");
    expect(swaraOfMidi(36, 0)).toEqual({ semitone: 0, octave: -2 });
    expect(swaraOfMidi(71, 0)).toEqual({ semitone: 11, octave: 0 });
  });

  it("read note names with octaves and accidentals", () => {
    expect(readNote("Bb4")).toEqual({ chroma: 10, midi: 70 });
    expect(readNote("B#3")).toEqual({ chroma: 0, midi: 60 });
    expect(readNote("F♯")).toEqual({ chroma: 6, midi: null });
    expect(readNote("H")).toBeNull();
  });
});

describe("the data's swaras for reading", () => {
  it("write Hindustani letters as names, with octave marks", () => {
    expect(displaySwara("M", "hindustani")).toBe("Ma′");
    expect(displaySwara("m", "hindustani")).toBe("Ma");
    expect(displaySwara("n,", "hindustani")).toBe(`n${DOT_BELOW}i`);
    expect(displaySwara("S'", "hindustani")).toBe(`S${DOT_ABOVE}a`);
    expect(displaySwara("R2", "carnatic")).toBe("R₂");
    expect(displaySwara("X", "hindustani")).toBe("X");
  });

  it("write a phrase with its pauses", () => {
    expect(displayPhrase("N, R G R , P R , N, R S", "hindustani")).toBe(
      `N${DOT_BELOW}i Re Ga Re – Pa Re – N${DOT_BELOW}i Re Sa`,
    );
    for (const r of RAGAS) {
      for (const p of [r.aroha, r.avaroha, r.pakad ?? ""]) {
        expect(displayPhrase(p, r.system)).not.toMatch(/[A-Za-z][1-3]?[,']/);
      }
    }
  });
});
