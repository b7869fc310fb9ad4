import { describe, expect, it } from "vitest";
import { NOTE_NAMES } from "../src/labels.js";
import { arrange, chordTones, GENRE_STYLES, STYLES, transposeLabel } from "./arranger.js";
import { compoundBars, metreBeats, parseBillboardChart, tonicMode } from "./billboard.js";
import { CLASSICAL_GENRES, GENRES, genreChart } from "./genre-charts.js";

const CHART = `# title: Test Song
# artist: Nobody
# metre: 4/4
# tonic: A

0.0\tsilence
1.0\tA, intro, | A:min | A:min C:maj | F:maj . . G:7 | E:7/3 |
9.0\tB, verse, | A:min | D:min7 | x2
17.0\t| (2/4) E:7 | * | A:min |
21.0\tend
`;

describe("parseBillboardChart", () => {
  const chart = parseBillboardChart(CHART);
  it("reads bars, repeats, bar metres, dots and no-chord bars with the line's timing", () => {
    expect(chart.title).toBe("Test Song");
    // 4 intro bars, 2 × 2 verse bars, then 2/4, *, A:min
    expect(chart.bars).toHaveLength(11);
    expect(chart.bars[0]).toMatchObject({ start: 1, end: 3, beats: 4, tonic: 9, section: "intro" });
    expect(chart.bars[1]?.chords.map((c) => c.label)).toEqual(["A:min", "C:maj"]);
    // "F:maj . . G:7": three tokens of F, one of G.
    const f = chart.bars[2]?.chords ?? [];
    expect(f.map((c) => c.label)).toEqual(["F:maj", "G:7"]);
    expect((f[0]?.end ?? 0) - (f[0]?.start ?? 0)).toBeCloseTo(1.5, 6);
    expect(chart.bars.slice(4, 8).map((b) => b.chords[0]?.label)).toEqual([
      "A:min",
      "D:min7",
      "A:min",
      "D:min7",
    ]);
    // 17..21 s holds 2 + 4 + 4 beats: 0.4 s a beat.
    expect(chart.bars[8]).toMatchObject({ metre: "2/4", beats: 2 });
    expect((chart.bars[8]?.end ?? 0) - (chart.bars[8]?.start ?? 0)).toBeCloseTo(0.8, 6);
    expect(chart.bars[9]?.chords[0]?.label).toBe("N");
  });

  it("counts compound metres in dotted quarters", () => {
    expect(metreBeats("6/8")).toEqual({ beats: 2, subdivision: 3 });
    expect(metreBeats("12/8")).toEqual({ beats: 4, subdivision: 3 });
    expect(metreBeats("3/4")).toEqual({ beats: 3, subdivision: 2 });
    expect(() => metreBeats("waltz")).toThrow();
  });

  it("re-metres a chart in 6/8 or 12/8, keeping its times and chords, and the arranger counts it so", () => {
    const six = compoundBars(chart.bars, "6/8");
    expect(six?.map((b) => b.beats)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2]);
    expect(six?.[8]).toMatchObject({ metre: "3/8", subdivision: 3, start: chart.bars[8]?.start });
    // "F:maj . . G:7" (G on the fourth beat of 4/4) → F for the bar's first dotted quarter, G for its second.
    const bar2 = chart.bars[2];
    expect(six?.[2]?.chords.map((c) => [c.label, c.start, c.end])).toEqual([
      ["F:maj", bar2?.start, ((bar2?.start ?? 0) + (bar2?.end ?? 0)) / 2],
      ["G:7", ((bar2?.start ?? 0) + (bar2?.end ?? 0)) / 2, bar2?.end],
    ]);
    const twelve = compoundBars(chart.bars, "12/8");
    expect(twelve?.map((b) => b.beats)).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 2, 4, 4]);
    expect(twelve?.[8]?.metre).toBe("6/8");
    const { labels } = arrange(six ?? [], { seed: 3 });
    expect(labels.metre).toBe("6/8");
    expect(labels.style).toBe("compound");
    expect(labels.beats).toHaveLength(2 * 10 + 1);
    expect(labels.beats[1]).toBeCloseTo(2, 6);
    // Played in compound time: every lead and bass note starts on an eighth (a third of the dotted
    // quarter) within the humanisation (±8 ms), never halfway through a beat.
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { midi } = arrange(six ?? [], { seed, style: "compound" });
      let onGrid = 0;
      for (const name of ["LEAD", "BASS"])
        for (const n of midi.tracks.find((t) => t.name === name)?.notes ?? []) {
          const bar = (six ?? []).find((b) => b.start - 0.02 <= n.time && n.time < b.end - 0.02);
          if (!bar) continue;
          const eighth = (bar.end - bar.start) / bar.beats / 3;
          const k = (n.time - bar.start) / eighth;
          expect(Math.abs(k - Math.round(k)) * eighth).toBeLessThan(0.0095);
          onGrid++;
        }
      expect(onGrid).toBeGreaterThan(10);
    }
    // A chart with a bar of 3/4 is not re-metred.
    const waltz = [{ ...(chart.bars[0] as (typeof chart.bars)[number]), metre: "3/4", beats: 3 }];
    expect(compoundBars(waltz, "6/8")).toBeNull();
  });

  it("infers the mode from the chords on the tonic", () => {
    const all = chart.bars.flatMap((b) => b.chords);
    expect(tonicMode(all, 9)).toEqual({ mode: "minor", inferred: true });
    expect(tonicMode(all, 0)).toEqual({ mode: "major", inferred: true });
    expect(tonicMode(all, 1)).toEqual({ mode: "major", inferred: false });
  });
});

