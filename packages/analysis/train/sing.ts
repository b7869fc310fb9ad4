/**
 * Sung expression and a vocal-forward mix for the training renderings.
 *
 * Real pop records carry a loud lead vocal whose pitch is never a clean step function: it scoops into
 * notes, slides between them, wobbles with vibrato (typically 5–7 Hz, ±20–100 cents: Sundberg, "The
 * Science of the Singing Voice", 1987; Prame, JASA 1994) and falls off at phrase ends, and it sits several
 * dB above the accompaniment. The chord and key models trained on clean, level MIDI melodies met such
 * vocals first in the evaluation recordings (PROVENANCE.md, "Known gap"). These helpers put that into the
 * rendered corpus: pitch bends on the melody's MIDI channel and per-channel volumes (CC 7). The labels do
 * not change.
 *
 * Pure: no I/O. Training-only code (never shipped in `dist`).
 */
import type midiPkg from "@tonejs/midi";

type MidiFile = InstanceType<typeof midiPkg.Midi>;
type Track = MidiFile["tracks"][number];

/** General MIDI's default pitch-bend range, cents either way (±2 semitones). */
export const BEND_RANGE_CENTS = 200;

/**
 * The raw 14-bit pitch-bend offset (−8192..8191) for a bend in cents. @tonejs/midi writes
 * `PitchBend.value` unscaled (it reads files as ±1 but encodes the number as given), so raw offsets are
 * what must be stored.
 * @param cents bend, clamped to ±{@link BEND_RANGE_CENTS}.
 */
export function bendValue(cents: number): number {
  const c = Math.max(-BEND_RANGE_CENTS, Math.min(BEND_RANGE_CENTS, cents));
  return Math.max(-8192, Math.min(8191, Math.round((c / BEND_RANGE_CENTS) * 8192)));
}

/** What {@link addSungExpression} drew for a song, for the corpus's augmentation tags. */
export interface SungExpression {
  /** vibrato depth, cents (peak), and rate, Hz */
  vibratoCents: number;
  vibratoHz: number;
  /** share of notes that scoop up into their pitch */
  scoopShare: number;
}

/**
 * Adds singer-like pitch movement to a monophonic melody track as pitch bends on its channel: a scoop
 * from 30–120 cents below into a share of the notes (40–90 ms), a slide from the previous note when the
 * two are legato and at most two semitones apart, vibrato on notes longer than 0.35 s (after a 0.12–0.3 s
 * onset, faded in over 0.2 s, depth and rate drawn once per song with ±15 % drift per note), and an
 * occasional fall at a phrase end. Bends return to 0 at every note start that has none.
 *
 * @param track the melody (notes sorted or not; overlapping notes are treated as legato).
 * @param rnd uniform random numbers in [0, 1) (the song's seeded generator).
 * @param stepSeconds time between bend events, seconds (default 0.015).
 * @returns the drawn parameters.
 */
export function addSungExpression(track: Track, rnd: () => number, stepSeconds = 0.015): SungExpression {
  const vibratoCents = 15 + 55 * rnd();
  const vibratoHz = 4.8 + 1.8 * rnd();
  const scoopShare = 0.15 + 0.45 * rnd();
  const notes = [...track.notes].sort((a, b) => a.time - b.time);
  const bends: { time: number; cents: number }[] = [];
  let prevEnd = Number.NEGATIVE_INFINITY;
  let prevMidi = -1;
  for (const [i, n] of notes.entries()) {
    const start = n.time;
    const end = n.time + n.duration;
    const next = notes[i + 1];
    const legato = start - prevEnd < 0.03 && prevMidi >= 0 && Math.abs(prevMidi - n.midi) <= 2;
    let from = 0;
    let glide = 0;
    if (legato && prevMidi !== n.midi && rnd() < 0.6) {
      from = (prevMidi - n.midi) * 100;
      glide = 0.05 + 0.06 * rnd();
    } else if (rnd() < scoopShare) {
      from = -(30 + 90 * rnd());
      glide = 0.04 + 0.05 * rnd();
    }
    const depth = vibratoCents * (0.85 + 0.3 * rnd());
    const rate = vibratoHz * (0.85 + 0.3 * rnd());
    const onset = 0.12 + 0.18 * rnd();
    const phase = rnd() * 2 * Math.PI;
    const phraseEnd = next === undefined || next.time - end > 0.4;
    const fall = phraseEnd && n.duration > 0.25 && rnd() < 0.25 ? 80 + 120 * rnd() : 0;
    const fallLen = 0.06 + 0.06 * rnd();
    for (let t = start; t < end; t += stepSeconds) {
      const u = t - start;
      let cents = glide > 0 && u < glide ? from * (1 - u / glide) ** 2 : 0;
      if (n.duration > 0.35 && u > onset) {
        const fadeIn = Math.min(1, (u - onset) / 0.2);
        cents += depth * fadeIn * Math.sin(2 * Math.PI * rate * (u - onset) + phase);
      }
      if (fall > 0 && end - t < fallLen) cents -= fall * (1 - (end - t) / fallLen);
      bends.push({ time: t, cents });
      if (glide === 0 && n.duration <= 0.35 && fall === 0) break; // one event (0) for a plain short note
    }
    prevEnd = end;
    prevMidi = n.midi;
  }
  for (const b of bends) track.addPitchBend({ time: Math.max(0, b.time), value: bendValue(b.cents) });
  return { vibratoCents, vibratoHz, scoopShare };
}

/**
 * A vocal-forward mix: channel volume (CC 7) of the melody track 0.85–1.0 and of every other track
 * drawn in 0.4–0.8 (drums 0.55–0.9), so the melody sits 2–8 dB above the band as a lead vocal does.
 * @param midi the arrangement; volumes are set at time 0.
 * @param melody the lead track (one of `midi.tracks`), or null for none.
 * @param rnd uniform random numbers in [0, 1).
 */
export function mixVocalForward(midi: MidiFile, melody: Track | null, rnd: () => number): void {
  for (const t of midi.tracks) {
    const level =
      t === melody ? 0.85 + 0.15 * rnd() : t.channel === 9 ? 0.55 + 0.35 * rnd() : 0.4 + 0.4 * rnd();
    t.addCC({ number: 7, time: 0, value: level });
  }
}
