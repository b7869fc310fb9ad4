import { describe, expect, it } from "vitest";
import { makeRng } from "../testing/voice-synth.js";
import {
  DRUM_KITS,
  drumClassOf,
  gmDrumClass,
  mixAtLevel,
  parseDrumkitXml,
  renderDrumHits,
} from "./drum-kits.js";

const LAYERED = `<drumkit_info><name>Test Kit</name><instrumentList>
 <instrument><id>0</id><name>Pearl Kick</name><volume>0.5</volume>
  <layer><filename>kick-soft.wav</filename><min>0</min><max>0.5</max><gain>1</gain></layer>
  <layer><filename>kick-hard.wav</filename><min>0.5</min><max>1</max><gain>2</gain></layer>
 </instrument>
 <instrument><id>1</id><name>Sabian Hat Closed</name><volume>1</volume>
  <layer><filename>hat.wav</filename><min>0</min><max>1</max><gain>1</gain></layer>
 </instrument>
 <instrument><id>2</id><name>Cowbell</name><volume>1</volume>
  <layer><filename>cowbell.wav</filename><min>0</min><max>1</max><gain>1</gain></layer>
 </instrument>
</instrumentList></drumkit_info>`;

/** Hydrogen's older format: one file per instrument, no layers. */
const FLAT = `<drumkit_info><name>Old Kit</name><instrumentList>
 <instrument><id>0</id><name>d3 - snare 1</name><filename>snare.flac</filename><volume>1</volume></instrument>
</instrumentList></drumkit_info>`;

describe("drum classes", () => {
  it("groups General MIDI percussion notes as the arrangements play them", () => {
    expect([36, 37, 38, 42, 44, 46, 49, 51, 45].map(gmDrumClass)).toEqual([
      "kick",
      "stick",
      "snare",
      "hhClosed",
      "hhPedal",
      "hhOpen",
      "crash",
      "ride",
      "tom",
    ]);
    expect(gmDrumClass(56)).toBeNull();
  });

  it("reads the class from the kits' instrument names", () => {
    expect(drumClassOf('Kick (Tama Superstar 22")')).toBe("kick");
    expect(drumClassOf("BassDrum")).toBe("kick");
    expect(drumClassOf('Hi-Hat Closed (Paiste Alpha Metal edge 14")')).toBe("hhClosed");
    expect(drumClassOf("f#3 - hi-hat closed")).toBe("hhClosed");
    expect(drumClassOf("VariBreaks Hat 1 Op")).toBe("hhOpen");
    expect(drumClassOf("Sabian Hat Pedal")).toBe("hhPedal");
    expect(drumClassOf("Snare Rimshot (Pearl Free Floating Maple 14x3.5)")).toBe("snare");
    expect(drumClassOf("Snare Roll")).toBeNull();
    expect(drumClassOf("Paiste Bell")).toBeNull();
    expect(drumClassOf("Paiste Ride")).toBe("ride");
    expect(drumClassOf("Tom Low")).toBe("tom");
    expect(drumClassOf("Cowbell")).toBeNull();
  });

  it("never validates on a kit it trains on", () => {
    const train = new Set<string>(DRUM_KITS.training);
    expect(DRUM_KITS.validation.filter((k) => train.has(k))).toEqual([]);
  });
});

describe("parseDrumkitXml", () => {
  it("reads velocity layers and keeps only drum instruments", () => {
    const kit = parseDrumkitXml(LAYERED, "/kits/test");
    expect(kit.name).toBe("Test Kit");
    expect(kit.instruments.map((i) => [i.name, i.drumClass])).toEqual([
      ["Pearl Kick", "kick"],
      ["Sabian Hat Closed", "hhClosed"],
    ]);
    expect(kit.instruments[0]?.volume).toBe(0.5);
    expect(kit.instruments[0]?.layers.map((l) => [l.file, l.min, l.max, l.gain])).toEqual([
      ["/kits/test/kick-soft.wav", 0, 0.5, 1],
      ["/kits/test/kick-hard.wav", 0.5, 1, 2],
    ]);
  });

  it("reads the older one-file-per-instrument format", () => {
    const kit = parseDrumkitXml(FLAT, "/kits/old");
    expect(kit.instruments).toEqual([
      {
        name: "d3 - snare 1",
        drumClass: "snare",
        volume: 1,
        layers: [{ file: "/kits/old/snare.flac", min: 0, max: 1, gain: 1 }],
      },
    ]);
  });

  it("refuses a kit without drums", () => {
    expect(() => parseDrumkitXml("<drumkit_info><name>x</name></drumkit_info>", "/k")).toThrow(/no kick/);
  });
});

describe("renderDrumHits", () => {
  const kit = parseDrumkitXml(LAYERED, "/k");
  const samples: Record<string, Float32Array> = {
    "/k/kick-soft.wav": Float32Array.of(1, 0.5),
    "/k/kick-hard.wav": Float32Array.of(1),
    "/k/hat.wav": Float32Array.of(-1),
  };
  const decodeSample = (f: string) => {
    const s = samples[f];
    if (!s) throw new Error(`no sample ${f}`);
    return s;
  };
  const render = (hits: { midi: number; time: number; velocity: number }[]) =>
    renderDrumHits(hits, kit, { sampleRate: 10, seconds: 1, rnd: makeRng(1), decodeSample });

  it("plays each hit's velocity layer at its onset, scaled as Hydrogen scales it", () => {
    const x = render([
      { midi: 36, time: 0.2, velocity: 0.4 },
      { midi: 36, time: 0.5, velocity: 0.8 },
    ]);
    // soft layer: 0.4 × gain 1 × volume 0.5 = 0.2 at samples 2 and 3; hard: 0.8 × 2 × 0.5 at sample 5
    expect(Array.from(x, (v) => Math.round(v * 1000) / 1000)).toEqual([0, 0, 0.2, 0.1, 0, 0.8, 0, 0, 0, 0]);
  });

  it("plays a class the kit lacks on its stand-in and skips what it cannot play", () => {
    // an open hi-hat (46) on the closed one; a ride (51) on the closed hi-hat; a cowbell (56) skipped
    const x = render([
      { midi: 46, time: 0.1, velocity: 1 },
      { midi: 51, time: 0.3, velocity: 0.5 },
      { midi: 56, time: 0.6, velocity: 1 },
    ]);
    expect(Array.from(x)).toEqual([0, -1, 0, -0.5, 0, 0, 0, 0, 0, 0]);
  });

  it("cuts samples at the song's end", () => {
    const x = render([{ midi: 36, time: 0.9, velocity: 0.4 }]);
    expect(x.length).toBe(10);
    expect(x[9]).toBeCloseTo(0.2);
  });
});

describe("mixAtLevel", () => {
  const rms = (a: Float32Array) => Math.sqrt(a.reduce((s, v) => s + v * v, 0) / a.length);

  it("sets the added signal's RMS the given decibels against the base", () => {
    const base = Float32Array.from({ length: 100 }, (_, i) => Math.sin(i / 3));
    const added = Float32Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? 1 : 0));
    const mixed = mixAtLevel(base, added, -6);
    const drums = mixed.map((v, i) => v - (base[i] as number));
    expect(rms(drums) / rms(base)).toBeCloseTo(10 ** (-6 / 20), 5);
  });

  it("keeps the longer length and leaves a silent signal silent", () => {
    const mixed = mixAtLevel(Float32Array.of(1, 1), new Float32Array(4), 0);
    expect(Array.from(mixed)).toEqual([1, 1, 0, 0]);
  });
});
