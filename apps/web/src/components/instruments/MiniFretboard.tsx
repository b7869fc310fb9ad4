import { ACTIVE_KEY_HIGHLIGHT_MS, type FretPosition, fretboardPositions } from "@tonic/theory";
import { useCallback, useMemo } from "react";
import { playNote } from "@/lib/audio";
import { useFlash } from "@/lib/hooks/useFlash";
import { useSettingsStore } from "@/stores/settings";
import { type InstrumentExample, resolveExample } from "./example";
import { Fretboard, positionId } from "./Fretboard";
import { PlayButton } from "./PlayButton";
import { usePlayback } from "./usePlayback";

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
  const [activeId, flash] = useFlash<string>(ACTIVE_KEY_HIGHLIGHT_MS);
  const onNote = useCallback(
    (note: string) => {
      const spot = spotOf(note);
      if (spot) flash(positionId(spot));
    },
    [flash],
  );
  const { playing, playScale, playTogether } = usePlayback(onNote);
  const press = (p: FretPosition) => {
    flash(positionId(p));
    playNote(p.fullNote);
  };

  return (
    <figure
      className="my-6 rounded-xl border border-violet-200 bg-violet-50/60 p-4 dark:border-violet-900 dark:bg-violet-950/30"
      data-testid="mini-fretboard"
      data-example={`${example.kind}:${example.value}`}
    >
      <figcaption className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <span>
          <span className="block text-xs font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300">
            Try it on the guitar
          </span>
          <span className="text-lg font-bold">{resolved.label}</span>
          <span className="ml-2 text-sm text-slate-600 dark:text-slate-400">
            {resolved.notes.join(" – ")}
          </span>
        </span>
        <PlayButton
          label={resolved.label}
          playing={playing}
          onClick={() =>
            example.kind === "scale" ? playScale(resolved.playback) : playTogether(resolved.playback)
          }
        />
      </figcaption>
      <Fretboard
        board={board}
        root={resolved.root}
        scale={lit}
        showLabels={showLabels}
        activeId={activeId}
        onPress={press}
      />
    </figure>
  );
}
