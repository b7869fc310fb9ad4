import { Midi } from "@tonejs/midi";
import { describe, expect, it } from "vitest";
import { buildBeatGrid } from "./beat-grid";
import { toHarte, toLab } from "./export-lab";
import { toMidi } from "./export-midi";

describe("toHarte", () => {
  it("writes MIREX labels", () => {
    expect(["C", "F#m7", "G7", "Bdim", "C/E", "Bbm7b5", "N"].map(toHarte)).toEqual([
      "C:maj",
      "F#:min7",
      "G:7",
      "B:dim",
      "C:maj/3",
      "Bb:hdim7",
      "N",
    ]);
  });
});

describe("toLab", () => {
  it("covers the song from 0 to its end, merging repeats and marking no chord", () => {
    const lab = toLab(
      [
        { time: 0.5, chord: "Am" },
        { time: 2, chord: "Am" },
        { time: 3, chord: "N" },
        { time: 4, chord: "G" },
      ],
      6,
    );
    expect(lab).toBe("0.000\t0.500\tN\n0.500\t3.000\tA:min\n3.000\t4.000\tN\n4.000\t6.000\tG:maj\n");
  });
});

describe("toMidi", () => {
  it("writes the chords on the beat grid as a MIDI file that parses back", () => {
    const grid = buildBeatGrid({
      bpm: 120,
      chords: [
        { time: 0, chord: "C" },
        { time: 2, chord: "Am" },
        { time: 3, chord: "N" },
      ],
      durationSeconds: 4,
    });
    const bytes = toMidi(grid.beats, 120, "Test song");
    const back = new Midi(bytes);
    expect(back.header.tempos[0]?.bpm).toBeCloseTo(120, 3);
    const notes = back.tracks[0]?.notes ?? [];
    expect(notes.map((n) => [n.name, Number(n.time.toFixed(3)), Number(n.duration.toFixed(3))])).toEqual([
      ["C3", 0, 2],
      ["E3", 0, 2],
      ["G3", 0, 2],
      ["A3", 2, 1],
      ["C4", 2, 1],
      ["E4", 2, 1],
    ]);
  });
});
