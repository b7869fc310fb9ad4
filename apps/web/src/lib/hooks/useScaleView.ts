import {
  type PitchClass,
  prettyAccidentals,
  type ScaleChoice,
  scaleChoiceNotes,
  scaleChoiceTitle,
} from "@tonic/theory";
import { useMemo } from "react";
import { useSettingsStore } from "@/stores/settings";
import { useNoteSpeller } from "./useNoteSpeller";

/** What the scale tools show of a scale, whichever family it comes from. */
export interface ScaleView {
  /** The scale's notes from the tonic, sharp pitch classes (lighting keys and frets, sound). */
  readonly notes: readonly PitchClass[];
  /** "B♭ Major", "D Kafi", "C Yaman" (the tonic in letters under every naming). */
  readonly title: string;
  /** The tonic as written ("B♭"). */
  readonly tonic: string;
  /** A note's label on this scale (Settings → Note names; sargam from the tonic as Sa). */
  readonly spell: (note: string) => string;
  /** True under the sargam namings: labels are swaras. */
  readonly swaras: boolean;
}

/**
 * The notes, title and note labels of the scale in view on the scale explorer, piano and fretboard, for
 * Major and Minor as for a thaat, melakarta or raga (`@tonic/theory` scale choices).
 */
export function useScaleView(root: PitchClass, scale: ScaleChoice): ScaleView {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const spell = useNoteSpeller(root, scale);
  return useMemo(() => {
    const title = prettyAccidentals(scaleChoiceTitle(root, scale, naming));
    return {
      notes: scaleChoiceNotes(root, scale),
      title,
      tonic: title.slice(0, title.indexOf(" ")),
      spell,
      swaras: naming === "sargam" || naming === "carnatic",
    };
  }, [root, scale, naming, spell]);
}
