/**
 * Per-note timbre variety for Live's training pieces: one piece's notes shared between two sample sets, so
 * that a chord sounds as neither set alone plays it (each note's level and spectrum from one set or the
 * other). Used by `../bench/make-live-folder.ts --mix-sample-sets`.
 */
import midiPkg from "@tonejs/midi";

const { Midi } = midiPkg;
type MidiFile = InstanceType<typeof Midi>;

/**
 * Splits `midi` into two MIDI files that together play each of its notes exactly once: note `i` of track
 * `t` goes to the second file when `toSecond(t, i)` is true, to the first otherwise. Both keep every track's
 * instrument, control changes and the header (tempo, time signature), so the two render to the same length
 * and sum to the whole piece. Times pass through `midi.toArray()` (ticks), as they do when
 * `renderMidi` (`./fluidsynth.ts`) renders a piece, so nothing moves.
 * @param toSecond called once per note, track by track, in the order of the copy's `track.notes`.
 * @returns `[first, second]`; the input is not modified.
 */
export function splitNotes(
  midi: MidiFile,
  toSecond: (track: number, note: number) => boolean,
): [MidiFile, MidiFile] {
  const bytes = midi.toArray();
  const first = new Midi(bytes);
  const second = new Midi(bytes);
  first.tracks.forEach((track, t) => {
    const other = second.tracks[t];
    if (!other) throw new Error(`splitNotes: track ${t} lost in the copy`);
    const go = track.notes.map((_, i) => toSecond(t, i));
    track.notes = track.notes.filter((_, i) => !go[i]);
    other.notes = other.notes.filter((_, i) => go[i]);
  });
  return [first, second];
}

/**
 * Sums two mono signals of possibly different lengths (the longer one's length), e.g. the two renders of
 * {@link splitNotes}'s halves.
 */
export function mixSignals(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(Math.max(a.length, b.length));
  out.set(a);
  for (let i = 0; i < b.length; i++) out[i] = (out[i] as number) + (b[i] as number);
  return out;
}
