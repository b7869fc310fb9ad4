import { describe, expect, it } from "vitest";
import { chordNotes, noteMidi, scaleOfKey } from "./chords";
import { midiToNoteName, nearestNote } from "./music";
import { fromServer } from "./result";
import { concatChunks, encodeWav16 } from "./wav";

describe("encodeWav16", () => {
  it("writes a 44-byte PCM mono header and clipped 16-bit samples", () => {
    const bytes = encodeWav16(Float32Array.from([0, 0.5, -1, 2]), 48000);
    const v = new DataView(bytes.buffer);
    const tag = (o: number) => String.fromCharCode(...bytes.subarray(o, o + 4));
    expect(bytes.length).toBe(44 + 8);
    expect([tag(0), tag(8), tag(12), tag(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(v.getUint32(4, true)).toBe(36 + 8);
    expect(v.getUint16(22, true)).toBe(1);
    expect(v.getUint32(24, true)).toBe(48000);
    expect(v.getUint16(34, true)).toBe(16);
    expect(v.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => v.getInt16(44 + 2 * i, true))).toEqual([0, 16384, -32768, 32767]);
  });
});

describe("concatChunks", () => {
  it("joins blocks in order and honours the cap", () => {
    const a = Float32Array.from([1, 2]);
    const b = Float32Array.from([3, 4, 5]);
    expect(Array.from(concatChunks([a, b]))).toEqual([1, 2, 3, 4, 5]);
    expect(Array.from(concatChunks([a, b], 3))).toEqual([1, 2, 3]);
    expect(concatChunks([]).length).toBe(0);
  });
});

describe("chordNotes", () => {
  it("voices major, minor and diminished triads with the root between A3 and G#4", () => {
    expect(chordNotes("C")).toEqual(["C4", "E4", "G4"]);
    expect(chordNotes("Am")).toEqual(["A3", "C4", "E4"]);
    expect(chordNotes("F#m")).toEqual(["F#4", "A4", "C#5"]);
    expect(chordNotes("Bdim")).toEqual(["B3", "D4", "F4"]);
    expect(chordNotes("G#")).toEqual(["G#4", "C5", "D#5"]);
  });
  it("rejects names that are not triads", () => {
    expect(() => chordNotes("Cmaj7")).toThrow(RangeError);
    expect(() => chordNotes("H")).toThrow(RangeError);
  });
});

describe("note helpers", () => {
  it("names MIDI notes and finds the nearest note with cents", () => {
    expect(midiToNoteName(60)).toBe("C4");
    expect(midiToNoteName(43)).toBe("G2");
    expect(nearestNote(440)).toEqual({ midi: 69, name: "A4", cents: 0 });
    expect(nearestNote(445)).toMatchObject({ name: "A4", cents: 20 });
    expect(nearestNote(250)).toMatchObject({ name: "B3", cents: 21 });
    expect(noteMidi("G3")).toBe(55);
    expect(noteMidi("nonsense")).toBeNull();
  });
});

describe("fromServer", () => {
  it("derives MIDI numbers of the range from the PRODUCT §3 note names", () => {
    const v = fromServer({
      key: "G Major",
      bpm: null,
      time_signature: null,
      recommended_chords: ["G", "C", "D", "Em", "Am", "Bm", "F#dim"],
      vocal_range: { min: "G3", max: "G4", min_hz: 196.2, max_hz: 391.5 },
    });
    expect(v.range).toEqual({ min: "G3", max: "G4", minHz: 196.2, maxHz: 391.5, minMidi: 55, maxMidi: 67 });
    expect(v.source).toBe("server");
    expect(v.keyUncertain).toBe(false);
    // Older servers send no runner-up.
    expect(v.keyAlternative).toBeNull();
    expect(
      fromServer({
        key: "A Minor",
        key_uncertain: true,
        key_alternative: "C Major",
        bpm: null,
        time_signature: null,
        recommended_chords: ["Am"],
        vocal_range: { min: "A3", max: "G#4", min_hz: 220, max_hz: 415.3 },
      }),
    ).toMatchObject({ keyUncertain: true, keyAlternative: "C Major" });
    expect(() =>
      fromServer({
        key: "C Major",
        bpm: null,
        time_signature: null,
        recommended_chords: [],
        vocal_range: { min: "?", max: "C4", min_hz: 1, max_hz: 2 },
      }),
    ).toThrow();
  });
});

describe("scaleOfKey", () => {
  it("lists the notes of major and natural minor keys from the tonic", () => {
    expect(scaleOfKey("D Major")).toEqual(["D", "E", "F#", "G", "A", "B", "C#"]);
    expect(scaleOfKey("F# Minor")).toEqual(["F#", "G#", "A", "B", "C#", "D", "E"]);
    expect(scaleOfKey("H Dorian")).toBeNull();
  });
});
