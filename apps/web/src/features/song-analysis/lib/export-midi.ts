import { Midi } from "@tonejs/midi";
import { chordNotes, noteToMidi, voiceAscending } from "@tonic/theory";
import type { GridBeat } from "./beat-grid";

/** Octave the chord voicings start in (C3 = MIDI 48: a comfortable comping register). */
const VOICING_OCTAVE = 3;

/**
 * A standard MIDI file (format 1) of the chords on the beat grid: one note-on per chord tone at every chord
 * change, held until the next change, voiced upward from the root (a slash chord from its bass) in octave 3.
 * @param beats the grid's beats (time, end, chord, change)
 * @param bpm written as the file's tempo (null → 120, beats keep their real times in seconds)
 * @param title the track name
 * @returns the file's bytes
 */
export function toMidi(
  beats: readonly GridBeat[],
  bpm: number | null,
  title: string,
): Uint8Array<ArrayBuffer> {
  const midi = new Midi();
  midi.header.setTempo(bpm && bpm > 0 ? bpm : 120);
  midi.header.name = title;
  const track = midi.addTrack();
  track.name = "Chords";
  let i = 0;
  while (i < beats.length) {
    const start = beats[i];
    if (!start) break;
    let j = i + 1;
    while (j < beats.length && beats[j]?.chord === start.chord) j++;
    const end = beats[j - 1]?.end ?? start.end;
    if (start.chord) {
      let names: string[] = [];
      try {
        const pcs = chordNotes(start.chord);
        names = voiceAscending(pcs, VOICING_OCTAVE);
      } catch {
        names = [];
      }
      for (const n of names) {
        track.addNote({
          midi: noteToMidi(n),
          time: start.time,
          duration: Math.max(0.05, end - start.time),
          velocity: 0.7,
        });
      }
    }
    i = j;
  }
  return new Uint8Array(midi.toArray());
}
