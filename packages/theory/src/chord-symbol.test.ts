/**
 * The chord grammar of chord sheets (issue 30): what a musician types or picks, parsed into root, quality
 * and bass, and written back as one canonical label (the engine's sharp spelling).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHORD_SYMBOL_QUALITIES,
  type ChordSymbol,
  formatChordSymbol,
  isChordLabel,
  MAX_CHORD_LABEL_LENGTH,
  NO_CHORD,
  normalizeChordLabel,
  PICKER_QUALITY_COUNT,
  parseChordSymbol,
} from "./chord-symbol.js";
import { PITCH_CLASSES } from "./constants.js";
import type { PitchClass } from "./types.js";

const SUFFIXES = CHORD_SYMBOL_QUALITIES.map((q) => q.suffix);

/**
 * The display suffixes of the engine's qualities: `QUALITIES` in `@tonic/analysis`'s labels.ts is the
 * entries of this table with a Harte shorthand (the theory package does not depend on the analysis
 * package, so they are read here from the table itself).
 */
function engineSuffixes(): string[] {
  return CHORD_SYMBOL_QUALITIES.filter((q) => q.harte !== undefined).map((q) => q.suffix);
}

describe("CHORD_SYMBOL_QUALITIES", () => {
  it("starts with the picker's ten qualities of issue 30, in order", () => {
    expect(PICKER_QUALITY_COUNT).toBe(10);
    expect(SUFFIXES.slice(0, PICKER_QUALITY_COUNT)).toEqual([
      "",
      "m",
      "7",
      "maj7",
      "m7",
      "dim",
      "sus2",
      "sus4",
      "add9",
      "6",
    ]);
  });

  it("has distinct suffixes, names and interval sets, each from the root up", () => {
    expect(new Set(SUFFIXES).size).toBe(SUFFIXES.length);
    expect(new Set(CHORD_SYMBOL_QUALITIES.map((q) => q.name)).size).toBe(SUFFIXES.length);
    expect(new Set(CHORD_SYMBOL_QUALITIES.map((q) => q.intervals.join(","))).size).toBe(SUFFIXES.length);
    for (const q of CHORD_SYMBOL_QUALITIES) {
      expect(q.intervals[0], q.name).toBe(0);
      for (let i = 1; i < q.intervals.length; i++) {
        expect(q.intervals[i], q.name).toBeGreaterThan(q.intervals[i - 1] ?? 0);
      }
    }
  });

  it("holds every quality the engine can answer (labels.ts QUALITIES)", () => {
    const engine = engineSuffixes();
    expect(engine.length).toBeGreaterThanOrEqual(15);
    for (const s of engine) expect(SUFFIXES, `engine suffix "${s}"`).toContain(s);
  });
});

