import type { ReactNode } from "react";
import type { InstrumentExample, ResolvedExample } from "./example";
import { PlayButton } from "./PlayButton";
import { usePlayback } from "./usePlayback";

/**
 * The frame of a lesson's interactive example: caption ("Try it on the …", the scale or chord and its
 * notes), a Play button that plays the scale note by note or the chord at once, and the instrument.
 * `onNote` is called for every note the Play button sounds (to light it on the instrument).
 */
export function ExampleFrame({
  example,
  resolved,
  instrument,
  testId,
  onNote,
  children,
}: {
  example: InstrumentExample;
  resolved: ResolvedExample;
  instrument: "piano" | "guitar";
  testId: string;
  onNote: (note: string, index: number) => void;
  children: ReactNode;
}) {
  const { playing, playScale, playTogether } = usePlayback(onNote);
  return (
    <figure
      className="my-6 rounded-xl border border-violet-200 bg-violet-50/60 p-4 dark:border-violet-900 dark:bg-violet-950/30"
      data-testid={testId}
      data-example={`${example.kind}:${example.value}`}
    >
      <figcaption className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <span>
          <span className="block text-xs font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300">
            Try it on the {instrument}
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
      {children}
    </figure>
  );
}
