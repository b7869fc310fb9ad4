import { LIVE_KEY_WINDOW_SECONDS, type LiveKey } from "@tonic/analysis";
import { prettyAccidentals, spellChord, spellKey } from "@tonic/theory";
import { useCallback } from "react";
import { ChordDiagram } from "@/components/chord-diagrams";
import { MiniFretboard, MiniPiano } from "@/components/instruments";
import { useSettingsStore } from "@/stores/settings";
import type { ChordHistoryItem } from "../hooks/useLiveListener";

/** The "no chord" rest mark (never the letter N). */
function ChordName({ chord, className }: { chord: string; className?: string }) {
  if (chord === "N") {
    return (
      <span className={className}>
        <svg viewBox="0 0 24 48" className="inline-block h-[0.8em] w-auto align-baseline" aria-hidden="true">
          {/* A quarter rest: the rest mark of music notation. */}
          <path
            d="M9 2 L17 13 Q11 19 15 27 L18 31 Q10 28 9 35 Q9 41 14 46 Q4 41 5 34 Q6 28 13 29 L6 19 Q12 13 9 2 Z"
            fill="currentColor"
          />
        </svg>
        <span className="sr-only">No chord</span>
      </span>
    );
  }
  return <span className={className}>{chord}</span>;
}

/** Scale name for the instrument examples: "A# Minor" → "A# minor". */
function scaleValue(key: string): string {
  const [tonic = "C", mode = "Major"] = key.split(" ");
  return `${tonic} ${mode.toLowerCase()}`;
}

/**
 * The live chord, large, with its diagram and a history strip; when the music is tuned away from the
 * reference A4 (the chord path follows it past 15 cents), by how much.
 */
export function LiveChord({
  chord,
  history,
  listening,
  tuningCents = 0,
  quietInput = false,
  a4Hz = 440,
  songKey = null,
}: {
  chord: string;
  /** The key heard (engine form, "A# Minor"): chords are spelled by it (B♭m, not A♯m); null: sharps. */
  songKey?: string | null;
  history: readonly ChordHistoryItem[];
  listening: boolean;
  /** The music's tuning relative to `a4Hz`, cents (0 when within 15 cents). */
  tuningCents?: number;
  /** Whether the microphone hears the instrument too quietly for the chords to be followed well. */
  quietInput?: boolean;
  a4Hz?: number;
}) {
  const instrument = useSettingsStore((s) => s.settings.instrument);
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  // One spelling rule (@tonic/theory): the chord as the key writes it; data-chord keeps the engine's name.
  const spell = useCallback((c: string) => spellChord(c, songKey, naming), [songKey, naming]);
  return (
    <section
      aria-labelledby="live-chord-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="live-chord-title"
        className="text-sm font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300"
      >
        Chord
      </h2>
      <div className="mt-2 flex flex-col items-center gap-1">
        <output
          data-testid="live-chord"
          data-chord={chord}
          aria-live="polite"
          className="min-h-24 text-7xl font-bold tracking-tight tabular-nums md:text-8xl"
        >
          <ChordName chord={prettyAccidentals(spell(chord))} />
        </output>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {!listening
            ? "Tap Start listening and play a chord."
            : chord === "N"
              ? "Listening… play a chord."
              : "Hold it, or change chord: Tonic follows you."}
        </p>
        {listening && quietInput && (
          <p
            data-testid="live-quiet"
            role="status"
            className="max-w-sm text-center text-sm font-medium text-amber-700 dark:text-amber-300"
          >
            Your instrument sounds very quiet. Move the microphone closer or turn up its input level, so Tonic
            can follow your chords.
          </p>
        )}
        {listening && tuningCents !== 0 && (
          <p data-testid="live-tuning" className="text-sm font-medium text-amber-700 dark:text-amber-300">
            {`Tuned ${Math.abs(tuningCents)} cents ${tuningCents < 0 ? "flat" : "sharp"} of A4 = ${a4Hz} Hz. Tonic follows it.`}
          </p>
        )}
      </div>
      {chord !== "N" && (
        <div className="mt-4" data-testid="live-chord-diagram">
          <div className="flex justify-center">
            <ChordDiagram chord={spell(chord)} instrument={instrument} size="lg" />
          </div>
        </div>
      )}
      <div className="mt-4">
        <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          Recent chords
        </h3>
        <ol data-testid="chord-history" className="mt-2 flex min-h-10 flex-wrap gap-2">
          {history.length === 0 && <li className="text-sm text-slate-500 dark:text-slate-400">None yet</li>}
          {history.map((h) => (
            <li
              key={h.at}
              className="rounded-lg bg-slate-100 px-3 py-1.5 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            >
              {prettyAccidentals(spell(h.chord))}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The key of the last {@link LIVE_KEY_WINDOW_SECONDS} seconds, its confidence and its scale. */
export function LiveKeyCard({ liveKey, onReset }: { liveKey: LiveKey | null; onReset: () => void }) {
  const key = liveKey?.key ?? null;
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const pct = Math.round((liveKey?.confidence ?? 0) * 100);
  return (
    <section
      aria-labelledby="live-key-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-3">
        <h2
          id="live-key-title"
          className="text-sm font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300"
        >
          Key of the last {LIVE_KEY_WINDOW_SECONDS} seconds
        </h2>
        <button
          type="button"
          onClick={onReset}
          className="min-h-11 shrink-0 whitespace-nowrap rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800"
        >
          Reset key
        </button>
      </div>
      <p data-testid="live-key" className="mt-2 text-3xl font-bold">
        {key ? prettyAccidentals(spellKey(key, naming) ?? key) : "—"}
      </p>
      <div className="mt-2">
        <div className="mb-1 flex justify-between text-sm text-slate-600 dark:text-slate-400">
          <span>Confidence</span>
          <span className="tabular-nums">{key ? `${pct}%` : "—"}</span>
        </div>
        <div
          role="progressbar"
          aria-label="Key confidence"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={key ? pct : 0}
          className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className="h-full rounded-full bg-violet-500 transition-[width]"
            style={{ width: `${key ? pct : 0}%` }}
          />
        </div>
        {!key && (
          <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
            Play for a few seconds and the key shows here.
          </p>
        )}
      </div>
      {key && (
        <div className="mt-4 space-y-3">
          <MiniPiano example={{ instrument: "piano", kind: "scale", value: scaleValue(key) }} />
          <MiniFretboard example={{ instrument: "fretboard", kind: "scale", value: scaleValue(key) }} />
        </div>
      )}
    </section>
  );
}
