import {
  chromaOf,
  madhyaSaMidi,
  PITCH_CLASSES,
  type PitchClass,
  prettyAccidentals,
  spellNote,
} from "@tonic/theory";
import { useEffect, useId, useState } from "react";
import { TANPURA_MAX_CENTS, type TanpuraFirstString, tanpura } from "@/lib/audio";
import { useSettingsStore } from "@/stores/settings";

const selectCls =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-base dark:border-slate-600 dark:bg-slate-900";

/**
 * A tanpura drone to sing against (issue 29): the singer's Sa (from Settings, changeable here), the first
 * string (Pa, Ma or Ni), the register and a fine tuning in cents, synthesised on this device. It keeps
 * playing while you record.
 */
export function TanpuraPanel() {
  const id = useId();
  const settingsSa = useSettingsStore((s) => s.settings.sa);
  const [sa, setSa] = useState<PitchClass>(settingsSa);
  const [first, setFirst] = useState<TanpuraFirstString>("Pa");
  const [octave, setOctave] = useState<0 | -1>(0);
  const [cents, setCents] = useState(0);
  const [playing, setPlaying] = useState(false);
  const saMidi = madhyaSaMidi(chromaOf(sa)) + 12 * octave;

  useEffect(() => setSa(settingsSa), [settingsSa]);
  // Retune while playing; stop when the page goes.
  useEffect(() => {
    if (playing) tanpura.start(saMidi, first, cents);
  }, [playing, saMidi, first, cents]);
  useEffect(() => () => tanpura.stop(), []);

  const name = (pc: PitchClass) => prettyAccidentals(spellNote(pc, null));
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
      data-testid="tanpura"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Tanpura
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            A drone on your Sa to sing against. It keeps playing while you record, and the recording leaves it
            out so it is not taken for your voice (headphones work best).
          </p>
        </div>
        <button
          type="button"
          aria-pressed={playing}
          onClick={() => {
            if (playing) tanpura.stop();
            setPlaying(!playing);
          }}
          className={`min-h-11 rounded-xl px-5 font-semibold ${
            playing
              ? "bg-rose-600 text-white hover:bg-rose-700"
              : "bg-violet-600 text-white hover:bg-violet-700"
          }`}
        >
          {playing ? "Stop tanpura" : "Play tanpura"}
        </button>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <label className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          Sa
          <select
            aria-label="Tanpura Sa"
            className={selectCls}
            value={sa}
            onChange={(e) => setSa(e.target.value as PitchClass)}
          >
            {PITCH_CLASSES.map((pc) => (
              <option key={pc} value={pc}>
                {name(pc)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          First string
          <select
            aria-label="First string"
            className={selectCls}
            value={first}
            onChange={(e) => setFirst(e.target.value as TanpuraFirstString)}
          >
            <option value="Pa">Pa (most ragas)</option>
            <option value="Ma">Ma (ragas without Pa)</option>
            <option value="Ni">Ni</option>
          </select>
        </label>
        <label className="flex flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          Register
          <select
            aria-label="Register"
            className={selectCls}
            value={octave}
            onChange={(e) => setOctave(Number(e.target.value) === -1 ? -1 : 0)}
          >
            <option value={0}>Higher (most women)</option>
            <option value={-1}>Lower (most men)</option>
          </select>
        </label>
        <label className="flex min-w-44 flex-1 flex-col text-xs font-semibold text-slate-700 dark:text-slate-300">
          <span>
            Fine tuning: <output data-testid="tanpura-cents">{centsText(cents)}</output>
          </span>
          <input
            type="range"
            aria-label="Fine tuning in cents"
            aria-valuetext={centsText(cents)}
            min={-TANPURA_MAX_CENTS}
            max={TANPURA_MAX_CENTS}
            step={5}
            value={cents}
            onChange={(e) => setCents(Number(e.target.value))}
            className="mt-3 min-h-6 accent-violet-600"
          />
        </label>
      </div>
    </section>
  );
}

/** "in tune", "+15 cents (sharper)", "−20 cents (flatter)". */
function centsText(cents: number): string {
  if (cents === 0) return "in tune (A4 = 440 Hz)";
  return `${cents > 0 ? "+" : "−"}${Math.abs(cents)} cents (${cents > 0 ? "sharper" : "flatter"})`;
}