describe("parseChordSymbol", () => {
  it("reads the picker's ten qualities", () => {
    const cases: [string, string][] = [
      ["C", ""],
      ["Cm", "m"],
      ["C7", "7"],
      ["Cmaj7", "maj7"],
      ["Cm7", "m7"],
      ["Cdim", "dim"],
      ["Csus2", "sus2"],
      ["Csus4", "sus4"],
      ["Cadd9", "add9"],
      ["C6", "6"],
    ];
    for (const [text, quality] of cases) {
      expect(parseChordSymbol(text), text).toEqual({ root: "C", quality, bass: null });
    }
  });

  it("reads the other engine qualities", () => {
    expect(parseChordSymbol("Am6")).toEqual({ root: "A", quality: "m6", bass: null });
    expect(parseChordSymbol("Bm7b5")).toEqual({ root: "B", quality: "m7b5", bass: null });
    expect(parseChordSymbol("Bdim7")).toEqual({ root: "B", quality: "dim7", bass: null });
    expect(parseChordSymbol("Caug")).toEqual({ root: "C", quality: "aug", bass: null });
    expect(parseChordSymbol("G9")).toEqual({ root: "G", quality: "9", bass: null });
    expect(parseChordSymbol("AmMaj7")).toEqual({ root: "A", quality: "mMaj7", bass: null });
  });

  it("reads the common aliases of each quality", () => {
    const aliases: [string, string][] = [
      ["Cmaj", ""],
      ["CM", ""],
      ["Cmajor", ""],
      ["Cmin", "m"],
      ["Cminor", "m"],
      ["C-", "m"],
      ["Cdom7", "7"],
      ["CM7", "maj7"],
      ["CMaj7", "maj7"],
      ["Cma7", "maj7"],
      ["CΔ", "maj7"],
      ["CΔ7", "maj7"],
      ["Cmin7", "m7"],
      ["C-7", "m7"],
      ["C°", "dim"],
      ["Co", "dim"],
      ["Csus", "sus4"],
      ["Cadd2", "add9"],
      ["Cmaj6", "6"],
      ["Cmin6", "m6"],
      ["Cø", "m7b5"],
      ["Cø7", "m7b5"],
      ["Cm7♭5", "m7b5"],
      ["Cmin7b5", "m7b5"],
      ["C°7", "dim7"],
      ["Co7", "dim7"],
      ["C+", "aug"],
      ["Cmmaj7", "mMaj7"],
      ["CmM7", "mMaj7"],
      ["Cminmaj7", "mMaj7"],
    ];
    for (const [text, quality] of aliases) {
      expect(parseChordSymbol(text), text).toEqual({ root: "C", quality, bass: null });
    }
  });

  it("tells M7 (major seventh) from m7 (minor seventh) by case", () => {
    expect(parseChordSymbol("GM7")).toEqual({ root: "G", quality: "maj7", bass: null });
    expect(parseChordSymbol("Gm7")).toEqual({ root: "G", quality: "m7", bass: null });
    expect(parseChordSymbol("GM")).toEqual({ root: "G", quality: "", bass: null });
    expect(parseChordSymbol("Gm")).toEqual({ root: "G", quality: "m", bass: null });
  });

  it("reads flats, sharps, ♯ and ♭ into the sharp names", () => {
    expect(parseChordSymbol("Bb")).toEqual({ root: "A#", quality: "", bass: null });
    expect(parseChordSymbol("B♭m7")).toEqual({ root: "A#", quality: "m7", bass: null });
    expect(parseChordSymbol("F♯dim")).toEqual({ root: "F#", quality: "dim", bass: null });
    expect(parseChordSymbol("F#dim")).toEqual({ root: "F#", quality: "dim", bass: null });
    expect(parseChordSymbol("Ebmaj7")).toEqual({ root: "D#", quality: "maj7", bass: null });
    expect(parseChordSymbol("Cb")).toEqual({ root: "B", quality: "", bass: null });
    expect(parseChordSymbol("E#")).toEqual({ root: "F", quality: "", bass: null });
    expect(parseChordSymbol("Fb")).toEqual({ root: "E", quality: "", bass: null });
    expect(parseChordSymbol("B#")).toEqual({ root: "C", quality: "", bass: null });
  });

  it("reads lowercase roots and bass notes", () => {
    expect(parseChordSymbol("c")).toEqual({ root: "C", quality: "", bass: null });
    expect(parseChordSymbol("am")).toEqual({ root: "A", quality: "m", bass: null });
    expect(parseChordSymbol("bbm7/f")).toEqual({ root: "A#", quality: "m7", bass: "F" });
    expect(parseChordSymbol("b")).toEqual({ root: "B", quality: "", bass: null });
    expect(parseChordSymbol("bb")).toEqual({ root: "A#", quality: "", bass: null });
  });

  it("reads a slash bass, with up to two accidentals, and ignores spaces", () => {
    expect(parseChordSymbol("Bbm7/F")).toEqual({ root: "A#", quality: "m7", bass: "F" });
    expect(parseChordSymbol("bbm7 / f")).toEqual({ root: "A#", quality: "m7", bass: "F" });
    expect(parseChordSymbol("  C / E  ")).toEqual({ root: "C", quality: "", bass: "E" });
    expect(parseChordSymbol("D/F♯")).toEqual({ root: "D", quality: "", bass: "F#" });
    expect(parseChordSymbol("C/Bb")).toEqual({ root: "C", quality: "", bass: "A#" });
    expect(parseChordSymbol("C/Bbb")).toEqual({ root: "C", quality: "", bass: "A" });
    expect(parseChordSymbol("Dadd9/F#")).toEqual({ root: "D", quality: "add9", bass: "F#" });
  });

  it("drops a bass that is the root, however it is spelled", () => {
    expect(parseChordSymbol("C/C")).toEqual({ root: "C", quality: "", bass: null });
    expect(parseChordSymbol("C/c")).toEqual({ root: "C", quality: "", bass: null });
    expect(parseChordSymbol("C/B#")).toEqual({ root: "C", quality: "", bass: null });
    expect(parseChordSymbol("Bbm/A#")).toEqual({ root: "A#", quality: "m", bass: null });
  });

  it('reads "no chord" as N', () => {
    for (const text of ["N", "n", "NC", "nc", "N.C.", "N.C", "n.c.", " N C "]) {
      expect(parseChordSymbol(text), text).toBe(NO_CHORD);
    }
    expect(NO_CHORD).toBe("N");
  });

  it("rejects what is not a chord of the grammar", () => {
    const rejects = [
      "",
      "   ",
      "H7",
      "X",
      "7",
      "m7",
      "/E",
      "Cmaj13",
      "C13",
      "C7b9",
      "C/X",
      "C/H",
      "C/",
      "C/E/G",
      "C/E7",
      "Bbb",
      "C##",
      "Cmaj7maj7",
      "MAJ7",
      "CMAJ7",
      "Nope",
      "N/C/",
      "C\u0000",
    ];
    for (const text of rejects) expect(parseChordSymbol(text), JSON.stringify(text)).toBeNull();
  });

  it("rejects names of Object.prototype as qualities instead of throwing", () => {
    for (const text of ["CtoString", "C__proto__", "Cconstructor", "CvalueOf", "ChasOwnProperty"]) {
      expect(() => parseChordSymbol(text), text).not.toThrow();
      expect(parseChordSymbol(text), text).toBeNull();
      expect(normalizeChordLabel(text), text).toBeNull();
      expect(isChordLabel(text), text).toBe(false);
    }
  });

  it(`rejects text longer than ${MAX_CHORD_LABEL_LENGTH} characters once spaces are removed`, () => {
    expect(MAX_CHORD_LABEL_LENGTH).toBe(16);
    // The longest spelling the grammar has (13 characters) fits, spaced out or not.
    expect(parseChordSymbol("Abminmaj7/Bbb")).toEqual({ root: "G#", quality: "mMaj7", bass: "A" });
    expect(parseChordSymbol(`  Ab minmaj7${" ".repeat(40)}/ Bbb  `)).toEqual({
      root: "G#",
      quality: "mMaj7",
      bass: "A",
    });
    expect(parseChordSymbol("C".repeat(17))).toBeNull();
    expect(parseChordSymbol("N".repeat(17))).toBeNull();
    expect(parseChordSymbol(`C${"maj".repeat(1000)}`)).toBeNull();
  });
});

