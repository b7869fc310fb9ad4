import {
  PITCH_CLASSES,
  type PitchClass,
  pitchClassLabel,
  prettyAccidentals,
  SCALE_TYPES,
  type ScaleType,
  scaleTypeLabel,
} from "@tonic/theory";
import { useId, useMemo } from "react";
import { useSettingsStore } from "@/stores/settings";

const selectClass =
  "min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow-sm hover:border-violet-400 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100";

interface PickerProps<T extends string> {
  label: string;
  value: T;
  onChange: (value: T) => void;
  /** Put the label beside the select (compact toolbars) instead of above it. */
  inline?: boolean;
}

function Picker<T extends string>({
  label,
  value,
  onChange,
  inline,
  options,
}: PickerProps<T> & { options: readonly { value: T; label: string }[] }) {
  const id = useId();
  return (
    <div className={inline ? "flex items-center gap-2" : "flex flex-col gap-1.5"}>
      <label
        htmlFor={id}
        className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
      >
        {label}
      </label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => {
          const next = options.find((o) => o.value === e.target.value);
          if (next) onChange(next.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

const typeOptions = SCALE_TYPES.map((t) => ({ value: t, label: scaleTypeLabel(t) }));

/**
 * A labelled select of the 12 notes (SPEC §2): the values stay the 12 sharp names (URLs and stored settings
 * unchanged); a black key is labelled with both its names, "A♯ / B♭" (just "A♯" with Settings → Note names
 * "Sharps only").
 */
export function NotePicker(props: PickerProps<PitchClass>) {
  const naming = useSettingsStore((s) => s.settings.noteNaming);
  const options = useMemo(
    () => PITCH_CLASSES.map((n) => ({ value: n, label: prettyAccidentals(pitchClassLabel(n, naming)) })),
    [naming],
  );
  return <Picker {...props} options={options} />;
}

/** A labelled Major / Minor select (SPEC §2). */
export function ScaleTypePicker(props: PickerProps<ScaleType>) {
  return <Picker {...props} options={typeOptions} />;
}
