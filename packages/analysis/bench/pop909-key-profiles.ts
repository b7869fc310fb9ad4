/**
 * Derive the pop-music key profiles of `src/key.ts` (POP909_MAJOR / POP909_MINOR) from POP909.
 *
 *   npx tsx packages/analysis/bench/pop909-key-profiles.ts [path/to/pop909]   # default ../shared/train/pop909
 *
 * POP909 (Wang et al., "POP909: A Pop-song Dataset for Music Arrangement Generation", ISMIR 2020; MIT
 * licence, Copyright (c) 2020 Music X Lab): 909 pop songs as MIDI (melody, bridge and piano tracks) with
 * key annotations. For every song with a single annotated key (`key_audio.txt` holds one line; songs that
 * modulate are left out), each beat (`beat_midi.txt`) gets the duration of every sounding note's pitch
 * class relative to the tonic, normalised to sum 1 — the per-beat pitch-class distribution that
 * `keyProfile` measures in audio — and the distributions are summed per mode and normalised.
 * Prints the two 12-value profiles (index 0 = tonic), rounded to 3 decimals.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import midiPkg from "@tonejs/midi";
import { noteToPitchClass } from "../src/labels.js";

const { Midi } = midiPkg;
const root = resolve(process.argv[2] ?? join(import.meta.dirname, "../../../../shared/train/pop909"));

const profiles = { maj: new Float64Array(12), min: new Float64Array(12) };
const songs = { maj: 0, min: 0 };
for (const id of readdirSync(root).filter((d) => /^\d+$/.test(d))) {
  const keys = readFileSync(join(root, id, "key_audio.txt"), "utf8")
    .trim()
    .split("\n");
  if (keys.length !== 1) continue;
  const [name, mode] = (keys[0]?.split("\t")[2] ?? "").split(":");
  if (!name || (mode !== "maj" && mode !== "min")) continue;
  const tonic: number = noteToPitchClass(name);
  songs[mode]++;
  const beats = readFileSync(join(root, id, "beat_midi.txt"), "utf8")
    .trim()
    .split("\n")
    .map((line) => Number(line.split(/\s+/)[0]));
  const perBeat = beats.map(() => new Float64Array(12));
  const midi = new Midi(readFileSync(join(root, id, `${id}.mid`)));
  for (const track of midi.tracks)
    for (const note of track.notes) {
      const rel = (note.midi - tonic + 120) % 12;
      const end = note.time + note.duration;
      for (let b = 0; b + 1 < beats.length; b++) {
        const overlap = Math.min(end, beats[b + 1] as number) - Math.max(note.time, beats[b] as number);
        const row = perBeat[b];
        if (overlap > 0 && row) row[rel] = (row[rel] as number) + overlap;
      }
    }
  const profile = profiles[mode];
  for (const row of perBeat) {
    const total = row.reduce((a, v) => a + v, 0);
    if (total > 0)
      for (let i = 0; i < 12; i++) profile[i] = (profile[i] as number) + (row[i] as number) / total;
  }
}
const show = (p: Float64Array) => {
  const total = p.reduce((a, v) => a + v, 0);
  return `[${[...p].map((v) => (v / total).toFixed(3)).join(", ")}]`;
};
console.log(`songs with one key: ${songs.maj} major, ${songs.min} minor`);
console.log(`POP909_MAJOR = ${show(profiles.maj)}`);
console.log(`POP909_MINOR = ${show(profiles.min)}`);
