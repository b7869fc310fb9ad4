import { ACTIVE_KEY_HIGHLIGHT_MS, type FretPosition, fretboardPositions } from "@tonic/theory";
import { useCallback, useMemo } from "react";
import { playNote } from "@/lib/audio";
import { useFlash } from "@/lib/hooks/useFlash";
import { useSettingsStore } from "@/stores/settings";
import { ExampleFrame } from "./ExampleFrame";
import { exampleLabel, type InstrumentExample, resolveExample } from "./example";
import { Fretboard, positionId } from "./Fretboard";

/** Octave a guitar example starts in (the low strings). */
const GUITAR_OCTAVE = 3;
const board = fretboardPositions();

/** The lowest-fret spot that sounds a note such as "G3", for lighting it while the scale plays. */
function spotOf(fullNote: string): FretPosition | undefined {
  let best: FretPosition | undefined;
  for (const row of board) {
    for (const p of row) if (p.fullNote === fullNote && (!best || p.fret < best.fret)) best = p;
  }
  return best;
}

/**
 * A fretboard that shows a lesson's scale (issue 7 "interactive examples"): every scale note on
 * 6 strings × 12 frets, the root ringed; "Play" plays the scale up one octave; dots play when tapped.
 */
export function MiniFretboard({ example }: { example: InstrumentExample }) {
  const resolved = useMemo(() => resolveExample(example, GUITAR_OCTAVE), [example]);
  const lit = useMemo(() => new Set(resolved.notes), [resolved]);
  const showLabels = useSettingsStore((s) => s.settings.showFretboardLabels);
  const spell = useCallback((note: string) => exampleLabel(resolved, note), [resolved]);
  const [activeId, flash] = useFlash<string>(ACTIVE_KEY_HIGHLIGHT_MS);
  const onNote = useCallback(
    (note: string) => {
      const spot = spotOf(note);
      if (spot) flash(positionId(spot));
    },
    [flash],
  );
  const press = (p: FretPosition) => {
    flash(positionId(p));
    playNote(p.fullNote);
  };

  return (
    <ExampleFrame
      example={example}
      resolved={resolved}
      instrument="guitar"
      testId="mini-fretboard"
      onNote={onNote}
    >
      <Fretboard
        board={board}
        root={resolved.root}
        scale={lit}
        showLabels={showLabels}
        activeId={activeId}
        onPress={press}
        spell={spell}
      />
    </ExampleFrame>
  );
}
