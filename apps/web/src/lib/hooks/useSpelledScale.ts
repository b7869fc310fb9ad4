import {
  type PitchClass,
  prettyAccidentals,
  type ScaleType,
  type SpelledChord,
  type SpelledScale,
  spellScale,
} from "@tonic/theory";
import { useMemo } from "react";
import { useSettingsStore } from "@/stores/settings";

/**
 * A chord of {@link useSpelledScale}: `@tonic/theory`'s `SpelledChord` without its root, every name
 * typeset (symbol "E♯dim", name "E♭ Major", notes "C", "E♭", "G"); `pitchClasses` stay the sharp names,
 * for sound.
 */
export type ShownChord = Omit<SpelledChord, "root">;

/** A scale as the screens show it: `@tonic/theory`'s `spellScale`, typeset ("B♭ Major", tonic "B♭"). */
export interface ShownScale extends Pick<SpelledScale, "name" | "tonic" | "notes"> {
  readonly chords: readonly ShownChord[];
}

/**
 * The scale's title, notes and diatonic chords in the one spelling of `@tonic/theory` (`spellScale`), or
 * with the 12 sharp names when Settings → Note names is "Sharps only"; typeset for reading.
 * @param root the stored tonic (one of the 12 sharp names)
 * @param type "major" | "minor"
 */
export function useSpelledScale(root: PitchClass, type: ScaleType): ShownScale {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  return useMemo(() => {
    const s = spellScale(root, type, naming);
    return {
      name: prettyAccidentals(s.name),
      tonic: prettyAccidentals(s.tonic),
      notes: s.notes.map(prettyAccidentals),
      chords: s.chords.map((c) => ({
        degree: c.degree,
        numeral: c.numeral,
        symbol: prettyAccidentals(c.symbol),
        name: prettyAccidentals(c.name),
        notes: c.notes.map(prettyAccidentals),
        pitchClasses: c.pitchClasses,
      })),
    };
  }, [root, type, naming]);
}
