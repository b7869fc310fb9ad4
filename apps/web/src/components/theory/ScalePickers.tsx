import {
  PITCH_CLASSES,
  type PitchClass,
  pitchClassLabel,
  prettyAccidentals,
  SCALE_CHOICE_GROUPS,
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
  groups,
}: PickerProps<T> & {
  options: readonly { value: T; label: string }[];
  /** Shown as <optgroup>s instead of `options` when given. */
  groups?: readonly { label: string; options: readonly { value: T; label: string }[] }[];
}) {
  const id = useId();
  return (
    <div className={`min-w-0 max-w-full ${inline ? "flex items-center gap-2" : "flex flex-col gap-1.5"}`}>
      <label
        htmlFor={id}
        className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
      >
        {label}
      </label>
      <select
        id={id}
        className={`${selectClass} max-w-full`}
        value={value}
        onChange={(e) => {
          const all = groups ? groups.flatMap((g) => g.options) : options;
          const next = all.find((o) => o.value === e.target.value);
          if (next) onChange(next.value);
        }}
      >
        {groups
          ? groups.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </optgroup>
            ))
          : options.map((o) => (
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
 * A labelled select of the 12 notes (PRODUCT §2): the values stay the 12 sharp names (URLs and stored settings
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

/** A labelled Major / Minor select (PRODUCT §2). */
export function ScaleTypePicker(props: PickerProps<ScaleType>) {
  return <Picker {...props} options={typeOptions} />;
}

const scaleGroups = SCALE_CHOICE_GROUPS.map((g) => ({
  label: g.label,
  options: g.choices.map((c) => ({ value: c.id, label: c.label })),
}));

/**
 * A labelled select of every scale the tools show, grouped: Western (Major, Minor), Thaat (the ten
 * Hindustani parent scales, with their Western mode: "Kafi — Dorian"), Melakarta (the 72 Carnatic parent
 * scales, numbered), Raga (Hindustani) and Raga (Carnatic). Values are `@tonic/theory` scale ids.
 */
export function ScalePicker(props: PickerProps<string>) {
  return <Picker {...props} options={[]} groups={scaleGroups} />;
}
