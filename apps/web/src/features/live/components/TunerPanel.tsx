import { midiName, TUNER_STRINGS, type TunerInstrument, type TunerReading } from "@tonic/analysis";
import { Link } from "react-router-dom";

const PRESETS: readonly { value: TunerInstrument; label: string }[] = [
  { value: "guitar", label: "Guitar" },
  { value: "guitar-drop-d", label: "Drop D" },
  { value: "ukulele", label: "Ukulele" },
  { value: "bass", label: "Bass" },
  { value: "chromatic", label: "Chromatic" },
];

/** What a string of each preset belongs to, for "not near a guitar string". */
const INSTRUMENT_NOUN: Readonly<Record<TunerInstrument, string>> = {
  guitar: "guitar",
  "guitar-drop-d": "guitar",
  ukulele: "ukulele",
  bass: "bass",
  chromatic: "",
};

/** Needle from −50 to +50 cents. */
function Needle({ cents, active }: { cents: number; active: boolean }) {
  const c = Math.max(-50, Math.min(50, cents));
  const angle = (c / 50) * 60;
  const inTune = active && Math.abs(cents) < 5;
  return (
    <svg viewBox="0 0 200 120" className="mx-auto w-full max-w-xs" aria-hidden="true">
      <path
        d="M 20 110 A 90 90 0 0 1 180 110"
        fill="none"
        className="stroke-slate-200 dark:stroke-slate-700"
        strokeWidth="10"
      />
      <path d="M 91 21 A 90 90 0 0 1 109 21" fill="none" className="stroke-emerald-400" strokeWidth="10" />
      {[-50, -25, 0, 25, 50].map((t) => {
        const a = ((t / 50) * 60 * Math.PI) / 180;
        return (
          <line
            key={t}
            x1={100 + 78 * Math.sin(a)}
            y1={110 - 78 * Math.cos(a)}
            x2={100 + 70 * Math.sin(a)}
            y2={110 - 70 * Math.cos(a)}
            className="stroke-slate-400"
            strokeWidth="2"
          />
        );
      })}
      <line
        x1="100"
        y1="110"
        x2={100 + 85 * Math.sin((angle * Math.PI) / 180)}
        y2={110 - 85 * Math.cos((angle * Math.PI) / 180)}
        strokeWidth="4"
        strokeLinecap="round"
        className={
          active
            ? inTune
              ? "stroke-emerald-500"
              : "stroke-rose-500"
            : "stroke-slate-300 dark:stroke-slate-600"
        }
      />
      <circle cx="100" cy="110" r="6" className="fill-slate-700 dark:fill-slate-200" />
    </svg>
  );
}

/** The tuner: preset, needle, note, cents and Hz. */
export function TunerPanel({
  instrument,
  onInstrument,
  reading,
  a4Hz,
  listening,
}: {
  instrument: TunerInstrument;
  onInstrument: (i: TunerInstrument) => void;
  reading: TunerReading | null;
  a4Hz: number;
  listening: boolean;
}) {
  // Far from every string the player is not tuning one: show the chromatic reading instead.
  const onString = reading?.nearString ?? true;
  const cents = reading ? Math.round(onString ? reading.cents : reading.noteCents) : 0;
  const strings = TUNER_STRINGS[instrument];
  return (
    <section
      aria-labelledby="tuner-title"
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="tuner-title"
        className="text-sm font-semibold uppercase tracking-wide text-violet-700 dark:text-violet-300"
      >
        Tuner
      </h2>
      <fieldset className="mt-3">
        <legend className="sr-only">Instrument</legend>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <label
              key={p.value}
              className="flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-600 has-[:checked]:border-violet-600 has-[:checked]:bg-violet-600 has-[:checked]:text-white has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-violet-500 dark:border-slate-700 dark:text-slate-300"
            >
              <input
                type="radio"
                name="tuner-instrument"
                value={p.value}
                checked={instrument === p.value}
                onChange={() => onInstrument(p.value)}
                className="sr-only"
              />
              {p.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 text-center">
        <Needle cents={cents} active={reading !== null} />
        <p data-testid="tuner-note" className="text-6xl font-bold">
          {reading ? (onString ? reading.target : reading.note) : "—"}
        </p>
        <p className="mt-1 text-lg tabular-nums">
          <span data-testid="tuner-cents" data-cents={reading ? reading.cents.toFixed(1) : ""}>
            {reading
              ? `${cents > 0 ? "+" : ""}${cents} cents`
              : listening
                ? "Play one string"
                : "Tap Start listening"}
          </span>
          {reading && (
            <span className="ml-2 text-slate-500 dark:text-slate-400" data-testid="tuner-hz">
              {reading.hz.toFixed(1)} Hz
            </span>
          )}
        </p>
        <p className="mt-1 min-h-6 text-sm font-semibold" role="status">
          {reading
            ? !onString
              ? `${reading.note} — not near a ${INSTRUMENT_NOUN[instrument]} string`
              : Math.abs(cents) < 5
                ? "In tune"
                : cents < 0
                  ? "Too low: tighten the string"
                  : "Too high: loosen the string"
            : ""}
        </p>
        {reading && !onString && (
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="tuner-nearest">
            Nearest string: {reading.target} ({reading.cents > 0 ? "+" : ""}
            {Math.round(reading.cents)} cents)
          </p>
        )}
      </div>
      {strings.length > 0 && (
        <ol aria-label="Strings" className="mt-4 flex justify-center gap-2">
          {strings.map((m) => (
            <li
              key={m}
              className={`flex size-11 items-center justify-center rounded-full border text-sm font-semibold ${
                reading?.targetMidi === m
                  ? "border-violet-600 bg-violet-600 text-white"
                  : "border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-300"
              }`}
            >
              {midiName(m)}
            </li>
          ))}
        </ol>
      )}
      <p className="mt-4 text-center text-sm text-slate-500 dark:text-slate-400">
        Reference A4 = {a4Hz} Hz.{" "}
        <Link to="/settings" className="font-medium text-violet-700 underline dark:text-violet-300">
          Change in Settings
        </Link>
      </p>
    </section>
  );
}
