import { describe, expect, it } from "vitest";
import { exampleLabel, parseExample, resolveExample } from "./example";

describe("parseExample", () => {
  it("reads the three example forms and nothing else", () => {
    expect(parseExample('{{piano scale="C major"}}')).toEqual({
      instrument: "piano",
      kind: "scale",
      value: "C major",
    });
    expect(parseExample('{{piano chord="G7"}}')).toEqual({ instrument: "piano", kind: "chord", value: "G7" });
    expect(parseExample('{{fretboard scale="E minor"}}')).toEqual({
      instrument: "fretboard",
      kind: "scale",
      value: "E minor",
    });
    expect(parseExample('Play {{piano chord="G7"}} now')).toBeNull();
    expect(parseExample('{{organ scale="C major"}}')).toBeNull();
  });
});

describe("resolveExample", () => {
  it("plays a scale from the root up to its octave", () => {
    const r = resolveExample({ instrument: "piano", kind: "scale", value: "G major" }, 4);
    expect(r.root).toBe("G");
    expect(r.notes).toEqual(["G", "A", "B", "C", "D", "E", "F#"]);
    expect(r.playback).toEqual(["G4", "A4", "B4", "C5", "D5", "E5", "F#5", "G5"]);
    expect(r.label).toBe("G Major scale");
  });

  it("plays a chord bottom-up, a slash chord from its bass", () => {
    const g7 = resolveExample({ instrument: "piano", kind: "chord", value: "G7" }, 4);
    expect(g7.playback).toEqual(["G4", "B4", "D5", "F5"]);
    const slash = resolveExample({ instrument: "piano", kind: "chord", value: "C/E" }, 4);
    expect(slash.root).toBe("C");
    expect(slash.playback).toEqual(["E4", "G4", "C5"]);
  });

  it("labels keys in the example's own spelling", () => {
    const dim7 = resolveExample({ instrument: "piano", kind: "chord", value: "Bdim7" }, 4);
    expect(["B4", "D5", "F5", "G#5"].map((n) => exampleLabel(dim7, n))).toEqual(["B4", "D5", "F5", "A♭5"]);
    const f = resolveExample({ instrument: "piano", kind: "scale", value: "F major" }, 4);
    expect(exampleLabel(f, "A#")).toBe("B♭");
    expect(f.label).toBe("F Major scale");
    const c7 = resolveExample({ instrument: "piano", kind: "chord", value: "C7" }, 4);
    expect(exampleLabel(c7, "A#4")).toBe("B♭4");
  });

  it("refuses what the theory package cannot spell", () => {
    expect(() => resolveExample({ instrument: "piano", kind: "scale", value: "H major" }, 4)).toThrow(
      RangeError,
    );
    expect(() => resolveExample({ instrument: "piano", kind: "chord", value: "Q7" }, 4)).toThrow(RangeError);
  });
});