describe("formatChordSymbol", () => {
  it("writes root, suffix and /bass", () => {
    expect(formatChordSymbol({ root: "A#", quality: "m7", bass: "F" })).toBe("A#m7/F");
    expect(formatChordSymbol({ root: "C", quality: "", bass: null })).toBe("C");
    expect(formatChordSymbol({ root: "G", quality: "sus4", bass: null })).toBe("Gsus4");
    expect(formatChordSymbol({ root: "F#", quality: "dim", bass: "C" })).toBe("F#dim/C");
  });

  it("throws a RangeError for a quality outside the grammar (an alias is not a suffix)", () => {
    expect(() => formatChordSymbol({ root: "C", quality: "min", bass: null })).toThrow(RangeError);
    expect(() => formatChordSymbol({ root: "C", quality: "maj13", bass: null })).toThrow(/maj13/);
  });
});

describe("normalizeChordLabel", () => {
  it("writes the canonical label of what was typed", () => {
    const cases: [string, string][] = [
      ["Bbm7/F", "A#m7/F"],
      ["bbm7 / f", "A#m7/F"],
      ["C", "C"],
      ["F#dim", "F#dim"],
      ["Gsus", "Gsus4"],
      ["Dadd9", "Dadd9"],
      ["A6", "A6"],
      ["NC", "N"],
      ["N.C.", "N"],
      ["E♭Δ", "D#maj7"],
      ["Bø", "Bm7b5"],
      ["G+", "Gaug"],
      ["A-7", "Am7"],
      ["C°", "Cdim"],
      ["CM7/E", "Cmaj7/E"],
      ["Cmin/C", "Cm"],
      ["d/f♯", "D/F#"],
    ];
    for (const [text, label] of cases) expect(normalizeChordLabel(text), text).toBe(label);
  });

  it("returns null for rejects", () => {
    for (const text of ["H7", "Cmaj13", "C/X", "", "C".repeat(17)]) {
      expect(normalizeChordLabel(text), text).toBeNull();
    }
  });
});

