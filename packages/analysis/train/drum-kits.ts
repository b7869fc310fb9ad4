/**
 * Sampled drum kits for the training corpus: recorded acoustic and electronic kits in Hydrogen's
 * format (Debian `hydrogen-drumkits`, installed by `bash train/setup.sh` into
 * `/usr/share/hydrogen/data/drumkits`), played from the General MIDI drum notes (channel 10) of an
 * arrangement instead of FluidSynth's drum patches.
 *
 * Why: the beat network heard only the two soundfonts' drum kits and reads every rendered validation set
 * at beat F 0.96–1.00, while real records (whose drums are recorded kits, close-miked and produced) read
 * 0.79 (PROVENANCE.md, "The beat model"). Kits never trained on give a validation set closer to records;
 * kits trained on give the network more than two kits' sound.
 *
 * Licences (Debian's `copyright` file of the package; all allow commercial use; the rendered audio is
 * used for training only and never distributed): CC0 (Audiophob), CC-BY 3.0 (rumpf_kit_z01, Emanuel
 * Rumpf), CC-BY-SA 3.0 (BJA_Pacific, Luc Tunguay), GPL-2+ with a composition exception
 * (ColomboAcousticDrumkit, Marcos Guglielmetti), GPL-2 (The Black Pearl, Glen MacArthur; Millo-Drums,
 * Millo_MultiLayered2/3, Emiliano Grilli; ForzeeStereo, Vladimir Sadovnikov and Alexander Belokurov;
 * ElectricEmpireKit, HardElectro1 and VariBreaks, Artemiy Pavlov, who granted all rights).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Where Debian's `hydrogen-drumkits` puts the kits. */
export const DRUM_KIT_ROOT = "/usr/share/hydrogen/data/drumkits";

/**
 * The kits split by kit, fixed before any rendering (2026-12-02): the network is validated on kits it
 * never heard. Validation: two acoustic kits recorded by other people than any training kit's and one
 * electronic kit. The hand-percussion kits (Gimme A Hand, circAfrique) have no drum set and are unused.
 */
export const DRUM_KITS = {
  training: [
    "Audiophob",
    "BJA_Pacific",
    "ColomboAcousticDrumkit",
    "ElectricEmpireKit",
    "ForzeeStereo",
    "Millo-Drums_v.1",
    "Millo_MultiLayered2",
    "Millo_MultiLayered3",
    "VariBreaks",
  ],
  validation: ["The Black Pearl 1.0", "rumpf_kit_z01_h2", "HardElectro1"],
} as const;

/** The kinds of drum an arrangement plays, as General MIDI's percussion map groups them. */
export const DRUM_CLASSES = [
  "kick",
  "snare",
  "stick",
  "clap",
  "hhClosed",
  "hhPedal",
  "hhOpen",
  "crash",
  "ride",
  "tom",
] as const;
export type DrumClass = (typeof DRUM_CLASSES)[number];

/** One velocity layer: a sample played for note velocities in [min, max] (0–1), scaled by `gain`. */
export interface KitLayer {
  file: string;
  min: number;
  max: number;
  gain: number;
}

/** One instrument of a kit, with the drum class read from its name. */
export interface KitInstrument {
  name: string;
  drumClass: DrumClass;
  volume: number;
  layers: KitLayer[];
}

export interface DrumKit {
  name: string;
  dir: string;
  instruments: KitInstrument[];
}

/**
 * The drum class of a General MIDI percussion note (GM 1 Level 1, percussion key map), or null for the
 * notes the arrangements do not need (percussion like cowbell or claves).
 */
export function gmDrumClass(midi: number): DrumClass | null {
  if (midi === 35 || midi === 36) return "kick";
  if (midi === 37) return "stick";
  if (midi === 38 || midi === 40) return "snare";
  if (midi === 39) return "clap";
  if (midi === 42) return "hhClosed";
  if (midi === 44) return "hhPedal";
  if (midi === 46) return "hhOpen";
  if (midi === 49 || midi === 52 || midi === 55 || midi === 57) return "crash";
  if (midi === 51 || midi === 53 || midi === 59) return "ride";
  if ([41, 43, 45, 47, 48, 50].includes(midi)) return "tom";
  return null;
}

