import { describe, expect, it } from "vitest";
import {
  CARNATIC_SWARAS,
  MELAKARTAS,
  melakarta,
  parentSemitones,
  parseSwaras,
  RAGAS,
  ragaHints,
  ragaSemitones,
  SwaraError,
  THAATS,
} from "./indian.js";

const steps = (intervals: readonly number[]) =>
  intervals.map((v, i) => ((intervals[i + 1] ?? 12) as number) - v);

describe("thaats", () => {
  it("are Bhatkhande's ten with their intervals", () => {
    const byName = Object.fromEntries(THAATS.map((t) => [t.name, t.intervals]));
    expect(byName).toEqual({
      Bilawal: [0, 2, 4, 5, 7, 9, 11],
      Kalyan: [0, 2, 4, 6, 7, 9, 11],
      Khamaj: [0, 2, 4, 5, 7, 9, 10],
      Kafi: [0, 2, 3, 5, 7, 9, 10],
      Asavari: [0, 2, 3, 5, 7, 8, 10],
      Bhairavi: [0, 1, 3, 5, 7, 8, 10],
      Bhairav: [0, 1, 4, 5, 7, 8, 11],
      Marwa: [0, 1, 4, 6, 7, 9, 11],
      Purvi: [0, 1, 4, 6, 7, 8, 11],
      Todi: [0, 1, 3, 6, 7, 8, 11],
    });
  });

  it("all keep Sa and Pa, one of each of the seven swaras, and differ from each other", () => {
    for (const t of THAATS) {
      expect(t.intervals).toHaveLength(7);
      expect(t.intervals[0]).toBe(0);
      expect(t.intervals[4]).toBe(7);
      expect(new Set(t.swaras.map((s) => s.toUpperCase())).size).toBe(7);
    }
    expect(new Set(THAATS.map((t) => t.intervals.join())).size).toBe(10);
  });

  it("name the Western mode when the steps are one (Kafi = Dorian: W H W W W H W)", () => {
    const kafi = THAATS.find((t) => t.name === "Kafi");
    expect(kafi?.westernMode).toBe("Dorian");
    expect(steps(kafi?.intervals ?? [])).toEqual([2, 1, 2, 2, 2, 1, 2]);
    expect(THAATS.find((t) => t.name === "Todi")?.westernMode).toBeNull();
  });
});

describe("melakartas", () => {
  it("are 72, all different, seven ascending swaras each, M1 in 1–36 and M2 in 37–72", () => {
    expect(MELAKARTAS).toHaveLength(72);
    expect(new Set(MELAKARTAS.map((m) => m.intervals.join())).size).toBe(72);
    expect(new Set(MELAKARTAS.map((m) => m.name)).size).toBe(72);
    for (const m of MELAKARTAS) {
      expect(m.intervals).toHaveLength(7);
      expect(steps(m.intervals).every((s) => s >= 1)).toBe(true);
      expect(m.intervals[3]).toBe(m.number <= 36 ? 5 : 6);
      expect(m.intervals[4]).toBe(7);
    }
  });

  it("are every seven-note scale with Sa, Pa, one Ma and two notes each between", () => {
    // Ri/Ga from the 1–4 semitones, Dha/Ni from the 8–11, each pair ascending: C(4,2) = 6 ways each.
    const expected = new Set<string>();
    for (const ma of [5, 6])
      for (let r = 1; r <= 4; r++)
        for (let g = r + 1; g <= 4; g++)
          for (let d = 8; d <= 11; d++)
            for (let n = d + 1; n <= 11; n++) expected.add([0, r, g, ma, 7, d, n].join());
    expect(new Set(MELAKARTAS.map((m) => m.intervals.join()))).toEqual(expected);
  });

  it("follow the chakra rule for the well-known ones", () => {
    expect(melakarta(15)).toMatchObject({
      name: "Mayamalavagowla",
      swaras: ["S", "R1", "G3", "M1", "P", "D1", "N3"],
    });
    expect(melakarta(22)).toMatchObject({ name: "Kharaharapriya", intervals: [0, 2, 3, 5, 7, 9, 10] });
    expect(melakarta(29)).toMatchObject({ name: "Dheerasankarabharanam", intervals: [0, 2, 4, 5, 7, 9, 11] });
    expect(melakarta(65)).toMatchObject({ name: "Mechakalyani", westernMode: "Lydian" });
    expect(melakarta(72)).toMatchObject({
      name: "Rasikapriya",
      swaras: ["S", "R3", "G3", "M2", "P", "D3", "N3"],
    });
    // The Western modes named are the ones with those intervals.
    expect(melakarta(20).intervals).toEqual(THAATS.find((t) => t.name === "Asavari")?.intervals);
    expect(melakarta(8).intervals).toEqual(THAATS.find((t) => t.name === "Bhairavi")?.intervals);
  });

  it("refuses numbers outside 1–72", () => {
    expect(() => melakarta(0)).toThrow(RangeError);
    expect(() => melakarta(73)).toThrow(RangeError);
    expect(() => melakarta(1.5)).toThrow(RangeError);
  });
});

