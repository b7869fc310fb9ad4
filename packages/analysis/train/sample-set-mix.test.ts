import midiPkg from "@tonejs/midi";
import { describe, expect, it } from "vitest";
import { mixSignals, splitNotes } from "./sample-set-mix.js";

const { Midi } = midiPkg;

/** A C major strum (six strings, 10 ms apart) on a nylon guitar, then an A minor one, and a volume change at the end. */
function strums(): InstanceType<typeof Midi> {
  const midi = new Midi();
  midi.header.setTempo(90);
  const track = midi.addTrack();
  track.instrument.number = 24;
  [48, 52, 55, 60, 64].forEach((m, i) => {
    track.addNote({ midi: m, time: 0.5 + 0.01 * i, duration: 2, velocity: 0.7 });
  });
  [45, 52, 57, 60, 64].forEach((m, i) => {
    track.addNote({ midi: m, time: 2.5 + 0.01 * i, duration: 2, velocity: 0.6 });
  });
  track.addCC({ number: 7, value: 100, time: 5 });
  return midi;
}

const key = (n: { midi: number; time: number }) => `${n.midi}@${n.time.toFixed(3)}`;

describe("splitNotes", () => {
  it("plays every note exactly once across the two halves, at its own time, on the same instrument", () => {
    const midi = strums();
    const whole = new Midi(midi.toArray());
    const [a, b] = splitNotes(midi, (_, i) => i % 3 === 1);
    const notesA = a.tracks[0]?.notes ?? [];
    const notesB = b.tracks[0]?.notes ?? [];
    expect(notesB.map(key)).toEqual(whole.tracks[0]?.notes.filter((_, i) => i % 3 === 1).map(key));
    expect([...notesA, ...notesB].map(key).sort()).toEqual(whole.tracks[0]?.notes.map(key).sort());
    expect(a.tracks[0]?.instrument.number).toBe(24);
    expect(b.tracks[0]?.instrument.number).toBe(24);
    // The closing control change stays in both, so both halves render to the piece's length.
    expect(a.tracks[0]?.controlChanges[7]?.at(-1)?.time).toBeCloseTo(5, 3);
    expect(b.tracks[0]?.controlChanges[7]?.at(-1)?.time).toBeCloseTo(5, 3);
    expect(b.header.tempos[0]?.bpm).toBeCloseTo(90, 3);
  });

  it("leaves the input as it was", () => {
    const midi = strums();
    splitNotes(midi, () => true);
    expect(midi.tracks[0]?.notes).toHaveLength(10);
  });
});

describe("mixSignals", () => {
  it("sums two signals over the longer one's length", () => {
    expect([...mixSignals(Float32Array.of(1, 2, 3), Float32Array.of(0.5, 0.5))]).toEqual([1.5, 2.5, 3]);
    expect([...mixSignals(Float32Array.of(1), Float32Array.of(0, 2))]).toEqual([1, 2]);
  });
});