/**
 * The drum class of a kit instrument from its name ("Pearl Kick", "Hi-Hat Closed (Paiste…)", "f#3 -
 * hi-hat closed", "VariBreaks Hat 1 Cl"), or null when the name names none of them.
 */
export function drumClassOf(name: string): DrumClass | null {
  const n = name.toLowerCase();
  const hat = /h(i|igh)?[- ]?hat|\bhh\b|\bhat\b/.test(n);
  if (hat) {
    if (/pedal|\bpd\b/.test(n)) return "hhPedal";
    if (/open|\bop\b|ohh/.test(n) && !/semi/.test(n)) return "hhOpen";
    if (/closed|\bcl\b|choke/.test(n)) return "hhClosed";
    return null;
  }
  if (/kick|bass ?drum|bassdrum|\bbd\b/.test(n)) return "kick";
  if (/stick|rim click/.test(n)) return "stick";
  if (/clap/.test(n)) return "clap";
  if (/snare/.test(n) && !/roll/.test(n)) return "snare";
  if (/crash/.test(n)) return "crash";
  if (/ride/.test(n) && !/bell|cup/.test(n)) return "ride";
  if (/\btom/.test(n)) return "tom";
  return null;
}

function tag(block: string, name: string): string | null {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(block);
  return m ? (m[1] as string) : null;
}

/**
 * Parses a Hydrogen `drumkit.xml` (both formats: velocity `<layer>`s, or one `<filename>` per
 * instrument) into the instruments whose names name a drum class.
 * @param dir the kit's folder, which the layers' files are relative to
 * @throws Error when the file holds no usable instrument
 */
export function parseDrumkitXml(xml: string, dir: string): DrumKit {
  const name = tag(xml, "name") ?? dir;
  const instruments: KitInstrument[] = [];
  for (const m of xml.matchAll(/<instrument>([\s\S]*?)<\/instrument>/g)) {
    const block = m[1] as string;
    const instName = tag(block, "name") ?? "";
    const drumClass = drumClassOf(instName);
    if (drumClass === null) continue;
    const volume = Number(tag(block, "volume") ?? "1");
    const layers: KitLayer[] = [];
    for (const l of block.matchAll(/<layer>([\s\S]*?)<\/layer>/g)) {
      const lb = l[1] as string;
      const file = tag(lb, "filename");
      if (!file) continue;
      layers.push({
        file: join(dir, file),
        min: Number(tag(lb, "min") ?? "0"),
        max: Number(tag(lb, "max") ?? "1"),
        gain: Number(tag(lb, "gain") ?? "1"),
      });
    }
    if (layers.length === 0) {
      const file = tag(block, "filename");
      if (file) layers.push({ file: join(dir, file), min: 0, max: 1, gain: 1 });
    }
    if (layers.length > 0)
      instruments.push({ name: instName, drumClass, volume: Number.isFinite(volume) ? volume : 1, layers });
  }
  if (instruments.length === 0) throw new Error(`drum kit ${dir}: no kick, snare or hi-hat found`);
  return { name, dir, instruments };
}

/** Loads the named kits from `root` (`DRUM_KIT_ROOT` by default). @throws Error when one is missing */
export function loadDrumKits(names: readonly string[], root = DRUM_KIT_ROOT): DrumKit[] {
  return names.map((n) => {
    const dir = join(root, n);
    const xml = join(dir, "drumkit.xml");
    if (!existsSync(xml))
      throw new Error(
        `drum kit ${n} not found in ${root} (bash packages/analysis/train/setup.sh installs them)`,
      );
    return parseDrumkitXml(readFileSync(xml, "utf8"), dir);
  });
}

/** What to play for a class the kit lacks (a pedal hi-hat as a closed one, a clap as a snare…). */
const FALLBACK: Record<DrumClass, DrumClass[]> = {
  kick: [],
  snare: ["clap"],
  stick: ["snare"],
  clap: ["snare"],
  hhClosed: ["hhPedal", "ride"],
  hhPedal: ["hhClosed"],
  hhOpen: ["hhClosed", "ride"],
  crash: ["ride", "hhOpen"],
  ride: ["hhClosed", "crash"],
  tom: [],
};

