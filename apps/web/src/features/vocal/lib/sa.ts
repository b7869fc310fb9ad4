import { PITCH_CLASSES, type PitchClass, SARGAM_NAMES } from "@tonic/theory";

/** The octave words of a swara relative to the singer's Sa (the middle octave is theirs). */
const OCTAVE_WORDS: Readonly<Record<string, string>> = {
  "-1": "lower octave",
  "0": "middle octave",
  "1": "upper octave",
};

/**
 * The singer's own middle Sa (madhya Sa) as a MIDI number: the Sa just above the bottom of their range,
 * allowing for a range that starts a fourth or fifth below Sa (a singer's usual low Pa or Ma).
 * @param saPitchClass 0 = C … 11 = B.
 * @param rangeMinMidi the lowest note they sang (MIDI number).
 */
export function singerSaMidi(saPitchClass: number, rangeMinMidi: number): number {
  const low = Math.round(rangeMinMidi) - 6;
  const pc = ((saPitchClass % 12) + 12) % 12;
  return low + ((pc - (((low % 12) + 12) % 12) + 12) % 12);
}

/** A sung note as a swara of the singer's Sa: name (Hindustani sargam) and octave in words. */
export function swaraOfSung(midi: number, saMidi: number): { swara: string; octave: string } {
  const fromSa = Math.round(midi) - saMidi;
  const oct = Math.floor(fromSa / 12);
  return {
    swara: SARGAM_NAMES[((fromSa % 12) + 12) % 12] ?? "Sa",
    octave:
      OCTAVE_WORDS[String(Math.max(-1, Math.min(1, oct)))] ?? (oct > 0 ? "upper octave" : "lower octave"),
  };
}

/** "Pa of the lower octave to Ga of the upper octave": a range in swaras of the singer's Sa. */
export function rangeInSwaras(minMidi: number, maxMidi: number, saPitchClass: number): string {
  const saMidi = singerSaMidi(saPitchClass, minMidi);
  const a = swaraOfSung(minMidi, saMidi);
  const b = swaraOfSung(maxMidi, saMidi);
  return `${a.swara} of the ${a.octave} to ${b.swara} of the ${b.octave}`;
}

/** Words for the Sa's 0..1 confidence (a softmax over the 12 notes). */
export function saConfidenceWords(confidence: number): string {
  if (confidence >= 0.6) return "confident";
  if (confidence >= 0.35) return "fairly sure";
  return "not sure";
}

/** The pitch-class name (sharps) of 0–11. */
export function pitchClassName(pc: number): PitchClass {
  return PITCH_CLASSES[((pc % 12) + 12) % 12] ?? "C";
}

/**
 * Seconds sung per swara: `pitchClassSeconds` (index 0 = C) turned to semitones above Sa.
 * @param pitchClassSeconds 12 durations, seconds.
 * @param saPitchClass 0 = C … 11 = B.
 */
export function secondsAboveSa(pitchClassSeconds: readonly number[], saPitchClass: number): number[] {
  return Array.from({ length: 12 }, (_, k) => pitchClassSeconds[(saPitchClass + k) % 12] ?? 0);
}
