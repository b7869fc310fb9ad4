/**
 * MIDI → audio with FluidSynth (Debian `fluidsynth`; `bash train/setup.sh` installs it and the
 * soundfonts), for the training corpus (`./render-corpus.ts`) and the live bench's folder of sampled
 * instruments (`../bench/make-live-folder.ts`); the Freepats patch set plays through TiMidity++ instead.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import type midiPkg from "@tonejs/midi";
import decode from "audio-decode";

type MidiFile = InstanceType<typeof midiPkg.Midi>;

/**
 * Soundfonts whose licences allow commercial use of the audio. Training renders on the first two:
 * FluidR3_GM (MIT; Debian `fluid-soundfont-gm`) and MuseScore General (MIT, parts CC0/PD; Debian
 * `musescore-general-soundfont-lossless`, loaded sample by sample on demand). The other two are other
 * recordings of the same General MIDI instruments, used so far only to measure Live on sample sets it was
 * never trained on (`make-live-folder.ts --soundfont`): TimGM6mb (GPL-2; Debian `timgm6mb-soundfont`) and
 * the csound GM bank (public domain; Debian `csound-soundfont`).
 */
export const SOUNDFONTS = {
  FluidR3_GM: "/usr/share/sounds/sf2/FluidR3_GM.sf2",
  MuseScore_General: "/usr/share/sounds/sf2/MuseScore_General_Full.sf2",
  TimGM6mb: "/usr/share/sounds/sf2/TimGM6mb.sf2",
  GM_bank: "/usr/share/sounds/sf2/sf_GMbank.sf2",
} as const;

/**
 * Sample sets in GUS patches, played by TiMidity++ (Debian `timidity`) rather than FluidSynth: Freepats
 * (GPL-2 or later, with an exception for compositions that use it; Debian `freepats`), recordings
 * independent of the four soundfonts, used only to measure Live on instruments it was never trained on.
 * Freepats has no rock organ (General MIDI program 18), so that program plays its Hammond organ (16).
 */
export const PATCH_SETS = {
  Freepats: "source /etc/timidity/freepats.cfg\nbank 0\n18 Tone_000/016_Hammond_Organ.pat\n",
} as const;

/** A sample set {@link renderMidi} can play: a soundfont of {@link SOUNDFONTS} or a patch set of {@link PATCH_SETS}. */
export type SoundfontName = keyof typeof SOUNDFONTS | keyof typeof PATCH_SETS;

/** Every sample set {@link renderMidi} can play, soundfonts first. */
export const SAMPLE_SETS: readonly SoundfontName[] = [
  ...(Object.keys(SOUNDFONTS) as (keyof typeof SOUNDFONTS)[]),
  ...(Object.keys(PATCH_SETS) as (keyof typeof PATCH_SETS)[]),
];

/**
 * Whether `x` (mono, `sampleRate` Hz) holds a run of exact digital silence of at least `minSeconds`
 * that lies wholly inside the time some note sounds: inside the union of `spans` (seconds, [start, end],
 * e.g. the MIDI's notes; overlapping or touching spans join, so a gap across a strum's strings counts). A
 * synthesiser never outputs exact zeros while a note is held unless its sample has ended, so such a run
 * marks a render to check again (see {@link renderMidi}).
 */
export function silentGapInside(
  x: Float32Array,
  sampleRate: number,
  spans: readonly (readonly [number, number])[],
  minSeconds = 0.25,
): boolean {
  const merged: [number, number][] = [];
  for (const [s, e] of [...spans].sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  const min = Math.round(minSeconds * sampleRate);
  let start = -1;
  for (let i = 0; i <= x.length; i++) {
    if (i < x.length && x[i] === 0) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start >= min) {
      const a = start / sampleRate;
      const b = i / sampleRate;
      if (merged.some(([s, e]) => s <= a && b <= e)) return true;
    }
    start = -1;
  }
  return false;
}

/** Whether two renders are the same sample for sample. */
function same(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Most renders of one MIDI {@link renderMidi} makes before it gives up. */
export const RENDER_ATTEMPTS = 4;

/**
 * Renders `midi` with FluidSynth on `soundfont` at `sampleRate` Hz (gain 0.5; FluidSynth's reverb and
 * chorus on when `fx`), or with TiMidity++ for a patch set of {@link PATCH_SETS} (initial silence kept,
 * its reverb and chorus on when `fx`), through temporary files `${tmpBase}.mid` / `.wav` (and `.cfg`).
 *
 * FluidSynth on a busy machine has been seen to drop seconds of a render to digital silence (once in
 * about 150 items of the live bench's folders, 2026-12-05: 6 s of a strummed steel guitar, the rest
 * byte-identical to the render made again). So a render with a run of exact zeros of 0.25 s or more
 * while a note sounds ({@link silentGapInside}) is made again, and accepted once two renders in a row are
 * identical (a sample that really ends early renders the same every time) or a render has no such run.
 * @returns the channels averaged to mono.
 * @throws {Error} when {@link RENDER_ATTEMPTS} renders neither agree nor come out without a gap.
 */
export async function renderMidi(
  midi: MidiFile,
  soundfont: SoundfontName,
  options: { sampleRate: number; fx: boolean; tmpBase: string },
): Promise<Float32Array> {
  const spans = midi.tracks.flatMap((t) => t.notes.map((n) => [n.time, n.time + n.duration] as const));
  let previous: Float32Array | null = null;
  for (let attempt = 0; attempt < RENDER_ATTEMPTS; attempt++) {
    const x = await renderOnce(midi, soundfont, options);
    if (!silentGapInside(x, options.sampleRate, spans) || (previous && same(previous, x))) return x;
    previous = x;
  }
  throw new Error(
    `FluidSynth: ${RENDER_ATTEMPTS} renders of ${options.tmpBase} dropped to silence and disagree`,
  );
}

/** One FluidSynth render (see {@link renderMidi}). */
async function renderOnce(
  midi: MidiFile,
  soundfont: SoundfontName,
  options: { sampleRate: number; fx: boolean; tmpBase: string },
): Promise<Float32Array> {
  const midPath = `${options.tmpBase}.mid`;
  const wavPath = `${options.tmpBase}.wav`;
  const fx = options.fx ? "1" : "0";
  writeFileSync(midPath, midi.toArray());
  if (soundfont === "Freepats") {
    const cfgPath = `${options.tmpBase}.cfg`;
    writeFileSync(cfgPath, PATCH_SETS[soundfont]);
    const effects = options.fx ? [] : ["-EFreverb=d", "-EFchorus=d"];
    execFileSync(
      "timidity",
      [
        "-c",
        cfgPath,
        "--preserve-silence",
        "-Ow",
        "-o",
        wavPath,
        "-s",
        String(options.sampleRate),
        ...effects,
        midPath,
      ],
      { stdio: "ignore" },
    );
    rmSync(cfgPath);
  } else
    execFileSync(
      "fluidsynth",
      [
        "-ni",
        "-q",
        "-o",
        "synth.dynamic-sample-loading=1",
        "-g",
        "0.5",
        "-R",
        fx,
        "-C",
        fx,
        "-r",
        String(options.sampleRate),
        "-F",
        wavPath,
        SOUNDFONTS[soundfont],
        midPath,
      ],
      { stdio: "ignore" },
    );
  const audio = await decode(readFileSync(wavPath));
  rmSync(midPath);
  rmSync(wavPath);
  const chans = audio.channelData;
  const x = new Float32Array(chans[0]?.length ?? 0);
  for (const d of chans)
    for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) + (d[i] as number) / chans.length;
  return x;
}