/** A drum hit: General MIDI note, onset (s) and velocity (0–1), as @tonejs/midi gives them. */
export interface DrumHit {
  midi: number;
  time: number;
  velocity: number;
}

/**
 * Plays `hits` on `kit` at `sampleRate` Hz: for each class one instrument drawn by `rnd` for the whole
 * song (kits with two snares or kicks sound different from song to song), the velocity layer holding
 * the hit's velocity (the nearest otherwise), gain velocity × layer gain × instrument volume, as Hydrogen
 * plays them; samples are summed to mono and run to their end.
 * @param decodeSample returns a sample file's audio, mono at `sampleRate` (`decodeWithFfmpeg` caches)
 * @returns mono audio of `seconds` seconds
 * @throws Error when a hit's time or velocity is not a finite number
 */
export function renderDrumHits(
  hits: readonly DrumHit[],
  kit: DrumKit,
  options: {
    sampleRate: number;
    seconds: number;
    rnd: () => number;
    decodeSample: (file: string) => Float32Array;
  },
): Float32Array {
  const { sampleRate, rnd } = options;
  const byClass = new Map<DrumClass, KitInstrument>();
  for (const c of DRUM_CLASSES) {
    const all = kit.instruments.filter((i) => i.drumClass === c);
    if (all.length > 0) byClass.set(c, all[Math.floor(rnd() * all.length)] as KitInstrument);
  }
  const pick = (c: DrumClass): KitInstrument | undefined =>
    byClass.get(c) ?? FALLBACK[c].map((f) => byClass.get(f)).find((i) => i !== undefined);
  const out = new Float32Array(Math.max(0, Math.round(options.seconds * sampleRate)));
  for (const h of hits) {
    if (!Number.isFinite(h.time) || !Number.isFinite(h.velocity))
      throw new Error(`drum hit ${h.midi}: time ${h.time} s, velocity ${h.velocity}`);
    const c = gmDrumClass(h.midi);
    if (c === null) continue;
    const inst = pick(c);
    if (!inst) continue;
    const v = Math.min(1, Math.max(0, h.velocity));
    const layer =
      inst.layers.find((l) => v >= l.min && v <= l.max) ??
      [...inst.layers].sort(
        (a, b) => Math.abs((a.min + a.max) / 2 - v) - Math.abs((b.min + b.max) / 2 - v),
      )[0];
    if (!layer) continue;
    const s = options.decodeSample(layer.file);
    const g = v * layer.gain * inst.volume;
    const start = Math.round(h.time * sampleRate);
    const n = Math.min(s.length, out.length - start);
    for (let i = Math.max(0, -start); i < n; i++)
      out[start + i] = (out[start + i] as number) + g * (s[i] as number);
  }
  return out;
}

/**
 * Mixes `added` into `base` at `db` decibels against it (RMS over each whole signal; a silent `added`
 * stays silent), as a mixing engineer sets a drum bus against the band.
 * @returns a new signal as long as the longer of the two
 */
export function mixAtLevel(base: Float32Array, added: Float32Array, db: number): Float32Array {
  const rms = (a: Float32Array) => Math.sqrt(a.reduce((s, v) => s + v * v, 0) / Math.max(1, a.length));
  const level = rms(added);
  const g = level > 0 ? (rms(base) * 10 ** (db / 20)) / level : 0;
  const mixed = new Float32Array(Math.max(base.length, added.length));
  mixed.set(base);
  for (let i = 0; i < added.length; i++) mixed[i] = (mixed[i] as number) + g * (added[i] as number);
  return mixed;
}

/**
 * A `decodeSample` for `renderDrumHits`: decodes any file ffmpeg reads (WAV, AIFF, FLAC) to mono float
 * at `sampleRate` Hz, once per file.
 */
export function decodeWithFfmpeg(sampleRate: number): (file: string) => Float32Array {
  const cache = new Map<string, Float32Array>();
  return (file) => {
    const hit = cache.get(file);
    if (hit) return hit;
    const raw = execFileSync(
      "ffmpeg",
      ["-v", "error", "-i", file, "-f", "f32le", "-ac", "1", "-ar", String(sampleRate), "-"],
      { maxBuffer: 1 << 28 },
    );
    const x = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
    cache.set(file, x);
    return x;
  };
}
