import { ACTIVE_KEY_HIGHLIGHT_MS, noteToMidi, type PianoKey, pianoKeys } from "@tonic/theory";
import { useCallback, useMemo } from "react";
import { playNote } from "@/lib/audio";
import { useFlash } from "@/lib/hooks/useFlash";
import { ExampleFrame } from "./ExampleFrame";
import { exampleLabel, type InstrumentExample, resolveExample } from "./example";
import { PianoKeyboard } from "./PianoKeyboard";

/** Octave a piano example starts in. */
const PIANO_OCTAVE = 4;

/**
 * The keys from the white key at or below the lowest note up to the highest note, so the
 * example fills the width without unused octaves.
 */
function keysFor(playback: readonly string[]): PianoKey[] {
  const all = pianoKeys({ start: PIANO_OCTAVE, end: PIANO_OCTAVE + 2 });
  const midis = playback.map((n) => noteToMidi(n) as number);
  let lo = Math.min(...midis);
  if (all.find((k) => k.midi === lo)?.isBlack) lo -= 1;
  const hi = Math.max(...midis);
  return all.filter((k) => k.midi >= lo && k.midi <= hi);
}

/**
 * A compact piano that shows a lesson's scale or chord (PRODUCT §2 course, issue 7 "interactive
 * examples"): the notes are lit, the root in orange; "Play" plays the scale up one octave or the
 * chord; every key plays its note when tapped.
 */
export function MiniPiano({ example }: { example: InstrumentExample }) {
  const resolved = useMemo(() => resolveExample(example, PIANO_OCTAVE), [example]);
  const keys = useMemo(() => keysFor(resolved.playback), [resolved]);
  const lit = useMemo(() => new Set(resolved.notes), [resolved]);
  const [activeKey, flash] = useFlash<string>(ACTIVE_KEY_HIGHLIGHT_MS);
  const onNote = useCallback((note: string) => flash(note), [flash]);
  const spell = useCallback((note: string) => exampleLabel(resolved, note), [resolved]);
  const press = (k: PianoKey) => {
    flash(k.fullNote);
    playNote(k.fullNote);
  };

  return (
    <ExampleFrame
      example={example}
      resolved={resolved}
      instrument="piano"
      testId="mini-piano"
      onNote={onNote}
    >
      <div className="[&_fieldset]:h-[160px] lg:[&_fieldset]:h-[180px]">
        <PianoKeyboard
          keys={keys}
          root={resolved.root}
          scale={lit}
          activeKey={activeKey}
          onPress={press}
          spell={spell}
        />
      </div>
    </ExampleFrame>
  );
}
