import { type PitchClass, prettyAccidentals, type ScaleType, spellScale } from "@tonic/theory";
import { useMemo } from "react";
import { useSettingsStore } from "@/stores/settings";

/** A chord of {@link useSpelledScale}, every name typeset (♭, ♯). */
export interface ShownChord {
  readonly degree: number;
  /** "III", "vii°" (PRODUCT §9). */
  readonly numeral: string;
  /** "E♭", "Cm", "E♯dim". */
  readonly symbol: string;
  /** "E♭ Major". */
  readonly name: string;
  /** "C", "E♭", "G". */
  readonly notes: readonly string[];
  /** The chord's sharp pitch classes, for sound. */
  readonly pitchClasses: readonly PitchClass[];
}

/** A scale as the screens show it: `@tonic/theory`'s `spellScale`, typeset. */
export interface ShownScale {
  /** "B♭ Major". */
  readonly name: string;
  /** "B♭". */
  readonly tonic: string;
  /** The 7 notes, typeset. */
  readonly notes: readonly string[];
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
