import { describe, expect, it } from "vitest";
import { MELAKARTAS, RAGAS, THAATS } from "./indian.js";
import {
  isScaleId,
  SCALE_CHOICE_GROUPS,
  SCALE_CHOICES,
  scaleChoice,
  scaleChoiceNotes,
  scaleChoiceTitle,
  scaleNoteLabel,
  spellScaleChoice,
} from "./scale-choice.js";
import { spellChord, spellKey } from "./spelling.js";

describe("the scale choices", () => {
  it("keep Major and Minor under their stored ids and add every thaat, melakarta and raga", () => {
    expect(scaleChoice("major")?.westernType).toBe("major");
    expect(scaleChoice("minor")?.westernType).toBe("minor");
    expect(SCALE_CHOICES).toHaveLength(2 + THAATS.length + MELAKARTAS.length + RAGAS.length);
    expect(new Set(SCALE_CHOICES.map((c) => c.id)).size).toBe(SCALE_CHOICES.length);
    expect(SCALE_CHOICE_GROUPS.flatMap((g) => g.choices)).toHaveLength(SCALE_CHOICES.length);
    for (const c of SCALE_CHOICES) {
      expect(c.id).toMatch(/^[a-z0-9-]+$/);
      expect(c.semitones[0]).toBe(0);
      expect(c.swaras).toHaveLength(c.semitones.length);
      expect([...c.semitones].sort((a, b) => a - b)).toEqual(c.semitones);
    }
  });

  it("parse ids and refuse others", () => {
    expect(scaleChoice("thaat-kafi")?.label).toBe("Kafi — Dorian");
    expect(scaleChoice("thaat-todi")?.label).toBe("Todi");
    expect(scaleChoice("mela-22")?.label).toBe("22 Kharaharapriya — Dorian");
    expect(scaleChoice("raga-darbari-kanada")?.name).toBe("Darbari Kanada");
    expect(scaleChoice("raga-yaman")?.parent).toBe("Kalyan thaat");
    expect(scaleChoice("raga-mohanam")?.parent).toBe("melakarta 28, Harikambhoji");
    expect(scaleChoice("dorian")).toBeNull();
    expect(scaleChoice(null)).toBeNull();
    expect(isScaleId("thaat-kafi")).toBe(true);
    expect(isScaleId("thaat:kafi")).toBe(false);
  });

  it("give a raga the notes of its aroha and avaroha (Yaman: tivra Ma; Bhupali: five)", () => {
    expect(scaleChoice("raga-yaman")?.semitones).toEqual([0, 2, 4, 6, 7, 9, 11]);
    expect(scaleChoice("raga-bhupali")?.semitones).toEqual([0, 2, 4, 7, 9]);
    expect(scaleChoice("raga-khamaj")?.semitones).toEqual([0, 2, 4, 5, 7, 9, 10, 11]);
    expect(scaleChoice("raga-yaman")?.raga?.vadi).toBe("G");
  });

  it("light the notes from any tonic, sharp names", () => {
    const kafi = scaleChoice("thaat-kafi");
    if (!kafi) throw new Error("no Kafi");
    expect(scaleChoiceNotes("D", kafi)).toEqual(["D", "E", "F", "G", "A", "B", "C"]);
    expect(scaleChoiceNotes("A#", kafi)).toEqual(["A#", "C", "C#", "D#", "F", "G", "G#"]);
  });

  it("spell by one letter per swara degree, double accidentals plain", () => {
    const get = (id: string) => {
      const c = scaleChoice(id);
      if (!c) throw new Error(id);
      return c;
    };
    expect(spellScaleChoice("C", get("thaat-bhairav"), "by-key")).toEqual([
      "C",
      "Db",
      "E",
      "F",
      "G",
      "Ab",
      "B",
    ]);
    expect(spellScaleChoice("A#", get("thaat-kafi"), "by-key")).toEqual([
      "Bb",
      "C",
      "Db",
      "Eb",
      "F",
      "G",
      "Ab",
    ]);
    expect(spellScaleChoice("C", get("mela-1"), "by-key")).toEqual(["C", "Db", "D", "F", "G", "Ab", "A"]);
    expect(spellScaleChoice("C", get("thaat-todi"), "by-key")).toEqual([
      "C",
      "Db",
      "Eb",
      "F#",
      "G",
      "Ab",
      "B",
    ]);
    expect(spellScaleChoice("A#", get("thaat-kafi"), "sharps")).toEqual([
      "A#",
      "C",
      "C#",
      "D#",
      "F",
      "G",
      "G#",
    ]);
    expect(spellScaleChoice("A#", get("major"), "by-key")).toEqual(["Bb", "C", "D", "Eb", "F", "G", "A"]);
    // Every choice, every tonic: one name per note, each the right pitch.
    const chroma: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
    const pc = (n: string) =>
      ((chroma[n.charAt(0)] ?? 0) + (n.includes("#") ? 1 : 0) - (n.includes("b") ? 1 : 0) + 12) % 12;
    for (const c of SCALE_CHOICES) {
      for (const root of ["C", "C#", "D", "F#", "A#", "B"] as const) {
        const names = spellScaleChoice(root, c, "sargam");
        expect(names.map(pc)).toEqual(scaleChoiceNotes(root, c).map((n) => pc(n)));
      }
    }
  });

  it("title a scale with its tonic", () => {
    const kafi = scaleChoice("thaat-kafi");
    const major = scaleChoice("major");
    if (!kafi || !major) throw new Error("missing");
    expect(scaleChoiceTitle("D", kafi, "by-key")).toBe("D Kafi");
    expect(scaleChoiceTitle("A#", major, "by-key")).toBe("Bb Major");
    expect(scaleChoiceTitle("A#", major, "sharps")).toBe("A# Major");
  });
});

describe("a note's label on the scale tools", () => {
  const get = (id: string) => {
    const c = scaleChoice(id);
    if (!c) throw new Error(id);
    return c;
  };
  it("is a swara from the tonic as Sa under the sargam namings, with octave marks", () => {
    expect(scaleNoteLabel("F", "D", get("thaat-kafi"), "sargam")).toBe("ga");
    expect(scaleNoteLabel("C5", "C", get("major"), "sargam")).toBe("S\u0307a");
    expect(scaleNoteLabel("E", "C", get("mela-1"), "carnatic")).toBe("G₃");
    expect(scaleNoteLabel("D", "C", get("mela-1"), "carnatic")).toBe("G₁");
    expect(scaleNoteLabel("D", "C", get("thaat-kafi"), "carnatic")).toBe("R₂");
  });
  it("is spelled by the scale under the Western namings", () => {
    expect(scaleNoteLabel("C#", "C", get("thaat-bhairav"), "by-key")).toBe("Db");
    expect(scaleNoteLabel("C#4", "C", get("thaat-bhairav"), "by-key")).toBe("Db4");
    expect(scaleNoteLabel("C#", "C", get("thaat-bhairav"), "sharps")).toBe("C#");
    expect(scaleNoteLabel("A#", "C", get("major"), "by-key")).toBe("Bb");
    expect(scaleNoteLabel("A#", "C", get("major"), "sargam")).toBe("ni");
  });
  it("keeps chords Western under sargam (chords have no sargam spelling)", () => {
    expect(spellChord("A#m7", "A# minor", "sargam")).toBe("Bbm7");
    expect(spellKey("A# Minor", "carnatic")).toBe("Bb Minor");
  });
});
