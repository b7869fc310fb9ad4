import midiPkg from "@tonejs/midi";
import { describe, expect, it } from "vitest";
import { makeRng } from "../testing/voice-synth.js";
import { addSungExpression, BEND_RANGE_CENTS, bendValue, mixVocalForward } from "./sing.js";

const { Midi } = midiPkg;

describe("bendValue", () => {
  it("maps cents to the 14-bit offset of the ±2-semitone range and clamps", () => {
    expect(bendValue(0)).toBe(0);
    expect(bendValue(BEND_RANGE_CENTS / 4)).toBe(2048);
    expect(bendValue(-BEND_RANGE_CENTS / 2)).toBe(-4096);
    expect(bendValue(10_000)).toBe(8191);
    expect(bendValue(-10_000)).toBe(-8192);
  });
});

describe("addSungExpression", () => {
  it("bends a long note with vibrato at the drawn rate and depth and leaves a plain short note at 0", () => {
    const midi = new Midi();
    const track = midi.addTrack();
    track.addNote({ midi: 69, time: 0, duration: 2, velocity: 0.8 });
    track.addNote({ midi: 76, time: 3, duration: 0.2, velocity: 0.8 });
    // Draws (in order): depth, rate, scoop share; then per note: scoop test, depth and rate drift,
    // onset, phase, fall test. 0.99 for the scoop test means no scoop.
    const draws = [0.5, 0.5, 0, 0.99, 0.5, 0.5, 0, 0, 0.99, 0.99, 0.5, 0.5, 0, 0, 0.99];
    let i = 0;
    const drawn = addSungExpression(track, () => draws[i++] ?? 0.5);
    expect(drawn.vibratoHz).toBeCloseTo(5.7, 6);
    const cents = (v: number) => (v / 8192) * BEND_RANGE_CENTS;
    const long = track.pitchBends.filter((b) => b.time < 2);
    const peak = Math.max(...long.map((b) => Math.abs(cents(b.value))));
    expect(peak).toBeGreaterThan(drawn.vibratoCents * 0.9);
    expect(peak).toBeLessThan(drawn.vibratoCents * 1.2);
    // Sign changes after the onset: two per cycle.
    const after = long.filter((b) => b.time > 0.5).map((b) => Math.sign(b.value));
    let changes = 0;
    for (let k = 1; k < after.length; k++) if (after[k] !== after[k - 1] && after[k] !== 0) changes++;
    const seconds = (long[long.length - 1]?.time ?? 0) - 0.5;
    expect(changes / 2 / seconds).toBeGreaterThan(5.7 * 0.8);
    expect(changes / 2 / seconds).toBeLessThan(5.7 * 1.2);
    const short = track.pitchBends.filter((b) => b.time >= 3);
    expect(short.map((b) => b.value)).toEqual([0]);
  });

  it("keeps every bend inside the pitch-bend range and starts a scooped note below its pitch", () => {
    const rnd = makeRng(7);
    const midi = new Midi();
    const track = midi.addTrack();
    for (let k = 0; k < 40; k++)
      track.addNote({ midi: 60 + (k % 5), time: k * 0.5, duration: 0.45, velocity: 0.7 });
    addSungExpression(track, rnd);
    for (const b of track.pitchBends) {
      expect(b.value).toBeGreaterThanOrEqual(-8192);
      expect(b.value).toBeLessThanOrEqual(8191);
    }
    const starts = track.notes.map((n) => track.pitchBends.find((b) => Math.abs(b.time - n.time) < 1e-3));
    expect(starts.some((b) => (b?.value ?? 0) < 0)).toBe(true);
  });
});

describe("mixVocalForward", () => {
  it("puts the melody's channel volume above every other track's", () => {
    const midi = new Midi();
    const lead = midi.addTrack();
    lead.channel = 2;
    const comp = midi.addTrack();
    const drums = midi.addTrack();
    drums.channel = 9;
    mixVocalForward(midi, lead, makeRng(3));
    const volume = (t: typeof lead) => t.controlChanges[7]?.[0]?.value ?? -1;
    expect(volume(lead)).toBeGreaterThanOrEqual(0.85);
    expect(volume(comp)).toBeLessThanOrEqual(0.8);
    expect(volume(drums)).toBeLessThanOrEqual(0.9);
    expect(volume(comp)).toBeGreaterThan(0);
  });
});