describe("arrange", () => {
  const chart = parseBillboardChart(CHART);
  for (const style of STYLES) {
    it(`${style}: every comping and bass note at a chord's start is one of its tones, labels from the chart`, () => {
      const { midi, labels } = arrange(chart.bars, { seed: 3, transpose: 2, style });
      // Labels: transposed chords, the key from the tonic and its chords, beats and downbeats per bar.
      expect(labels.chords.find((c) => c.label !== "N")?.label).toBe("B:min");
      expect(labels.keys).toHaveLength(1);
      expect(labels.keys[0]?.label).toBe("B:min");
      expect(labels.keys[0]?.start).toBeCloseTo(1, 6);
      expect(labels.keys[0]?.end).toBeCloseTo(21, 6);
      expect(labels.downbeats).toHaveLength(11);
      expect(labels.beats).toHaveLength(4 * 8 + 2 + 4 + 4);
      for (const d of labels.downbeats) expect(labels.beats).toContain(d);
      // Against the MIDI: the notes that start with a chord (within the strum's spread) are its tones.
      const comp = midi.tracks.find((t) => t.name === "COMP");
      const bass = midi.tracks.find((t) => t.name === "BASS");
      let checked = 0;
      for (const c of labels.chords) {
        const tones = chordTones(c.label);
        if (!tones) continue;
        const starting = (t: typeof comp) =>
          (t?.notes ?? []).filter((n) => n.time >= c.start - 0.02 && n.time < Math.min(c.end, c.start + 0.2));
        for (const n of starting(comp)) expect(tones.pcs).toContain(n.midi % 12);
        const first = starting(bass)[0];
        if (first) expect(first.midi % 12).toBe(tones.bass);
        checked += starting(comp).length;
      }
      expect(checked).toBeGreaterThan(10);
      // No note sounds in the no-chord bar or the silence before the first chord.
      const none = labels.chords.filter((c) => c.label === "N");
      for (const t of [comp, bass])
        for (const n of t?.notes ?? [])
          for (const c of none) expect(n.time >= c.start + 0.05 && n.time < c.end - 0.05).toBe(false);
    });
  }

  it("is deterministic for a seed and varies with it", () => {
    const a = arrange(chart.bars, { seed: 5 });
    const b = arrange(chart.bars, { seed: 5 });
    const c = arrange(chart.bars, { seed: 6 });
    expect(a.midi.toArray()).toEqual(b.midi.toArray());
    expect(a.midi.toArray()).not.toEqual(c.midi.toArray());
  });

  it("transposes Harte labels by their root only", () => {
    expect(transposeLabel("E:7/3", 2)).toBe("F#:7/3");
    expect(transposeLabel("Bb:min7", 3)).toBe("C#:min7");
    expect(transposeLabel("N", 5)).toBe("N");
  });
});

describe("arrange in the genre charts' styles", () => {
  const chart = parseBillboardChart(CHART);
  for (const style of GENRE_STYLES) {
    it(`${style}: every comping note is a tone of the chord it sounds in, each chord's bass starts on its bass`, () => {
      const { midi, labels } = arrange(chart.bars, { seed: 4, transpose: -3, style });
      expect(labels.style).toBe(style);
      expect(labels.keys[0]?.label).toBe("F#:min");
      const comp = midi.tracks.find((t) => t.name === "COMP");
      const bass = midi.tracks.find((t) => t.name === "BASS");
      let checked = 0;
      for (const c of labels.chords) {
        const tones = chordTones(c.label);
        if (!tones) continue;
        for (const n of comp?.notes ?? [])
          if (n.time >= c.start - 0.02 && n.time < c.end - 0.05) {
            expect(tones.pcs).toContain(n.midi % 12);
            checked++;
          }
        const first = (bass?.notes ?? []).find((n) => n.time >= c.start - 0.02 && n.time < c.start + 0.1);
        expect(first?.midi !== undefined && first.midi % 12).toBe(tones.bass);
      }
      expect(checked).toBeGreaterThan(10);
    });
  }
});

