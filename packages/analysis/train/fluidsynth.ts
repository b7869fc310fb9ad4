/**
 * MIDI → audio with FluidSynth (Debian `fluidsynth`; `bash train/setup.sh` installs it and the
 * soundfonts), for the training corpus (`./render-corpus.ts`) and the live bench's folder of sampled
 * instruments (`../bench/make-live-folder.ts`).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import type midiPkg from "@tonejs/midi";
import decode from "audio-decode";

type MidiFile = InstanceType<typeof midiPkg.Midi>;

/**
 * The two soundfonts whose licences allow commercial use of the audio: FluidR3_GM (MIT; Debian
 * `fluid-soundfont-gm`) and MuseScore General (MIT, parts CC0/PD; Debian
 * `musescore-general-soundfont-lossless`, loaded sample by sample on demand).
 */
export const SOUNDFONTS = {
  FluidR3_GM: "/usr/share/sounds/sf2/FluidR3_GM.sf2",
  MuseScore_General: "/usr/share/sounds/sf2/MuseScore_General_Full.sf2",
} as const;

export type SoundfontName = keyof typeof SOUNDFONTS;

/**
 * Renders `midi` with FluidSynth on `soundfont` at `sampleRate` Hz (gain 0.5; FluidSynth's reverb and
 * chorus on when `fx`), through temporary files `${tmpBase}.mid` / `.wav`.
 * @returns the channels averaged to mono.
 */
export async function renderMidi(
  midi: MidiFile,
  soundfont: SoundfontName,
  options: { sampleRate: number; fx: boolean; tmpBase: string },
): Promise<Float32Array> {
  const midPath = `${options.tmpBase}.mid`;
  const wavPath = `${options.tmpBase}.wav`;
  const fx = options.fx ? "1" : "0";
  writeFileSync(midPath, midi.toArray());
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