describe("isChordLabel", () => {
  it("accepts only canonical labels", () => {
    for (const label of ["N", "C", "A#m7/F", "F#dim", "Gsus4", "Bm7b5", "C#mMaj7/E"]) {
      expect(isChordLabel(label), label).toBe(true);
    }
    for (const text of [
      "NC",
      "Bbm7/F",
      "bbm7/f",
      "Gsus",
      "Cmin",
      "C/C",
      "C ",
      " C",
      "c",
      "H7",
      "",
      "CΔ",
      "Db",
    ]) {
      expect(isChordLabel(text), text).toBe(false);
    }
  });

  it("accepts every label the engine can answer: its qualities on all 12 roots, and N", () => {
    const engine = engineSuffixes();
    let count = 0;
    for (const root of PITCH_CLASSES) {
      for (const suffix of engine) {
        expect(isChordLabel(`${root}${suffix}`), `${root}${suffix}`).toBe(true);
        count++;
      }
    }
    expect(count).toBe(12 * engine.length);
    expect(isChordLabel("N")).toBe(true);
  });
});

describe("chord grammar properties", () => {
  const root = fc.constantFrom(...PITCH_CLASSES);
  const quality = fc.constantFrom(...SUFFIXES);
  const bass = fc.option(fc.constantFrom(...PITCH_CLASSES), { nil: null });

  it("every canonical label of every root × quality × bass round-trips", () => {
    let count = 0;
    for (const r of PITCH_CLASSES) {
      for (const q of SUFFIXES) {
        for (const b of [null, ...PITCH_CLASSES] as (PitchClass | null)[]) {
          const chord: ChordSymbol = { root: r, quality: q, bass: b === r ? null : b };
          const label = formatChordSymbol(chord);
          expect(label.length).toBeLessThanOrEqual(MAX_CHORD_LABEL_LENGTH);
          expect(parseChordSymbol(label), label).toEqual(chord);
          expect(isChordLabel(label), label).toBe(true);
          count++;
        }
      }
    }
    expect(count).toBe(12 * SUFFIXES.length * 13);
  });

  it("flat, ♭, ♯ and lowercase spellings of a chord normalise to its canonical label", () => {
    const FLAT: Record<string, string> = { "C#": "Db", "D#": "Eb", "F#": "Gb", "G#": "Ab", "A#": "Bb" };
    const flat = (pc: string) => FLAT[pc] ?? pc;
    fc.assert(
      fc.property(root, quality, bass, fc.boolean(), fc.boolean(), (r, q, b, lower, unicode) => {
        const canonical = formatChordSymbol({ root: r, quality: q, bass: b === r ? null : b });
        let rootText = flat(r);
        let bassText = b === null ? "" : `/${flat(b)}`;
        if (unicode) {
          rootText = rootText.replace("b", "♭");
          bassText = bassText.replace(/(?<=\/[A-G])b/, "♭");
        }
        if (lower) {
          rootText = rootText.toLowerCase();
          bassText = bassText.toLowerCase();
        }
        expect(normalizeChordLabel(`${rootText}${q} ${bassText}`)).toBe(canonical);
      }),
    );
  });

  it("normalizeChordLabel is idempotent and its answers are chord labels", () => {
    const alphabet = fc.constantFrom(..."ABCDEFGHabcdefgh#♯b♭mMajdinsuoø°Δ+-/7692 .N".split(""));
    const typed = fc.oneof(
      fc.string({ unit: alphabet, maxLength: 20 }),
      fc.string({ maxLength: 20 }),
      fc
        .tuple(root, fc.constantFrom("", "min", "M7", "Δ", "°", "ø", "+", "sus", "-", "maj", "add2"), bass)
        .map(([r, q, b]) => `${r}${q}${b ? `/${b}` : ""}`),
    );
    fc.assert(
      fc.property(typed, (text) => {
        const once = normalizeChordLabel(text);
        if (once === null) return;
        expect(normalizeChordLabel(once)).toBe(once);
        expect(isChordLabel(once)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws, whatever is typed", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (text) => {
        expect(() => normalizeChordLabel(text)).not.toThrow();
        expect(() => isChordLabel(text)).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});