describe("genreChart", () => {
  it("writes a twelve-bar blues on dominant sevenths whose key is the major tonic", () => {
    const chart = genreChart(11, { genre: "blues", seconds: 40 });
    expect(chart.genre).toBe("blues");
    const end = chart.bars[chart.bars.length - 1]?.end ?? 0;
    expect(end).toBeGreaterThanOrEqual(40);
    // Bars tile the time line, each bar's chords tile the bar, every bar carries the tonic.
    chart.bars.forEach((b, i) => {
      if (i > 0) expect(b.start).toBeCloseTo(chart.bars[i - 1]?.end ?? -1, 9);
      expect(b.chords[0]?.start).toBeCloseTo(b.start, 9);
      expect(b.chords[b.chords.length - 1]?.end).toBeCloseTo(b.end, 9);
      expect(b.tonic).toBe(chart.tonic);
    });
    // Twelve bars a chorus: the form's roots are I, IV and V only.
    expect(chart.bars.length % 12).toBe(0);
    const roots = new Set(
      chart.bars.flatMap((b) => b.chords.map((c) => (chordTones(c.label)?.root ?? -1) - chart.tonic)),
    );
    for (const r of roots) expect([0, 5, 7, -7, -5, -12 + 5, -12 + 7]).toContain(r);
    const { labels } = arrange(chart.bars, {
      seed: 11,
      style: chart.style,
      lead: true,
      leadScale: chart.leadScale ?? [],
    });
    expect(labels.keys).toHaveLength(1);
    expect(labels.keys[0]?.label).toBe(`${NOTE_NAMES[chart.tonic]}:maj`);
  });

  it("labels a minor blues, a metal riff and a dorian funk vamp with the minor tonic", () => {
    for (const genre of ["minor-blues", "metal"] as const)
      for (const seed of [1, 2, 3]) {
        const chart = genreChart(seed, { genre });
        const { labels } = arrange(chart.bars, { seed, style: chart.style });
        expect(labels.keys[0]?.label).toBe(`${NOTE_NAMES[chart.tonic]}:min`);
      }
  });

  it("plays the lead from the chord tones and the genre's scale: a blues lead sings the blue third", () => {
    const chart = genreChart(5, { genre: "blues", seconds: 60 });
    const scale = chart.leadScale ?? [];
    expect(scale).toContain(3);
    const { midi, labels } = arrange(chart.bars, {
      seed: 5,
      style: chart.style,
      lead: true,
      leadScale: scale,
    });
    const lead = midi.tracks.find((t) => t.name === "LEAD");
    const allowed = new Set([
      ...scale.map((d) => (chart.tonic + d) % 12),
      ...labels.chords.flatMap((c) => chordTones(c.label)?.pcs ?? []),
    ]);
    expect(lead?.notes.length).toBeGreaterThan(20);
    for (const n of lead?.notes ?? []) expect(allowed.has(n.midi % 12)).toBe(true);
    expect(lead?.notes.some((n) => n.midi % 12 === (chart.tonic + 3) % 12)).toBe(true);
  });

  it("writes classical songs without drums: minor keys on the harmonic minor's major V, some in 3/4", () => {
    const metres = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const chart = genreChart(seed, { genres: CLASSICAL_GENRES, seconds: 30 });
      expect(CLASSICAL_GENRES).toContain(chart.genre);
      expect(chart.style).toBe("classical");
      const { midi, labels } = arrange(chart.bars, {
        seed,
        style: chart.style,
        lead: chart.lead,
        ...(chart.leadScale ? { leadScale: chart.leadScale } : {}),
      });
      expect(midi.tracks.some((t) => t.channel === 9)).toBe(false);
      const minor = chart.genre === "classical-minor";
      expect(labels.keys[0]?.label).toBe(`${NOTE_NAMES[chart.tonic]}:${minor ? "min" : "maj"}`);
      // The dominant is major (V or V7) in both modes.
      const dominant = labels.chords.filter((c) => chordTones(c.label)?.root === (chart.tonic + 7) % 12);
      for (const c of dominant) expect(chordTones(c.label)?.pcs).toContain((chart.tonic + 11) % 12);
      // Beats and downbeats follow the chart's metre.
      const perBar = labels.metre === "3/4" ? 3 : 4;
      expect(labels.beats.length).toBe(labels.downbeats.length * perBar);
      metres.add(labels.metre);
    }
    expect([...metres].sort()).toEqual(["3/4", "4/4"]);
  });

  it("is deterministic for a seed and covers every genre", () => {
    expect(genreChart(9)).toEqual(genreChart(9));
    const seen = new Set(Array.from({ length: 200 }, (_, i) => genreChart(i).genre));
    expect([...seen].sort()).toEqual([...GENRES].sort());
  });
});
