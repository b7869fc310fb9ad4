import { prettyAccidentals, spellNote } from "@tonic/theory";
import { useCallback } from "react";
import { useSettingsStore } from "@/stores/settings";

/**
 * How a note label reads on the scale explorer, piano and fretboard screens, from Settings → "Note names":
 * by key (the one spelling rule of `@tonic/theory`: the key's conventional spelling, so A♯ major is written
 * B♭ major and shows B♭ and E♭; F♯ major shows E♯) or the 12 sharp names. A key or fret outside the scale
 * never reads E♯, B♯, C♭ or F♭ (B♭ major's B key says B). Labels only: data attributes and sounds keep the
 * sharp names.
 * @param root the scale's tonic (sharp name, as stored)
 * @param type "major" | "minor"
 * @returns a function from a note ("A#", "A#4") to its typeset label ("B♭", "B♭4")
 */
export function useNoteSpeller(root: string, type: string): (note: string) => string {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  return useCallback(
    (note: string) => prettyAccidentals(spellNote(note, `${root} ${type}`, naming, { outOfScale: "plain" })),
    [root, type, naming],
  );
}
