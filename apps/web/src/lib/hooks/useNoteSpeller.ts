import {
  type PitchClass,
  prettyAccidentals,
  type ScaleChoice,
  scaleChoice,
  scaleNoteLabel,
} from "@tonic/theory";
import { useCallback } from "react";
import { useSettingsStore } from "@/stores/settings";

/**
 * How a note label reads on the scale explorer, piano and fretboard screens, from Settings → "Note names":
 * by key (the one spelling rule of `@tonic/theory`: the key's conventional spelling, so A♯ major is written
 * B♭ major and shows B♭ and E♭; F♯ major shows E♯; a thaat or raga one letter per swara), the 12 sharp
 * names, or sargam with the scale's tonic as Sa (Sa re Re …, or Carnatic S R₁ …; a note with an octave
 * gets its saptak mark). A key or fret outside the scale never reads E♯, B♯, C♭ or F♭. Labels only: data
 * attributes and sounds keep the sharp names.
 * @param root the scale's tonic (sharp name, as stored)
 * @param scale the scale in view, or its id ("major", "thaat-kafi")
 * @returns a function from a note ("A#", "A#4") to its typeset label ("B♭", "B♭4", "ni", "Ṇi")
 */
export function useNoteSpeller(root: PitchClass, scale: ScaleChoice | string): (note: string) => string {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const choice = typeof scale === "string" ? scaleChoice(scale) : scale;
  return useCallback(
    (note: string) => (choice ? prettyAccidentals(scaleNoteLabel(note, root, choice, naming)) : note),
    [root, choice, naming],
  );
}

/** True when Settings → Note names is one of the sargam namings (swaras instead of letters). */
export function useSwaraNaming(): boolean {
  return useSettingsStore((s) => s.settings.noteNaming === "sargam" || s.settings.noteNaming === "carnatic");
}
