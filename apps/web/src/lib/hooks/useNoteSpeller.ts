import { prettyAccidentals, spellNote } from "@tonic/theory";
import { useCallback } from "react";
import { useSettingsStore } from "@/stores/settings";

/**
 * How a note label reads on the scale explorer, piano and fretboard screens, from Settings → "Note names":
 * by key (the scale's own spelling, keeping the chosen tonic: F major shows B♭, D♯ minor shows E♯) or the
 * 12 sharp names. Labels only: data attributes and sounds keep the sharp names.
 * @param root the scale's tonic (sharp name)
 * @param type "major" | "minor"
 * @returns a function from a note ("A#", "A#4") to its typeset label ("B♭", "B♭4")
 */
export function useNoteSpeller(root: string, type: string): (note: string) => string {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  return useCallback(
    (note: string) => prettyAccidentals(spellNote(note, `${root} ${type}`, naming, { keepTonic: true })),
    [root, type, naming],
  );
}
