import { useState } from "react";
import { ChordDiagram, type DiagramInstrument } from "@/components/chord-diagrams";
import { useSettingsStore } from "@/stores/settings";

const INSTRUMENTS: readonly { value: DiagramInstrument; label: string }[] = [
  { value: "guitar", label: "Guitar" },
  { value: "piano", label: "Piano" },
  { value: "ukulele", label: "Ukulele" },
];

/**
 * The song's chord set as diagrams (in order of first appearance) and the chord playing now, large. The
 * instrument starts from Settings → instrument and can be switched here (ukulele too).
 * @param chords chord names as shown (typeset or ASCII), distinct
 * @param current the chord sounding now, or null
 */
export function ChordDiagramsPanel({
  chords,
  current,
}: {
  chords: readonly string[];
  current: string | null;
}) {
  const settingsInstrument = useSettingsStore((s) => s.settings.instrument);
  const [instrument, setInstrument] = useState<DiagramInstrument>(settingsInstrument);
  return (
    <section aria-labelledby="diagrams-title" className="mt-6" data-testid="chord-diagrams">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="diagrams-title" className="text-lg font-semibold">
          Chords in this song
        </h3>
        <div
          role="radiogroup"
          aria-label="Diagram instrument"
          className="inline-flex rounded-xl bg-slate-100 p-1 dark:bg-slate-800"
        >
          {INSTRUMENTS.map((i) => (
            <button
              key={i.value}
              type="button"
              aria-pressed={instrument === i.value}
              onClick={() => setInstrument(i.value)}
              className={`min-h-9 rounded-lg px-3 text-sm font-semibold ${
                instrument === i.value
                  ? "bg-white text-violet-700 shadow dark:bg-slate-950 dark:text-violet-300"
                  : "text-slate-600 hover:text-slate-900 dark:text-slate-300"
              }`}
            >
              {i.label}
            </button>
          ))}
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row">
        <div
          className="flex min-h-44 shrink-0 flex-col items-center justify-center rounded-xl border border-violet-200 bg-violet-50/60 p-3 sm:w-48 dark:border-violet-900 dark:bg-violet-950/30"
          data-testid="current-diagram"
          aria-live="polite"
        >
          <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300">
            Now
          </p>
          {current ? (
            <ChordDiagram chord={current} instrument={instrument} size="lg" />
          ) : (
            <p className="text-sm text-slate-500">No chord</p>
          )}
        </div>
        <ul
          className="grid flex-1 grid-cols-[repeat(auto-fill,minmax(5.25rem,1fr))] content-start gap-2"
          aria-label="Chord set"
        >
          {chords.map((c) => (
            <li
              key={c}
              className={`rounded-lg p-1 ${c === current ? "bg-violet-100 dark:bg-violet-900/50" : ""}`}
            >
              <ChordDiagram chord={c} instrument={instrument} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