describe("parseSwaras", () => {
  it("reads Hindustani swaras with octave marks and skips phrase commas", () => {
    expect(parseSwaras("N, r G M P d N S'", "hindustani").map((s) => [s.semitone, s.octave])).toEqual([
      [11, -1],
      [1, 0],
      [4, 0],
      [6, 0],
      [7, 0],
      [8, 0],
      [11, 0],
      [0, 1],
    ]);
    expect(parseSwaras("G R , P R", "hindustani").map((s) => s.name)).toEqual(["G", "R", "P", "R"]);
  });

  it("reads Carnatic swaras (R2 and G1 are one pitch)", () => {
    expect(parseSwaras("S R2 G1 D3 N2", "carnatic").map((s) => s.semitone)).toEqual([0, 2, 2, 10, 10]);
    expect(CARNATIC_SWARAS.R3).toBe(CARNATIC_SWARAS.G2);
  });

  it("names the swara it cannot read", () => {
    expect(() => parseSwaras("S R4 G", "carnatic")).toThrow(new SwaraError('"R4" is not a carnatic swara'));
    expect(() => parseSwaras("S X", "hindustani")).toThrow(SwaraError);
  });
});

describe("ragas", () => {
  it("are at least 30, with unique names, and Hindustani ones have vadi, samvadi and pakad", () => {
    expect(RAGAS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(RAGAS.map((r) => r.name)).size).toBe(RAGAS.length);
    for (const r of RAGAS.filter((x) => x.system === "hindustani")) {
      expect(r.vadi).not.toBeNull();
      expect(r.samvadi).not.toBeNull();
      expect(r.pakad).not.toBeNull();
    }
  });

  it.each(RAGAS.map((r) => [r.name, r] as const))("%s stays inside its parent scale", (_name, raga) => {
    const parent = new Set(parentSemitones(raga));
    const outside = new Set(
      raga.outsideParent.flatMap((s) => parseSwaras(s, raga.system).map((x) => x.semitone)),
    );
    for (const s of outside) expect(parent.has(s)).toBe(false);
    for (const s of ragaSemitones(raga)) expect(parent.has(s) || outside.has(s)).toBe(true);
    // Sa starts the ascent and ends the descent; vadi, samvadi and the pakad use the raga's notes.
    const notes = new Set(ragaSemitones(raga));
    expect(parseSwaras(raga.avaroha, raga.system).at(-1)?.semitone).toBe(0);
    for (const s of [raga.vadi, raga.samvadi, raga.pakad].filter((x): x is string => x !== null))
      for (const sw of parseSwaras(s, raga.system)) expect(notes.has(sw.semitone)).toBe(true);
    expect(notes.size).toBeGreaterThanOrEqual(5);
  });

  it("ascend and descend through the octave", () => {
    for (const r of RAGAS) {
      const up = parseSwaras(r.aroha, r.system);
      const down = parseSwaras(r.avaroha, r.system);
      const pitch = (s: { semitone: number; octave: number }) => s.semitone + 12 * s.octave;
      expect(pitch(up.at(-1) ?? { semitone: 0, octave: 0 })).toBe(12);
      expect(pitch(down[0] ?? { semitone: 0, octave: 0 })).toBe(12);
    }
  });
});

describe("ragaHints", () => {
  /** Seconds per swara from a list of [semitone, seconds]. */
  const dist = (pairs: [number, number][]) => {
    const out = new Array<number>(12).fill(0);
    for (const [k, s] of pairs) out[k] = (out[k] ?? 0) + s;
    return out;
  };

  it("hears Yaman in Yaman's notes with Ga and Ni held, and names Kalyan thaat", () => {
    const h = ragaHints(
      dist([
        [0, 3],
        [2, 1.5],
        [4, 3],
        [6, 1.5],
        [7, 1],
        [9, 1.5],
        [11, 2.5],
      ]),
    );
    expect(h?.thaat.name).toBe("Kalyan");
    expect(h?.thaatFit).toBe(1);
    expect(h?.ragas.map((r) => r.raga.name)).toContain("Yaman");
    expect(h?.ragas.length).toBeLessThanOrEqual(3);
  });

  it("tells a pentatonic raga from its parent scale: Bhupali's five notes are not Bilawal's seven", () => {
    const h = ragaHints(
      dist([
        [0, 2],
        [2, 1],
        [4, 3],
        [7, 1.5],
        [9, 2.5],
      ]),
    );
    // Bhupali and Deshkar share these notes and their vadi/samvadi pair (Ga, Dha): both lead, before Mohanam.
    expect(
      h?.ragas
        .slice(0, 2)
        .map((r) => r.raga.name)
        .sort(),
    ).toEqual(["Bhupali", "Deshkar"]);
    expect(h?.ragas[2]?.raga.name).toBe("Mohanam");
    expect(h?.ragas.some((r) => r.raga.name === "Bilawal" || r.raga.name === "Alhaiya Bilawal")).toBe(false);
  });

  it("is not sure when every note is sung alike, and answers null for silence", () => {
    expect(ragaHints(new Array<number>(12).fill(1))?.sure).toBe(false);
    expect(ragaHints(new Array<number>(12).fill(0))).toBeNull();
    expect(() => ragaHints([1, 2, 3])).toThrow(RangeError);
  });
});
